import type { ConsoleKpis } from '@contracts/production';
import { changedKpis, dailySeries, formatKpi, statusSlices } from './console-model';

const kpis = (patch: Partial<ConsoleKpis> = {}): ConsoleKpis => ({
  inProduction: 12,
  dueThisWeek: 3,
  delayed: 2,
  completedThisMonth: 5,
  finishRate: 41.5,
  delayRate: 16.7,
  todayByProcess: [],
  daily: [],
  byStatus: { notStarted: 4, partial: 6, done: 0, delayed: 2 },
  generatedAt: '2026-03-03T08:00:00.000Z',
  ...patch,
});

describe('console model', () => {
  it('names the KPI cards whose numbers changed', () => {
    expect(changedKpis(kpis(), kpis())).toEqual([]);
    expect(changedKpis(kpis(), kpis({ delayed: 3, finishRate: 42 }))).toEqual(['delayed', 'finishRate']);
  });

  it('formats counts and rates in the page language', () => {
    expect(formatKpi(1234, 'count', 'en')).toBe('1,234');
    expect(formatKpi(41.55, 'rate', 'en')).toBe('41.6%');
    expect(formatKpi(0, 'rate', 'zh-CN')).toBe('0%');
  });

  it('makes the daily series a continuous run of 14 days ending on the last day, gaps as zero', () => {
    const series = dailySeries([
      { date: '2026-03-01', quantity: 120 },
      { date: '2026-03-03', quantity: 80 },
    ]);
    expect(series).toHaveLength(14);
    expect(series[0]).toEqual({ date: '2026-02-18', label: '02-18', quantity: 0 });
    expect(series.slice(-3)).toEqual([
      { date: '2026-03-01', label: '03-01', quantity: 120 },
      { date: '2026-03-02', label: '03-02', quantity: 0 },
      { date: '2026-03-03', label: '03-03', quantity: 80 },
    ]);
    expect(dailySeries([])).toEqual([]);
  });

  it('gives the donut its slices in a fixed order, in the status colours, without empty ones', () => {
    expect(statusSlices(kpis().byStatus)).toEqual([
      { status: 'notStarted', value: 4, color: '#94a3b8' },
      { status: 'partial', value: 6, color: '#3b82f6' },
      { status: 'delayed', value: 2, color: '#ef4444' },
    ]);
  });
});
