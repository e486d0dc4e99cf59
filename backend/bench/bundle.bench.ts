// Cut bundles (issue 14):
//   1. A bundle looked up by its QR code among BENCH_BUNDLES bundles (1,000,000 on PostgreSQL,
//      100,000 on the embedded PGlite), generated with generate_series into cut_lay/bundle:
//      GET /api/admin/bundle/:code (the station's lookup, the trace page) p50/p99 over 200
//      random codes, and the raw lookup (BundleStateRepository.findByCode's statement) p50 —
//      target ≤ 5 ms p50; its EXPLAIN shows the index on lower(code) is used.
//   2. Bundle scans at 2,000 a minute from 50 stations (each its own worker and bundles, cut
//      through the lay API), POST /api/admin/bundle/scan, open loop, for BENCH_BUNDLE_SECONDS (60),
//      with 100 boards subscribed to room `board` (the scan bench's board clients, in
//      BENCH_BOARD_WORKERS (2) processes of their own): scan POST p50/p99, scan → every board
//      p50/p99, refusals; then the order-level POST /scan/record at the same rate on orders of
//      its own, same boards, same run, and the ratio.
// The app runs in this process (bench-app.ts) on a scratch database when DATABASE_URL is set
// (dropped afterwards), else on the embedded database; the stations are this process's HTTP
// clients (33 requests a second); the boards are child processes, their clocks corrected.
import { DataSource } from 'typeorm';
import { bootBenchApp, createBenchFactory, type BenchApp } from './bench-app.js';
import { BundleQueryRepository } from '../src/bundle/bundle-query.repository.js';
import { BUNDLE_FROM, BUNDLE_ROW } from '../src/bundle/bundle-state.repository.js';
import { clock, merge, newHistogram, scanIdOf, sleep, startChild, summarize, summarizeValues, type Child, type Summary } from './scan-bench/shared.js';
import { formatMs, nowMs, percentiles } from './stats.js';

const ON_POSTGRES = Boolean(process.env.DATABASE_URL);
const BUNDLES = Number(process.env.BENCH_BUNDLES ?? (ON_POSTGRES ? 1_000_000 : 100_000));
const LOOKUP_ORDERS = 100;
const LOOKUPS = 200;
const STATIONS = 50;
const PER_MINUTE = 2_000;
const SECONDS = Number(process.env.BENCH_BUNDLE_SECONDS ?? 60);
const BOARDS = Number(process.env.BENCH_BOARDS ?? 100);
const BOARD_WORKERS = Number(process.env.BENCH_BOARD_WORKERS ?? 2);
/** Pieces per bundle in the scan run. */
const BUNDLE_SIZE = 5;

interface BoardPhase {
  histogram: Uint32Array;
  counts: Uint16Array;
  maxima: Float64Array;
  delivered: number;
}

interface RunResult {
  label: string;
  sent: number;
  ok: number;
  refusals: Map<string, number>;
  post: Summary;
  everyBoard: Summary;
  perDelivery: Summary;
  missing: number;
}

async function main(): Promise<void> {
  const bench = await bootBenchApp();
  try {
    await run(bench);
  } finally {
    await bench.close();
  }
}

async function run(bench: BenchApp): Promise<void> {
  const { app, url, token, post } = bench;
  const db = app.get(DataSource);
  // The generation runs for minutes on PostgreSQL: a connection of its own without the app's
  // statement timeout. The embedded database has a single connection: the app's own.
  const runner = ON_POSTGRES ? db.createQueryRunner() : null;
  await runner?.connect();
  await runner?.query('SET statement_timeout = 0');
  const seed = runner ?? db;
  const scans = Math.round((PER_MINUTE * SECONDS) / 60);
  console.log(
    `\nCut bundles — database: ${ON_POSTGRES ? 'PostgreSQL server' : 'embedded PGlite'}; ${BUNDLES.toLocaleString('en')} bundles for the lookup (BENCH_BUNDLES), ` +
      `${scans} bundle scans in ${SECONDS} s from ${STATIONS} stations (${PER_MINUTE}/min) with ${BOARDS} boards`,
  );
  const { customer, goods, colors, processes } = await createBenchFactory(bench, 'BND', 1);
  const [cutProcess, sewProcess] = processes;
  const [{ adminId }] = await db.query(`SELECT id AS "adminId" FROM app_user WHERE username = 'admin'`);
  const createOrders = async (prefix: string, count: number, planned: number) => {
    const ids: number[] = [];
    const cells = JSON.stringify(goods.sizes.map((size) => ({ colorId: colors[0], sizeId: size.id, quantity: planned })));
    for (let i = 0; i < count; i += 8) {
      const batch = Array.from({ length: Math.min(8, count - i) }, async (_, k) =>
        (await post('admin/productionOrder/create', { orderNo: `${prefix}-${String(i + k).padStart(4, '0')}`, customer: String(customer), goodsId: String(goods.id), orderDate: '2026-01-05', deliveryDate: '2099-12-31', cells })).data.id as number,
      );
      ids.push(...(await Promise.all(batch)));
    }
    await db.query(`UPDATE production_order SET reviewed = true, document = 'bench-document' WHERE id = ANY($1::int[])`, [ids]);
    return ids;
  };

  // ——— 1. lookup by QR among many bundles ———
  const setUpStart = nowMs();
  const lookupOrders = await createOrders('PO-LK', LOOKUP_ORDERS, 1_000_000);
  const perOrder = Math.ceil(BUNDLES / LOOKUP_ORDERS);
  const lays = Math.ceil(perOrder / 2000);
  // Lays of 2,000 bundles of 10 pieces (the most a lay may hold), bundles numbered per order.
  await seed.query(
    `INSERT INTO cut_lay (order_id, lay_no, color_id, plies, sizes, bundle_size, cutter_id, created_by)
     SELECT o.id, l, $2, 1, '[]'::jsonb, 10, $3, $3 FROM unnest($1::int[]) AS o(id), generate_series(1, ${lays}) AS l`,
    [lookupOrders, colors[0], adminId],
  );
  const sizes = goods.sizes.map((size) => size.id);
  for (const [index, orderId] of lookupOrders.entries()) {
    const count = Math.min(perOrder, BUNDLES - index * perOrder);
    if (count <= 0) break;
    await seed.query(
      `INSERT INTO bundle (code, order_id, lay_id, bundle_no, color_id, size_id, quantity, last_scan_at, last_process_id, last_worker_id)
       SELECT o.order_no || '-' || lpad(n::text, greatest(3, length(n::text)), '0'), o.id, l.id, n, $2, ($3::int[])[1 + n % ${sizes.length}], 10, now() - (n % 500) * interval '1 minute', $4, $5
         FROM production_order o, generate_series(1, ${count}) AS n
         JOIN cut_lay l ON l.order_id = $1 AND l.lay_no = 1 + (n - 1) / 2000
        WHERE o.id = $1`,
      [orderId, colors[0], sizes, cutProcess, adminId],
    );
  }
  await seed.query('ANALYZE');
  const [{ total }] = await db.query(`SELECT count(*)::int AS total FROM bundle`);
  console.log(`  ${total.toLocaleString('en')} bundles in ${LOOKUP_ORDERS} orders generated in ${(nowMs() - setUpStart) / 1000 < 1 ? formatMs(nowMs() - setUpStart) : `${((nowMs() - setUpStart) / 1000).toFixed(1)} s`}`);
  const codes: string[] = [];
  for (let i = 0; i < LOOKUPS; i++) {
    const order = Math.floor(Math.random() * LOOKUP_ORDERS);
    const count = Math.min(perOrder, total - order * perOrder);
    const no = 1 + Math.floor(Math.random() * Math.max(1, count));
    codes.push(`PO-LK-${String(order).padStart(4, '0')}-${String(no).padStart(3, '0')}`);
  }
  // The station scans in upper or lower case; the lookup is case-insensitive.
  const sql = `SELECT ${BUNDLE_ROW} FROM ${BUNDLE_FROM} WHERE lower(b.code) = lower($1) AND NOT b.voided`;
  for (const code of codes.slice(0, 10)) await db.query(sql, [code]);
  const raw: number[] = [];
  let found = 0;
  for (const code of codes) {
    const start = nowMs();
    const rows: unknown[] = await db.query(sql, [code.toLowerCase()]);
    raw.push(nowMs() - start);
    found += rows.length;
  }
  // What GET /bundle/:code computes (record, steps, trace, open rework), without HTTP.
  const queries = app.get(BundleQueryRepository);
  const detail: number[] = [];
  for (const code of codes) {
    const start = nowMs();
    await queries.detail(db.manager, code);
    detail.push(nowMs() - start);
  }
  const http: number[] = [];
  let httpOk = 0;
  for (const code of codes) {
    const start = nowMs();
    const response = await fetch(`${url}/api/admin/bundle/${encodeURIComponent(code)}`, { headers: { token } });
    const body = (await response.json()) as { code: number };
    http.push(nowMs() - start);
    if (body.code === 200) httpOk++;
  }
  const plan: { 'QUERY PLAN': string }[] = await db.query(`EXPLAIN ${sql.replace('$1', `'${codes[0].toLowerCase()}'`)}`);
  const rawP = percentiles(raw);
  const httpP = percentiles(http);
  console.log(`\n1. Bundle lookup by QR among ${total.toLocaleString('en')} bundles, ${LOOKUPS} random codes (${found} found by SQL, ${httpOk} by HTTP):`);
  console.log(`   raw SQL (findByCode): p50 ${formatMs(rawP.p50)}, p99 ${formatMs(rawP.p99)}   target p50 ≤ 5 ms: ${rawP.p50 <= 5 ? 'PASS' : 'FAIL'}`);
  const detailP = percentiles(detail);
  console.log(`   BundleQueryRepository.detail (the GET's work without HTTP): p50 ${formatMs(detailP.p50)}, p99 ${formatMs(detailP.p99)}`);
  console.log(`   GET /api/admin/bundle/:code: p50 ${formatMs(httpP.p50)}, p99 ${formatMs(httpP.p99)}   target p50 ≤ 5 ms: ${httpP.p50 <= 5 ? 'PASS' : 'FAIL'}`);
  console.log(`   EXPLAIN:\n${plan.map((row) => `     ${row['QUERY PLAN']}`).join('\n')}`);
  const usesIndex = plan.some((row) => row['QUERY PLAN'].includes('bundle_code_unique'));
  console.log(`   bundle_code_unique used: ${usesIndex ? 'yes' : 'NO'}`);

  // ——— 2. bundle scans from 50 stations with boards ———
  const perStation = Math.ceil(scans / STATIONS);
  await seed.query(
    `INSERT INTO app_user (username, nickname, password_hash, permissions, process_ids)
     SELECT 'st' || n, 'Station ' || n, 'x', '{Scan}', ARRAY[$1::int, $2::int] FROM generate_series(1, ${STATIONS}) AS n`,
    [cutProcess, sewProcess],
  );
  const stationWorkers: number[] = (await db.query(`SELECT id FROM app_user WHERE username ~ '^st[0-9]+$' ORDER BY id`)).map((row: { id: number }) => row.id);
  // Each station its own order, cut in one lay into its bundles (the lay records their cutting scans).
  const cutStart = nowMs();
  const stationOrders = await createOrders('PO-ST', STATIONS, 100_000);
  const stationBundles: string[][] = [];
  for (const [s, orderId] of stationOrders.entries()) {
    const response = await fetch(`${url}/api/admin/cutting/lay`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', token },
      body: JSON.stringify({ orderId, colorId: colors[0], plies: 1, sizes: [{ sizeId: goods.sizes[0].id, quantity: perStation * BUNDLE_SIZE }], bundleSize: BUNDLE_SIZE, cutterId: stationWorkers[s] }),
    });
    const answer = (await response.json()) as { code: number; message: string; data: { id: number } };
    if (answer.code !== 200) throw new Error(`cutting/lay: ${answer.message}`);
    const lay = answer.data;
    stationBundles.push((await db.query(`SELECT code FROM bundle WHERE lay_id = $1 ORDER BY bundle_no`, [lay.id])).map((row: { code: string }) => row.code));
  }
  // The order-level comparison: orders of their own, cut at order level (no bundles).
  const plainOrders = await createOrders('PO-PL', STATIONS, 100_000);
  for (const [s, orderId] of plainOrders.entries()) {
    await post('admin/scan/record', { scanId: `cut-plain-${s}-x`, orderId: String(orderId), processId: String(cutProcess), quantity: String(perStation * BUNDLE_SIZE), colorId: String(colors[0]), sizeId: String(goods.sizes[0].id), workerId: String(stationWorkers[s]) });
  }
  await db.query('ANALYZE');
  console.log(`\n  ${STATIONS} stations: ${STATIONS} lays of ${perStation} bundles (${BUNDLE_SIZE} pieces) through the lay API + ${STATIONS} order-level orders in ${((nowMs() - cutStart) / 1000).toFixed(1)} s`);

  const workers: Child[] = [];
  try {
    for (let i = 0; i < BOARD_WORKERS; i++) workers.push(await startChild('boards', `boards ${i + 1}`, [], process.env));
    await Promise.all(workers.map((worker, i) => worker.call('connect', { url, auth: { token }, rooms: ['board'], count: Math.floor(BOARDS / BOARD_WORKERS) + (i < BOARDS % BOARD_WORKERS ? 1 : 0) })));
    console.log(`  ${BOARDS} boards connected in ${BOARD_WORKERS} processes; clock offsets ${workers.map((worker) => `${(worker.offset * 1000).toFixed(0)} µs`).join(', ')}`);

    const bundleRun = await openLoop(workers, BOARDS, 'Bbundle', 'bundle scan', scans, (index, scanId) => {
      const station = index % STATIONS;
      const code = stationBundles[station][Math.floor(index / STATIONS)];
      return { path: 'admin/bundle/scan', body: { scanId, code, processId: sewProcess, workerId: stationWorkers[station], deviceId: `station-${station}` } };
    }, url, token);
    const plainRun = await openLoop(workers, BOARDS, 'Bplain', 'order-level scan', scans, (index, scanId) => {
      const station = index % STATIONS;
      return {
        path: 'admin/scan/record',
        body: { scanId, orderId: plainOrders[station], processId: sewProcess, quantity: BUNDLE_SIZE, colorId: colors[0], sizeId: goods.sizes[0].id, workerId: stationWorkers[station], deviceId: `station-${station}` },
      };
    }, url, token);

    console.log(`\n2. ${PER_MINUTE} scans/min from ${STATIONS} stations, ${BOARDS} boards, ${SECONDS} s each (ms):`);
    console.log(`   ${'case'.padEnd(18)} ${'ok/sent'.padStart(11)} | ${'POST p50'.padStart(8)} ${'p99'.padStart(7)} | ${'every board p50'.padStart(15)} ${'p99'.padStart(7)} | ${'per delivery p50'.padStart(16)} ${'p99'.padStart(7)} | missing`);
    for (const row of [bundleRun, plainRun]) {
      console.log(
        `   ${row.label.padEnd(18)} ${`${row.ok}/${row.sent}`.padStart(11)} | ${f(row.post.p50).padStart(8)} ${f(row.post.p99).padStart(7)} | ${f(row.everyBoard.p50).padStart(15)} ${f(row.everyBoard.p99).padStart(7)} | ${f(row.perDelivery.p50).padStart(16)} ${f(row.perDelivery.p99).padStart(7)} | ${row.missing}`,
      );
      if (row.refusals.size > 0) console.log(`     refused: ${[...row.refusals].map(([key, count]) => `${count}× ${key}`).join('; ')}`);
    }
    const ratio = (a: number, b: number) => (b > 0 ? `×${(a / b).toFixed(2)}` : '—');
    console.log(
      `   bundle / order-level: POST p50 ${ratio(bundleRun.post.p50, plainRun.post.p50)}, p99 ${ratio(bundleRun.post.p99, plainRun.post.p99)}; every board p50 ${ratio(bundleRun.everyBoard.p50, plainRun.everyBoard.p50)}, p99 ${ratio(bundleRun.everyBoard.p99, plainRun.everyBoard.p99)}`,
    );
    const [{ done }] = await db.query(`SELECT coalesce(sum(done_quantity), 0)::int AS done FROM production_order_step WHERE process_id = $1 AND order_id = ANY($2::int[])`, [sewProcess, stationOrders]);
    console.log(`   sewing done on the stations' orders: ${done} pieces = ${bundleRun.ok} bundle scans × ${BUNDLE_SIZE}: ${done === bundleRun.ok * BUNDLE_SIZE ? 'yes' : 'NO'}`);
  } finally {
    await Promise.all(workers.map((worker) => worker.call('disconnect').catch(() => undefined)));
    for (const worker of workers) if (worker.process.exitCode === null) worker.process.kill();
    await runner?.release();
  }
}

const f = (value: number) => (Number.isFinite(value) ? (value >= 100 ? value.toFixed(0) : value.toFixed(2)) : '—');

/**
 * Sends `count` scans at PER_MINUTE (open loop: each at its time, whatever the answers), each
 * scan id carrying its send time, while the boards count the events; waits for the stragglers.
 */
async function openLoop(
  workers: Child[],
  boards: number,
  phase: string,
  label: string,
  count: number,
  request: (index: number, scanId: string) => { path: string; body: Record<string, string | number> },
  url: string,
  token: string,
): Promise<RunResult> {
  await Promise.all(workers.map((worker) => worker.call('startPhase', { phase, scans: count, shift: -worker.offset })));
  const interval = 60_000 / PER_MINUTE;
  const post: number[] = new Array<number>(count).fill(-1);
  const refusals = new Map<string, number>();
  const pending: Promise<void>[] = [];
  const start = clock();
  for (let index = 0; index < count; index++) {
    const due = start + index * interval;
    const wait = due - clock();
    if (wait > 1) await sleep(wait);
    const sentAt = clock();
    const { path, body } = request(index, scanIdOf(phase, index, sentAt));
    pending.push(
      fetch(`${url}/api/${path}`, { method: 'POST', headers: { 'content-type': 'application/json', token }, body: JSON.stringify(body) })
        .then(async (response) => {
          const json = (await response.json()) as { code: number; message: string };
          if (json.code === 200) post[index] = clock() - sentAt;
          else refusals.set(`${json.code} ${json.message}`, (refusals.get(`${json.code} ${json.message}`) ?? 0) + 1);
        })
        .catch((error: unknown) => {
          const key = error instanceof Error ? error.message : String(error);
          refusals.set(key, (refusals.get(key) ?? 0) + 1);
        }),
    );
  }
  await Promise.all(pending);
  const ok = post.filter((value) => value >= 0).length;
  let lastDelivered = -1;
  let lastMove = clock();
  for (;;) {
    const progress = await Promise.all(workers.map((worker) => worker.call<{ delivered: number }>('progress')));
    const delivered = progress.reduce((sum, part) => sum + part.delivered, 0);
    if (delivered >= ok * boards) break;
    if (delivered !== lastDelivered) {
      lastDelivered = delivered;
      lastMove = clock();
    } else if (clock() - lastMove > 10_000) break;
    await sleep(20);
  }
  const parts = await Promise.all(workers.map((worker) => worker.call<BoardPhase>('endPhase')));
  const histogram = newHistogram();
  const counts = new Uint32Array(count);
  const maxima = new Float64Array(count);
  for (const part of parts) {
    merge(histogram, part.histogram);
    for (let i = 0; i < count; i++) {
      counts[i] += part.counts[i];
      if (part.maxima[i] > maxima[i]) maxima[i] = part.maxima[i];
    }
  }
  const everyBoard: number[] = [];
  let missing = 0;
  for (let i = 0; i < count; i++) {
    if (post[i] < 0) continue;
    if (counts[i] >= boards) everyBoard.push(maxima[i]);
    missing += Math.max(0, boards - counts[i]);
  }
  return {
    label,
    sent: count,
    ok,
    refusals,
    post: summarizeValues(post.filter((value) => value >= 0)),
    everyBoard: summarizeValues(everyBoard),
    perDelivery: summarize(histogram),
    missing,
  };
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
