// Dates as the API writes them (YYYY-MM-DD) and as the Calendar holds them (Date), and
// numbers in the page language.
import dayjs from 'dayjs';

export const toDate = (value: string | null | undefined): Date | null => (value ? dayjs(value, 'YYYY-MM-DD').toDate() : null);

export const fromDate = (value: Date | null | undefined): string => (value ? dayjs(value).format('YYYY-MM-DD') : '');

export const today = (): string => dayjs().format('YYYY-MM-DD');

export const addDays = (date: string, days: number): string => dayjs(date).add(days, 'day').format('YYYY-MM-DD');

export function formatMoney(value: number | string | null | undefined, language: string): string {
  const number = Number(value ?? 0);
  return new Intl.NumberFormat(language, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(Number.isFinite(number) ? number : 0);
}

export function formatQuantity(value: number | string | null | undefined, language: string): string {
  const number = Number(value ?? 0);
  return new Intl.NumberFormat(language, { maximumFractionDigits: 0 }).format(Number.isFinite(number) ? number : 0);
}

export function formatRate(value: number | null | undefined, language: string): string {
  return new Intl.NumberFormat(language, { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(value ?? 0);
}
