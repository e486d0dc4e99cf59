// Sales orders and the order-details query with 50,000 orders and 1,000,000 cells (issue
// "orders": list latency of a few filters, create latency of an order with a 3 × 5 grid).
// The data is generated with generate_series straight into the tables; each case is timed
// through HTTP (guard, validation, SQL, envelope). On a server (DATABASE_URL) it works in a
// scratch database of its own and drops it afterwards.
import { bootBenchApp } from './bench-app.js';
import { formatMs, nowMs, percentiles, timeIt } from './stats.js';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 50_000);
const LINES_PER_ORDER = 3;
const STYLES = 500;
const CUSTOMERS = 300;
const RUNS = 30;

async function main(): Promise<void> {
  const bench = await bootBenchApp();
  const { app, url, databaseUrl, token } = bench;
  const post = (path: string, body: Record<string, string>, _token?: string) => bench.post(path, body);
  const { DataSource } = await import('typeorm');
  const db = app.get(DataSource);

  console.log(`\nOrders: ${ORDERS.toLocaleString('en')} sales orders — database: ${databaseUrl ? 'PostgreSQL server' : 'embedded PGlite'}`);
  const seedStart = nowMs();
  const category = (await post('admin/category/create', { code: 'CAT', name: 'Category' }, token)).data.id;
  const sizeGroup = (await post('admin/size/create', { code: 'ALPHA', name: 'S–XXL', sizes: JSON.stringify(['S', 'M', 'L', 'XL', 'XXL'].map((name) => ({ name }))) }, token)).data;
  const sizeIds: number[] = sizeGroup.sizes.map((size: { id: number }) => size.id);
  await db.query(`INSERT INTO color (code, name) SELECT 'C' || n, 'Colour ' || n FROM generate_series(1, 8) AS n`);
  const colorIds: number[] = (await db.query(`SELECT id FROM color ORDER BY id`)).map((row: { id: number }) => row.id);
  await db.query(`INSERT INTO customer (code, short_name) SELECT 'CU' || n, 'Customer ' || n FROM generate_series(1, ${CUSTOMERS}) AS n`);
  await db.query(`INSERT INTO merchandiser (code, name) SELECT 'M' || n, 'Merch ' || n FROM generate_series(1, 20) AS n`);
  await db.query(
    `INSERT INTO goods (code, name, category_id, size_group_id, cost_price, sales_price)
     SELECT 'ST' || lpad(n::text, 5, '0'), 'Style ' || n, $1, $2, 10 + n % 40, 25 + n % 90 FROM generate_series(1, ${STYLES}) AS n`,
    [category, sizeGroup.id],
  );
  const goodsIds: number[] = (await db.query(`SELECT id FROM goods ORDER BY id`)).map((row: { id: number }) => row.id);
  const customerIds: number[] = (await db.query(`SELECT id FROM customer ORDER BY id`)).map((row: { id: number }) => row.id);
  const merchIds: number[] = (await db.query(`SELECT id FROM merchandiser ORDER BY id`)).map((row: { id: number }) => row.id);
  // Four colours per style, all five sizes: 20 cells possible per line.
  await db.query(
    `INSERT INTO goods_color (goods_id, color_id, sort_order)
     SELECT g, ($2::int[])[1 + (array_position($1::int[], g) + k) % 8], k FROM unnest($1::int[]) AS g, generate_series(0, 3) AS k`,
    [goodsIds, colorIds],
  );
  await db.query(
    `INSERT INTO sale_order (order_no, order_date, delivery_date, customer_id, merchandiser_id, customer_order_no)
     SELECT 'B' || lpad(n::text, 7, '0'), date '2023-01-01' + (n % 1000), date '2023-01-01' + (n % 1000) + 30,
            ($1::int[])[1 + n % ${CUSTOMERS}], ($2::int[])[1 + n % 20], 'PO-' || (n * 7919 % 100000)
       FROM generate_series(1, ${ORDERS}) AS n`,
    [customerIds, merchIds],
  );
  await db.query(
    `INSERT INTO sale_order_line (sale_order_id, line_no, goods_id, product_name, cost_price, selling_price)
     SELECT o.id, k, ($1::int[])[1 + (o.id * ${LINES_PER_ORDER} + k) % ${STYLES}], 'Style', 10, 20 + k
       FROM sale_order o, generate_series(1, ${LINES_PER_ORDER}) AS k`,
    [goodsIds],
  );
  // About 6.7 of the 20 cells per line: 150,000 lines → about 1,000,000 cells.
  await db.query(
    `INSERT INTO sale_order_cell (line_id, color_id, size_id, quantity)
     SELECT l.id, ($2::int[])[1 + (array_position($1::int[], l.goods_id) + c / 5) % 8], ($3::int[])[1 + c % 5], 1 + (l.id + c) % 50
       FROM sale_order_line l, generate_series(0, 19) AS c
      WHERE (l.id + c) % 3 = 0`,
    [goodsIds, colorIds, sizeIds],
  );
  await db.query(
    `UPDATE sale_order_line l SET quantity = s.q, amount = s.q * l.selling_price, cell_count = s.n
       FROM (SELECT line_id, sum(quantity) AS q, count(*) AS n FROM sale_order_cell GROUP BY line_id) s WHERE s.line_id = l.id`,
  );
  await db.query(
    `UPDATE sale_order o SET total_quantity = s.q, total_amount = s.a, total_cost = s.c, profit = s.a - s.c,
            profit_rate = CASE WHEN s.a = 0 THEN 0 ELSE round((s.a - s.c) / s.a, 6) END
       FROM (SELECT sale_order_id, sum(quantity) AS q, sum(amount) AS a, sum(quantity * cost_price) AS c FROM sale_order_line GROUP BY sale_order_id) s
      WHERE s.sale_order_id = o.id`,
  );
  await db.query('ANALYZE');
  const [{ cells }] = await db.query(`SELECT count(*)::int AS cells FROM sale_order_cell`);
  console.log(`  seeded ${ORDERS.toLocaleString('en')} orders, ${(ORDERS * LINES_PER_ORDER).toLocaleString('en')} lines, ${cells.toLocaleString('en')} cells in ${formatMs(nowMs() - seedStart)}`);

  const get = async (path: string, query: string) => {
    const response = await fetch(`${url}/api/admin/${path}/list?${query}`, { headers: { token } });
    const json = (await response.json()) as { code: number; message: string };
    if (json.code !== 200) throw new Error(`${path}?${query}: ${json.message}`);
    return json;
  };
  const cases: [string, string, string][] = [
    ['saleOrder', 'first page, default sort', 'page=1&pageSize=20'],
    ['saleOrder', 'filter customer', `filter.customer=${customerIds[17]}`],
    ['saleOrder', 'order-date month', 'filter.orderDateFrom=2024-03-01&filter.orderDateTo=2024-03-31'],
    ['saleOrder', 'keyword (order no.)', 'keyword=B00123'],
    ['saleOrder', 'page 1000', 'page=1000&pageSize=20'],
    ['saleOrderSub', 'first page, default sort', 'page=1&pageSize=20'],
    ['saleOrderSub', 'filter customer', `filter.customer=${customerIds[17]}`],
    ['saleOrderSub', 'filter style', `filter.goods=${goodsIds[42]}`],
    ['saleOrderSub', 'filter colour', `filter.color=${colorIds[3]}`],
    ['saleOrderSub', 'colour + size', `filter.color=${colorIds[3]}&filter.size=${sizeIds[2]}`],
    ['saleOrderSub', 'order-date month', 'filter.dateFrom=2024-03-01&filter.dateTo=2024-03-31'],
    ['saleOrderSub', 'keyword (style code)', 'keyword=ST00042'],
    ['saleOrderSub', 'state notInProduction', 'filter.state=notInProduction'],
    ['saleOrderSub', 'page 500', 'page=500&pageSize=20'],
    ['saleOrderSub', 'sort quantity desc', 'sortField=quantity&sortOrder=desc'],
  ];
  for (const [path, label, query] of cases) {
    await get(path, query);
    const http = percentiles(await timeIt(RUNS, () => get(path, query)));
    console.log(`  ${`${path} ${label}`.padEnd(44)} p50 ${formatMs(http.p50)}  p95 ${formatMs(http.p95)}`);
  }

  // Create: one style, 3 colours × 5 sizes.
  const [style] = goodsIds;
  const styleColors: number[] = (await db.query(`SELECT color_id FROM goods_color WHERE goods_id = $1 ORDER BY sort_order LIMIT 3`, [style])).map((row: { color_id: number }) => row.color_id);
  const lines = JSON.stringify([
    { goodsId: style, costPrice: 12, sellingPrice: 30, cells: styleColors.flatMap((colorId) => sizeIds.map((sizeId, i) => ({ colorId, sizeId, quantity: 10 + i }))) },
  ]);
  const body = { orderDate: '2025-11-01', deliveryDate: '2025-12-01', customer: String(customerIds[0]), lines };
  await post('admin/saleOrder/create', body, token);
  const create = percentiles(await timeIt(RUNS, () => post('admin/saleOrder/create', body, token)));
  console.log(`  ${'saleOrder create (3 × 5 grid)'.padEnd(44)} p50 ${formatMs(create.p50)}  p95 ${formatMs(create.p95)}`);

  const exportTimes = await timeIt(3, async () => {
    const response = await fetch(`${url}/api/admin/saleOrderSub/export?filter.customer=${customerIds[17]}`, { headers: { token } });
    await response.arrayBuffer();
  });
  console.log(`  ${'saleOrderSub export, one customer'.padEnd(44)} median ${formatMs(percentiles(exportTimes).p50)}`);
  await bench.close();
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
