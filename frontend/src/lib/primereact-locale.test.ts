// PrimeReact follows the page language, aria labels included, and stays Chinese when a screen
// registers its own partial 'zh-CN' locale (the calendar names of a date input).
import { addLocale, ariaLabel as primeAriaLabel, localeOptions } from 'primereact/api';
import { applyPrimeReactLocale, PRIME_ZH_CN } from './primereact-locale';

afterAll(() => applyPrimeReactLocale('zh-CN'));

// What components read: the global locale's option / aria label ('' means "the global one").
const localeOption = (key: string): unknown => (localeOptions('') as unknown as Record<string, unknown>)[key];
const ariaLabel = (key: string, options: Record<string, unknown> = {}): string => primeAriaLabel(key, options);

describe('PrimeReact locale', () => {
  it('Chinese: paginator, password and dialog labels, calendar names', () => {
    applyPrimeReactLocale('zh-CN');
    expect(ariaLabel('nextPageLabel')).toBe('下一页');
    expect(ariaLabel('passwordShow')).toBe('显示密码');
    expect(ariaLabel('close')).toBe('关闭');
    expect(ariaLabel('pageLabel', { page: 3 })).toBe('第 3 页');
    expect(localeOption('dayNamesMin')).toEqual(['日', '一', '二', '三', '四', '五', '六']);
    expect(localeOption('emptyMessage')).toBe('没有可选项');
  });

  it('a partial addLocale("zh-CN") elsewhere does not bring English aria labels back', () => {
    applyPrimeReactLocale('zh-CN');
    addLocale('zh-CN', { today: '今天' });
    expect(ariaLabel('nextPageLabel')).toBe('下一页');
  });

  it('English is PrimeReact\'s own', () => {
    applyPrimeReactLocale('en');
    expect(ariaLabel('nextPageLabel')).toBe('Next Page');
    expect(localeOption('today')).toBe('Today');
  });

  it('every English key, aria included, has a Chinese text', () => {
    const english = localeOptions('en') as unknown as Record<string, unknown> & { aria: Record<string, string> };
    const missing = Object.keys(english).filter((key) => !(key in PRIME_ZH_CN));
    const missingAria = Object.keys(english.aria).filter((key) => !(key in PRIME_ZH_CN.aria));
    expect([...missing, ...missingAria]).toEqual([]);
  });
});
