// Reading a typed date. One documented set of forms, parsed strictly with dayjs
// (customParseFormat), so "2027-02-30" is refused instead of rolling over into March:
//
//   every language   2027-02-15 · 2027-2-15 · 2027/2/15 · 2027.2.15 · 20270215 · 2027年2月15日
//   English also     15/02/2027 · 15.02.2027 · 15-02-2027 (day first, as in en-GB)
//                    15 Feb 2027 · Feb 15 2027 · Feb 15, 2027 · 15 February 2027 · February 15 2027
//
// Year-first forms are unambiguous, so every language takes them. Numeric day-first forms are
// English only, and US month-first ("02/15/2027") is deliberately not read: 03/04/2027 would
// silently mean two different days. Leading zeros, case, commas and extra spaces do not matter.
import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';

dayjs.extend(customParseFormat);

export const ISO_DATE = 'YYYY-MM-DD';

const EVERY_LANGUAGE = ['YYYY-M-D', 'YYYY/M/D', 'YYYY.M.D', 'YYYYMMDD', 'YYYY年M月D日'];
const ENGLISH = ['D/M/YYYY', 'D.M.YYYY', 'D-M-YYYY', 'D MMM YYYY', 'MMM D YYYY', 'D MMMM YYYY', 'MMMM D YYYY'];

/** The formats read in a language, most common first. */
export function dateFormatsOf(language: string): readonly string[] {
  return language.startsWith('en') ? [...EVERY_LANGUAGE, ...ENGLISH] : EVERY_LANGUAGE;
}

// Years outside this range are typing slips (2207 for 2027), not orders.
const FIRST_YEAR = 1900;
const LAST_YEAR = 2199;

export type DateTextResult =
  | { kind: 'empty' }
  | { kind: 'date'; value: string }
  /** Reads as a date form, but no such day exists (2027-02-30, 2027-13-01, year 0207). */
  | { kind: 'impossible' }
  /** Not one of the forms at all. */
  | { kind: 'unreadable' };

/** Trims, drops commas, collapses spaces, strips leading zeros and title-cases month names. */
function normalise(text: string): string {
  return text
    .trim()
    .replace(/,/g, ' ')
    .replace(/\s+/g, ' ')
    .replace(/\s*([年月日/.-])\s*/g, '$1')
    .replace(/(^|[^0-9])0+([0-9])(?=[^0-9]|$)/g, '$1$2')
    .replace(/[A-Za-z]+/g, (word) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase());
}

const shapes = new Map<string, RegExp>();
/** The text shape a format accepts, to tell an impossible day from an unreadable text. */
function shapeOf(format: string): RegExp {
  let shape = shapes.get(format);
  if (!shape) {
    const source = format.replace(/YYYY|MMMM|MMM|MM|M|DD|D|[^A-Za-z]/g, (token) => {
      switch (token) {
        case 'YYYY':
          return '\\d{4}';
        case 'MMMM':
        case 'MMM':
          return '[A-Za-z]+';
        case 'MM':
        case 'DD':
          return '\\d{2}';
        case 'M':
        case 'D':
          return '\\d{1,2}';
        default:
          return token.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
      }
    });
    shape = new RegExp(`^${source}$`);
    shapes.set(format, shape);
  }
  return shape;
}

export function parseDateText(text: string, language: string): DateTextResult {
  const input = normalise(text);
  if (input === '') return { kind: 'empty' };
  const formats = dateFormatsOf(language);
  for (const format of formats) {
    const date = dayjs(input, format, 'en', true);
    if (date.isValid()) {
      if (date.year() < FIRST_YEAR || date.year() > LAST_YEAR) return { kind: 'impossible' };
      return { kind: 'date', value: date.format(ISO_DATE) };
    }
  }
  return formats.some((format) => shapeOf(format).test(input)) ? { kind: 'impossible' } : { kind: 'unreadable' };
}
