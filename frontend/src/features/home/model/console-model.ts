// What the console draws, derived from ConsoleKpis: the KPI cards, and the chart series.
import type { ConsoleKpis, StepStatus } from '@contracts/production';
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
}

export const KPI_CARDS: readonly KpiCardSpec[] = [
  { key: 'inProduction', icon: 'pi pi-cog', color: '#0f9488', kind: 'count' },
  { key: 'dueThisWeek', icon: 'pi pi-calendar', color: '#d97706', kind: 'count' },
  { key: 'delayed', icon: 'pi pi-exclamation-triangle', color: STATUS_STYLES.delayed.color, kind: 'count', alarm: true },
  { key: 'completedThisMonth', icon: 'pi pi-check-circle', color: STATUS_STYLES.done.color, kind: 'count' },
  { key: 'finishRate', icon: 'pi pi-chart-line', color: STATUS_STYLES.partial.color, kind: 'rate' },
  { key: 'delayRate', icon: 'pi pi-percentage', color: STATUS_STYLES.delayed.color, kind: 'rate', alarm: true },
];

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
