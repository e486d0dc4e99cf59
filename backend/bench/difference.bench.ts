// Difference statistics at factory scale (issue 11): 50,000 production orders, 1,000,000 grid
// cells (4 colours × 5 sizes each), about 2,000,000 scans. The counters the report reads
// (production_order_step.done_quantity, production_order_cell_progress) are generated with
// generate_series and kept consistent with each other: half of the orders scanned by colour ×
// size (plus a few pieces without), half scanned whole; a scan row is written for every counter
// increment so the tables have their real size. Each case is timed through HTTP (guard,
// validation, SQL, envelope).
//
// Database: the embedded one by default; DATABASE_URL → a scratch database of its own (dropped
// afterwards); BENCH_DATABASE_URL → that empty database as it is (the operator made and drops it).
// BENCH_ORDERS scales the data down; BENCH_EXPLAIN=1 prints the query plans of the summary. A
// database that already holds orders (an earlier run on BENCH_DATABASE_URL) is measured as it is.
import pg from 'pg';
import { DataSource, type EntityManager } from 'typeorm';
import { DifferenceRepository, type DifferenceFilter } from '../src/statistics/difference.repository.js';
import { bootBenchApp, type BenchApp } from './bench-app.js';
import { formatMs, nowMs, percentiles, timeIt } from './stats.js';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 50_000);
const STYLES = 500;
const CUSTOMERS = 300;
const RUNS = Number(process.env.BENCH_RUNS ?? 20);

// One process flow: 裁床 cut (k 1) → 车缝 sew, the end (2) → 质检 qc (3) → 入库 in (4) → 出库 out (5).
// Completed orders have reached every process; an open order reached processes 1 … id % 4 + 1.
const REACHED = `(p.completed OR st.k <= p.id % 4 + 1)`;
// Done per cell at a reached process: the cell's quantity, one short on some cells, one over on others.
const CELL_DONE = `GREATEST(0, c.quantity + CASE WHEN (p.id + c.color_id + c.size_id + st.k) % 9 = 0 THEN 1
                                                   WHEN (p.id + c.color_id + c.size_id + st.k) % 4 = 0 THEN -1 ELSE 0 END)`;
const STAGES = `(SELECT id AS process_id, sort_order / 10 AS k FROM process)`;

async function main(): Promise<void> {
  const bench = await bootBenchApp({ databaseUrl: process.env.BENCH_DATABASE_URL });
  const { app, url, databaseUrl, token } = bench;
  const db = app.get(DataSource);
  const server = databaseUrl ? 'PostgreSQL server' : 'embedded PGlite';
  console.log(`\nDifference statistics: ${ORDERS.toLocaleString('en')} production orders — database: ${server}`);

  const [{ existing }] = await db.query(`SELECT count(*)::int AS existing FROM production_order`);
  if (existing === 0) await seed(db, databaseUrl, bench.post);
  else console.log(`  reusing the ${existing.toLocaleString('en')} orders already in this database (a previous run on BENCH_DATABASE_URL)`);
  const [counts] = await db.query(
    `SELECT (SELECT count(*) FROM production_order)::int AS orders, (SELECT count(*) FROM production_order_cell)::int AS cells,
            (SELECT count(*) FROM production_order_cell_progress)::int AS progress, (SELECT count(*) FROM scan)::int AS scans`,
  );
  console.log(
    `  data: ${counts.orders.toLocaleString('en')} orders, ${counts.cells.toLocaleString('en')} cells, ` +
      `${counts.progress.toLocaleString('en')} cell counters, ${counts.scans.toLocaleString('en')} scans`,
  );

  const [{ customer }] = await db.query(`SELECT id AS customer FROM customer WHERE code = 'CU018'`);
  const get = async (path: string, query: string) => {
    const response = await fetch(`${url}/api/admin/statistics/${path}?${query}`, { headers: { token } });
    if (path.endsWith('export')) {
      if (response.status !== 200) throw new Error(`${path}?${query}: ${response.status} ${await response.text()}`);
      return (await response.arrayBuffer()).byteLength;
    }
    const json = (await response.json()) as { code: number; message: string; data: { total: number } };
    if (json.code !== 200) throw new Error(`${path}?${query}: ${json.message}`);
    return json.data.total;
  };
  const cases: [string, string][] = [
    ['page 1, open orders (default)', ''],
    ['page 1, all orders', 'status=all'],
    ['page 1, one customer', `customerId=${customer}`],
    ['page 1, one customer, all orders', `customerId=${customer}&status=all`],
    ['page 1, only differences', 'onlyDifferences=true'],
    ['page 1, order no. contains', 'orderNo=0012'],
    ['page 1, delivery month', 'deliveryFrom=2024-06-01&deliveryTo=2024-06-30&status=all'],
    ['page 1, one order (overview)', 'orderId=12345&status=all'],
    ['page 100 of open orders', 'page=100'],
    ['page 1, 100 rows', 'pageSize=100'],
  ];
  for (const [label, query] of cases) {
    const total = await get('difference', query);
    const http = percentiles(await timeIt(RUNS, () => get('difference', query)));
    console.log(`  ${label.padEnd(36)} ${String(total).padStart(6)} orders  p50 ${formatMs(http.p50)}  p95 ${formatMs(http.p95)}`);
  }
  const exportQuery = `customerId=${customer}&status=all`;
  const bytes = await get('difference/export', exportQuery);
  const exportTimes = await timeIt(5, () => get('difference/export', exportQuery));
  console.log(`  ${'export, one customer, all orders'.padEnd(36)} ${String(bytes).padStart(6)} bytes   median ${formatMs(percentiles(exportTimes).p50)}`);

  if (process.env.BENCH_EXPLAIN === '1') {
    // The repository's own SQL, explained: a manager that prefixes EXPLAIN.
    const explaining = {
      query: async (sql: string, params: unknown[]) => {
        printPlan(await db.query(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, params));
        return db.query(sql, params);
      },
    } as unknown as EntityManager;
    const repository = new DifferenceRepository();
    const filters: [string, DifferenceFilter][] = [
      ['summary, open orders', { status: 'open', onlyDifferences: false }],
      ['summary, one customer', { status: 'open', onlyDifferences: false, customerId: customer }],
    ];
    for (const [label, filter] of filters) {
      console.log(`\n  plan: ${label}`);
      await repository.summary(explaining, filter);
    }
    console.log('\n  plan: page 1, open orders');
    await repository.orderPage(explaining, { status: 'open', onlyDifferences: false }, 20, 0);
  }
  await bench.close();
}

/** The factory's data, straight into the tables. */
async function seed(db: DataSource, databaseUrl: string | undefined, post: BenchApp['post']): Promise<void> {
  const seedStart = nowMs();
  // Generating millions of rows takes longer than the app pool's statement and query timeouts:
  // on a server, a connection of its own without them (the embedded database has none).
  const client = databaseUrl ? new pg.Client({ connectionString: databaseUrl }) : null;
  await client?.connect();
  const seeder = { query: (sql: string, params: unknown[] = []) => (client ? client.query(sql, params) : db.query(sql, params)) };
  const step = async (label: string, sql: string, params: unknown[] = []) => {
    const start = nowMs();
    await seeder.query(sql, params);
    console.log(`  · ${label.padEnd(36)} ${formatMs(nowMs() - start)}`);
  };
  const category = (await post('admin/category/create', { code: 'CAT', name: 'Category' })).data.id;
  const sizeGroup = (await post('admin/size/create', { code: 'ALPHA', name: 'S–XXL', sizes: JSON.stringify(['S', 'M', 'L', 'XL', 'XXL'].map((name) => ({ name }))) })).data;
  await db.query(
    `INSERT INTO process (code, name, sort_order, cutting, end_process, warehouse_in, warehouse_out) VALUES
       ('P1', '裁床', 10, true, false, false, false), ('P2', '车缝', 20, false, true, false, false), ('P3', '质检', 30, false, false, false, false),
       ('P4', '入库', 40, false, false, true, false), ('P5', '出库', 50, false, false, false, true)`,
  );
  await db.query(`INSERT INTO color (code, name) SELECT 'C' || n, 'Colour ' || n FROM generate_series(1, 8) AS n`);
  await db.query(`INSERT INTO customer (code, short_name) SELECT 'CU' || lpad(n::text, 3, '0'), 'Customer ' || n FROM generate_series(1, ${CUSTOMERS}) AS n`);
  await db.query(
    `INSERT INTO goods (code, name, category_id, size_group_id, cost_price, sales_price)
     SELECT 'ST' || lpad(n::text, 5, '0'), 'Style ' || n, $1, $2, 10, 25 FROM generate_series(1, ${STYLES}) AS n`,
    [category, sizeGroup.id],
  );
  await db.query(
    `INSERT INTO goods_color (goods_id, color_id, sort_order)
     SELECT g.id, c.id, k FROM goods g, generate_series(0, 3) AS k, LATERAL (SELECT id FROM color ORDER BY id OFFSET (g.id + k) % 8 LIMIT 1) c`,
  );
  await step(
    'production orders',
    `INSERT INTO production_order (order_no, customer_id, goods_id, product_name, order_date, delivery_date, hidden, completed, completed_at)
     SELECT 'P' || lpad(n::text, 7, '0'), cu.id, g.id, 'Style', date '2024-01-01' + (n % 700), date '2024-01-01' + (n % 700) + 45,
            n % 50 = 0, n % 5 < 2, CASE WHEN n % 5 < 2 THEN timestamptz '2025-06-01' END
       FROM generate_series(1, ${ORDERS}) AS n
       JOIN customer cu ON cu.code = 'CU' || lpad((1 + n % ${CUSTOMERS})::text, 3, '0')
       JOIN goods g ON g.code = 'ST' || lpad((1 + (n * 7) % ${STYLES})::text, 5, '0')`,
  );
  await step(
    'grid cells (4 colours × 5 sizes)',
    `INSERT INTO production_order_cell (order_id, color_id, size_id, quantity)
     SELECT p.id, gc.color_id, s.id, 1 + (p.id * 7 + gc.sort_order * 5 + s.sort_order) % 60
       FROM production_order p JOIN goods_color gc ON gc.goods_id = p.goods_id JOIN size s ON s.size_group_id = $1`,
    [sizeGroup.id],
  );
  await step('order totals', `UPDATE production_order p SET total_quantity = t.q FROM (SELECT order_id, sum(quantity) AS q FROM production_order_cell GROUP BY order_id) t WHERE t.order_id = p.id`);
  await step(
    'route steps',
    `INSERT INTO production_order_step (order_id, process_id, sequence, due_date, planned_quantity)
     SELECT p.id, st.process_id, st.k, p.delivery_date, p.total_quantity FROM production_order p CROSS JOIN ${STAGES} st`,
  );
  // Odd orders are scanned by colour × size, even ones whole.
  await step(
    'cell progress (odd orders)',
    `INSERT INTO production_order_cell_progress (order_id, process_id, color_id, size_id, done_quantity)
     SELECT p.id, st.process_id, c.color_id, c.size_id, ${CELL_DONE}
       FROM production_order p JOIN production_order_cell c ON c.order_id = p.id CROSS JOIN ${STAGES} st
      WHERE p.id % 2 = 1 AND ${REACHED}`,
  );
  // Step done: what the cells made, plus a few pieces scanned without colour/size on odd orders.
  await step(
    'step done',
    `UPDATE production_order_step s SET done_quantity = d.done + CASE WHEN d.order_id % 2 = 1 THEN d.order_id % 7 ELSE 0 END,
            first_scan_at = timestamptz '2025-01-01', last_scan_at = timestamptz '2025-06-01'
       FROM (SELECT p.id AS order_id, st.process_id, sum(${CELL_DONE}) AS done
               FROM production_order p JOIN production_order_cell c ON c.order_id = p.id CROSS JOIN ${STAGES} st
              WHERE ${REACHED} GROUP BY p.id, st.process_id) d
      WHERE s.order_id = d.order_id AND s.process_id = d.process_id`,
  );
  // The history behind the counters: a scan per cell counter, one per step for the rest.
  await step(
    'scans by cell',
    `INSERT INTO scan (scan_id, order_id, process_id, quantity, color_id, size_id, scanned_at, recorded_by, result)
     SELECT 'bc-' || order_id || '-' || process_id || '-' || color_id || '-' || size_id, order_id, process_id, done_quantity, color_id, size_id,
            timestamptz '2025-01-01' + (order_id % 150) * interval '1 day', 1, '{}'::jsonb
       FROM production_order_cell_progress WHERE done_quantity > 0`,
  );
  await step(
    'scans without cell',
    `INSERT INTO scan (scan_id, order_id, process_id, quantity, scanned_at, recorded_by, result)
     SELECT 'bw-' || s.order_id || '-' || s.process_id, s.order_id, s.process_id, s.done_quantity - COALESCE(cp.done, 0),
            timestamptz '2025-01-01' + (s.order_id % 150) * interval '1 day', 1, '{}'::jsonb
       FROM production_order_step s
       LEFT JOIN (SELECT order_id, process_id, sum(done_quantity) AS done FROM production_order_cell_progress GROUP BY order_id, process_id) cp
              ON cp.order_id = s.order_id AND cp.process_id = s.process_id
      WHERE s.done_quantity - COALESCE(cp.done, 0) > 0`,
  );
  await step('ANALYZE', 'ANALYZE');
  await client?.end();
  console.log(`  seeded in ${formatMs(nowMs() - seedStart)}`);
}

function printPlan(rows: { 'QUERY PLAN': string }[]): void {
  for (const row of rows) console.log(`    ${row['QUERY PLAN']}`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
