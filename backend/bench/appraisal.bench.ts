// Piece-rate pay (issue 11) on PostgreSQL: 2,000,000 scans by 500 workers over 90 days, the
// summary worker_daily_output filled from them as the scans' own writes would have, then through
// HTTP (guard, validation, SQL, envelope):
//   - one worker's month (GET statistics/appraisal?workerId=)      target p50 ≤ 50 ms
//   - the whole factory's month per worker (GET statistics/payroll) target p50 ≤ 500 ms
//   - the factory's month, first page with its totals (GET statistics/appraisal), printed
//   - the month's payroll as Excel (GET statistics/payroll/export) target ≤ 5 s
// The rows are generated with generate_series straight into the tables. DATABASE_URL picks the
// server; the app works in a scratch database of its own (bench-app.ts), dropped afterwards.
// BENCH_SCANS scales the data (the scale used is printed).
import { bootBenchApp, type BenchApp } from './bench-app.js';
import { factoryTimeZone, lastDayOfMonth, shiftDay, startOfLocalDay } from '../src/progress/calendar.js';
import { localDay } from '../src/progress/progress-math.js';
import { formatMs, nowMs, percentiles, timeIt } from './stats.js';

const SCANS = Number(process.env.BENCH_SCANS ?? 2_000_000);
const WORKERS = 500;
const PROCESSES = 8;
const DAYS = 90;
const ORDERS = 20;
const RUNS = 30;
const BATCH = 50_000;

async function main(): Promise<void> {
  const bench = await bootBenchApp();
  // A failed run drops its scratch database too (minutes of generated rows otherwise stay behind).
  try {
    await run(bench);
  } finally {
    await bench.close();
  }
}

async function run(bench: BenchApp): Promise<void> {
  const { app, url, databaseUrl, token, post } = bench;
  const { DataSource } = await import('typeorm');
  const db = app.get(DataSource);
  // The generation runs for minutes: a connection of its own without the app's statement timeout.
  const seed = db.createQueryRunner();
  await seed.connect();
  await seed.query('SET statement_timeout = 0');
  console.log(`\nPiece-rate pay: ${SCANS.toLocaleString('en')} scans by ${WORKERS} workers over ${DAYS} days — database: ${databaseUrl ? 'PostgreSQL server' : 'embedded PGlite'}`);

  const seedStart = nowMs();
  const customer = (await post('admin/customer/create', { code: 'CU1', shortName: 'Customer' })).data.id;
  const category = (await post('admin/category/create', { code: 'CAT', name: 'Category' })).data.id;
  const color = (await post('admin/color/create', { code: 'BLK', name: 'Black' })).data.id;
  const sizeGroup = (await post('admin/size/create', { code: 'ALPHA', name: 'S–L', sizes: JSON.stringify([{ name: 'S' }, { name: 'M' }]) })).data;
  const goods = (await post('admin/goods/create', { code: 'ST1', name: 'Style', category: String(category), sizeGroup: String(sizeGroup.id), colorIds: String(color) })).data;
  for (let n = 1; n <= PROCESSES; n++) {
    const steps = n <= 3 ? JSON.stringify([{ name: 'a', pieceRate: 0.2 * n }, { name: 'b' }]) : '[]';
    await post('admin/process/create', { code: `P${n}`, name: `Process ${n}`, sortOrder: String(n), pieceRate: n === PROCESSES ? '' : (0.25 * n).toFixed(2), steps, ...(n === 1 ? { cutting: 'true' } : {}) });
  }
  const processes: { id: number; rate: number | null }[] = await db.query(`SELECT id, piece_rate::float8 AS rate FROM process ORDER BY sort_order`);
  for (let n = 1; n <= ORDERS; n++) {
    const cells = JSON.stringify([{ colorId: color, sizeId: goods.sizes[0].id, quantity: 1000 }]);
    await post('admin/productionOrder/create', { orderNo: `PO-${n}`, customer: String(customer), goodsId: String(goods.id), orderDate: '2025-01-01', deliveryDate: '2099-01-01', cells });
  }
  const [{ adminId }] = await db.query(`SELECT id AS "adminId" FROM app_user WHERE username = 'admin'`);
  const [{ department }] = await db.query(`SELECT id AS department FROM department ORDER BY id LIMIT 1`);
  // Workers: each may execute two neighbouring processes.
  await seed.query(
    `INSERT INTO app_user (username, nickname, password_hash, permissions, department_id, process_ids)
     SELECT 'w' || n, 'Worker ' || n, 'x', '{Scan}', $1, ARRAY[($2::int[])[1 + n % ${PROCESSES}], ($2::int[])[1 + (n + 1) % ${PROCESSES}]]
       FROM generate_series(1, ${WORKERS}) AS n`,
    [department, processes.map((process) => process.id)],
  );
  // Scans: worker n % 500, then for each worker its k-th scan (k = n / 500) on day k % 90 at one
  // of their two processes, a step on every third scan of a process with steps, 1–20 pieces, in
  // working hours over the last 90 days; about every 47th is taken back (47: prime to the 500
  // workers, so no worker has all their scans taken back).
  const insertStart = nowMs();
  // In batches: one statement per BATCH scans stays inside the app's client-side read timeout.
  for (let first = 1; first <= SCANS; first += BATCH) {
    await seed.query(
    `WITH w AS (SELECT row_number() OVER (ORDER BY id) - 1 AS k, id, process_ids FROM app_user WHERE username ~ '^w[0-9]+$'),
          st AS (SELECT process_id, array_agg(id ORDER BY sequence) AS ids, array_agg(piece_rate ORDER BY sequence) AS rates FROM process_step GROUP BY process_id),
          o AS (SELECT array_agg(id ORDER BY id) AS ids FROM production_order)
     INSERT INTO scan (scan_id, order_id, process_id, quantity, worker_id, scanned_at, recorded_by, result, step_id, piece_rate)
     SELECT 'b' || g.n, o.ids[1 + g.n % ${ORDERS}], x.process_id, 1 + g.n % 20, w.id,
            date_trunc('day', now()) - (((g.n / ${WORKERS}) % ${DAYS}) * interval '1 day') + interval '8 hours' + ((g.n::bigint * 7919) % 36000) * interval '1 second',
            $1, '{}'::jsonb, x.step_id, coalesce(x.step_rate, p.piece_rate)
       FROM generate_series($2::int, $3::int) AS g (n)
       CROSS JOIN o
       JOIN w ON w.k = g.n % ${WORKERS}
       CROSS JOIN LATERAL (SELECT w.process_ids[1 + (g.n / ${WORKERS} / ${DAYS}) % 2] AS process_id) pr
       LEFT JOIN st ON st.process_id = pr.process_id
       CROSS JOIN LATERAL (SELECT pr.process_id,
                                  CASE WHEN st.ids IS NOT NULL AND (g.n / ${WORKERS}) % 3 = 0 THEN st.ids[1 + (g.n / ${WORKERS} / 3) % 2] END AS step_id,
                                  CASE WHEN st.ids IS NOT NULL AND (g.n / ${WORKERS}) % 3 = 0 THEN st.rates[1 + (g.n / ${WORKERS} / 3) % 2] END AS step_rate) x
       JOIN process p ON p.id = x.process_id`,
      [adminId, first, Math.min(SCANS, first + BATCH - 1)],
    );
  }
  await seed.query(
    `INSERT INTO scan (scan_id, order_id, process_id, quantity, worker_id, scanned_at, recorded_by, result, step_id, piece_rate, reverses_id)
     SELECT 'r' || s.scan_id, s.order_id, s.process_id, -s.quantity, s.worker_id, s.scanned_at + interval '1 minute', s.recorded_by, '{}'::jsonb, s.step_id, s.piece_rate, s.id
       FROM scan s WHERE s.id % 47 = 0`,
  );
  const inserted = nowMs() - insertStart;
  // The summary, exactly as the migration backfills it (and as each scan's write keeps it).
  const summaryStart = nowMs();
  // One day of scans per statement (the read timeout again); days are whole, so no key repeats.
  for (let back = -1; back <= DAYS + 1; back++) {
    await seed.query(
      `INSERT INTO worker_daily_output (worker_id, day, process_id, step_id, piece_rate, pieces, pay)
       SELECT worker_id, (scanned_at AT TIME ZONE $1)::date, process_id, coalesce(step_id, 0), piece_rate, sum(quantity), sum(quantity * coalesce(piece_rate, 0))
         FROM scan WHERE worker_id IS NOT NULL AND scanned_at >= $2 AND scanned_at < $3 GROUP BY 1, 2, 3, 4, 5`,
      [factoryTimeZone(), startOfLocalDay(shiftDay(localDay(), -back)), startOfLocalDay(shiftDay(localDay(), 1 - back))],
    );
  }
  await seed.query('ANALYZE');
  await seed.release();
  const [{ scans, summary }] = await db.query(`SELECT (SELECT count(*)::int FROM scan) AS scans, (SELECT count(*)::int FROM worker_daily_output) AS summary`);
  console.log(
    `  seeded ${scans.toLocaleString('en')} scan rows (incl. corrections) in ${formatMs(inserted)}, summary ${summary.toLocaleString('en')} rows in ${formatMs(nowMs() - summaryStart)}; total ${formatMs(nowMs() - seedStart)}`,
  );

  // The last full month lies inside the 90 days.
  const month = shiftDay(`${localDay().slice(0, 7)}-01`, -1).slice(0, 7);
  const from = `${month}-01`;
  const to = lastDayOfMonth(from);
  const [{ worker }] = await db.query(`SELECT id AS worker FROM app_user WHERE username = 'w42'`);
  const get = async (path: string, query: Record<string, string | number>) => {
    const response = await fetch(`${url}/api/admin/${path}?${new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]))}`, { headers: { token } });
    if (path.endsWith('export')) {
      if (response.status !== 200) throw new Error(`${path}: ${response.status}`);
      return (await response.arrayBuffer()).byteLength;
    }
    const json = (await response.json()) as { code: number; message: string; data: unknown };
    if (json.code !== 200) throw new Error(`${path}: ${json.message}`);
    return json.data;
  };
  const cases: [string, string, Record<string, string | number>, number, number][] = [
    ["a worker's month (appraisal, workerId)", 'statistics/appraisal', { from, to, workerId: worker }, RUNS, 50],
    ["the factory's month per worker (payroll)", 'statistics/payroll', { month }, RUNS, 500],
    ["the factory's month, page 1 + totals (appraisal)", 'statistics/appraisal', { from, to }, 10, Number.NaN],
    ['payroll export of the month (xlsx)', 'statistics/payroll/export', { month }, 5, 5000],
  ];
  const payroll = (await get('statistics/payroll', { month })) as { lines: unknown[]; totals: { pieces: number; pay: number } };
  const [check] = await db.query(
    `SELECT count(DISTINCT worker_id)::int AS workers, min(day)::text AS first, max(day)::text AS last FROM worker_daily_output WHERE day BETWEEN $1 AND $2`,
    [from, to],
  );
  console.log(`  summary in ${from}..${to}: ${check.workers} workers, days ${check.first}..${check.last}`);
  console.log(`  month ${month}: ${payroll.lines.length} workers on the payroll, ${payroll.totals.pieces.toLocaleString('en')} pieces, pay ${payroll.totals.pay.toLocaleString('en')}`);
  for (const [label, path, query, runs, target] of cases) {
    await get(path, query);
    const times = percentiles(await timeIt(runs, () => get(path, query)));
    const verdict = Number.isNaN(target) ? '' : times.p50 <= target ? `  ≤ ${target} ms ✓` : `  > ${target} ms ✗`;
    console.log(`  ${label.padEnd(52)} p50 ${formatMs(times.p50)}  p95 ${formatMs(times.p95)}${verdict}`);
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
