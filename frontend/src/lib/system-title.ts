// The system title (public endpoint, one per language) is fetched once per page load and
// language, and shared by the tab title, the sidebar, the login screen and the boards.
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { createStore, useStore } from './create-store';
import { apiGet } from './http-client';
import { adoptDefaultLanguage, asLanguage, LANGUAGES, type Language } from './i18n';

/** Stand-ins until the server's answer arrives (or when it cannot be had). */
export const DEFAULT_SYSTEM_TITLES: Record<Language, string> = { 'zh-CN': '订单跟踪系统', en: 'Order Tracking System' };

export function getSystemTitle(language: Language): Promise<string> {
  // Silent: a missing title is not worth an error toast, the default stands in.
  return apiGet<string>('/admin/setting/getSystemTitle', { params: { lang: language }, silent: true });
}

const titleStore = createStore<Partial<Record<Language, string>>>({});
const requests = new Map<Language, Promise<void>>();

export function loadSystemTitle(language: Language, fetcher: (language: Language) => Promise<string> = getSystemTitle): Promise<void> {
  let request = requests.get(language);
  if (!request) {
    const store = (title: string) => titleStore.set((titles) => ({ ...titles, [language]: title }));
    request = fetcher(language)
      .then((title) => store(title?.trim() || DEFAULT_SYSTEM_TITLES[language]))
      .catch(() => store(DEFAULT_SYSTEM_TITLES[language]));
    requests.set(language, request);
  }
  return request;
}

/** After an administrator changed it: the next read fetches again. */
export function forgetSystemTitles(): void {
  requests.clear();
  titleStore.set({});
}

/** The title in the page language, or that language's default until it has arrived. */
export function useSystemTitle(): string {
  const { i18n } = useTranslation();
  const language = asLanguage(i18n.language);
  useEffect(() => {
    void loadSystemTitle(language);
  }, [language]);
  return useStore(titleStore, (titles) => titles[language] ?? DEFAULT_SYSTEM_TITLES[language]);
}

// ——— the system section (title per language, board logo), live ———

let publicRequest: Promise<void> | null = null;

export interface PublicSystemSettings {
  titles: Record<Language, string>;
  logo: string | null;
  defaultLanguage: Language;
}

/**
 * An administrator changed the system section (event settings.adminUpdated, section 'system'):
 * every title shown from this store (tab title, sidebar, login page) follows at once.
 */
export function applySystemSection(system: Pick<PublicSystemSettings, 'titles'>): void {
  requests.clear();
  for (const language of LANGUAGES) {
    const title = system.titles[language]?.trim() || DEFAULT_SYSTEM_TITLES[language];
    requests.set(language, Promise.resolve());
    titleStore.set((titles) => ({ ...titles, [language]: title }));
  }
}

/** GET /admin/setting/getPublicSetting (no token needed): once per page load unless forgotten. */
export function loadPublicSettings(
  fetcher: () => Promise<PublicSystemSettings> = () => apiGet<PublicSystemSettings>('/admin/setting/getPublicSetting', { silent: true }),
): Promise<void> {
  publicRequest ??= fetcher().then(
    (settings) => {
      applySystemSection(settings);
      adoptDefaultLanguage(settings.defaultLanguage);
    },
    () => {
      publicRequest = null;
    },
  );
  return publicRequest;
}
