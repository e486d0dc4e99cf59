// Calendar arithmetic on YYYY-MM-DD days (the server's calendar, see localDay in progress-math).

/** `day` moved by `days` calendar days (the contract's addDays). */
export { addDays as shiftDay } from '../../../contracts/order-metrics.js';

export function firstDayOfMonth(day: string): string {
  return `${day.slice(0, 7)}-01`;
}

export function lastDayOfMonth(day: string): string {
  const [year, month] = day.split('-').map(Number);
  return new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
}

/**
 * The instant the server-local `day` begins. Timestamps are compared with these instants rather
 * than with dates in SQL, whose session time zone may differ from the server's.
 */
export function startOfLocalDay(day: string): Date {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(year, month - 1, date);
}

/** The server's time zone (IANA name): the factory's calendar day in SQL, `AT TIME ZONE` this. */
export function factoryTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}
