// Master-data list and export with 10,000 styles (issue "base data": list latency, export time).
// Each case is timed through HTTP (guard, validation, SQL, envelope) and, as the baseline in
// the same run, the bare SQL of the same page on a direct connection (server database only).
import pg from 'pg';
import { bootBenchApp } from './bench-app.js';
import { formatMs, nowMs, percentiles, timeIt } from './stats.js';

const STYLES = 10_000;
const RUNS = 30;

async function main(): Promise<void> {
  const bench = await bootBenchApp();
  const { app, url, databaseUrl, token } = bench;
  const post = (path: string, body: Record<string, string>, _token?: string) => bench.post(path, body);
  const { DataSource } = await import('typeorm');
  const db = app.get(DataSource);

  console.log(`\nMaster data with ${STYLES.toLocaleString('en')} styles — database: ${databaseUrl ? 'PostgreSQL server' : 'embedded PGlite'}`);
  const seedStart = nowMs();
  const categories = [];
  for (let i = 0; i < 8; i++) categories.push((await post('admin/category/create', { code: `CAT${i}`, name: `类别 Category ${i}` }, token)).data.id);
  const sizeGroup = (await post('admin/size/create', { code: 'ALPHA', name: 'S–XXL', sizes: JSON.stringify(['S', 'M', 'L', 'XL'].map((name) => ({ name }))) }, token)).data.id;
  const color = (await post('admin/color/create', { code: 'BLK', name: 'Black' }, token)).data.id;
  // Bulk rows straight into the tables: the bench measures reading, not 10,000 form posts.
  await db.query(
    `INSERT INTO goods (code, name, category_id, size_group_id, cost_price, sales_price)
     SELECT 'ST' || lpad(n::text, 6, '0'), '款式 Style ' || n, ($1::int[])[1 + n % 8], $2, 10 + n % 90, 25 + n % 150
       FROM generate_series(1, ${STYLES}) AS n`,
    [categories, sizeGroup],
  );
  await db.query(`INSERT INTO goods_color (goods_id, color_id, sort_order) SELECT id, $1, 0 FROM goods`, [color]);
  await db.query('ANALYZE');
  console.log(`  seeded in ${formatMs(nowMs() - seedStart)}`);

  const get = (query: string) => fetch(`${url}/api/admin/goods/list?${query}`, { headers: { token } }).then((r) => r.json());
  const cases: [string, string, string][] = [
    ['first page, default sort', 'page=1&pageSize=20', `SELECT * FROM goods ORDER BY lower(code), id LIMIT 20`],
    ['page 400 of 500', 'page=400&pageSize=20', `SELECT * FROM goods ORDER BY lower(code), id LIMIT 20 OFFSET 7980`],
    ['keyword search', 'keyword=Style%2012', `SELECT * FROM goods WHERE code ILIKE '%Style 12%' OR name ILIKE '%Style 12%' ORDER BY lower(code) LIMIT 20`],
    ['filter by category', `filter.category=${categories[3]}`, `SELECT * FROM goods WHERE category_id = ${categories[3]} ORDER BY lower(code) LIMIT 20`],
    ['sort by sales price desc', 'sortField=salesPrice&sortOrder=desc', `SELECT * FROM goods ORDER BY sales_price DESC, id DESC LIMIT 20`],
  ];
  const raw = databaseUrl ? new pg.Client({ connectionString: databaseUrl }) : null;
  await raw?.connect();
  for (const [label, query, sql] of cases) {
    await get(query);
    const http = percentiles(await timeIt(RUNS, () => get(query)));
    let line = `  ${label.padEnd(26)} p50 ${formatMs(http.p50)}  p95 ${formatMs(http.p95)}`;
    if (raw) {
      const bare = percentiles(await timeIt(RUNS, () => raw.query(sql)));
      line += `   bare SQL p50 ${formatMs(bare.p50)} (×${(http.p50 / bare.p50).toFixed(1)})`;
    }
    console.log(line);
  }
  const exportTimes = await timeIt(3, async () => {
    const response = await fetch(`${url}/api/admin/goods/export`, { headers: { token } });
    await response.arrayBuffer();
  });
  const size = (await (await fetch(`${url}/api/admin/goods/export`, { headers: { token } })).arrayBuffer()).byteLength;
  console.log(`  Excel export, all ${STYLES.toLocaleString('en')} rows  median ${formatMs(percentiles(exportTimes).p50)} (${(size / 1024).toFixed(0)} KiB)`);
  await raw?.end();
  await bench.close();
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
