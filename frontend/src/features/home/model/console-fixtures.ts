// Test data for the console's tests (not shipped: only tests import it).
import { metricsOf } from '@contracts/order-metrics';
import type { ConsoleKpis, ConsoleOrder } from '@contracts/production';

export function consoleOrder(id: number, patch: Partial<ConsoleOrder> = {}): ConsoleOrder {
  return { id, orderNo: `PO-${id}`, customerLabel: `Customer ${id}`, productName: 'Tee', deliveryDate: '2026-03-01', finishRate: 20, delayDays: 0, ...patch };
}

/** Console numbers that agree with each other (metrics from the contract), with `patch` applied on top. */
export function consoleKpis(patch: Partial<ConsoleKpis> = {}): ConsoleKpis {
  const metrics = metricsOf({ orders: 12, completed: 0, inProduction: 12, delayed: 2, dueThisWeek: 3, finishRateSum: 498 }, 'inProduction');
  return {
    inProduction: metrics.inProduction,
    dueThisWeek: metrics.dueThisWeek,
    delayed: metrics.delayed,
    completedThisMonth: 5,
    finishRate: metrics.finishRate,
    delayRate: metrics.delayRate,
    metrics,
    lateOrders: [consoleOrder(1, { deliveryDate: '2026-02-24', delayDays: 7 }), consoleOrder(2, { deliveryDate: '2026-03-01', delayDays: 2 })],
    dueThisWeekOrders: [consoleOrder(3, { deliveryDate: '2026-03-03' }), consoleOrder(4, { deliveryDate: '2026-03-05' }), consoleOrder(5, { deliveryDate: '2026-03-09' })],
    todayByProcess: [
      { processId: 1, name: 'Cutting', quantity: 120 },
      { processId: 2, name: 'Sewing', quantity: 300 },
      { processId: 3, name: 'QC', quantity: 0 },
    ],
    daily: [],
    byStatus: { notStarted: 4, partial: 6, done: 0, delayed: 2 },
    today: '2026-03-03',
    generatedAt: '2026-03-03T08:00:00.000Z',
    ...patch,
  };
}
