import { formatDate, quarterOf } from './format-date';

describe('formatDate', () => {
  // Local time, so the expectations do not depend on the machine's zone.
  const date = new Date(2024, 7, 5, 9, 3, 7, 45); // 2024-08-05 09:03:07.045

  it('formats year, month, day, hour, minute and second with the default pattern', () => {
    expect(formatDate(date)).toBe('2024-08-05 09:03:07');
  });

  it('supports unpadded and two-digit-year tokens', () => {
    expect(formatDate(date, 'YY/M/D H:m:s')).toBe('24/8/5 9:3:7');
  });

  it('formats milliseconds', () => {
    expect(formatDate(date, 'HH:mm:ss.SSS')).toBe('09:03:07.045');
  });

  it('formats the quarter', () => {
    expect(formatDate(date, 'YYYY [Q]Q')).toBe('2024 Q3');
    expect(formatDate(new Date(2024, 0, 1), 'Q')).toBe('1');
    expect(formatDate(new Date(2024, 11, 31), 'Q')).toBe('4');
  });

  it('keeps bracketed text literally', () => {
    expect(formatDate(date, 'YYYY[年]M[月]D[日]')).toBe('2024年8月5日');
  });

  it('accepts timestamps and ISO strings', () => {
    expect(formatDate(date.getTime(), 'YYYY-MM-DD')).toBe('2024-08-05');
    expect(formatDate('2024-12-31T23:59:59', 'MM-DD HH:mm')).toBe('12-31 23:59');
  });

  it('returns the fallback for empty and invalid values', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate(undefined, 'YYYY', '-')).toBe('-');
    expect(formatDate('', 'YYYY', '-')).toBe('-');
    expect(formatDate('not a date', 'YYYY', '-')).toBe('-');
  });
});

describe('quarterOf', () => {
  it('gives the quarter of each month', () => {
    expect([0, 2, 3, 5, 6, 8, 9, 11].map((month) => quarterOf(new Date(2024, month, 15)))).toEqual([1, 1, 2, 2, 3, 3, 4, 4]);
  });

  it('gives 0 for an invalid date', () => {
    expect(quarterOf('nonsense')).toBe(0);
  });
});
