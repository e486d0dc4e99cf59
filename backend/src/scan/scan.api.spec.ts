import { randomUUID } from 'node:crypto';
import { SOCKET_EVENTS, type DomainEventEnvelope, type ProgressRecorded, type SubscribeResult } from '../../../contracts/events.js';
import type { ScanResult } from '../../../contracts/production.js';
import { setUpProduction, type ProductionFixture } from '../testing/production-fixture.js';
import { bootTestApp, connected, nextEvent, type TestApp } from '../testing/test-app.js';

describe('scans (API)', () => {
  let t: TestApp;
  let f: ProductionFixture;
  let p: ProductionFixture['processes'];

  /** The step's counter and the number of scan rows, straight from the database. */
  const stepOf = async (orderId: number, processId: number) => {
    const [row] = await f.db.query(
      `SELECT done_quantity AS done, (SELECT count(*)::int FROM scan WHERE order_id = $1 AND process_id = $2) AS scans
         FROM production_order_step WHERE order_id = $1 AND process_id = $2`,
      [orderId, processId],
    );
    return row as { done: number; scans: number };
  };
  const errorOf = async (request: PromiseLike<{ status: number; body: { code: number; message: string; data: { errorKey?: string } } }>) => {
    const response = await request;
    return { status: response.status, code: response.body.code, key: response.body.data?.errorKey, message: response.body.message };
  };

  beforeAll(async () => {
    t = await bootTestApp();
    f = await setUpProduction(t);
    p = f.processes;
  });
  afterAll(() => t.close());
  afterEach(() => f.setProductionSettings({ scanInOrder: true, overProductionPercent: 5, refuseFlaggedOrders: false }));

  it('records a scan, answers the new numbers and pushes them to a subscribed board', async () => {
    const order = await f.createOrder({ quantities: [60, 40] });
    const board = t.socket({ token: f.admin });
    await connected(board);
    const subscribed: SubscribeResult = await board.timeout(5000).emitWithAck(SOCKET_EVENTS.subscribe, { rooms: ['board'] });
    expect(subscribed.joined).toEqual(['board']);
    const pushed = nextEvent<DomainEventEnvelope<'production.progressed'>>(board, SOCKET_EVENTS.domainEvent);

    const response = await f.scan({ orderId: order.id, processId: p.cut, quantity: 30, deviceId: 'station-1' });
    expect(response.status).toBe(200);
    expect(response.body.message).toBe('扫描成功');
    const result: ScanResult = response.body.data;
    expect(result.step).toEqual({
      processId: p.cut,
      sequence: 1,
      dueDate: expect.any(String),
      planned: 100,
      done: 30,
      status: 'partial',
      firstScanAt: expect.any(String),
      lastScanAt: expect.any(String),
    });
    expect(result.order).toMatchObject({ id: order.id, orderNo: order.orderNo, completed: false });
    expect(result.order.finishRate).toBe(6); // 30 of 5 × 100
    expect(result.scan).toMatchObject({ quantity: 30, processName: '裁床', deviceId: 'station-1', workerName: expect.any(String), flagged: false });
    expect(result.warnings).toEqual([]);

    const event = await pushed;
    expect(event.name).toBe('production.progressed');
    expect(event.rooms).toEqual(expect.arrayContaining(['board', 'statistics', `order:${order.id}`, `process:${p.cut}`]));
    expect(event.payload).toMatchObject<Partial<ProgressRecorded>>({ orderId: order.id, processId: p.cut, quantity: 30, step: result.step });
    expect(await stepOf(order.id, p.cut)).toEqual({ done: 30, scans: 1 });
  });

  it('keeps the first and last scan times of a step, to the millisecond, when scans arrive out of their order', async () => {
    const order = await f.createOrder();
    const at = (hoursAgo: number, ms: number) => new Date(Math.floor(Date.now() / 1000) * 1000 - hoursAgo * 3_600_000 + ms).toISOString();
    const [middle, earliest, latest] = [at(2, 123), at(3, 456), at(1, 7)];
    const stepAfter = async (scannedAt: string) => (await f.data<ScanResult>(f.scan({ orderId: order.id, processId: p.cut, quantity: 1, scannedAt }))).step;
    expect(await stepAfter(middle)).toMatchObject({ firstScanAt: middle, lastScanAt: middle });
    // An offline station's older scan moves the first time back; the last stays.
    expect(await stepAfter(earliest)).toMatchObject({ firstScanAt: earliest, lastScanAt: middle });
    expect(await stepAfter(latest)).toMatchObject({ firstScanAt: earliest, lastScanAt: latest });
  });

  it('accepts the order by its number or by a job ticket text', async () => {
    const order = await f.createOrder();
    expect((await f.scan({ orderNo: order.orderNo.toLowerCase(), processId: p.cut, quantity: 5 })).body.code).toBe(200);
    const lookup = await f.data(f.get('scan/lookup', { orderNo: `SB1|${order.orderNo}|CUT-x` }));
    expect(lookup.row).toMatchObject({ id: order.id, orderNo: order.orderNo });
    expect(lookup.colors).toHaveLength(2);
    const withProcess = await f.data(f.get('scan/lookup', { orderNo: order.orderNo, processId: p.cut }));
    // Remaining is plan − done; the 5 % tolerance is a number of its own; the limit adds it.
    expect(withProcess).toMatchObject({ processId: p.cut, remaining: 95, tolerance: 5, ready: 95, limit: 100 });
    // With scan in order, sewing may take only what cutting has done; nothing may leave the warehouse yet.
    expect(await f.data(f.get('scan/lookup', { orderId: order.id, processId: p.sew }))).toMatchObject({ remaining: 100, ready: 5, limit: 5 });
    expect(await f.data(f.get('scan/lookup', { orderId: order.id, processId: p.warehouseOut }))).toMatchObject({ remaining: 100, ready: 0, limit: 0 });
    expect(await errorOf(f.get('scan/lookup', { orderNo: 'NO-SUCH' }, f.admin, 'en'))).toMatchObject({ status: 404, message: 'Production order NO-SUCH not found' });
  });

  it('looks up remaining as plan − done with the tolerance apart, per process and per colour × size cell; the server still takes the tolerance', async () => {
    const order = await f.createOrder({ quantities: [520] });
    const lookupAt = () => f.data(f.get('scan/lookup', { orderId: order.id, processId: p.cut }));
    const first = await lookupAt();
    // 520 planned, 5 %: "all remaining" is 520, not 546.
    expect(first).toMatchObject({ remaining: 520, tolerance: 26, ready: 520, limit: 546 });
    expect(first.cells).toEqual([{ colorId: expect.any(Number), sizeId: expect.any(Number), planned: 520, done: 0, remaining: 520, tolerance: 26, ready: 520, limit: 546 }]);
    const [cell] = first.cells;

    expect((await f.scan({ orderId: order.id, processId: p.cut, quantity: 300, colorId: cell.colorId, sizeId: cell.sizeId })).body.code).toBe(200);
    const afterCell = await lookupAt();
    expect(afterCell).toMatchObject({ remaining: 220, tolerance: 26, ready: 220, limit: 246 });
    expect(afterCell.cells[0]).toMatchObject({ done: 300, remaining: 220, tolerance: 26, ready: 220, limit: 246 });

    // "All remaining" recorded: nothing remains, the tolerance is still there to use.
    expect((await f.scan({ orderId: order.id, processId: p.cut, quantity: afterCell.ready })).body.code).toBe(200);
    expect(await lookupAt()).toMatchObject({ remaining: 0, tolerance: 26, ready: 0, limit: 26 });
    expect((await f.scan({ orderId: order.id, processId: p.cut, quantity: 20 })).body.code).toBe(200);
    expect(await lookupAt()).toMatchObject({ remaining: 0, tolerance: 6, ready: 0, limit: 6 });
    expect(await errorOf(f.scan({ orderId: order.id, processId: p.cut, quantity: 7 }))).toMatchObject({ status: 409, key: 'overPlanned' });
    expect((await f.scan({ orderId: order.id, processId: p.cut, quantity: 6 })).body.code).toBe(200);
    expect(await stepOf(order.id, p.cut)).toEqual({ done: 546, scans: 4 });
  });

  describe('exactly once', () => {
    it('counts a scan id sent ten times once and answers each time as the first time', async () => {
      const order = await f.createOrder();
      const body = { scanId: randomUUID(), orderId: order.id, processId: p.cut, quantity: 7 };
      const first = await f.post('scan/record', body);
      expect(first.body.code).toBe(200);
      expect(first.headers['idempotent-replayed']).toBeUndefined();
      for (let i = 0; i < 9; i++) {
        const again = await f.post('scan/record', body);
        expect(again.status).toBe(200);
        expect(again.headers['idempotent-replayed']).toBe('true');
        expect(again.body.data).toEqual(first.body.data);
      }
      expect(await stepOf(order.id, p.cut)).toEqual({ done: 7, scans: 1 });
    });

    it('counts a scan id sent 50 times at once exactly once', async () => {
      const order = await f.createOrder();
      const body = { scanId: randomUUID(), orderId: order.id, processId: p.cut, quantity: 3 };
      const responses = await Promise.all(Array.from({ length: 50 }, () => f.post('scan/record', body)));
      expect(responses.map((response) => response.status)).toEqual(Array(50).fill(200));
      for (const response of responses) expect(response.body.data).toEqual(responses[0].body.data);
      expect(responses.filter((response) => response.headers['idempotent-replayed'] !== 'true')).toHaveLength(1);
      expect(await stepOf(order.id, p.cut)).toEqual({ done: 3, scans: 1 });
    });

    it('refuses a scan id reused for a different scan and changes nothing', async () => {
      const order = await f.createOrder();
      const scanId = randomUUID();
      expect((await f.post('scan/record', { scanId, orderId: order.id, processId: p.cut, quantity: 4 })).body.code).toBe(200);
      const reused = await errorOf(f.post('scan/record', { scanId, orderId: order.id, processId: p.cut, quantity: 5 }));
      expect(reused).toMatchObject({ status: 409, key: 'scanIdReused', message: '扫描编号已用于另一条不同的记录' });
      const otherOrder = await f.createOrder();
      expect(await errorOf(f.post('scan/record', { scanId, orderId: otherOrder.id, processId: p.cut, quantity: 4 }))).toMatchObject({ status: 409 });
      expect(await stepOf(order.id, p.cut)).toEqual({ done: 4, scans: 1 });
      expect(await stepOf(otherOrder.id, p.cut)).toEqual({ done: 0, scans: 0 });
    });
  });

  it('loses no update when 20 workers scan one order and process 25 times each at once', async () => {
    const order = await f.createOrder({ quantities: [300, 300] });
    const worker = async () => {
      for (let i = 0; i < 25; i++) {
        const response = await f.scan({ orderId: order.id, processId: p.cut, quantity: 1 });
        if (response.body.code !== 200) throw new Error(JSON.stringify(response.body));
      }
    };
    await Promise.all(Array.from({ length: 20 }, worker));
    expect(await stepOf(order.id, p.cut)).toEqual({ done: 500, scans: 500 });
  });

  describe('rules', () => {
    it('refuses more than planned plus the tolerance, with the room left', async () => {
      const order = await f.createOrder({ quantities: [60, 40] });
      expect((await f.scan({ orderId: order.id, processId: p.cut, quantity: 105 })).body.code).toBe(200);
      const over = await errorOf(f.scan({ orderId: order.id, processId: p.cut, quantity: 1 }, f.admin, 'en'));
      expect(over).toMatchObject({ status: 409, key: 'overPlanned', message: 'Over the planned quantity: 100 planned (+5% allowed), at most 0 more' });
      await f.setProductionSettings({ overProductionPercent: 0 });
      const second = await f.createOrder({ quantities: [10] });
      expect(await errorOf(f.scan({ orderId: second.id, processId: p.cut, quantity: 11 }))).toMatchObject({ key: 'overPlanned' });
      expect(await stepOf(second.id, p.cut)).toEqual({ done: 0, scans: 0 });
    });

    it('with scan in order, refuses more at a process than the previous one has done', async () => {
      const order = await f.createOrder();
      expect((await f.scan({ orderId: order.id, processId: p.cut, quantity: 20 })).body.code).toBe(200);
      expect((await f.scan({ orderId: order.id, processId: p.sew, quantity: 20 })).body.code).toBe(200);
      const refused = await errorOf(f.scan({ orderId: order.id, processId: p.sew, quantity: 1 }));
      expect(refused).toMatchObject({ status: 409, key: 'previousProcessNotFinished', message: '上道工序未完成：「裁床」只完成了 20 件' });
      const skipped = await errorOf(f.scan({ orderId: order.id, processId: p.qc, quantity: 21 }, f.admin, 'en'));
      expect(skipped.message).toBe('Previous process not finished: "车缝" has only 20 done');
      await f.setProductionSettings({ scanInOrder: false });
      expect((await f.scan({ orderId: order.id, processId: p.qc, quantity: 50 })).body.code).toBe(200);
    });

    it('never lets more leave the warehouse than entered it, whatever the scan-in-order setting', async () => {
      await f.setProductionSettings({ scanInOrder: false });
      const order = await f.createOrder();
      expect(await errorOf(f.scan({ orderId: order.id, processId: p.warehouseOut, quantity: 1 }))).toMatchObject({
        status: 409,
        key: 'orderNotInStock',
        message: '订单未入库：已入库 0 件，已出库 0 件',
      });
      expect((await f.scan({ orderId: order.id, processId: p.warehouseIn, quantity: 30 })).body.code).toBe(200);
      expect((await f.scan({ orderId: order.id, processId: p.warehouseOut, quantity: 30 })).body.code).toBe(200);
      expect(await errorOf(f.scan({ orderId: order.id, processId: p.warehouseOut, quantity: 1 }, f.admin, 'en'))).toMatchObject({
        message: 'Order not in stock: 30 in stock, 30 already out',
      });
    });

    it('refuses a process the user may not execute, and one not on the route', async () => {
      const order = await f.createOrder();
      const viewer = await t.login('viewer', 'viewer123');
      expect(await errorOf(f.scan({ orderId: order.id, processId: p.cut, quantity: 1 }, viewer))).toMatchObject({
        status: 403,
        key: 'processNotExecutable',
        message: '您没有执行工序「裁床」的权限',
      });
      await f.allowProcesses('viewer', [p.sew]);
      expect(await errorOf(f.scan({ orderId: order.id, processId: p.cut, quantity: 1 }, viewer))).toMatchObject({ status: 403 });
      await f.allowProcesses('viewer', [p.cut]);
      expect((await f.scan({ orderId: order.id, processId: p.cut, quantity: 1 }, viewer)).body.code).toBe(200);
      const route = JSON.stringify([{ processId: p.cut, sequence: 1 }]);
      const short = await f.data(f.post('productionOrder/create', { customer: f.customer, goodsId: f.goods, orderDate: '2026-01-01', deliveryDate: '2099-01-01', cells: JSON.stringify([{ colorId: f.colors[0], sizeId: f.sizes[0], quantity: 5 }]), route }));
      expect(await errorOf(f.scan({ orderId: short.id, processId: p.sew, quantity: 1 }))).toMatchObject({ status: 400, key: 'processNotOnRoute' });
      expect(await stepOf(order.id, p.cut)).toEqual({ done: 1, scans: 1 });
    });

    it('refuses hidden orders; flags, or by setting refuses, orders not reviewed or without a document', async () => {
      const hidden = await f.createOrder();
      await f.data(f.post('productionOrder/hide', { ids: String(hidden.id) }));
      expect(await errorOf(f.scan({ orderId: hidden.id, processId: p.cut, quantity: 1 }))).toMatchObject({ status: 409, key: 'orderHidden' });

      const draft = await f.createOrder({ ready: false });
      const flagged = await f.scan({ orderId: draft.id, processId: p.cut, quantity: 2 }, f.admin, 'en');
      expect(flagged.body.data.warnings).toEqual(['This document is not reviewed', 'Upload the production order first']);
      expect(flagged.body.data.scan.flagged).toBe(true);
      await f.setProductionSettings({ refuseFlaggedOrders: true });
      expect(await errorOf(f.scan({ orderId: draft.id, processId: p.cut, quantity: 1 }))).toMatchObject({ status: 409, key: 'orderNotReviewed', message: '该单据未审核' });
      expect(await stepOf(draft.id, p.cut)).toEqual({ done: 2, scans: 1 });
    });

    it('checks a colour/size scan against its cell of the grid', async () => {
      const order = await f.createOrder({ quantities: [10, 20] });
      const [red, blue] = f.colors;
      const [s, m] = f.sizes;
      expect(await errorOf(f.scan({ orderId: order.id, processId: p.cut, quantity: 1, colorId: red }))).toMatchObject({ status: 400, key: 'selectColorAndSize' });
      expect(await errorOf(f.scan({ orderId: order.id, processId: p.cut, quantity: 1, colorId: red, sizeId: m }))).toMatchObject({ status: 400, key: 'cellNotInOrder' });
      const ok = await f.scan({ orderId: order.id, processId: p.cut, quantity: 10, colorId: red, sizeId: s });
      expect(ok.body.data.scan).toMatchObject({ colorName: '红', sizeName: 'S' });
      expect(await errorOf(f.scan({ orderId: order.id, processId: p.cut, quantity: 1, colorId: red, sizeId: s }))).toMatchObject({ key: 'overPlanned' });
      expect((await f.scan({ orderId: order.id, processId: p.cut, quantity: 20, colorId: blue, sizeId: m })).body.code).toBe(200);
      const [cell] = await f.db.query(`SELECT done_quantity FROM production_order_cell_progress WHERE order_id = $1 AND color_id = $2`, [order.id, red]);
      expect(cell.done_quantity).toBe(10);
    });

    it('completes the order when the end process reaches its plan', async () => {
      const order = await f.createOrder({ quantities: [4] });
      const watcher = t.socket({ token: f.admin });
      await connected(watcher);
      await watcher.timeout(5000).emitWithAck(SOCKET_EVENTS.subscribe, { rooms: [`order:${order.id}`] });
      const events: DomainEventEnvelope[] = [];
      watcher.on(SOCKET_EVENTS.domainEvent, (event: DomainEventEnvelope) => events.push(event));
      for (const process of [p.cut, p.sew, p.qc]) await f.data(f.scan({ orderId: order.id, processId: process, quantity: 4 }));
      const last = await f.data<ScanResult>(f.scan({ orderId: order.id, processId: p.warehouseIn, quantity: 4 }));
      expect(last.order).toMatchObject({ completed: true });
      const [row] = await f.db.query(`SELECT completed, completed_at FROM production_order WHERE id = $1`, [order.id]);
      expect(row.completed).toBe(true);
      expect(row.completed_at).not.toBeNull();
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(events.map((event) => (event.name === 'productionOrder.changed' ? (event.payload as { action: string }).action : event.name))).toEqual([
        'production.progressed',
        'production.progressed',
        'production.progressed',
        'production.progressed',
        'completed',
      ]);
    });
    it('dates the completion by the completing scan, also when an offline station sends it later', async () => {
      const order = await f.createOrder({ quantities: [2] });
      for (const process of [p.cut, p.sew, p.qc]) await f.data(f.scan({ orderId: order.id, processId: process, quantity: 2 }));
      // Made 3 hours ago at a station without network, recorded only now.
      const scannedAt = new Date(Date.now() - 3 * 3_600_000);
      scannedAt.setMilliseconds(0);
      const last = await f.data<ScanResult>(f.scan({ orderId: order.id, processId: p.warehouseIn, quantity: 2, scannedAt: scannedAt.toISOString() }));
      expect(last.order.completed).toBe(true);
      const [row] = await f.db.query(`SELECT completed_at FROM production_order WHERE id = $1`, [order.id]);
      expect(new Date(row.completed_at).toISOString()).toBe(scannedAt.toISOString());
    });
  });

  describe('correcting entries', () => {
    it('takes a scan back once, answers a repeated request the same, and reopens a completed order', async () => {
      const order = await f.createOrder({ quantities: [3] });
      for (const process of [p.cut, p.sew, p.qc]) await f.data(f.scan({ orderId: order.id, processId: process, quantity: 3 }));
      const scanId = randomUUID();
      await f.data(f.post('scan/record', { scanId, orderId: order.id, processId: p.warehouseIn, quantity: 3 }));
      const body = { scanId: randomUUID(), reversesScanId: scanId, note: '扫错了' };
      const reversed = await f.post('scan/reverse', body);
      expect(reversed.body).toMatchObject({ code: 200, message: '已撤销该扫描' });
      expect(reversed.body.data.scan).toMatchObject({ quantity: -3, reversesScanId: scanId, note: '扫错了' });
      expect(reversed.body.data.order.completed).toBe(false);
      const again = await f.post('scan/reverse', body);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.body.data).toEqual(reversed.body.data);
      expect(await errorOf(f.post('scan/reverse', { scanId: randomUUID(), reversesScanId: scanId }))).toMatchObject({ status: 409, key: 'scanAlreadyReversed' });
      expect(await errorOf(f.post('scan/reverse', { scanId: randomUUID(), reversesScanId: body.scanId }))).toMatchObject({ status: 400, key: 'cannotReverseReversal' });
      expect(await errorOf(f.post('scan/reverse', { scanId: randomUUID(), reversesScanId: randomUUID() }))).toMatchObject({ status: 404, key: 'scanNotFound' });
      expect(await stepOf(order.id, p.warehouseIn)).toEqual({ done: 0, scans: 2 });
      const [row] = await f.db.query(`SELECT completed, completed_at FROM production_order WHERE id = $1`, [order.id]);
      expect(row).toEqual({ completed: false, completed_at: null });
    });

    it('takes back a colour/size scan from its cell too (the cell counter goes down, never a 500)', async () => {
      const order = await f.createOrder({ quantities: [10] });
      const [red] = f.colors;
      const [s] = f.sizes;
      const first = await f.data(f.scan({ orderId: order.id, processId: p.cut, quantity: 6, colorId: red, sizeId: s }));
      await f.data(f.scan({ orderId: order.id, processId: p.cut, quantity: 4, colorId: red, sizeId: s }));
      const reversed = await f.post('scan/reverse', { scanId: randomUUID(), reversesScanId: first.scan.scanId });
      expect(reversed.body).toMatchObject({ code: 200 });
      expect(reversed.body.data.scan).toMatchObject({ quantity: -6, colorName: '红', sizeName: 'S' });
      const cellDone = async () =>
        (await f.db.query(`SELECT done_quantity FROM production_order_cell_progress WHERE order_id = $1 AND process_id = $2`, [order.id, p.cut]))[0].done_quantity;
      expect(await cellDone()).toBe(4);
      expect(await stepOf(order.id, p.cut)).toEqual({ done: 4, scans: 3 });
      // The room freed in the cell can be scanned again.
      await f.data(f.scan({ orderId: order.id, processId: p.cut, quantity: 6, colorId: red, sizeId: s }));
      expect(await cellDone()).toBe(10);
    });

    it('refuses to take back pieces a later process already has, and concurrent takers-back count once', async () => {
      const order = await f.createOrder();
      const cutId = randomUUID();
      await f.data(f.post('scan/record', { scanId: cutId, orderId: order.id, processId: p.cut, quantity: 10 }));
      await f.data(f.scan({ orderId: order.id, processId: p.sew, quantity: 5 }));
      expect(await errorOf(f.post('scan/reverse', { scanId: randomUUID(), reversesScanId: cutId }, f.admin, 'en'))).toMatchObject({
        status: 409,
        message: 'The next process "车缝" already has 5 done; this cannot be taken back',
      });
      const sewId = randomUUID();
      await f.data(f.post('scan/record', { scanId: sewId, orderId: order.id, processId: p.sew, quantity: 2 }));
      const attempts = await Promise.all(Array.from({ length: 10 }, () => f.post('scan/reverse', { scanId: randomUUID(), reversesScanId: sewId })));
      expect(attempts.filter((response) => response.body.code === 200)).toHaveLength(1);
      expect(attempts.filter((response) => response.body.data?.errorKey === 'scanAlreadyReversed')).toHaveLength(9);
      expect(await stepOf(order.id, p.sew)).toEqual({ done: 5, scans: 3 });
    });
  });

  describe('bad input changes nothing', () => {
    it.each([
      [{}, 'scanId'],
      [{ scanId: 'short' }, 'scanId'],
      [{ scanId: 'has spaces in it' }, 'scanId'],
      [{ quantity: 0 }, 'quantity'],
      [{ quantity: -5 }, 'quantity'],
      [{ quantity: 'lots' }, 'quantity'],
      [{ quantity: 1e9 }, 'quantity'],
      [{ processId: 'cut' }, 'processId'],
      [{ orderId: undefined }, 'orderId'],
      [{ scannedAt: 'yesterday' }, 'scannedAt'],
    ])('refuses %j with a 400 naming %s', async (change, field) => {
      const order = await f.createOrder();
      const body: Record<string, unknown> = { scanId: randomUUID(), orderId: order.id, processId: p.cut, quantity: 1, ...change };
      for (const key of Object.keys(body)) if (body[key] === undefined) delete body[key];
      if (Object.keys(change).length === 0) delete body.scanId;
      const response = await f.post('scan/record', body, f.admin, 'en');
      expect(response.status).toBe(400);
      expect(response.body.data.field).toBe(field);
      expect(response.body.message).toMatch(/\S/);
      expect(await stepOf(order.id, p.cut)).toEqual({ done: 0, scans: 0 });
    });

    it('credits a scan only to an enabled worker allowed to execute the process', async () => {
      const order = await f.createOrder();
      const made = async (username: string) =>
        (await f.data<{ id: number }>(f.post('user/create', { username, nickname: username, password: 'worker-pass-1' }))).id;
      const allowed = await made('w-allowed');
      await f.allowProcesses('w-allowed', [p.cut]);
      const otherProcess = await made('w-sewer');
      await f.allowProcesses('w-sewer', [p.sew]);
      const disabled = await made('w-disabled');
      await f.allowProcesses('w-disabled', [p.cut]);
      await f.db.query(`UPDATE app_user SET enabled = false WHERE id = $1`, [disabled]);

      const refused = await errorOf(f.scan({ orderId: order.id, processId: p.cut, quantity: 1, workerId: otherProcess }, f.admin, 'en'));
      expect(refused).toMatchObject({ status: 403, code: 403, key: 'workerNotAllowed', message: 'The selected worker may not execute this process' });
      expect(await errorOf(f.scan({ orderId: order.id, processId: p.cut, quantity: 1, workerId: disabled }))).toMatchObject({ status: 400, key: 'referenceInvalid' });
      expect(await errorOf(f.scan({ orderId: order.id, processId: p.cut, quantity: 1, workerId: 999999999 }))).toMatchObject({ status: 400, key: 'referenceInvalid' });
      expect(await stepOf(order.id, p.cut)).toEqual({ done: 0, scans: 0 });

      const accepted = await f.scan({ orderId: order.id, processId: p.cut, quantity: 2, workerId: allowed });
      expect(accepted.status).toBe(200);
      expect(await stepOf(order.id, p.cut)).toEqual({ done: 2, scans: 1 });
      const [row] = await f.db.query(`SELECT worker_id AS "workerId" FROM scan WHERE order_id = $1`, [order.id]);
      expect(row.workerId).toBe(allowed);
    });

    it('refuses a scan dated in the future, an unknown order and a missing token', async () => {
      const order = await f.createOrder();
      const future = new Date(Date.now() + 3_600_000).toISOString();
      expect(await errorOf(f.scan({ orderId: order.id, processId: p.cut, quantity: 1, scannedAt: future }))).toMatchObject({ status: 400, key: 'scanTimeInvalid' });
      expect(await errorOf(f.scan({ orderNo: 'NOPE-1', processId: p.cut, quantity: 1 }))).toMatchObject({ status: 404, key: 'orderNotFound', message: '生产单 NOPE-1 不存在' });
      const anonymous = await t.http.post('/api/admin/scan/record').type('form').send({ scanId: randomUUID(), orderId: order.id, processId: p.cut, quantity: 1 });
      expect(anonymous.status).toBe(401);
      const malformed = await t.http.post('/api/admin/scan/record').set('token', f.admin).set('Content-Type', 'application/json').send('{"scanId": ');
      expect(malformed.status).toBe(400);
      expect(await stepOf(order.id, p.cut)).toEqual({ done: 0, scans: 0 });
    });
  });

  describe('orders with progress', () => {
    it('cannot be deleted, nor lose a scanned process from their route; a new route keeps the counts', async () => {
      const order = await f.createOrder({ ready: false });
      await f.data(f.scan({ orderId: order.id, processId: p.cut, quantity: 6 }));
      const current = await f.data(f.get('productionOrder/detail', { id: order.id }));
      expect(await errorOf(f.post('productionOrder/delete', { id: order.id, version: current.version }))).toMatchObject({ status: 409, key: 'orderHasProgress' });
      const withoutCut = JSON.stringify([{ processId: p.sew, sequence: 1 }]);
      expect(await errorOf(f.post('productionOrder/update', { id: order.id, version: current.version, route: withoutCut }))).toMatchObject({
        status: 409,
        key: 'processHasProgress',
      });
      const reordered = JSON.stringify([{ processId: p.cut, sequence: 1 }, { processId: p.sew, sequence: 2 }]);
      await f.data(f.post('productionOrder/update', { id: order.id, version: current.version, route: reordered }));
      expect(await stepOf(order.id, p.cut)).toEqual({ done: 6, scans: 1 });
    });
  });

  describe('piece rates and sub-processes', () => {
    it("stores the named sub-process's rate (else the process's, else none); only the last sub-process or none moves progress", async () => {
      await f.db.query(`UPDATE process SET piece_rate = 1.20 WHERE id = $1`, [p.cut]);
      const process = await f.data(f.get('process/detail', { id: p.cut }));
      const updated = await f.data<{ version: number; steps: { id: number }[] }>(
        f.post('process/update', { id: p.cut, version: process.version, steps: JSON.stringify([{ name: '拉布', pieceRate: 0.45 }, { name: '分扎' }]) }),
      );
      const [spreading, bundling] = updated.steps.map((step) => step.id);
      const order = await f.createOrder({ quantities: [60, 40] });

      const stepped: ScanResult = await f.data(f.scan({ orderId: order.id, processId: p.cut, quantity: 5, stepId: spreading }));
      expect(stepped.scan).toMatchObject({ stepId: spreading, stepName: '拉布', pieceRate: 0.45 });
      // 拉布 is not the last sub-process: paid, but cutting has not moved (sub-process.api.spec.ts has the rules).
      expect(stepped.scan.countsProgress).toBe(false);
      expect(stepped.step.done).toBe(0);
      // A step without a rate of its own is paid at the process's rate; no step: the process's.
      expect((await f.data<ScanResult>(f.scan({ orderId: order.id, processId: p.cut, quantity: 3, stepId: bundling }))).scan).toMatchObject({ stepName: '分扎', pieceRate: 1.2 });
      expect((await f.data<ScanResult>(f.scan({ orderId: order.id, processId: p.cut, quantity: 2 }))).scan).toMatchObject({ stepId: null, pieceRate: 1.2 });
      expect((await f.data<ScanResult>(f.scan({ orderId: order.id, processId: p.sew, quantity: 2 }))).scan).toMatchObject({ stepId: null, pieceRate: null });
      expect(await stepOf(order.id, p.cut)).toEqual({ done: 5, scans: 3 });

      // The correcting entry takes back the pay at the original's rate, after the rate changed.
      await f.db.query(`UPDATE process_step SET piece_rate = 0.99 WHERE id = $1`, [spreading]);
      const reversed: ScanResult = await f.data(f.post('scan/reverse', { scanId: randomUUID(), reversesScanId: stepped.scan.scanId }));
      expect(reversed.scan).toMatchObject({ quantity: -5, stepId: spreading, stepName: '拉布', pieceRate: 0.45 });
      const history = await f.data<{ scans: ScanResult['scan'][] }>(f.get('schedule/detail', { id: order.id }));
      expect(history.scans.find((scan) => scan.scanId === stepped.scan.scanId)).toMatchObject({ stepName: '拉布', pieceRate: 0.45, reversed: true });
      const [summary] = await f.db.query(
        `SELECT sum(pieces)::int AS pieces, sum(pay)::float8 AS pay FROM worker_daily_output WHERE process_id = $1 AND step_id = $2`,
        [p.cut, spreading],
      );
      expect(summary).toEqual({ pieces: 0, pay: 0 });

      // Editing the steps keeps a scanned step's id; removing it is refused.
      const renamed = await f.data<{ version: number; steps: { id: number; name: string }[] }>(
        f.post('process/update', { id: p.cut, version: updated.version, steps: JSON.stringify([{ name: '拉布 Spreading', pieceRate: 0.5 }, { name: '分扎' }]) }),
      );
      expect(renamed.steps.map((step) => step.id)).toEqual([spreading, bundling]);
      expect(await errorOf(f.post('process/update', { id: p.cut, version: renamed.version, steps: JSON.stringify([{ name: '拉布' }]) }, f.admin, 'en'))).toEqual({
        status: 409,
        code: 409,
        key: 'stepHasScans',
        message: 'Sub-process "分扎" has recorded scans and cannot be removed',
      });
      await f.db.query(`UPDATE process SET piece_rate = NULL WHERE id = $1`, [p.cut]);
    });

    it("refuses a sub-process of another process, or none at all, with a translated 400 and counts nothing", async () => {
      const process = await f.data(f.get('process/detail', { id: p.qc }));
      const qc = await f.data<{ steps: { id: number }[] }>(f.post('process/update', { id: p.qc, version: process.version, steps: JSON.stringify([{ name: '外观' }]) }));
      const order = await f.createOrder();
      const foreign = await errorOf(f.scan({ orderId: order.id, processId: p.cut, quantity: 1, stepId: qc.steps[0].id }, f.admin, 'en'));
      expect(foreign).toEqual({ status: 400, code: 400, key: 'stepNotInProcess', message: 'The sub-process is not one of the steps of process "裁床"' });
      expect(await errorOf(f.scan({ orderId: order.id, processId: p.cut, quantity: 1, stepId: 2_000_000 }))).toMatchObject({ status: 400, key: 'stepNotInProcess' });
      expect(await errorOf(f.scan({ orderId: order.id, processId: p.cut, quantity: 1, stepId: 'abc' }))).toMatchObject({ status: 400, key: 'validation' });
      expect(await stepOf(order.id, p.cut)).toEqual({ done: 0, scans: 0 });
    });

    it('refuses a re-sent scan id naming another sub-process (409), replays the same one', async () => {
      const process = await f.data(f.get('process/detail', { id: p.sew }));
      const sew = await f.data<{ steps: { id: number }[] }>(f.post('process/update', { id: p.sew, version: process.version, steps: JSON.stringify([{ name: '上领' }, { name: '上袖' }]) }));
      const order = await f.createOrder();
      await f.data(f.scan({ orderId: order.id, processId: p.cut, quantity: 10 }));
      const scanId = randomUUID();
      await f.data(f.scan({ scanId, orderId: order.id, processId: p.sew, quantity: 2, stepId: sew.steps[1].id }));
      const again = await f.scan({ scanId, orderId: order.id, processId: p.sew, quantity: 2, stepId: sew.steps[1].id });
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(await errorOf(f.scan({ scanId, orderId: order.id, processId: p.sew, quantity: 2, stepId: sew.steps[0].id }))).toMatchObject({ status: 409, key: 'scanIdReused' });
      expect(await stepOf(order.id, p.sew)).toEqual({ done: 2, scans: 1 });
    });
  });

  it('tells live screens who was credited, with what and at what rate', async () => {
    const order = await f.createOrder({ quantities: [60, 40] });
    const board = t.socket({ token: f.admin });
    await connected(board);
    await board.timeout(5000).emitWithAck(SOCKET_EVENTS.subscribe, { rooms: ['board'] });
    const pushed = nextEvent<DomainEventEnvelope<'production.progressed'>>(board, SOCKET_EVENTS.domainEvent);
    await f.data(f.scan({ orderId: order.id, processId: p.cut, quantity: 3, colorId: f.colors[0], sizeId: f.sizes[0] }));
    const payload: ProgressRecorded = (await pushed).payload;
    const [admin] = await f.db.query(`SELECT id FROM app_user WHERE username = 'admin'`);
    expect(payload).toMatchObject({ workerId: admin.id, colorId: f.colors[0], sizeId: f.sizes[0], stepId: null, pieceRate: null });
  });
});
