import { randomUUID } from 'node:crypto';
import { orderMetrics } from '../../../contracts/order-metrics.js';
import { STEP_STATUSES, type ProgressRow, type ScheduleDetail, type ScheduleList, type StepStatus } from '../../../contracts/production.js';
import { shiftDay } from '../progress/calendar.js';
import { localDay } from '../progress/progress-math.js';
import { setUpProduction, type OrderOptions, type ProductionFixture } from '../testing/production-fixture.js';
import { bootTestApp, type TestApp } from '../testing/test-app.js';
import { firstLogin } from '../testing/accounts.js';

describe('schedule (API)', () => {
  let t: TestApp;
  let f: ProductionFixture;
  const today = localDay();
  const day = (offset: number) => shiftDay(today, offset);

  const list = (query: Record<string, unknown> = {}) => f.data<ScheduleList>(f.get('schedule/list', query));
  const numbersOf = (rows: ProgressRow[]) => rows.map((row) => row.orderNo);
  // Ordered today (or on delivery, when that is past): every step is due in the future.
  const order = (orderNo: string, options: OrderOptions = {}) => {
    const deliveryDate = options.deliveryDate ?? day(30);
    return f.createOrder({ orderNo, orderDate: deliveryDate < today ? deliveryDate : today, ...options, deliveryDate });
  };
  const setDone = (orderId: number, processId: number, done: number) =>
    f.db.query(`UPDATE production_order_step SET done_quantity = $3 WHERE order_id = $1 AND process_id = $2`, [orderId, processId, done]);
  const setDue = (orderId: number, processId: number, dueDate: string) =>
    f.db.query(`UPDATE production_order_step SET due_date = $3 WHERE order_id = $1 AND process_id = $2`, [orderId, processId, dueDate]);

  beforeAll(async () => {
    t = await bootTestApp();
    f = await setUpProduction(t);
  });
  afterAll(() => t.close());

  it('needs a token (401) and the Schedule permission (403)', async () => {
    const anonymous = await t.http.get('/api/admin/schedule/list');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.code).toBe(401);
    const viewer = await t.login('viewer', 'viewer123');
    for (const path of ['schedule/list', 'schedule/detail?id=1']) {
      const refused = await t.http.get(`/api/admin/${path}`).set('token', viewer);
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ code: 403, data: { errorKey: 'forbidden' } });
    }
    const user = await f.data<{ id: number; version: number }>(f.post('user/create', { username: 'planner', nickname: 'Planner', password: 'secret-1' }));
    await f.data(f.post('user/updatePermission', { id: user.id, version: user.version, permissions: 'Schedule' }));
    const planner = await firstLogin(t, 'planner', 'secret-1');
    expect((await f.get('schedule/list', {}, planner)).status).toBe(200);
  });

  describe('status rule', () => {
    // One order per case; the expected status is the rule of progress-math.orderStatusOf: delayed
    // only past delivery (contracts/order-metrics isDelayed), a late step shows in its own cell.
    const cases: Record<string, { status: StepStatus; id?: number }> = {
      'SR-NOT-STARTED': { status: 'notStarted' },
      'SR-PARTIAL': { status: 'partial' },
      'SR-DONE': { status: 'done' },
      'SR-LATE-DELIVERY': { status: 'delayed' },
      'SR-LATE-STEP': { status: 'notStarted' },
      'SR-STEP-DONE-LATE': { status: 'partial' },
      'SR-OVERDUE-DONE': { status: 'done' },
    };

    beforeAll(async () => {
      for (const orderNo of Object.keys(cases)) {
        const deliveryDate = orderNo === 'SR-LATE-DELIVERY' || orderNo === 'SR-OVERDUE-DONE' ? day(-3) : day(20);
        cases[orderNo].id = (await order(orderNo, { deliveryDate })).id;
      }
      const id = (orderNo: string) => cases[orderNo].id!;
      await setDone(id('SR-PARTIAL'), f.processes.cut, 10);
      // Completed: every step at its plan and the order marked complete (what the end process does).
      for (const orderNo of ['SR-DONE', 'SR-OVERDUE-DONE']) {
        await f.db.query(`UPDATE production_order_step SET done_quantity = planned_quantity WHERE order_id = $1`, [id(orderNo)]);
        await f.db.query(`UPDATE production_order SET completed = true, completed_at = now() WHERE id = $1`, [id(orderNo)]);
      }
      // A step past its due date and not done is late itself; the order is not delayed for it.
      await setDue(id('SR-LATE-STEP'), f.processes.cut, day(-1));
      await setDue(id('SR-STEP-DONE-LATE'), f.processes.cut, day(-1));
      await setDone(id('SR-STEP-DONE-LATE'), f.processes.cut, 100);
    });

    it('gives each order its status, in the list and in the detail', async () => {
      const result = await list({ keyword: 'SR-', includeCompleted: 'true', pageSize: 50 });
      const rows = result.rows;
      // Totals are counted in the database; on one page they equal the contract over the rows.
      expect(result.totals).toEqual(orderMetrics(rows, today, 'filter'));
      expect(result.totals).toMatchObject({ population: 'filter', orders: 7, completed: 2, inProduction: 5, delayed: 1, onTime: 4, delayRate: 20 });
      // "Delayed orders" and the days-late column can no longer disagree.
      expect(rows.filter((row) => row.delayDays > 0).map((row) => row.orderNo)).toEqual(rows.filter((row) => row.status === 'delayed').map((row) => row.orderNo));
      expect(Object.fromEntries(rows.map((row) => [row.orderNo, row.status]))).toEqual(
        Object.fromEntries(Object.entries(cases).map(([orderNo, { status }]) => [orderNo, status])),
      );
      const late = await f.data<ScheduleDetail>(f.get('schedule/detail', { id: cases['SR-LATE-STEP'].id }));
      expect(late.row.status).toBe('notStarted');
      expect(late.row.delayDays).toBe(0); // on time for delivery; only a step is late
      expect(late.row.steps[String(f.processes.cut)]).toMatchObject({ dueDate: day(-1), status: 'delayed' });
      const overdue = rows.find((row) => row.orderNo === 'SR-LATE-DELIVERY')!;
      expect(overdue.delayDays).toBe(3);
      expect(rows.find((row) => row.orderNo === 'SR-OVERDUE-DONE')!.delayDays).toBe(0);
    });

    it.each(STEP_STATUSES)('filters by status %s in the database exactly as the rows compute it', async (status) => {
      const result = await list({ keyword: 'SR-', includeCompleted: 'true', status, pageSize: 50 });
      const expected = Object.entries(cases)
        .filter(([, value]) => value.status === status)
        .map(([orderNo]) => orderNo);
      expect(numbersOf(result.rows).sort()).toEqual(expected.sort());
      expect(result.rows.every((row) => row.status === status)).toBe(true);
      expect(result.total).toBe(expected.length);
    });

    it('leaves completed orders out unless asked for', async () => {
      const open = await list({ keyword: 'SR-', pageSize: 50 });
      expect(numbersOf(open.rows)).not.toContain('SR-DONE');
      expect(open.total).toBe(Object.keys(cases).length - 2);
      expect((await list({ keyword: 'SR-', status: 'done' })).total).toBe(0);
      expect((await list({ keyword: 'SR-', includeCompleted: 'false', status: 'done' })).total).toBe(0);
    });
  });

  describe('filters, paging, sorting and totals', () => {
    let other: number;
    beforeAll(async () => {
      other = (await f.data<{ id: number }>(f.post('customer/create', { code: 'C-OTHER', shortName: '乙公司' }))).id;
      const a = await order('FL-A', { deliveryDate: day(5) });
      const b = await order('FL-B', { deliveryDate: day(15) });
      const c = await order('FL-C', { deliveryDate: day(25) });
      const d = await order('FL-D', { deliveryDate: day(-2) });
      const hidden = await order('FL-HIDDEN', { deliveryDate: day(5) });
      await f.db.query(`UPDATE production_order SET customer_id = $2, customer_order_no = 'PO-CUSTOMER-77', product_name = '女式风衣' WHERE id = $1`, [c.id, other]);
      await f.data(f.post('productionOrder/hide', { ids: String(hidden.id) }));
      await setDone(a.id, f.processes.cut, 100); // 20 %
      await setDone(b.id, f.processes.cut, 50); // 10 %
      await setDone(d.id, f.processes.cut, 100);
      await setDone(d.id, f.processes.sew, 100); // 40 %, delayed (past delivery)
    });

    it('finds by order no., customer order no., product name, style code and customer, never hidden orders', async () => {
      expect(numbersOf((await list({ keyword: 'fl-' })).rows).sort()).toEqual(['FL-A', 'FL-B', 'FL-C', 'FL-D']);
      expect(numbersOf((await list({ keyword: 'CUSTOMER-77' })).rows)).toEqual(['FL-C']);
      expect(numbersOf((await list({ keyword: '风衣' })).rows)).toEqual(['FL-C']);
      expect(numbersOf((await list({ keyword: '乙公司' })).rows)).toEqual(['FL-C']);
      expect(numbersOf((await list({ keyword: 'C-OTHER' })).rows)).toEqual(['FL-C']);
      const byStyle = await list({ keyword: 'ST-', pageSize: 200 });
      expect(numbersOf(byStyle.rows)).toEqual(expect.arrayContaining(['FL-A', 'FL-B', 'FL-C', 'FL-D']));
      expect(numbersOf(byStyle.rows)).not.toContain('FL-HIDDEN');
      expect((await list({ keyword: 'FL-HIDDEN' })).total).toBe(0);
      expect((await list({ keyword: '100%_' })).total).toBe(0); // wildcards are literal
    });

    it('filters by customer and delivery dates (inclusive)', async () => {
      expect(numbersOf((await list({ customer: other })).rows)).toEqual(['FL-C']);
      const window = await list({ keyword: 'FL-', deliveryFrom: day(5), deliveryTo: day(15) });
      expect(numbersOf(window.rows)).toEqual(['FL-A', 'FL-B']);
      expect(numbersOf((await list({ keyword: 'FL-', deliveryTo: day(0) })).rows)).toEqual(['FL-D']);
      // Blank filters are no filters (list screens send every field).
      expect((await list({ keyword: 'FL-', customer: '', status: '', deliveryFrom: '', page: '' })).total).toBe(4);
    });

    it('pages, with the total and the totals of the whole filter', async () => {
      const first = await list({ keyword: 'FL-', pageSize: 3 });
      expect(first.rows).toHaveLength(3);
      expect(first.total).toBe(4);
      expect(numbersOf(first.rows)).toEqual(['FL-D', 'FL-A', 'FL-B']); // by delivery date by default
      const second = await list({ keyword: 'FL-', pageSize: 3, page: 2 });
      expect(numbersOf(second.rows)).toEqual(['FL-C']);
      expect(second.total).toBe(4);
      // (20 + 10 + 0 + 40) / 4 = 17.5; one of four delayed; FL-A (day 5) due this week.
      const totals = { population: 'filter', orders: 4, completed: 0, inProduction: 4, onTime: 3, delayed: 1, dueThisWeek: 1, finishRate: 17.5, delayRate: 25 };
      expect(first.totals).toEqual(totals);
      expect(second.totals).toEqual(totals);
      expect((await list({ keyword: 'FL-', page: 9 })).rows).toEqual([]);
      expect(first.columns.map((column) => column.id)).toEqual(Object.values(f.processes));
    });

    it('sorts by delivery, order date, order number or finish rate, either way', async () => {
      expect(numbersOf((await list({ keyword: 'FL-', sortField: 'deliveryDate', sortOrder: 'desc' })).rows)).toEqual(['FL-C', 'FL-B', 'FL-A', 'FL-D']);
      expect(numbersOf((await list({ keyword: 'FL-', sortField: 'orderNo', sortOrder: 'desc' })).rows)).toEqual(['FL-D', 'FL-C', 'FL-B', 'FL-A']);
      expect(numbersOf((await list({ keyword: 'FL-', sortField: 'finishRate' })).rows)).toEqual(['FL-C', 'FL-B', 'FL-A', 'FL-D']);
      expect(numbersOf((await list({ keyword: 'FL-', sortField: 'finishRate', sortOrder: 'desc', pageSize: 2 })).rows)).toEqual(['FL-D', 'FL-A']);
      const byOrderDate = (await list({ keyword: 'FL-', sortField: 'orderDate' })).rows.map((row) => row.orderDate);
      expect(byOrderDate).toEqual([...byOrderDate].sort());
    });
  });

  it.each([
    [{ pageSize: 201 }, 'pageSize'],
    [{ pageSize: 0 }, 'pageSize'],
    [{ page: 'two' }, 'page'],
    [{ status: 'late' }, 'status'],
    [{ customer: 'abc' }, 'customer'],
    [{ deliveryFrom: '2026-02-30' }, 'deliveryFrom'],
    [{ deliveryTo: 'tomorrow' }, 'deliveryTo'],
    [{ includeCompleted: 'maybe' }, 'includeCompleted'],
    [{ sortField: 'customer' }, 'sortField'],
    [{ sortOrder: 'up' }, 'sortOrder'],
  ])('refuses the list query %j with a 400 naming %s', async (query, field) => {
    const response = await f.get('schedule/list', query, f.admin, 'en');
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 400, data: { errorKey: 'validation', field } });
    expect(response.body.message).not.toMatch(/undefined|\{\{/);
  });

  describe('detail', () => {
    it('answers 404 for an unknown order and 400 for a malformed id', async () => {
      const missing = await f.get('schedule/detail', { id: 999999 });
      expect(missing.status).toBe(404);
      expect(missing.body).toMatchObject({ code: 404, data: { errorKey: 'notFound' } });
      expect((await f.get('schedule/detail', { id: 'abc' })).status).toBe(400);
      expect((await f.get('schedule/detail')).status).toBe(400);
    });

    it("answers the order's progress and its scans, newest first, with reversals marked", async () => {
      const target = await order('DT-1', { quantities: [60, 40] });
      const first = randomUUID();
      await f.data(f.scan({ scanId: first, orderId: target.id, processId: f.processes.cut, quantity: 30, deviceId: 'station-7' }));
      await f.data(f.scan({ orderId: target.id, processId: f.processes.cut, quantity: 20, colorId: f.colors[0], sizeId: f.sizes[0] }));
      const correction = randomUUID();
      await f.data(f.post('scan/reverse', { scanId: correction, reversesScanId: first, note: 'wrong count' }));

      const detail = await f.data<ScheduleDetail>(f.get('schedule/detail', { id: target.id }));
      expect(detail.columns).toHaveLength(5);
      expect(detail.row).toMatchObject({ id: target.id, orderNo: 'DT-1', finishRate: 4, status: 'partial' }); // 20 of 500
      expect(detail.row.steps[String(f.processes.cut)]).toMatchObject({ done: 20, firstScanAt: expect.any(String), lastScanAt: expect.any(String) });
      expect(detail.scans.map((scan) => scan.quantity)).toEqual([-30, 20, 30]);
      const [reversal, colourScan, original] = detail.scans;
      expect(reversal).toMatchObject({ scanId: correction, reversesScanId: first, reversed: false, note: 'wrong count', orderNo: 'DT-1', processName: '裁床' });
      expect(colourScan).toMatchObject({ colorId: f.colors[0], colorName: '红', sizeId: f.sizes[0], sizeName: 'S', reversed: false, reversesScanId: null });
      expect(original).toMatchObject({
        scanId: first,
        reversed: true,
        deviceId: 'station-7',
        colorId: null,
        colorName: null,
        workerName: '系统管理员 Administrator',
        recordedBy: 'admin',
        flagged: false,
      });
      expect(typeof original.id).toBe('number');
      expect(Date.parse(original.scannedAt)).not.toBeNaN();
    });
  });
});
