// Date formatting for every screen. One token set (dayjs style) plus the quarter, which dayjs
// only formats through a plugin: YYYY YY M MM D DD H HH m mm s ss SSS Q, text in [brackets].
import dayjs, { type ConfigType } from 'dayjs';
import quarterOfYear from 'dayjs/plugin/quarterOfYear';

dayjs.extend(quarterOfYear);

export const DATE_FORMAT = 'YYYY-MM-DD';
export const DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';

const TOKEN = /\[([^\]]*)]|YYYY|YY|SSS|MM|M|DD|D|HH|H|mm|m|ss|s|Q/g;

const pad = (value: number, length = 2): string => String(value).padStart(length, '0');

/**
 * Format a date; an empty or invalid value gives `fallback` (a board shows "-" rather than
 * "Invalid Date").
 */
export function formatDate(value: ConfigType, pattern: string = DATE_TIME_FORMAT, fallback = ''): string {
  if (value === null || value === undefined || value === '') return fallback;
  const date = dayjs(value);
  if (!date.isValid()) return fallback;
  return pattern.replace(TOKEN, (token: string, escaped: string | undefined) => {
    if (escaped !== undefined) return escaped;
    switch (token) {
      case 'YYYY':
        return pad(date.year(), 4);
      case 'YY':
        return pad(date.year() % 100);
      case 'M':
        return String(date.month() + 1);
      case 'MM':
        return pad(date.month() + 1);
      case 'D':
        return String(date.date());
      case 'DD':
        return pad(date.date());
      case 'H':
        return String(date.hour());
      case 'HH':
        return pad(date.hour());
      case 'm':
        return String(date.minute());
      case 'mm':
        return pad(date.minute());
      case 's':
        return String(date.second());
      case 'ss':
        return pad(date.second());
      case 'SSS':
        return pad(date.millisecond(), 3);
      case 'Q':
        return String(date.quarter());
      default:
        return token;
    }
  });
}

/** The quarter (1–4) a date falls in; 0 for an invalid date. */
export function quarterOf(value: ConfigType): number {
  const date = dayjs(value);
  return date.isValid() ? date.quarter() : 0;
}
