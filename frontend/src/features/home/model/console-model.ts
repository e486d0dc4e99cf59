// What the console draws, derived from ConsoleKpis: the KPI cards (each a link to the list behind
// it), the lists, and the chart series.
import { dueThisWeekEnd, type MetricName } from '@contracts/order-metrics';
import type { ConsoleKpis, StepStatus } from '@contracts/production';
import { PRODUCTION_PATHS } from '../../../config/paths';
import { STATUS_STYLES } from '../../../lib/status-style';

export const KPI_KEYS = ['inProduction', 'dueThisWeek', 'delayed', 'completedThisMonth', 'finishRate', 'delayRate'] as const;
export type KpiKey = (typeof KPI_KEYS)[number];

export interface KpiCardSpec {
  key: KpiKey;
  icon: string;
  /** Accent of the card (icon, value when it matters). */
  color: string;
  kind: 'count' | 'rate';
  /** The value is bad news when above zero (red). */
  alarm?: boolean;
  /** Its name in contracts/order-metrics METRIC_NAMES (the same word on every screen), if it has one. */
  metric?: MetricName;
}

export const KPI_CARDS: readonly KpiCardSpec[] = [
  { key: 'inProduction', icon: 'pi pi-cog', color: '#0f9488', kind: 'count', metric: 'inProduction' },
  { key: 'dueThisWeek', icon: 'pi pi-calendar', color: '#d97706', kind: 'count', metric: 'dueThisWeek' },
  { key: 'delayed', icon: 'pi pi-exclamation-triangle', color: STATUS_STYLES.delayed.color, kind: 'count', alarm: true, metric: 'delayed' },
  { key: 'completedThisMonth', icon: 'pi pi-check-circle', color: STATUS_STYLES.done.color, kind: 'count' },
  { key: 'finishRate', icon: 'pi pi-chart-line', color: STATUS_STYLES.partial.color, kind: 'rate', metric: 'finishRate' },
  { key: 'delayRate', icon: 'pi pi-percentage', color: STATUS_STYLES.delayed.color, kind: 'rate', alarm: true, metric: 'delayRate' },
];

/**
 * The schedule's URL showing exactly the orders a card counts. Its parameters are those of
 * GET /admin/schedule/list, which the schedule reads from the URL; the schedule shows shown,
 * open orders unless told otherwise — the console's population, "in production".
 */
export function scheduleHref(params: Record<string, string>): string {
  return `${PRODUCTION_PATHS.scheduleIndex}?${new URLSearchParams(params).toString()}`;
}

/** First and last day (YYYY-MM-DD) of the month of `day`. */
function monthOf(day: string): { first: string; last: string } {
  const [year, month] = day.split('-').map(Number);
  return { first: `${day.slice(0, 7)}-01`, last: new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10) };
}

/** Where each card leads (null: not a link). */
export function kpiHref(key: KpiKey, kpis: Pick<ConsoleKpis, 'today'>): string | null {
  switch (key) {
    case 'inProduction':
      return scheduleHref({ includeCompleted: 'false' });
    case 'dueThisWeek':
      return scheduleHref({ deliveryFrom: kpis.today, deliveryTo: dueThisWeekEnd(kpis.today) });
    case 'delayed':
    case 'delayRate':
      // Most late first: the earliest delivery at the top.
      return scheduleHref({ status: 'delayed', sortField: 'deliveryDate', sortOrder: 'asc' });
    case 'finishRate':
      // The orders the mean is taken over, least finished first.
      return scheduleHref({ includeCompleted: 'false', sortField: 'finishRate', sortOrder: 'asc' });
    case 'completedThisMonth': {
      const month = monthOf(kpis.today);
      return scheduleHref({ completedFrom: month.first, completedTo: month.last });
    }
  }
}

/** Today's processes by pieces scanned, most first (idle ones left out), at most `limit`. */
export function topProcesses(todayByProcess: ConsoleKpis['todayByProcess'], limit = 6): ConsoleKpis['todayByProcess'] {
  return todayByProcess
    .filter((entry) => entry.quantity > 0)
    .sort((a, b) => b.quantity - a.quantity)
    .slice(0, limit);
}

export function changedKpis(previous: ConsoleKpis, next: ConsoleKpis): KpiKey[] {
  return KPI_KEYS.filter((key) => previous[key] !== next[key]);
}

export function formatKpi(value: number, kind: KpiCardSpec['kind'], language: string): string {
  if (kind === 'rate') return `${new Intl.NumberFormat(language, { maximumFractionDigits: 1 }).format(value)}%`;
  return new Intl.NumberFormat(language, { maximumFractionDigits: 0 }).format(value);
}

const DAY_MS = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * The daily series as a continuous run of `days` days ending on the last day the server sent
 * (days without scans count 0), labelled MM-DD.
 */
export function dailySeries(daily: ConsoleKpis['daily'], days = 14): { date: string; label: string; quantity: number }[] {
  if (daily.length === 0) return [];
  const byDate = new Map(daily.map((point) => [point.date.slice(0, 10), point.quantity]));
  const last = Date.parse(`${[...byDate.keys()].sort().at(-1)}T00:00:00Z`);
  return Array.from({ length: days }, (_, index) => {
    const date = isoDay(last - (days - 1 - index) * DAY_MS);
    return { date, label: date.slice(5), quantity: byDate.get(date) ?? 0 };
  });
}

export const STATUS_ORDER: readonly StepStatus[] = ['notStarted', 'partial', 'delayed', 'done'];

/** Donut slices in a fixed order and the status colours; empty statuses are left out. */
export function statusSlices(byStatus: ConsoleKpis['byStatus']): { status: StepStatus; value: number; color: string }[] {
  return STATUS_ORDER.map((status) => ({ status, value: byStatus[status] ?? 0, color: STATUS_STYLES[status].color })).filter((slice) => slice.value > 0);
}

export const totalOf = (values: readonly { quantity?: number; value?: number }[]): number => values.reduce((sum, item) => sum + (item.quantity ?? item.value ?? 0), 0);
