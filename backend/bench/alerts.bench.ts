// What delay-alert evaluation (issue 11, backend/src/alerts) adds to scan bursts, in one run:
//
//   1. Scan bursts with evaluation on and off, alternating (off, on, off, on, …): BURST scans
//      POSTed like stations (HTTP, form body, token), CONCURRENCY in flight, spread over ORDERS
//      orders; throughput and latency per mode, and the ratio on ÷ off. "Off" unhooks the
//      evaluator from committed events (as if the feature were not there); "on" also waits until
//      the evaluations the burst queued have finished (the lag after the last scan answered).
//   2. The evaluation's own work per burst: runs, orders evaluated, SQL statements the evaluator
//      issued (counted at the manager it passes to AlertsRepository) and its time. The first "on"
//      burst raises an alert on every order (a scan starts each order at a pace too slow for its
//      delivery); the later ones change nothing, which is the steady state of a floor.
//   3. A burst of HOT scans on one order: evaluation runs are merged (one queued run covers every
//      order changed meanwhile), so the count of runs stays bounded however many scans arrive.
//   4. The timer's full evaluation (every order, once a minute) on the same data, and one order's
//      evaluation on a quiet server (what a scan's evaluation costs when nothing queues ahead).
//
// Database: embedded PGlite by default; DATABASE_URL → a scratch database of its own (dropped
// afterwards). BENCH_ALERT_BURST / BENCH_ALERT_ROUNDS scale the runs.
import { randomUUID } from 'node:crypto';
import { DataSource, type EntityManager } from 'typeorm';
import { AlertEvaluator } from '../src/alerts/alert-evaluator.service.js';
import { AlertsRepository } from '../src/alerts/alerts.repository.js';
import { localDay } from '../src/progress/progress-math.js';
import { addDays } from '../../contracts/order-metrics.js';
import { bootBenchApp, createBenchFactory, type BenchApp } from './bench-app.js';
import { nowMs, percentiles } from './stats.js';

const ORDERS = 200;
const BURST = Number(process.env.BENCH_ALERT_BURST ?? 600);
const HOT = 300;
const ROUNDS = Number(process.env.BENCH_ALERT_ROUNDS ?? 4);
const CONCURRENCY = 16;

const formatMs = (value: number) => value.toFixed(1);

/** What the evaluator did while a counter was attached. */
interface Work {
  runs: number;
  orders: number;
  statements: number;
  ms: number;
}

/** Counts the evaluator's runs and the statements it issues through AlertsRepository. */
function instrument(evaluator: AlertEvaluator, repository: AlertsRepository): { take(): Work } {
  let work: Work = { runs: 0, orders: 0, statements: 0, ms: 0 };
  const counting = (manager: EntityManager): EntityManager =>
    new Proxy(manager, {
      get(target, key, receiver) {
        if (key !== 'query') return Reflect.get(target, key, receiver);
        return (...args: Parameters<EntityManager['query']>) => {
          work.statements += 1;
          return target.query(...args);
        };
      },
    });
  for (const name of ['wanted', 'open', 'lockOrder', 'raise', 'notify', 'clear', 'toldAbout'] as const) {
    const original = repository[name].bind(repository) as (manager: EntityManager, ...rest: unknown[]) => Promise<unknown>;
    (repository as unknown as Record<string, unknown>)[name] = (manager: EntityManager, ...rest: unknown[]) => original(counting(manager), ...rest);
  }
  const evaluate = (evaluator as unknown as { evaluate: (orderIds: number[] | null) => Promise<unknown> }).evaluate.bind(evaluator);
  (evaluator as unknown as Record<string, unknown>).evaluate = async (orderIds: number[] | null) => {
    const started = nowMs();
    try {
      return await evaluate(orderIds);
    } finally {
      work.runs += 1;
      work.orders += orderIds ? orderIds.length : ORDERS + 1;
      work.ms += nowMs() - started;
    }
  };
  return {
    take() {
      const taken = work;
      work = { runs: 0, orders: 0, statements: 0, ms: 0 };
      return taken;
    },
  };
}

async function main(): Promise<void> {
  const bench = await bootBenchApp();
  const { app, databaseUrl } = bench;
  const db = app.get(DataSource);
  const evaluator = app.get(AlertEvaluator);
  const work = instrument(evaluator, app.get(AlertsRepository));
  console.log(`\nDelay alerts during scan bursts — database: ${databaseUrl ? 'PostgreSQL server' : 'embedded PGlite'}; ${ORDERS} orders + 1 hot, bursts of ${BURST} scans (${CONCURRENCY} in flight)`);
  const { orderIds, hotOrderId, processId } = await setUp(bench, db);
  await evaluator.idle();
  work.take();

  // The evaluator listens on the EventBus through this method; replacing it on the instance
  // unhooks it ("off") without touching anything else the scan does.
  const hooks = evaluator as unknown as { onCommitted: (events: unknown[]) => void };
  const hooked = hooks.onCommitted.bind(evaluator);
  const setEvaluation = (on: boolean) => {
    hooks.onCommitted = on ? hooked : () => undefined;
  };

  const rows: { mode: string; round: number; perSecond: number; p50: number; p95: number; lagMs: number; work: Work }[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    for (const on of [false, true]) {
      setEvaluation(on);
      const burst = await scanBurst(bench, Array.from({ length: BURST }, (_, i) => orderIds[(round * 7 + i) % orderIds.length]), processId);
      const answered = nowMs();
      await evaluator.idle();
      rows.push({ mode: on ? 'on' : 'off', round, perSecond: burst.perSecond, p50: burst.p50, p95: burst.p95, lagMs: nowMs() - answered, work: work.take() });
    }
  }
  console.log('\n  mode round  scans/s   p50 ms   p95 ms   lag ms  eval runs  orders  statements  eval ms');
  for (const row of rows) {
    console.log(
      `  ${row.mode.padEnd(4)} ${String(row.round).padStart(5)} ${row.perSecond.toFixed(0).padStart(8)} ${formatMs(row.p50).padStart(8)} ${formatMs(row.p95).padStart(8)} ${formatMs(row.lagMs).padStart(8)} ${String(row.work.runs).padStart(10)} ${String(row.work.orders).padStart(7)} ${String(row.work.statements).padStart(11)} ${formatMs(row.work.ms).padStart(8)}`,
    );
  }
  // Round 1 warms up (and its "on" raised the alerts); the steady state is the rounds after it.
  const steady = (mode: string) => rows.filter((row) => row.mode === mode && row.round > 1);
  const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / Math.max(1, values.length);
  const off = steady('off');
  const on = steady('on');
  const ratio = (key: 'perSecond' | 'p50' | 'p95') => mean(on.map((row) => row[key])) / mean(off.map((row) => row[key]));
  console.log(
    `  steady state, on ÷ off: throughput ×${ratio('perSecond').toFixed(2)}, p50 ×${ratio('p50').toFixed(2)}, p95 ×${ratio('p95').toFixed(2)}; ` +
      `per burst of ${BURST}: ${mean(on.map((row) => row.work.runs)).toFixed(1)} runs, ${mean(on.map((row) => row.work.statements)).toFixed(0)} statements ` +
      `(${(mean(on.map((row) => row.work.statements)) / BURST).toFixed(2)} per scan), ${formatMs(mean(on.map((row) => row.work.ms)))} ms of evaluation`,
  );

  setEvaluation(true);
  const hot = await scanBurst(bench, Array.from({ length: HOT }, () => hotOrderId), processId);
  await evaluator.idle();
  const hotWork = work.take();
  console.log(
    `\n  ${HOT} scans on one order (${CONCURRENCY} in flight, ${hot.perSecond.toFixed(0)} scans/s): ${hotWork.runs} evaluation runs (${(HOT / Math.max(1, hotWork.runs)).toFixed(1)} scans per run), ` +
      `${hotWork.statements} statements, ${formatMs(hotWork.ms)} ms`,
  );

  const timed: number[] = [];
  for (let i = 0; i < 5; i++) {
    const started = nowMs();
    await evaluator.evaluateAll();
    timed.push(nowMs() - started);
  }
  const full = work.take();
  const p = percentiles(timed, [50]);
  console.log(`  timer's full evaluation (${ORDERS + 1} orders, nothing to change): p50 ${formatMs(p.p50)} ms, ${full.statements / 5} statements per run`);
  // One scoped run on a quiet server: what a scan's evaluation costs when nothing queues ahead of it.
  const scoped = evaluator as unknown as { evaluate: (orderIds: number[]) => Promise<unknown> };
  const single: number[] = [];
  for (let i = 0; i < 20; i++) {
    const started = nowMs();
    await scoped.evaluate([orderIds[i]]);
    single.push(nowMs() - started);
  }
  const one = work.take();
  const q = percentiles(single, [50, 95]);
  console.log(`  one order's evaluation, quiet server: p50 ${formatMs(q.p50)} ms, p95 ${formatMs(q.p95)} ms, ${one.statements / 20} statements`);
  await bench.close();
}

/** The bench's factory: ORDERS orders started today, due in 30 days, plus one hot order. */
async function setUp(bench: BenchApp, db: DataSource): Promise<{ orderIds: number[]; hotOrderId: number; processId: number }> {
  const id = async (path: string, body: Record<string, string>) => (await bench.post(`admin/${path}`, body)).data.id as number;
  const { customer, goods, colors: [color], processes } = await createBenchFactory(bench, 'ALERT', 1);
  const today = localDay(new Date());
  const cells = JSON.stringify([{ colorId: color, sizeId: goods.sizes[0].id, quantity: 50_000 }]);
  const orderIds: number[] = [];
  for (let i = 0; i < ORDERS + 1; i += 8) {
    const batch = Array.from({ length: Math.min(8, ORDERS + 1 - i) }, (_, k) =>
      id('productionOrder/create', { orderNo: `PO-ALERT-${String(i + k).padStart(4, '0')}`, customer: String(customer), goodsId: String(goods.id), orderDate: today, deliveryDate: addDays(today, 30), cells }),
    );
    orderIds.push(...(await Promise.all(batch)));
  }
  await db.query(`UPDATE production_order SET reviewed = true, document = 'bench-document' WHERE id = ANY($1::int[])`, [orderIds]);
  await db.query('ANALYZE');
  const hotOrderId = orderIds.pop()!;
  return { orderIds, hotOrderId, processId: processes[0] };
}

/** Scans one piece at cutting for each entry of `orders`, CONCURRENCY at a time. */
async function scanBurst(bench: BenchApp, orders: number[], processId: number): Promise<{ perSecond: number; p50: number; p95: number }> {
  const latencies: number[] = [];
  let next = 0;
  const started = nowMs();
  const station = async () => {
    while (next < orders.length) {
      const orderId = orders[next++];
      const sent = nowMs();
      const response = await fetch(`${bench.url}/api/admin/scan/record`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', token: bench.token },
        body: new URLSearchParams({ scanId: randomUUID(), orderId: String(orderId), processId: String(processId), quantity: '1' }),
      });
      const body = (await response.json()) as { code: number; message: string };
      if (body.code !== 200) throw new Error(`scan refused: ${body.message}`);
      latencies.push(nowMs() - sent);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, station));
  const elapsed = nowMs() - started;
  const p = percentiles(latencies, [50, 95]);
  return { perSecond: (orders.length / elapsed) * 1000, p50: p.p50, p95: p.p95 };
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
