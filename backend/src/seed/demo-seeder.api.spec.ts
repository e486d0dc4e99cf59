import { DataSource } from 'typeorm';
import { bootTestApp, type TestApp } from '../testing/test-app.js';

describe('the demo factory', () => {
  let t: TestApp;
  let db: DataSource;

  beforeAll(async () => {
    t = await bootTestApp({ env: { SEED_DEMO: 'true' } });
    db = t.app.get(DataSource);
  }, 180_000);
  afterAll(() => t.close());

  const count = async (table: string, where = 'true') =>
    ((await db.query(`SELECT count(*)::int AS count FROM ${table} WHERE ${where}`)) as { count: number }[])[0].count;

  it('has a believable factory in both languages', async () => {
    expect(await count('customer')).toBe(5);
    expect(await count('goods')).toBe(30);
    expect(await count('goods_category')).toBe(4);
    expect(await count('color')).toBe(12);
    expect(await count('size_group')).toBe(2);
    expect(await count('process')).toBe(8);
    expect(await count('process', 'cutting')).toBe(1);
    expect(await count('process', 'end_process')).toBe(1);
    expect(await count('process', 'warehouse_in')).toBe(1);
    expect(await count('goods g', 'NOT EXISTS (SELECT 1 FROM goods_color c WHERE c.goods_id = g.id)')).toBe(0);
    const [style] = await db.query(`SELECT name FROM goods ORDER BY code LIMIT 1`);
    expect(style.name).toMatch(/[\u4e00-\u9fff].* [A-Za-z]/);
  });

  it('has 40 orders across customers, months and states', async () => {
    expect(await count('sale_order')).toBe(40);
    expect(await count('sale_order', 'total_amount > 0 AND profit <> 0')).toBe(40);
    const [{ customers, months }] = await db.query(
      `SELECT count(DISTINCT customer_id)::int AS customers, count(DISTINCT date_trunc('month', order_date))::int AS months FROM sale_order`,
    );
    expect(customers).toBe(5);
    expect(months).toBeGreaterThanOrEqual(4);
    const orders = await count('production_order');
    expect(orders).toBeGreaterThan(36);
    expect(await count('production_order', 'reviewed')).toBeGreaterThan(0);
    expect(await count('production_order', 'NOT reviewed')).toBeGreaterThan(0);
    expect(await count('production_order', 'document IS NULL')).toBeGreaterThan(0);
    expect(await count('production_order', 'hidden')).toBeGreaterThan(0);
    expect(await count('production_order', 'delivery_date < current_date AND NOT completed')).toBeGreaterThan(0);
    expect(await count('sale_order s', 'NOT EXISTS (SELECT 1 FROM production_order p WHERE p.sale_order_id = s.id)')).toBe(4);
  });

  it('has users with different permissions who can log in', async () => {
    const merchandiser = await t.login('merchandiser', 'demo1234');
    expect((await t.http.get('/api/admin/goods/list').set('token', merchandiser)).body.data.total).toBe(30);
    expect((await t.http.get('/api/admin/user/list').set('token', merchandiser)).status).toBe(403);
    // Through the seeded merchandiser role: sales orders, their lines, styles and customers open.
    for (const path of ['saleOrder/list', 'saleOrderSub/list', 'customer/list', 'customer/options', 'currency/options']) {
      expect({ path, status: (await t.http.get(`/api/admin/${path}`).set('token', merchandiser)).status }).toEqual({ path, status: 200 });
    }
    const roles: { name: string; holders: string[] }[] = await db.query(
      `SELECT r.name, ARRAY(SELECT u.username FROM app_user_role ur JOIN app_user u ON u.id = ur.user_id WHERE ur.role_id = r.id ORDER BY 1) AS holders
         FROM app_role r ORDER BY r.id`,
    );
    expect(roles).toEqual([
      { name: '跟单员 Merchandiser', holders: ['merchandiser'] },
      { name: '生产经理 Production manager', holders: ['manager'] },
      { name: '车间组长 Floor lead', holders: ['cutting', 'sewing'] },
      { name: '只读 Viewer', holders: ['viewer'] },
    ]);
    const manager = await t.login('manager', 'demo1234');
    expect((await t.http.get('/api/admin/productionOrder/list').set('token', manager)).status).toBe(200);
    // Seeded once: a second boot's pass changes nothing, even after an administrator's edits.
    await db.query(`DELETE FROM app_user_role WHERE role_id = (SELECT id FROM app_role WHERE name = '只读 Viewer')`);
    await db.query(`DELETE FROM app_role WHERE name = '只读 Viewer'`);
    const { DemoSeeder } = await import('./demo-seeder.js');
    await t.app.get(DemoSeeder).ensureDemoRoles();
    expect((await db.query(`SELECT count(*)::int AS count FROM app_role`))[0].count).toBe(3);
    const cutting = await t.login('cutting', 'demo1234');
    const login = await t.http.post('/api/admin/login/login').type('form').send({ username: 'cutting', password: 'demo1234' });
    expect(login.body.data.processList).toMatch(/^\d+$/);
    expect((await t.http.get('/api/admin/goods/list').set('token', cutting)).status).toBe(403);
  });

  it('has progress recorded through the scan rules: complete, partial and untouched orders, scans over two weeks', async () => {
    expect(await count('production_order', 'completed AND NOT hidden')).toBeGreaterThan(3);
    expect(await count('production_order', 'NOT completed AND NOT hidden AND EXISTS (SELECT 1 FROM scan s WHERE s.order_id = production_order.id)')).toBeGreaterThan(5);
    expect(await count('production_order', 'NOT hidden AND NOT EXISTS (SELECT 1 FROM scan s WHERE s.order_id = production_order.id)')).toBeGreaterThan(0);
    // Delayed orders (past delivery, in production) for the console and the boards to show.
    expect(await count('production_order', 'NOT hidden AND NOT completed AND delivery_date < current_date AND EXISTS (SELECT 1 FROM scan s WHERE s.order_id = production_order.id)')).toBeGreaterThan(0);
    expect(await count('scan', 'flagged')).toBeGreaterThan(0);
    const [{ days }] = await db.query(`SELECT count(DISTINCT scanned_at::date)::int AS days FROM scan`);
    expect(days).toBeGreaterThanOrEqual(7);
    // No step beyond its plan and tolerance (the rules held); a few orders cut over (within the
    // tolerance), at cutting only.
    expect(await count('production_order_step', 'done_quantity > planned_quantity * 1.05')).toBe(0);
    const cutting = `process_id = (SELECT id FROM process WHERE cutting) AND done_quantity > 0`;
    expect(await count('production_order_step', `${cutting} AND done_quantity > planned_quantity`)).toBeGreaterThan(0);
    expect(await count('production_order_step', `done_quantity > planned_quantity AND process_id <> (SELECT id FROM process WHERE cutting)`)).toBe(0);
    const [{ total }] = await db.query(`SELECT count(*)::int AS total FROM scan`);
    console.log(`demo scans: ${total}`);
  });

  it('credits the scans to a dozen workers at the rates in force, so the pay screens show a month', async () => {
    const workers = await count('app_user', `username ~ '^(cut|sew|fin|qc|pack|wh)[0-9]+$' AND 'Scan' = ANY (permissions) AND cardinality(process_ids) > 0`);
    expect(workers).toBe(12);
    const worker = await t.login('sew01', 'demo1234');
    expect((await t.http.get('/api/admin/scan/worker-today').set('token', worker)).status).toBe(200);
    expect(await count('scan', 'worker_id = (SELECT id FROM app_user WHERE username = $$admin$$)')).toBe(0);
    const [{ credited }] = await db.query(`SELECT count(DISTINCT worker_id)::int AS credited FROM scan`);
    expect(credited).toBeGreaterThanOrEqual(12);
    expect(await count('scan', 'step_id IS NOT NULL')).toBeGreaterThan(0);
    // Chunks done sub-process by sub-process: the earlier ones paid, only the last moved progress.
    expect(await count('scan', 'NOT counts_progress')).toBeGreaterThan(0);
    expect(await count('scan', 'piece_rate IS NULL')).toBeGreaterThan(0);
    expect(await count('process_step', 'piece_rate IS NOT NULL')).toBeGreaterThan(3);
    // The summary agrees with the scans it was kept from.
    const [summary] = await db.query(`SELECT sum(pieces)::int AS pieces, sum(pay)::float8 AS pay FROM worker_daily_output`);
    const [scanned] = await db.query(`SELECT sum(quantity)::int AS pieces, sum(quantity * coalesce(piece_rate, 0))::float8 AS pay FROM scan`);
    expect(summary).toEqual(scanned);
    expect(summary.pay).toBeGreaterThan(0);
    const manager = await t.login('manager', 'demo1234');
    const month = new Date().toISOString().slice(0, 7);
    const payroll = await t.http.get('/api/admin/statistics/payroll').query({ month }).set('token', manager);
    expect(payroll.status).toBe(200);
  });

  it('has a handful of late orders, and bells that a person can read', async () => {
    const { AlertEvaluator } = await import('../alerts/alert-evaluator.service.js');
    await t.app.get(AlertEvaluator).idle();
    // A factory where most orders are on time: a few orders with a late step or at risk.
    const open = `cleared_at IS NULL`;
    const [{ orders, alerts }] = await db.query(`SELECT count(DISTINCT order_id)::int AS orders, count(*)::int AS alerts FROM delay_alert WHERE ${open}`);
    const inProduction = await count('production_order', 'NOT hidden AND NOT completed');
    expect(orders).toBeGreaterThanOrEqual(2);
    expect(orders).toBeLessThanOrEqual(8);
    expect(orders * 2).toBeLessThan(inProduction);
    // At most two late steps and a delivery risk per late order, usually fewer (5 on 24 Nov 2026).
    expect(alerts).toBeLessThanOrEqual(15);
    // Seeded with evaluation held: nothing was raised and cleared in passing, so every
    // notification is about an alert still open.
    expect(await count('delay_alert', 'cleared_at IS NOT NULL')).toBe(0);
    const told = async (username: string) => count('user_notification n', `n.user_id = (SELECT id FROM app_user WHERE username = '${username}')`);
    expect(await told('merchandiser')).toBeGreaterThan(0);
    expect(await told('merchandiser')).toBeLessThanOrEqual(alerts);
    // admin may execute every process but leads none of them.
    expect(await told('admin')).toBe(0);
    const merchandiser = await t.login('merchandiser', 'demo1234');
    const bell = (await t.http.get('/api/admin/notifications').set('token', merchandiser)).body.data;
    expect(bell.unread).toBe(await told('merchandiser'));
  });

  it('cuts a few orders in production into bundles, scanned by the workers, with defects, rework and a stuck bundle', async () => {
    const bundled: { id: number }[] = await db.query(`SELECT DISTINCT order_id AS id FROM bundle WHERE NOT voided ORDER BY 1`);
    expect(bundled.length).toBeGreaterThanOrEqual(4);
    expect(await count('bundle', 'NOT voided')).toBeGreaterThan(30);
    expect(await count('cut_lay', 'cutter_id IN (SELECT id FROM app_user WHERE username LIKE $$cut%$$)')).toBe(await count('cut_lay'));
    // Their progress comes from bundles only: every scan names a bundle, and the order's done per
    // step is the sum of its bundle scans there.
    const ids = bundled.map((row) => row.id).join(',');
    expect(await count('scan', `order_id IN (${ids}) AND bundle_id IS NULL`)).toBe(0);
    const mismatched = await db.query(
      `SELECT s.order_id, s.process_id, s.done_quantity, coalesce(sum(x.quantity) FILTER (WHERE x.counts_progress), 0)::int AS scanned
         FROM production_order_step s LEFT JOIN scan x ON x.order_id = s.order_id AND x.process_id = s.process_id AND x.bundle_id IS NOT NULL
        WHERE s.order_id IN (${ids}) GROUP BY s.order_id, s.process_id, s.done_quantity
       HAVING s.done_quantity <> coalesce(sum(x.quantity) FILTER (WHERE x.counts_progress), 0)`,
    );
    expect(mismatched).toEqual([]);
    const qc = `(SELECT id FROM process WHERE qc)`;
    expect(await count('production_order_step', `order_id IN (${ids}) AND process_id = ${qc} AND done_quantity > 0`)).toBeGreaterThan(0);
    // Scanned by the workers of each process, dated in the past.
    expect(await count('scan', `bundle_id IS NOT NULL AND worker_id = (SELECT id FROM app_user WHERE username = 'admin')`)).toBe(0);
    const [{ days }] = await db.query(`SELECT count(DISTINCT scanned_at::date)::int AS days FROM scan WHERE bundle_id IS NOT NULL`);
    expect(days).toBeGreaterThanOrEqual(5);
    // Defects: rework (reworked, and still open) and a reject.
    expect(await count('bundle_defect', `disposition = 'rework' AND reworked = quantity`)).toBeGreaterThan(0);
    expect(await count('bundle_defect', `disposition = 'rework' AND reworked < quantity`)).toBeGreaterThan(0);
    expect(await count('bundle_defect', `disposition = 'reject'`)).toBeGreaterThan(0);
    expect(await count('scan', `kind = 'rework'`)).toBeGreaterThan(0);
    expect(await count('bundle', 'rejected > 0')).toBeGreaterThan(0);
    // A couple of partial bundles and stuck ones, as the screens show them.
    const manager = await t.login();
    const stuck = await t.http.get('/api/admin/bundle/list').query({ stuck: true, page: 1, size: 50 }).set('token', manager);
    expect(stuck.status).toBe(200);
    expect(stuck.body.data.total).toBeGreaterThanOrEqual(1);
    expect(stuck.body.data.total).toBeLessThanOrEqual(4);
    const wip = await t.http.get('/api/admin/bundle/wip').set('token', manager);
    expect(wip.status).toBe(200);
    expect(wip.body.data.processes.some((process: { stuck: number }) => process.stuck > 0)).toBe(true);
    const partial = await db.query(
      `SELECT b.code FROM bundle b JOIN scan s ON s.bundle_id = b.id AND s.kind = 'normal' GROUP BY b.id, s.process_id HAVING sum(s.quantity) < b.quantity - b.rejected LIMIT 1`,
    );
    expect(partial.length).toBe(1);
    const detail = await t.http.get(`/api/admin/bundle/${partial[0].code}`).set('token', manager);
    expect(detail.status).toBe(200);
    console.log(`demo bundles: ${await count('bundle')}, bundle scans: ${await count('scan', 'bundle_id IS NOT NULL')}`);
  });

  it('is not seeded twice', async () => {
    const { DemoSeeder } = await import('./demo-seeder.js');
    await t.app.get(DemoSeeder).seedIfEmpty();
    expect(await count('goods')).toBe(30);
  });
});
