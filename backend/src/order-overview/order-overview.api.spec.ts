import { randomUUID } from 'node:crypto';
import type { Socket } from 'socket.io-client';
import type { QueryRunner } from 'typeorm';
import { SOCKET_EVENTS, type DomainEventEnvelope, type ProgressRecorded, type SubscribeResult } from '../../../contracts/events.js';
import type { OrderOverview } from '../../../contracts/order-overview.js';
import { OrderOverview1764288300000 } from '../database/migrations/1764288300000-order-overview.js';
import { createActiveUser } from '../testing/accounts.js';
import { setUpProduction, type ProductionFixture } from '../testing/production-fixture.js';
import { bootTestApp, connected, type TestApp } from '../testing/test-app.js';

describe('order overview (API)', () => {
  let t: TestApp;
  let f: ProductionFixture;
  /** The production order made from a sales order, with scans and a correcting entry. */
  let orderId: number;
  let saleOrderId: number;
  let worker: { id: number; token: string };
  /** Holds only OrderOverview: one permission must open the whole page. */
  let onlyOverview: { id: number; token: string };
  const scanIds = { cutWorker: randomUUID(), cutWhole: randomUUID(), sewWrong: randomUUID(), sewReversal: randomUUID(), sew: randomUUID() };

  const overview = (id: number | string, token = f.admin, language = 'zh-CN') =>
    t.http.get(`/api/admin/production/overview/${id}`).set('token', token).set('Accept-Language', language);

  beforeAll(async () => {
    t = await bootTestApp();
    f = await setUpProduction(t);
    const [sale] = await f.db.query(
      `INSERT INTO sale_order (order_no, order_date, delivery_date, expected_delivery, customer_id, customer_order_no)
       VALUES ('SO-OV-1', '2026-01-02', '2099-12-20', '2099-12-18', $1, 'PO-CUST-7') RETURNING id`,
      [f.customer],
    );
    saleOrderId = sale.id;
    const [line] = await f.db.query(`INSERT INTO sale_order_line (sale_order_id, line_no, goods_id, product_name) VALUES ($1, 1, $2, '男衬衫') RETURNING id`, [
      saleOrderId,
      f.goods,
    ]);
    // Red M 30, blue M 20, blue L 10: 60 pieces planned at every process.
    await f.db.query(`INSERT INTO sale_order_cell (line_id, color_id, size_id, quantity) VALUES ($1, $2, $4, 30), ($1, $3, $4, 20), ($1, $3, $5, 10)`, [
      line.id,
      f.colors[0],
      f.colors[1],
      f.sizes[1],
      f.sizes[2],
    ]);
    await f.db.query(`UPDATE sale_order SET total_quantity = 60 WHERE id = $1`, [saleOrderId]);
    const [made] = await f.data<{ id: number }[]>(f.post('productionOrder/createFromSaleOrder', { saleOrderId, lineIds: String(line.id) }));
    orderId = made.id;

    worker = await createActiveUser(t, f.admin, { username: 'ov-cutter', nickname: '裁床小王', password: 'cutter-pass-1', permissions: 'Scan' });
    await f.allowProcesses('ov-cutter', [f.processes.cut]);
    onlyOverview = await createActiveUser(t, f.admin, { username: 'ov-reader', password: 'reader-pass-1', permissions: 'OrderOverview' });

    // Cutting: 30 red M by the worker, the other 30 for the whole order by the admin; sewing: 20
    // recorded by mistake and taken back, then 15. The order is not reviewed: every scan flagged.
    const record = async (body: Record<string, unknown>) => f.data(f.scan(body));
    await record({ scanId: scanIds.cutWorker, orderId, processId: f.processes.cut, quantity: 30, colorId: f.colors[0], sizeId: f.sizes[1], workerId: worker.id, deviceId: 'phone-1' });
    await record({ scanId: scanIds.cutWhole, orderId, processId: f.processes.cut, quantity: 30 });
    await record({ scanId: scanIds.sewWrong, orderId, processId: f.processes.sew, quantity: 20 });
    await f.data(f.post('scan/reverse', { scanId: scanIds.sewReversal, reversesScanId: scanIds.sewWrong, note: '数错了' }));
    await record({ scanId: scanIds.sew, orderId, processId: f.processes.sew, quantity: 15 });
  });
  afterAll(() => t.close());

  it('answers the whole order: sales order, grid, route progress, document, review and the scan history with workers and corrections', async () => {
    const response = await overview(orderId);
    expect(response.status).toBe(200);
    const body: OrderOverview = response.body.data;
    expect(body.order).toMatchObject({
      id: orderId,
      customerLabel: '客户甲',
      customerOrderNo: 'PO-CUST-7',
      goodsId: f.goods,
      productName: '男衬衫',
      orderDate: '2026-01-02',
      deliveryDate: '2099-12-20',
      totalQuantity: 60,
      hidden: false,
      completed: false,
      flagged: true,
      // (60 cut + 15 sewn) of 5 steps × 60 planned.
      finishRate: 25,
      delayDays: 0,
      status: 'partial',
    });
    expect(body.saleOrder).toEqual({
      id: saleOrderId,
      orderNo: 'SO-OV-1',
      customerLabel: '客户甲',
      customerOrderNo: 'PO-CUST-7',
      orderDate: '2026-01-02',
      deliveryDate: '2099-12-20',
      expectedDelivery: '2099-12-18',
      merchandiserLabel: null,
      totalQuantity: 60,
    });
    expect(body.grid.colors.map((color) => color.id)).toEqual(f.colors);
    expect(body.grid.sizes.map((size) => size.id)).toEqual(f.sizes);
    expect(body.grid.cells).toEqual(
      expect.arrayContaining([
        { colorId: f.colors[0], sizeId: f.sizes[1], quantity: 30 },
        { colorId: f.colors[1], sizeId: f.sizes[1], quantity: 20 },
        { colorId: f.colors[1], sizeId: f.sizes[2], quantity: 10 },
      ]),
    );
    expect(body.grid.cells).toHaveLength(3);

    // The route in sequence: cut done, sew partial (20 − 20 + 15), the rest not started.
    const { cut, sew, qc, warehouseIn, warehouseOut } = f.processes;
    expect(body.route.map((step) => [step.processId, step.processName, step.planned, step.done, step.status])).toEqual([
      [cut, '裁床', 60, 60, 'done'],
      [sew, '车缝', 60, 15, 'partial'],
      [qc, '质检', 60, 0, 'notStarted'],
      [warehouseIn, '入库', 60, 0, 'notStarted'],
      [warehouseOut, '出库', 60, 0, 'notStarted'],
    ]);
    expect(body.route.map((step) => step.endProcess)).toEqual([false, false, false, true, false]);
    expect(body.route.map((step) => step.sequence)).toEqual([1, 2, 3, 4, 5]);
    // Due dates spread back from delivery; the last step is due on delivery.
    expect(body.route[4].dueDate).toBe('2099-12-20');
    expect(body.route[0].firstScanAt).not.toBeNull();
    expect(body.route[2]).toMatchObject({ firstScanAt: null, lastScanAt: null });
    expect(body.order.lastScanAt).toBe(body.route[1].lastScanAt);

    expect(body.document).toEqual({ uploaded: false, uploadedAt: null, viewable: false });
    expect(body.review).toEqual({ reviewed: false, reviewedAt: null, reviewedBy: null, note: '' });

    // Newest first: every scan and the correcting entry, with workers.
    expect(body.scanCount).toBe(5);
    expect(body.scans.map((scan) => [scan.scanId, scan.processId, scan.quantity, scan.reversed, scan.reversesScanId])).toEqual([
      [scanIds.sew, sew, 15, false, null],
      [scanIds.sewReversal, sew, -20, false, scanIds.sewWrong],
      [scanIds.sewWrong, sew, 20, true, null],
      [scanIds.cutWhole, cut, 30, false, null],
      [scanIds.cutWorker, cut, 30, false, null],
    ]);
    const byWorker = body.scans.find((scan) => scan.scanId === scanIds.cutWorker)!;
    expect(byWorker).toMatchObject({ workerId: worker.id, workerName: '裁床小王', colorId: f.colors[0], colorName: '红', sizeId: f.sizes[1], sizeName: 'M', deviceId: 'phone-1', flagged: true, recordedBy: 'admin' });
    expect(body.scans[1].note).toBe('数错了');
    // The history adds up to the route's numbers.
    const sumAt = (processId: number) => body.scans.filter((scan) => scan.processId === processId).reduce((sum, scan) => sum + scan.quantity, 0);
    expect(body.route.map((step) => sumAt(step.processId))).toEqual(body.route.map((step) => step.done));
  });

  it('follows review, the document and hiding (hidden orders stay viewable, marked hidden)', async () => {
    const { version } = (await overview(orderId)).body.data.order as OrderOverview['order'];
    await f.data(f.post('productionOrder/review', { id: orderId, version, confirmWithoutDocument: 'true', reviewDate: '2026-01-10', note: '可以生产' }));
    await f.db.query(`UPDATE production_order SET document = 'test-document', document_uploaded_at = '2026-01-09T08:00:00Z' WHERE id = $1`, [orderId]);
    await f.data(f.post('productionOrder/hide', { ids: String(orderId) }));
    const body: OrderOverview = (await overview(orderId)).body.data;
    expect(body.review).toEqual({ reviewed: true, reviewedAt: '2026-01-10', reviewedBy: '系统管理员 Administrator', note: '可以生产' });
    // The administrator holds Permission: they may see every document.
    expect(body.document).toEqual({ uploaded: true, uploadedAt: '2026-01-09T08:00:00.000Z', viewable: true });
    expect(body.order).toMatchObject({ hidden: true, flagged: false });
    // A user without attachment processes on the route sees that it is uploaded, not the picture.
    const reader: OrderOverview = (await overview(orderId, onlyOverview.token)).body.data;
    expect(reader.document).toEqual({ uploaded: true, uploadedAt: '2026-01-09T08:00:00.000Z', viewable: false });
    await f.data(f.post('productionOrder/show', { ids: String(orderId) }));
  });

  it('answers a directly entered order with no sales order', async () => {
    const direct = await f.createOrder({ quantities: [5, 7] });
    const body: OrderOverview = (await overview(direct.id)).body.data;
    expect(body.saleOrder).toBeNull();
    expect(body.order).toMatchObject({ orderNo: direct.orderNo, totalQuantity: 12, finishRate: 0, status: 'notStarted' });
    expect(body.scans).toEqual([]);
    expect(body.scanCount).toBe(0);
    expect(body.route.every((step) => step.planned === 12 && step.done === 0)).toBe(true);
  });

  it('needs a token (401) and the OrderOverview permission (403); that one permission is enough', async () => {
    const anonymous = await t.http.get(`/api/admin/production/overview/${orderId}`);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.code).toBe(401);
    const viewer = await t.login('viewer', 'viewer123');
    const refused = await overview(orderId, viewer);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 403, data: { errorKey: 'forbidden' } });
    // The worker holds Scan only: the overview is not theirs.
    expect((await overview(orderId, worker.token)).status).toBe(403);
    const allowed = await overview(orderId, onlyOverview.token);
    expect(allowed.status).toBe(200);
    expect(allowed.body.data.order.id).toBe(orderId);
  });

  it('answers 404 with a translated message for an unknown order', async () => {
    const zh = await overview(2_000_000_000);
    expect(zh.status).toBe(404);
    expect(zh.body).toMatchObject({ code: 404, message: '记录不存在', data: { errorKey: 'notFound' } });
    const en = await overview(2_000_000_000, f.admin, 'en');
    expect(en.body).toMatchObject({ code: 404, message: 'The record does not exist' });
  });

  it.each(['abc', '0', '-3', '1.5', '1e3', '99999999999', '%20'])('refuses the id %p with a translated 400', async (id) => {
    const response = await overview(id);
    expect(response.status).toBe(400);
    expect(response.body.code).toBe(400);
    expect(typeof response.body.message).toBe('string');
    expect(response.body.message).not.toMatch(/Error|stack|exception/i);
    expect(response.body.data).toMatchObject({ field: 'id' });
  });

  it("lets an OrderOverview holder follow the order's room live", async () => {
    const socket: Socket = t.socket({ token: onlyOverview.token });
    await connected(socket);
    const subscribed: SubscribeResult = await socket.timeout(5000).emitWithAck(SOCKET_EVENTS.subscribe, { rooms: [`order:${orderId}`, 'productionOrders'] });
    expect(subscribed.joined).toEqual([`order:${orderId}`]);
    expect(subscribed.refused).toEqual(['productionOrders']);
    const arrived = new Promise<DomainEventEnvelope>((resolve) => socket.on(SOCKET_EVENTS.domainEvent, (event: DomainEventEnvelope) => event.name === 'production.progressed' && resolve(event)));
    await f.data(f.scan({ orderId, processId: f.processes.qc, quantity: 4 }));
    const event = await arrived;
    expect((event.payload as ProgressRecorded).step).toMatchObject({ processId: f.processes.qc, done: 4 });
    const body: OrderOverview = (await overview(orderId, onlyOverview.token)).body.data;
    expect(body.route.find((step) => step.processId === f.processes.qc)).toMatchObject({ done: 4, status: 'partial' });
    expect(body.scans[0]).toMatchObject({ processId: f.processes.qc, quantity: 4 });
    expect(body.scanCount).toBe(6);
  });

  it('migration: grants OrderOverview to the administrator and to every role and user holding ProductionOrder or Schedule, nobody else', async () => {
    const users = async () =>
      Object.fromEntries(
        ((await f.db.query(`SELECT username, 'OrderOverview' = ANY (permissions) AS has FROM app_user WHERE username IN ('admin', 'ov-planner', 'ov-po', 'ov-home')`)) as { username: string; has: boolean }[]).map(
          (row) => [row.username, row.has],
        ),
      );
    await f.db.query(
      `INSERT INTO app_user (username, nickname, password_hash, permissions) VALUES
         ('ov-planner', 'p', 'x', '{Home,Schedule}'), ('ov-po', 'p', 'x', '{ProductionOrder}'), ('ov-home', 'p', 'x', '{Home}')`,
    );
    const roles: { id: number; name: string }[] = await f.db.query(
      `INSERT INTO app_role (name, permissions) VALUES ('ov-r-schedule', '{Schedule}'), ('ov-r-po', '{ProductionOrder,Order}'), ('ov-r-sales', '{SaleOrder}') RETURNING id, name`,
    );
    const roleGrants = async () =>
      Object.fromEntries(
        ((await f.db.query(`SELECT name, 'OrderOverview' = ANY (permissions) AS has FROM app_role WHERE id = ANY ($1::int[])`, [roles.map((role) => role.id)])) as { name: string; has: boolean }[]).map(
          (row) => [row.name, row.has],
        ),
      );
    const migration = new OrderOverview1764288300000();
    // The migration only runs queries: a runner of its own would hold the embedded database's
    // single connection while the checks below wait for it.
    const runner = { query: (sql: string, params?: unknown[]) => f.db.query(sql, params) } as unknown as QueryRunner;
    await migration.down(runner);
    expect(await users()).toEqual({ admin: false, 'ov-planner': false, 'ov-po': false, 'ov-home': false });
    await migration.up(runner);
    expect(await users()).toEqual({ admin: true, 'ov-planner': true, 'ov-po': true, 'ov-home': false });
    expect(await roleGrants()).toEqual({ 'ov-r-schedule': true, 'ov-r-po': true, 'ov-r-sales': false });
    // Running it twice adds nothing twice.
    await migration.up(runner);
    const [admin] = await f.db.query(`SELECT array_length(array_positions(permissions, 'OrderOverview'), 1) AS times FROM app_user WHERE username = 'admin'`);
    expect(admin.times).toBe(1);
  });
});
