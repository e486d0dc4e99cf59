import i18next, { type i18n } from 'i18next';
import { en } from './messages.en.js';
import { zhCN } from './messages.zh-CN.js';

export const LANGUAGES = ['zh-CN', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'zh-CN';

/** Picks the language from an Accept-Language header: English when asked first, else zh-CN. */
export function languageFromHeader(header: string | string[] | undefined): Language {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) return DEFAULT_LANGUAGE;
  for (const part of value.split(',')) {
    const tag = part.split(';')[0].trim().toLowerCase();
    if (tag.startsWith('zh')) return 'zh-CN';
    if (tag.startsWith('en')) return 'en';
  }
  return DEFAULT_LANGUAGE;
}

const instance: i18n = i18next.createInstance();
void instance.init({
  resources: { 'zh-CN': { translation: zhCN }, en: { translation: en } },
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  initAsync: false,
  interpolation: { escapeValue: false },
});

export function translate(language: Language, key: string, params: Record<string, unknown> = {}): string {
  return instance.t(key, { ...params, lng: language });
}

/** A field's label in the language, or the field name itself when it has none. */
export function fieldLabel(language: Language, field: string): string {
  return instance.exists(`fields.${field}`, { lng: language }) ? translate(language, `fields.${field}`) : field;
}
