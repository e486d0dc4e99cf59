// Starting with the login page's namespaces only: the rest arrives through loadAllTexts(), once,
// and a failed download can be retried (issue 10, fast first load).
import i18next from 'i18next';
import { allTextsLoaded, initI18n, loadAllTexts, type Language, type LanguageResources } from './i18n';
import { i18nResources } from '../app/i18n-resources';
import { coreI18nResources } from '../app/i18n-core-resources';

afterAll(() => {
  initI18n(i18nResources, 'zh-CN');
});

describe('lazily loaded namespaces', () => {
  it('the entry bundles common, auth and errors only', () => {
    expect(Object.keys(coreI18nResources.en).sort()).toEqual(['auth', 'common', 'errors']);
    expect(Object.keys(i18nResources.en).length).toBeGreaterThan(3);
  });

  it('loads the rest once, then every namespace translates', async () => {
    let calls = 0;
    const loader = async () => {
      calls += 1;
      return i18nResources;
    };
    initI18n(coreI18nResources, 'en', loader);
    expect(allTextsLoaded()).toBe(false);
    expect(i18next.hasResourceBundle('en', 'board')).toBe(false);
    await Promise.all([loadAllTexts(), loadAllTexts()]);
    expect(calls).toBe(1);
    expect(allTextsLoaded()).toBe(true);
    expect(i18next.hasResourceBundle('en', 'board')).toBe(true);
    expect(i18next.hasResourceBundle('zh-CN', 'orders')).toBe(true);
  });

  it('a failed download is retried on the next call', async () => {
    let attempts = 0;
    const loader = async (): Promise<Record<Language, LanguageResources>> => {
      attempts += 1;
      if (attempts === 1) throw new Error('offline');
      return i18nResources;
    };
    initI18n(coreI18nResources, 'zh-CN', loader);
    await expect(loadAllTexts()).rejects.toThrow('offline');
    expect(allTextsLoaded()).toBe(false);
    await loadAllTexts();
    expect(allTextsLoaded()).toBe(true);
  });
});
