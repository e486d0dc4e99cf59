// i18next setup. Resources are handed in by the app (features own their texts; lib must not
// import features). zh-CN is the default and the fallback; the choice lives in localStorage.
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import { applyPrimeReactLocale } from './primereact-locale';

export const LANGUAGES = ['zh-CN', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'zh-CN';
export const LANGUAGE_STORAGE_KEY = 'language';

/** namespace → nested texts, for one language. */
export type LanguageResources = Record<string, object>;

function isLanguage(value: string | null | undefined): value is Language {
  return (LANGUAGES as readonly string[]).includes(value ?? '');
}

/** One of our languages, or the default for anything else. */
export function asLanguage(value: string | null | undefined): Language {
  return isLanguage(value) ? value : DEFAULT_LANGUAGE;
}

/** The administrator's default language (system settings), remembered from the last page load. */
export const DEFAULT_LANGUAGE_STORAGE_KEY = 'language.default';

export function getStoredLanguage(): Language {
  try {
    const stored = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
    if (isLanguage(stored)) return stored;
    const serverDefault = window.localStorage.getItem(DEFAULT_LANGUAGE_STORAGE_KEY);
    return isLanguage(serverDefault) ? serverDefault : DEFAULT_LANGUAGE;
  } catch {
    // Storage can be blocked (private mode, kiosk policies): fall back to the default.
    return DEFAULT_LANGUAGE;
  }
}

/** Loads every namespace (both languages); the app hands it in when it starts with a subset. */
type ResourceLoader = () => Promise<Record<Language, LanguageResources>>;

let loadRest: ResourceLoader | null = null;
let restLoading: Promise<void> | null = null;
let restLoaded = true;

/**
 * Starts i18next synchronously with `resources`. When `loadAll` is given, `resources` is only
 * what the first screen needs (the login page): the rest arrives through loadAllTexts(), which
 * the app awaits before any other screen renders (issue 10: the login page downloads 3 of 12
 * namespaces).
 */
export function initI18n(resources: Record<Language, LanguageResources>, language: Language = getStoredLanguage(), loadAll?: ResourceLoader): I18n {
  loadRest = loadAll ?? null;
  restLoaded = !loadAll;
  restLoading = null;
  void i18next.use(initReactI18next).init({
    resources,
    // Namespaces added later re-render the components that use them.
    react: { bindI18nStore: 'added' },
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    defaultNS: 'common',
    ns: Object.keys(resources[DEFAULT_LANGUAGE]),
    interpolation: { escapeValue: false }, // React escapes already
    // Resources are bundled, so initialise synchronously: the first render already has texts.
    initAsync: false,
    returnNull: false,
  });
  document.documentElement.lang = language;
  // PrimeReact's texts and aria labels follow (a language switch reloads the page, so this is
  // the one place).
  applyPrimeReactLocale(language);
  return i18next;
}

/** True once every namespace is in i18next (always, when initialised with all of them). */
export function allTextsLoaded(): boolean {
  return restLoaded;
}

/** Loads the namespaces not bundled at start (once); resolves when they are all in i18next. */
export function loadAllTexts(): Promise<void> {
  if (restLoaded || !loadRest) return Promise.resolve();
  const load = loadRest;
  restLoading ??= load().then(
    (all) => {
      for (const language of LANGUAGES) {
        for (const [namespace, texts] of Object.entries(all[language])) {
          if (!i18next.hasResourceBundle(language, namespace)) i18next.addResourceBundle(language, namespace, texts, true, false);
        }
      }
      restLoaded = true;
    },
    (error: unknown) => {
      // A failed download (network blip, a release replaced the chunk) may be retried.
      restLoading = null;
      throw error;
    },
  );
  return restLoading;
}

/** The language requests are answered in (Accept-Language). */
export function currentLanguage(): Language {
  return isLanguage(i18next.language) ? i18next.language : getStoredLanguage();
}

/**
 * The system settings' default language, for a browser that never chose one (users have no
 * language of their own): remembered for the next page load, and applied at once when the page
 * started in another one (the login page, a new session). A saved choice always wins.
 */
export function adoptDefaultLanguage(language: string): void {
  if (!isLanguage(language)) return;
  try {
    if (isLanguage(window.localStorage.getItem(LANGUAGE_STORAGE_KEY))) return;
    window.localStorage.setItem(DEFAULT_LANGUAGE_STORAGE_KEY, language);
  } catch {
    return;
  }
  if (i18next.language === language) return;
  void i18next.changeLanguage(language);
  document.documentElement.lang = language;
  applyPrimeReactLocale(language);
}

/**
 * Switching language reloads the page (PRODUCT.md §6): every fetched, server-translated
 * message then comes back in the new language too.
 */
export function switchLanguage(language: Language, reload: () => void = () => window.location.reload()): void {
  if (language === currentLanguage()) return;
  window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  reload();
}

export const t = (key: string, options?: Record<string, unknown>): string => i18next.t(key, options ?? {});

/**
 * The translations of a screen that ships its own texts with its code (cutting, bundle trace):
 * they join i18next the first time one of its components renders, instead of riding in the
 * after-login bundle every screen downloads — the TV board's first load stays within its budget.
 */
export function useFeatureTranslation(namespace: string, locales: Record<Language, object>) {
  if (!i18next.hasResourceBundle(LANGUAGES[0], namespace)) {
    for (const language of LANGUAGES) i18next.addResourceBundle(language, namespace, locales[language], true, false);
  }
  return useTranslation(namespace);
}
