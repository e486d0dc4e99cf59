import { formatMoney } from './format-money';

describe('formatMoney', () => {
  it('shows the currency in the page language', () => {
    expect(formatMoney(1234.5, 'zh-CN', 'CNY')).toBe('¥1,234.50');
    expect(formatMoney(1234.5, 'en', 'USD')).toBe('$1,234.50');
    expect(formatMoney('1234.5', 'en', 'CNY')).toBe('CN¥1,234.50');
    expect(formatMoney(-3, 'en', { code: 'eur' })).toBe('-€3.00');
  });

  it('falls back to the symbol or code of a currency Intl does not know', () => {
    expect(formatMoney(12, 'en', { code: 'RMB-OLD', symbol: '元' })).toBe('元 12.00');
    expect(formatMoney(12, 'en', { code: 'POINTS' })).toBe('POINTS 12.00');
  });

  it('shows a plain amount without a currency, and 0 for garbage', () => {
    expect(formatMoney(12, 'en', null)).toBe('12.00');
    expect(formatMoney('abc', 'zh-CN')).toBe('0.00');
    expect(formatMoney(undefined, 'en', 'USD')).toBe('$0.00');
  });
});
