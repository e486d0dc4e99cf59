// i18next setup. Resources are handed in by the app (features own their texts; lib must not
// import features). zh-CN is the default and the fallback; the choice lives in localStorage.
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';

export const LANGUAGES = ['zh-CN', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'zh-CN';
export const LANGUAGE_STORAGE_KEY = 'language';

/** namespace → nested texts, for one language. */
export type LanguageResources = Record<string, object>;

function isLanguage(value: string | null | undefined): value is Language {
  return (LANGUAGES as readonly string[]).includes(value ?? '');
}

export function getStoredLanguage(): Language {
  try {
    const stored = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
  } catch {
    // Storage can be blocked (private mode, kiosk policies): fall back to the default.
    return DEFAULT_LANGUAGE;
  }
}

export function initI18n(resources: Record<Language, LanguageResources>, language: Language = getStoredLanguage()): I18n {
  void i18next.use(initReactI18next).init({
    resources,
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
  return i18next;
}

/** The language requests are answered in (Accept-Language). */
export function currentLanguage(): Language {
  return isLanguage(i18next.language) ? i18next.language : getStoredLanguage();
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
