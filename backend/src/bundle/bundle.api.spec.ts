import { randomUUID } from 'node:crypto';
import type { Response } from 'supertest';
import type { BundleDetail, BundleRecord, BundleScanResult, BundleTicket, LayRecord, OrderCutting, WipSummary } from '../../../contracts/bundles.js';
import type { ListPage } from '../../../contracts/master-data.js';
import { SecurityLogService } from '../security-log/security-log.service.js';
import { createActiveUser } from '../testing/accounts.js';
import { setUpProduction, type ProductionFixture } from '../testing/production-fixture.js';
import { SOCKET_EVENTS, type SubscribeResult } from '../../../contracts/events.js';
import { bootTestApp, bootTwoInstances, connected, nextDomainEvent, type TestApp } from '../testing/test-app.js';

/** Colour 0 gets every size with these quantities (S, M, L); colour 1 too (see createOrder's cell layout). */
const fullGrid = (s: number, m: number, l: number) => [s, m, l, s, m, l];

describe('cut bundles (API)', () => {
  let t: TestApp;
  let f: ProductionFixture;
  let p: ProductionFixture['processes'];

  const errorOf = async (request: PromiseLike<Response>) => {
    const response = await request;
    return { status: response.status, code: response.body.code, key: response.body.data?.errorKey, message: response.body.message as string, data: response.body.data };
  };
  const lay = (body: Record<string, unknown>, token?: string, language?: string) =>
    f.post('cutting/lay', { ...body, sizes: JSON.stringify(body.sizes) }, token, language);
  const putLay = (id: number, body: Record<string, unknown>, token = f.admin) =>
    t.http.put(`/api/admin/cutting/lay/${id}`).set('token', token).set('Accept-Language', 'en').type('form').send({ ...body, sizes: JSON.stringify(body.sizes) }).then((r) => r);
  const deleteLay = (id: number, version?: number) =>
    t.http.delete(`/api/admin/cutting/lay/${id}`).set('token', f.admin).set('Accept-Language', 'en').query(version === undefined ? {} : { version }).then((r) => r);
  const bundleScan = (body: Record<string, unknown>, token?: string, language = 'en') => f.post('bundle/scan', { scanId: randomUUID(), ...body }, token, language);
  const stepDone = async (orderId: number, processId: number): Promise<number> => {
    const [row] = await f.db.query(`SELECT done_quantity AS done FROM production_order_step WHERE order_id = $1 AND process_id = $2`, [orderId, processId]);
    return row.done;
  };
  const tickets = (query: Record<string, unknown>) => f.data<BundleTicket[]>(f.get('cutting/tickets', query));

  beforeAll(async () => {
    t = await bootTestApp();
    f = await setUpProduction(t);
    p = f.processes;
  });
  afterAll(() => t.close());

  it('cuts a lay by ratio into bundles per size in size-group order, the remainder last, and records the cutting scans', async () => {
    const order = await f.createOrder({ quantities: fullGrid(30, 30, 20) });
    const [s, m, l] = f.sizes;
    const saved = await lay({ orderId: order.id, colorId: f.colors[0], plies: 10, bundleSize: 8, sizes: [{ sizeId: l, ratio: 1 }, { sizeId: s, ratio: 2 }, { sizeId: m, ratio: 1 }] });
    expect(saved.body).toMatchObject({ code: 200, message: '床次已保存' });
    const record: LayRecord = saved.body.data;
    expect(record).toMatchObject({ orderId: order.id, layNo: 1, plies: 10, bundleSize: 8, quantity: 40, bundleCount: 7, locked: false, version: 1 });
    expect(record.sizes).toEqual([
      { sizeId: s, sizeName: 'S', ratio: 2, quantity: 20 },
      { sizeId: m, sizeName: 'M', ratio: 1, quantity: 10 },
      { sizeId: l, sizeName: 'L', ratio: 1, quantity: 10 },
    ]);

    const printed = await tickets({ layId: record.id });
    expect(printed.map((ticket) => [ticket.bundleNo, ticket.sizeName, ticket.quantity])).toEqual([
      [1, 'S', 8], [2, 'S', 8], [3, 'S', 4], [4, 'M', 8], [5, 'M', 2], [6, 'L', 8], [7, 'L', 2],
    ]);
    expect(printed[0]).toMatchObject({ code: `${order.orderNo}-001`, qr: `SB1B|${order.orderNo}-001`, layNo: 1, colorName: '红', styleName: '男衬衫' });
    expect(printed[0].coupons.map((coupon) => coupon.processName)).toEqual(['车缝', '质检', '入库', '出库']);
    expect(await stepDone(order.id, p.cut)).toBe(40);
    const [scans] = await f.db.query(`SELECT count(*)::int AS n, count(DISTINCT bundle_id)::int AS bundles FROM scan WHERE order_id = $1 AND process_id = $2`, [order.id, p.cut]);
    expect(scans).toEqual({ n: 7, bundles: 7 });

    // A second lay by quantity continues the numbering; cut against ordered per cell.
    const second = await f.data<LayRecord>(lay({ orderId: order.id, colorId: f.colors[0], plies: 1, bundleSize: 10, sizes: [{ sizeId: s, quantity: 10 }] }));
    expect(second).toMatchObject({ layNo: 2, quantity: 10, bundleCount: 1 });
    expect((await tickets({ layId: second.id })).map((ticket) => ticket.code)).toEqual([`${order.orderNo}-008`]);
    expect((await tickets({ orderId: order.id })).map((ticket) => ticket.bundleNo)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    const cutting = await f.data<OrderCutting>(f.get(`cutting/order/${order.id}`));
    expect(cutting).toMatchObject({ orderId: order.id, orderNo: order.orderNo, cuttingProcessId: p.cut });
    expect(cutting.lays.map((row) => row.layNo)).toEqual([1, 2]);
    const cell = (colorId: number, sizeId: number) => cutting.cells.find((row) => row.colorId === colorId && row.sizeId === sizeId);
    expect(cell(f.colors[0], s)).toEqual({ colorId: f.colors[0], sizeId: s, ordered: 30, cut: 30, difference: 0 });
    expect(cell(f.colors[0], m)).toMatchObject({ ordered: 30, cut: 10, difference: -20 });
    expect(cell(f.colors[1], l)).toMatchObject({ ordered: 20, cut: 0, difference: -20 });
  });

  it('refuses malformed and impossible lays with a message, and over-cutting through the normal scan rules', async () => {
    const order = await f.createOrder({ quantities: [60, 40] });
    const base = { orderId: order.id, colorId: f.colors[0], plies: 2, bundleSize: 10, sizes: [{ sizeId: f.sizes[0], ratio: 5 }] };
    expect(await errorOf(lay({ ...base, sizes: [{ sizeId: f.sizes[0], ratio: 5, quantity: 10 }] }, f.admin, 'en'))).toMatchObject({
      status: 400,
      key: 'laySizeInvalid',
      message: 'Each size of the lay needs either a ratio or a quantity (not both)',
    });
    expect(await errorOf(lay({ ...base, sizes: [{ sizeId: f.sizes[1], ratio: 1 }] }, f.admin, 'en'))).toMatchObject({ status: 400, key: 'cellNotInOrder' });
    const plies = await errorOf(lay({ ...base, plies: 0 }, f.admin, 'en'));
    expect(plies).toMatchObject({ status: 400, key: 'validation' });
    expect(plies.message).toMatch(/Plies/);
    expect(await errorOf(lay({ ...base, bundleSize: 501 }, f.admin, 'en'))).toMatchObject({ status: 400, key: 'validation' });
    expect(await errorOf(f.post('cutting/lay', { ...base, sizes: 'not json' }, f.admin, 'en'))).toMatchObject({ status: 400, key: 'validation' });
    expect(await errorOf(lay({ ...base, bundleSize: 1, sizes: [{ sizeId: f.sizes[0], quantity: 3000 }] }, f.admin, 'en'))).toMatchObject({
      status: 400,
      key: 'layTooManyBundles',
      message: 'The lay would make 3000 bundles; at most 2000 per lay',
    });
    // 60 ordered + 5 %: 70 is over.
    expect(await errorOf(lay({ ...base, sizes: [{ sizeId: f.sizes[0], quantity: 70 }] }, f.admin, 'en'))).toMatchObject({ status: 409, key: 'overPlanned' });
    expect(await stepDone(order.id, p.cut)).toBe(0);
    expect(await tickets({ orderId: order.id })).toEqual([]);
    expect(await errorOf(f.get('cutting/tickets', {}, f.admin, 'en'))).toMatchObject({ status: 400 });
  });

  it('needs a token (401), the Cutting permission (403), and a cutter allowed the cutting process', async () => {
    const order = await f.createOrder({ quantities: [60, 40] });
    const body = { orderId: order.id, colorId: f.colors[0], plies: 1, bundleSize: 10, sizes: JSON.stringify([{ sizeId: f.sizes[0], quantity: 10 }]) };
    expect((await t.http.post('/api/admin/cutting/lay').type('form').send(body)).status).toBe(401);
    const viewer = await createActiveUser(t, f.admin, { username: 'bundle-viewer', password: 'Bundle-view-1', permissions: 'Scan' });
    expect((await f.post('cutting/lay', body, viewer.token)).status).toBe(403);
    expect((await f.get(`cutting/order/${order.id}`, {}, viewer.token)).status).toBe(403);
    expect((await f.get('bundle/wip', {}, viewer.token)).status).toBe(403);
    expect((await f.post('bundle/scan', { scanId: randomUUID(), code: 'x', processId: p.sew })).status).toBe(404);
    expect((await t.http.post('/api/admin/bundle/scan').type('form').send({ scanId: randomUUID(), code: 'x', processId: p.sew })).status).toBe(401);
    expect(await errorOf(f.post('cutting/lay', { ...body, cutterId: viewer.id }, f.admin, 'en'))).toMatchObject({ status: 403, key: 'cutterNotAllowed' });
    await f.allowProcesses('bundle-viewer', [p.cut]);
    const credited = await f.data<LayRecord>(f.post('cutting/lay', { ...body, cutterId: viewer.id }));
    expect(credited).toMatchObject({ cutterId: viewer.id, cutterName: 'bundle-viewer' });
  });

  it('edits a lay only cut (counters back to the new numbers, new bundle numbers), refuses a stale version, and deletes', async () => {
    const order = await f.createOrder({ quantities: [60, 40] });
    const body = { orderId: order.id, colorId: f.colors[0], plies: 1, bundleSize: 10, sizes: [{ sizeId: f.sizes[0], quantity: 25 }] };
    const first = await f.data<LayRecord>(lay(body));
    expect(await stepDone(order.id, p.cut)).toBe(25);
    const edited = await putLay(first.id, { ...body, sizes: [{ sizeId: f.sizes[0], quantity: 12 }], version: first.version });
    expect(edited.body.code).toBe(200);
    expect(edited.body.data).toMatchObject({ id: first.id, layNo: 1, quantity: 12, bundleCount: 2, version: 2 });
    expect(await stepDone(order.id, p.cut)).toBe(12);
    expect((await tickets({ layId: first.id })).map((ticket) => [ticket.bundleNo, ticket.quantity])).toEqual([[4, 10], [5, 2]]);
    expect(await errorOf(f.get(`bundle/${order.orderNo}-001`, {}, f.admin, 'en'))).toMatchObject({ status: 404, key: 'bundleNotFound' });
    // The old cutting scans were taken back with correcting entries (history stays whole).
    const [reversals] = await f.db.query(`SELECT count(*)::int AS n FROM scan WHERE order_id = $1 AND reverses_id IS NOT NULL`, [order.id]);
    expect(reversals.n).toBe(3);

    expect(await errorOf(putLay(first.id, { ...body, version: 1 }))).toMatchObject({ status: 409, key: 'staleVersion' });
    expect(await errorOf(putLay(first.id, body))).toMatchObject({ status: 400, key: 'validation' });
    expect(await errorOf(deleteLay(first.id, 1))).toMatchObject({ status: 409, key: 'staleVersion' });
    expect((await deleteLay(first.id, 2)).body).toMatchObject({ code: 200, message: 'Lay deleted' });
    expect(await stepDone(order.id, p.cut)).toBe(0);
    // On the audit trail like any delete: who, which lay.
    await t.app.get(SecurityLogService).flush();
    const [audited] = await f.db.query(`SELECT actor_username AS actor, result FROM security_event WHERE action = 'record.delete' AND target_type = 'cutLay' AND target_id = $1`, [String(first.id)]);
    expect(audited).toEqual({ actor: 'admin', result: 'success' });
    expect((await f.data<OrderCutting>(f.get(`cutting/order/${order.id}`))).lays).toEqual([]);
    expect(await errorOf(deleteLay(first.id))).toMatchObject({ status: 404, key: 'layNotFound' });
    // Numbers are never reused.
    await f.data(lay(body));
    expect((await tickets({ orderId: order.id })).map((ticket) => ticket.bundleNo)).toEqual([6, 7, 8]);
  });

  it('scans a bundle once per process: full, partial, again (naming who), in order, and locks its lay', async () => {
    const order = await f.createOrder({ quantities: [60, 40] });
    const saved = await f.data<LayRecord>(lay({ orderId: order.id, colorId: f.colors[0], plies: 1, bundleSize: 10, sizes: [{ sizeId: f.sizes[0], quantity: 20 }] }));
    const [one, two] = (await tickets({ layId: saved.id })).map((ticket) => ticket.code);

    expect(await errorOf(bundleScan({ code: one, processId: p.qc }))).toMatchObject({ status: 409, key: 'bundleNotReady', message: expect.stringContaining('车缝') });
    expect(await errorOf(bundleScan({ code: one, processId: p.cut }))).toMatchObject({ status: 409, key: 'bundleAtCutting' });
    expect(await errorOf(bundleScan({ code: 'NO-SUCH-001', processId: p.sew }))).toMatchObject({ status: 404, key: 'bundleNotFound' });
    expect(await errorOf(bundleScan({ code: one, processId: p.sew, quantity: 11 }))).toMatchObject({ status: 409, key: 'bundleQuantityTooLarge', data: expect.anything() });

    const full = await bundleScan({ code: `SB1B|${one.toLowerCase()}`, processId: p.sew });
    expect(full.body).toMatchObject({ code: 200, message: 'Bundle recorded' });
    const result: BundleScanResult = full.body.data;
    expect(result.openAfter).toBe(0);
    expect(result.scan.scan).toMatchObject({ quantity: 10, colorId: f.colors[0], sizeId: f.sizes[0], processId: p.sew });
    expect(result.bundle).toMatchObject({ code: one, processId: p.sew, processName: '车缝', processDone: 10, finished: false });
    const again = await errorOf(bundleScan({ code: one, processId: p.sew }));
    expect(again).toMatchObject({ status: 409, key: 'bundleAlreadyRecorded' });
    expect(again.message).toMatch(/already recorded here by .+ at \d{4}-\d\d-\d\d \d\d:\d\d/);

    // Re-sending a scan id answers the first answer.
    const scanId = randomUUID();
    const partial = await f.data<BundleScanResult>(bundleScan({ scanId, code: two, processId: p.sew, quantity: 3 }));
    expect(partial.openAfter).toBe(7);
    const replay = await bundleScan({ scanId, code: two, processId: p.sew, quantity: 3 });
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body.data.scan.scan.id).toBe(partial.scan.scan.id);
    expect((await f.data<BundleScanResult>(bundleScan({ code: two, processId: p.sew }))).openAfter).toBe(0);
    expect(await stepDone(order.id, p.sew)).toBe(20);
    // Scan in order per bundle: qc may take what sewing recorded of this bundle.
    expect((await f.data<BundleScanResult>(bundleScan({ code: one, processId: p.qc, quantity: 4 }))).openAfter).toBe(6);

    expect(await errorOf(putLay(saved.id, { orderId: order.id, colorId: f.colors[0], plies: 1, bundleSize: 5, sizes: [{ sizeId: f.sizes[0], quantity: 20 }], version: saved.version }))).toMatchObject({
      status: 409,
      key: 'layBundlesScanned',
    });
    expect(await errorOf(deleteLay(saved.id))).toMatchObject({ status: 409, key: 'layBundlesScanned' });
    expect((await f.data<OrderCutting>(f.get(`cutting/order/${order.id}`))).lays[0].locked).toBe(true);

    // The trace: cutting, sewing (two scans of bundle two), by time.
    const detail = await f.data<BundleDetail>(f.get(`bundle/${two.toLowerCase()}`));
    expect(detail.trace.map((event) => [event.kind, event.processName, event.quantity])).toEqual([
      ['scan', '裁床', 10],
      ['scan', '车缝', 3],
      ['scan', '车缝', 7],
    ]);
    expect(detail.steps.find((step) => step.processId === p.qc)).toMatchObject({ done: 0, open: 10 });
    expect(detail.rework).toEqual([]);

    // The list and its filters; WIP per process.
    const list = await f.data<ListPage<BundleRecord>>(f.get('bundle/list', { orderId: order.id }));
    expect(list).toMatchObject({ total: 2, page: 1 });
    const atQc = await f.data<ListPage<BundleRecord>>(f.get('bundle/list', { orderId: order.id, processId: p.qc }));
    expect(atQc.list.map((row) => row.code)).toEqual([one]);
    expect((await f.data<ListPage<BundleRecord>>(f.get('bundle/list', { orderId: order.id, stuck: true }))).total).toBe(0);
    const wip = await f.data<WipSummary>(f.get('bundle/wip', { orderId: order.id }));
    expect(wip.processes.find((row) => row.processId === p.qc)).toMatchObject({ bundles: 2, pieces: 16, stuck: 0 });
    expect(wip.orders.every((row) => row.orderId === order.id)).toBe(true);
    expect(wip.stuckHours).toBeGreaterThan(0);
    await f.db.query(`UPDATE bundle SET last_scan_at = now() - interval '1000 hours' WHERE code = $1`, [two]);
    expect((await f.data<ListPage<BundleRecord>>(f.get('bundle/list', { orderId: order.id, stuck: true }))).list.map((row) => row.code)).toEqual([two]);
    expect(await errorOf(f.get('bundle/list', { stuck: 'maybe' }, f.admin, 'en'))).toMatchObject({ status: 400, key: 'validation' });
  });

  it('refuses taking back a bundle scan the next process built on, allows it otherwise', async () => {
    const order = await f.createOrder({ quantities: [60, 40] });
    const saved = await f.data<LayRecord>(lay({ orderId: order.id, colorId: f.colors[0], plies: 1, bundleSize: 8, sizes: [{ sizeId: f.sizes[0], quantity: 16 }] }));
    const [one, two] = (await tickets({ layId: saved.id })).map((ticket) => ticket.code);
    const sewOne = await f.data<BundleScanResult>(bundleScan({ code: one, processId: p.sew }));
    const sewTwo = await f.data<BundleScanResult>(bundleScan({ code: two, processId: p.sew }));
    await f.data(bundleScan({ code: one, processId: p.qc }));
    // The order as a whole could lose 8 at sewing (16 − 8 ≥ 8 at qc); bundle one could not.
    expect(await errorOf(f.post('scan/reverse', { scanId: randomUUID(), reversesScanId: sewOne.scan.scan.scanId }, f.admin, 'en'))).toMatchObject({
      status: 409,
      key: 'bundleAheadNext',
    });
    const reversed = await f.post('scan/reverse', { scanId: randomUUID(), reversesScanId: sewTwo.scan.scan.scanId });
    expect(reversed.body.code).toBe(200);
    expect((await f.data<BundleScanResult>(bundleScan({ code: two, processId: p.sew }))).openAfter).toBe(0);
    const detail = await f.data<BundleDetail>(f.get(`bundle/${two}`));
    expect(detail.trace.map((event) => event.kind)).toEqual(['scan', 'scan', 'reversal', 'scan']);
  });

  it('counts one of ten parallel scans of one bundle at one process', async () => {
    const order = await f.createOrder({ quantities: [60, 40] });
    const saved = await f.data<LayRecord>(lay({ orderId: order.id, colorId: f.colors[0], plies: 1, bundleSize: 10, sizes: [{ sizeId: f.sizes[0], quantity: 10 }] }));
    const [code] = (await tickets({ layId: saved.id })).map((ticket) => ticket.code);
    const answers = await Promise.all(Array.from({ length: 10 }, () => bundleScan({ code, processId: p.sew })));
    expect(answers.filter((answer) => answer.body.code === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.body.data?.errorKey === 'bundleAlreadyRecorded')).toHaveLength(9);
    expect(await stepDone(order.id, p.sew)).toBe(10);
  });

  it('refuses lays on an order whose route has no cutting process', async () => {
    const created = await f.data<{ id: number }>(
      f.post('productionOrder/create', {
        orderNo: `PO-NOCUT-${randomUUID().slice(0, 6)}`,
        customer: f.customer,
        goodsId: f.goods,
        orderDate: '2026-01-05',
        deliveryDate: '2099-12-31',
        cells: JSON.stringify([{ colorId: f.colors[0], sizeId: f.sizes[0], quantity: 50 }]),
        route: JSON.stringify([{ processId: p.sew }, { processId: p.warehouseIn }]),
      }),
    );
    expect((await f.data<OrderCutting>(f.get(`cutting/order/${created.id}`))).cuttingProcessId).toBeNull();
    expect(await errorOf(lay({ orderId: created.id, colorId: f.colors[0], plies: 1, bundleSize: 10, sizes: [{ sizeId: f.sizes[0], quantity: 10 }] }, f.admin, 'en'))).toMatchObject({
      status: 409,
      key: 'noCuttingProcess',
    });
  });

  it("tells the order's room when a lay is saved and when a bundle is scanned", async () => {
    const order = await f.createOrder({ quantities: [60, 40] });
    const socket = t.socket({ token: f.admin });
    try {
      await connected(socket);
      const subscribed: SubscribeResult = await socket.timeout(5000).emitWithAck(SOCKET_EVENTS.subscribe, { rooms: [`order:${order.id}`] });
      expect(subscribed.joined).toEqual([`order:${order.id}`]);
      const laySaved = nextDomainEvent(socket, 'bundle.changed');
      const saved = await f.data<LayRecord>(lay({ orderId: order.id, colorId: f.colors[0], plies: 1, bundleSize: 10, sizes: [{ sizeId: f.sizes[0], quantity: 10 }] }));
      expect((await laySaved).payload).toEqual({ bundleId: null, orderId: order.id, code: null, layId: saved.id });
      const [ticket] = await tickets({ layId: saved.id });
      const scanned = nextDomainEvent(socket, 'bundle.changed');
      const result = await f.data<BundleScanResult>(bundleScan({ code: ticket.code, processId: p.sew }));
      expect((await scanned).payload).toEqual({ bundleId: result.bundle.id, orderId: order.id, code: ticket.code });
    } finally {
      socket.disconnect();
    }
  });

  it('refuses a bundle scan at a QC process (inspect instead)', async () => {
    const order = await f.createOrder({ quantities: [60, 40] });
    const saved = await f.data<LayRecord>(lay({ orderId: order.id, colorId: f.colors[0], plies: 1, bundleSize: 10, sizes: [{ sizeId: f.sizes[0], quantity: 10 }] }));
    const [code] = (await tickets({ layId: saved.id })).map((ticket) => ticket.code);
    await f.data(bundleScan({ code, processId: p.sew }));
    await f.db.query(`UPDATE process SET qc = true WHERE id = $1`, [p.qc]);
    try {
      expect(await errorOf(bundleScan({ code, processId: p.qc }))).toMatchObject({ status: 409, key: 'bundleAtQc' });
    } finally {
      await f.db.query(`UPDATE process SET qc = false WHERE id = $1`, [p.qc]);
    }
  });
});

// Two instances on one database: the order's row lock serialises the scans across processes.
// Needs the real server (and Redis, like the sibling two-instance specs).
const canRunTwo = Boolean(process.env.DATABASE_URL && process.env.REDIS_URL);

(canRunTwo ? describe : describe.skip)('bundle scans on two instances', () => {
  let a: TestApp;
  let b: TestApp;
  let close: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    ({ a, b, close } = await bootTwoInstances({ redis: true }));
  });
  afterAll(async () => {
    await close?.();
  });

  it('counts exactly one of ten parallel scans of one bundle at one process, split over both instances', async () => {
    const f = await setUpProduction(a);
    const tokenB = await b.login();
    const order = await f.createOrder({ quantities: [60, 40] });
    const saved = await f.data<LayRecord>(
      f.post('cutting/lay', { orderId: order.id, colorId: f.colors[0], plies: 1, bundleSize: 10, sizes: JSON.stringify([{ sizeId: f.sizes[0], quantity: 10 }]) }),
    );
    const [ticket] = await f.data<BundleTicket[]>(f.get('cutting/tickets', { layId: saved.id }));
    const body = () => ({ scanId: randomUUID(), code: ticket.code, processId: f.processes.sew });
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        i % 2 === 0
          ? f.post('bundle/scan', body())
          : b.http.post('/api/admin/bundle/scan').set('token', tokenB).type('form').send(body()).then((r) => r),
      ),
    );
    expect(answers.filter((answer) => answer.body.code === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.body.data?.errorKey === 'bundleAlreadyRecorded')).toHaveLength(9);
    const [step] = await f.db.query(
      `SELECT done_quantity AS done, (SELECT coalesce(sum(quantity), 0)::int FROM scan WHERE order_id = $1 AND process_id = $2) AS scanned,
              (SELECT coalesce(sum(done_quantity), 0)::int FROM production_order_cell_progress WHERE order_id = $1 AND process_id = $2) AS cells
         FROM production_order_step WHERE order_id = $1 AND process_id = $2`,
      [order.id, f.processes.sew],
    );
    expect(step).toEqual({ done: 10, scanned: 10, cells: 10 });
  });
});
