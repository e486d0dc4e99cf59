// The namespaces the first screen needs before anything else has loaded: the login page (auth),
// the shared words (common) and error messages (errors). Everything else is in i18n-resources.ts,
// downloaded once the user gets past the login page (issue 10, fast first load).
import { commonLocales } from '../locales/common';
import { authLocales } from '../features/auth/locales';
import { errorsLocales } from '../features/errors/locales';
import type { Language, LanguageResources } from '../lib/i18n';

const core = { common: commonLocales, auth: authLocales, errors: errorsLocales };

function forLanguage(language: Language): LanguageResources {
  return Object.fromEntries(Object.entries(core).map(([ns, locales]) => [ns, locales[language]]));
}

export const coreI18nResources: Record<Language, LanguageResources> = {
  'zh-CN': forLanguage('zh-CN'),
  en: forLanguage('en'),
};

/** Every namespace, as its own chunk. */
export const loadAllI18nResources = () => import('./i18n-resources').then((module) => module.i18nResources);
