// The contract's definitions, case by case (pure functions: no app, no database).
import {
  countOrders,
  daysLate,
  isDelayed,
  isDueThisWeek,
  isOnTime,
  metricsOf,
  orderFinishRate,
  orderMetrics,
  type OrderFacts,
} from '../../../contracts/order-metrics.js';

const today = '2026-03-10';
const order = (deliveryDate: string, patch: Partial<OrderFacts> = {}): OrderFacts => ({ completed: false, deliveryDate, finishRate: 0, ...patch });

describe('order metrics (contracts/order-metrics.ts)', () => {
  it('no orders: every count and rate is 0, not NaN', () => {
    expect(orderMetrics([], today, 'inProduction')).toEqual({
      population: 'inProduction',
      orders: 0,
      completed: 0,
      inProduction: 0,
      onTime: 0,
      delayed: 0,
      dueThisWeek: 0,
      finishRate: 0,
      delayRate: 0,
    });
  });

  it('an order due today is on time and due this week, not delayed; the day after it is 1 day late', () => {
    const dueToday = order(today);
    expect([isDelayed(dueToday, today), isOnTime(dueToday, today), isDueThisWeek(dueToday, today), daysLate(dueToday, today)]).toEqual([false, true, true, 0]);
    expect([isDelayed(dueToday, '2026-03-11'), daysLate(dueToday, '2026-03-11'), isDueThisWeek(dueToday, '2026-03-11')]).toEqual([true, 1, false]);
  });

  it('due this week is today through today + 6 (delivery on day 7 is not)', () => {
    expect(isDueThisWeek(order('2026-03-16'), today)).toBe(true);
    expect(isDueThisWeek(order('2026-03-17'), today)).toBe(false);
    // Across a month end.
    expect(isDueThisWeek(order('2026-04-02'), '2026-03-28')).toBe(true);
  });

  it('an order finished late is finished: not delayed, no days late, not in production, not on time', () => {
    const finishedLate = order('2026-03-01', { completed: true, finishRate: 100 });
    expect([isDelayed(finishedLate, today), daysLate(finishedLate, today), isOnTime(finishedLate, today)]).toEqual([false, 0, false]);
    const metrics = orderMetrics([finishedLate, order('2026-03-20', { finishRate: 40 })], today, 'board');
    expect(metrics).toMatchObject({ orders: 2, completed: 1, inProduction: 1, delayed: 0, onTime: 1, finishRate: 40, delayRate: 0 });
  });

  it('hidden orders are counted nowhere', () => {
    const metrics = orderMetrics([order('2026-03-01', { hidden: true }), order('2026-03-12', { hidden: true, completed: true })], today, 'inProduction');
    expect(metrics).toMatchObject({ orders: 0, completed: 0, inProduction: 0, delayed: 0, dueThisWeek: 0, delayRate: 0 });
  });

  it('rates are over orders in production only: completed orders do not dilute them', () => {
    const orders = [
      order('2026-03-01', { finishRate: 50 }), // 9 days late
      order('2026-03-09', { finishRate: 20 }), // 1 day late
      order(today, { finishRate: 10 }),
      order('2026-04-30', { finishRate: 0 }),
      order('2026-02-01', { completed: true, finishRate: 100 }),
      order('2026-03-20', { completed: true, finishRate: 100 }),
    ];
    expect(orders.map((o) => daysLate(o, today))).toEqual([9, 1, 0, 0, 0, 0]);
    const metrics = orderMetrics(orders, today, 'board');
    expect(metrics).toEqual({
      population: 'board',
      orders: 6,
      completed: 2,
      inProduction: 4,
      onTime: 2,
      delayed: 2,
      dueThisWeek: 1,
      finishRate: 20, // (50 + 20 + 10 + 0) / 4
      delayRate: 50,
    });
    expect(metrics.delayed).toBe(orders.filter((o) => daysLate(o, today) > 0).length);
  });

  it('rounds to one decimal: 1 of 3 is 33.3 %', () => {
    const metrics = metricsOf({ orders: 3, completed: 0, inProduction: 3, delayed: 1, dueThisWeek: 0, finishRateSum: 100 }, 'filter');
    expect(metrics).toMatchObject({ delayRate: 33.3, finishRate: 33.3 });
    expect(countOrders([order('2026-03-01'), order('2026-03-02'), order('2026-04-01')], today)).toMatchObject({ inProduction: 3, delayed: 2 });
  });

  it('finish rate of an order: each step counts at most its plan, never below 0; no plan is 0', () => {
    expect(orderFinishRate([])).toBe(0);
    expect(orderFinishRate([{ planned: 0, done: 5 }])).toBe(0);
    expect(orderFinishRate([{ planned: 100, done: 150 }, { planned: 100, done: 0 }])).toBe(50);
    expect(orderFinishRate([{ planned: 300, done: 100 }])).toBe(33.3);
    expect(orderFinishRate([{ planned: 100, done: -10 }, { planned: 100, done: 100 }])).toBe(50);
  });
});
