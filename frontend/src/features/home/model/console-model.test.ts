import type { ConsoleKpis } from '@contracts/production';
import { consoleKpis } from './console-fixtures';
import { changedKpis, dailySeries, formatKpi, kpiHref, KPI_KEYS, statusSlices, topProcesses } from './console-model';

const kpis = (patch: Partial<ConsoleKpis> = {}): ConsoleKpis => consoleKpis(patch);

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
      { status: 'notStarted', value: 4, color: '#64748b' },
      { status: 'partial', value: 6, color: '#2563eb' },
      { status: 'delayed', value: 2, color: '#dc2626' },
    ]);
  });

  it('links each card to the schedule filtered to exactly the orders it counts (by the list API\'s own parameters)', () => {
    const today = kpis({ today: '2026-03-28' });
    const links = Object.fromEntries(KPI_KEYS.map((key) => [key, kpiHref(key, today)]));
    expect(links).toEqual({
      inProduction: '/production/schedule/index?includeCompleted=false',
      dueThisWeek: '/production/schedule/index?deliveryFrom=2026-03-28&deliveryTo=2026-04-03',
      delayed: '/production/schedule/index?status=delayed&sortField=deliveryDate&sortOrder=asc',
      completedThisMonth: '/production/schedule/index?completedFrom=2026-03-01&completedTo=2026-03-31',
      finishRate: '/production/schedule/index?includeCompleted=false&sortField=finishRate&sortOrder=asc',
      delayRate: '/production/schedule/index?status=delayed&sortField=deliveryDate&sortOrder=asc',
    });
  });

  it('ranks today\'s processes by pieces, idle ones left out', () => {
    expect(topProcesses(kpis().todayByProcess).map((entry) => entry.name)).toEqual(['Sewing', 'Cutting']);
    expect(topProcesses([])).toEqual([]);
  });
});
