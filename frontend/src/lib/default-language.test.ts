import i18next from 'i18next';
import { adoptDefaultLanguage, DEFAULT_LANGUAGE_STORAGE_KEY, getStoredLanguage, LANGUAGE_STORAGE_KEY } from './i18n';

describe('the default language of the system settings', () => {
  afterEach(async () => {
    window.localStorage.clear();
    await i18next.changeLanguage('zh-CN');
  });

  it('is used by a browser without a saved choice, at once and on the next page load', () => {
    adoptDefaultLanguage('en');
    expect(i18next.language).toBe('en');
    expect(document.documentElement.lang).toBe('en');
    expect(window.localStorage.getItem(DEFAULT_LANGUAGE_STORAGE_KEY)).toBe('en');
    expect(getStoredLanguage()).toBe('en');
  });

  it('never overrides a language the user chose, and ignores an unknown one', () => {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'zh-CN');
    adoptDefaultLanguage('en');
    expect(i18next.language).toBe('zh-CN');
    expect(getStoredLanguage()).toBe('zh-CN');
    window.localStorage.clear();
    adoptDefaultLanguage('fr');
    expect(i18next.language).toBe('zh-CN');
    expect(window.localStorage.getItem(DEFAULT_LANGUAGE_STORAGE_KEY)).toBeNull();
  });
});
