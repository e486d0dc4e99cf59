import { DataSource } from 'typeorm';
import { stepStatus, type StepProgress } from '../../../contracts/production.js';
import { bootTestApp, type TestApp } from '../testing/test-app.js';
import { finishRateOf, orderStatusOf } from './progress-math.js';
import { addDays, dueThisWeekEnd, isDelayed, isDueThisWeek } from '../../../contracts/order-metrics.js';
import { delayedSql, dueThisWeekSql, finishRateSql, orderStatusSql, stepSummaryJoin } from './progress-sql.js';

// The SQL twin of progress-math must give the very same numbers and statuses: evaluated by the
// database over many inputs and compared with the JavaScript.
describe('progress SQL twin of progress-math', () => {
  let t: TestApp;
  let db: DataSource;

  beforeAll(async () => {
    t = await bootTestApp();
    db = t.app.get(DataSource);
  });
  afterAll(() => t.close());

  it('rounds finish rates exactly like finishRateOf, ties and awkward fractions included', async () => {
    const planned: number[] = [];
    const done: number[] = [];
    for (let p = 0; p <= 400; p += p < 50 ? 1 : 7) {
      for (let d = 0; d <= p; d += p < 50 ? 1 : 3) {
        planned.push(p);
        done.push(d);
      }
    }
    const rows: { rate: number }[] = await db.query(
      `SELECT ${finishRateSql('ss')}::float8 AS rate
         FROM unnest($1::float8[], $2::float8[]) WITH ORDINALITY AS ss (planned, done, n) ORDER BY n`,
      [planned, done],
    );
    const mismatches = rows.filter((row, i) => row.rate !== finishRateOf([{ planned: planned[i], done: done[i] }]));
    expect(rows).toHaveLength(planned.length);
    expect(mismatches).toEqual([]);
  });

  it('derives the order status from the steps like orderStatusOf', async () => {
    const today = '2026-05-10';
    const step = (planned: number, done: number, dueDate: string): StepProgress => ({
      processId: 1,
      sequence: 1,
      dueDate,
      planned,
      done,
      status: stepStatus(planned, done, dueDate, today),
      firstScanAt: null,
      lastScanAt: null,
    });
    const cases: { completed: boolean; deliveryDate: string; steps: StepProgress[] }[] = [];
    for (const completed of [false, true]) {
      for (const deliveryDate of ['2026-05-09', '2026-05-10', '2026-06-01']) {
        for (const steps of [
          [],
          [step(100, 0, '2026-06-01')],
          [step(100, 10, '2026-06-01')],
          [step(100, 100, '2026-05-01'), step(100, 0, '2026-06-01')],
          [step(100, 40, '2026-05-09')],
          [step(0, 0, '2026-05-09')],
          [step(100, 100, '2026-05-09')],
          [step(100, 0, '2026-05-10')],
        ]) {
          cases.push({ completed, deliveryDate, steps });
        }
      }
    }
    // Synthetic orders and steps: the CTE named production_order_step stands in for the table.
    const steps = cases.flatMap((c, i) => c.steps.map((s) => ({ orderId: i + 1, ...s })));
    const rows: { status: string }[] = await db.query(
      `WITH production_order_step AS (
         SELECT *, NULL::timestamptz AS last_scan_at FROM unnest($2::int[], $3::int[], $4::int[], $5::date[]) AS s (order_id, planned_quantity, done_quantity, due_date))
       SELECT ${orderStatusSql('p', 'ss', '$1')} AS status
         FROM unnest($6::boolean[], $7::date[]) WITH ORDINALITY AS p (completed, delivery_date, id)
         ${stepSummaryJoin('p', 'ss')}
        ORDER BY p.id`,
      [
        today,
        steps.map((s) => s.orderId),
        steps.map((s) => s.planned),
        steps.map((s) => s.done),
        steps.map((s) => s.dueDate),
        cases.map((c) => c.completed),
        cases.map((c) => c.deliveryDate),
      ],
    );
    expect(rows.map((row) => row.status)).toEqual(cases.map((c) => orderStatusOf(c, c.steps, today)));
  });

  it('counts delayed and due-this-week orders exactly like the contract (contracts/order-metrics.ts)', async () => {
    const today = '2026-05-28'; // the week runs over a month end
    const cases = [false, true].flatMap((completed) => Array.from({ length: 13 }, (_, i) => ({ completed, deliveryDate: addDays(today, i - 4) })));
    const rows: { delayed: boolean; due: boolean }[] = await db.query(
      `SELECT ${delayedSql('p', '$1')} AS delayed, ${dueThisWeekSql('p', '$1', '$2')} AS due
         FROM unnest($3::boolean[], $4::date[]) WITH ORDINALITY AS p (completed, delivery_date, n) ORDER BY n`,
      [today, dueThisWeekEnd(today), cases.map((c) => c.completed), cases.map((c) => c.deliveryDate)],
    );
    expect(rows.map((row) => [row.delayed, row.due])).toEqual(cases.map((c) => [isDelayed(c, today), isDueThisWeek(c, today)]));
    expect(rows.filter((row) => row.delayed)).toHaveLength(4);
    expect(rows.filter((row) => row.due)).toHaveLength(7);
  });
});
