import { orderMetrics } from '../../../contracts/order-metrics.js';
import type { BoardSnapshot } from '../../../contracts/production.js';
import { firstDayOfMonth, lastDayOfMonth, shiftDay } from '../progress/calendar.js';
import { localDay } from '../progress/progress-math.js';
import { setUpProduction, type OrderOptions, type ProductionFixture } from '../testing/production-fixture.js';
import { bootTestApp, type TestApp } from '../testing/test-app.js';

describe('board snapshot (API)', () => {
  let t: TestApp;
  let f: ProductionFixture;
  const today = localDay();
  const day = (offset: number) => shiftDay(today, offset);

  const snapshot = (headers: Record<string, string> = { token: f.admin }) => t.http.get('/api/board/snapshot').set(headers);
  const board = async (headers?: Record<string, string>): Promise<BoardSnapshot> => f.data(snapshot(headers));
  const setBoard = (settings: Record<string, unknown>) => f.data(f.post('setting/updateDashboardSetting', settings));
  /** Order numbers of the board's rows among `orders`, in board order. */
  const shown = async (orders: { orderNo: string }[]) => {
    const wanted = new Set(orders.map((order) => order.orderNo));
    return (await board()).rows.map((row) => row.orderNo).filter((no) => wanted.has(no));
  };
  // Ordered today (or on delivery, when that is past): every step is due in the future.
  const order = (orderNo: string, options: OrderOptions = {}) => {
    const deliveryDate = options.deliveryDate ?? day(30);
    return f.createOrder({ orderNo, orderDate: deliveryDate < today ? deliveryDate : today, ...options, deliveryDate });
  };
  const setDone = (orderId: number, processId: number, done: number) =>
    f.db.query(`UPDATE production_order_step SET done_quantity = $3 WHERE order_id = $1 AND process_id = $2`, [orderId, processId, done]);
  const complete = (orderId: number, daysAgo: number | null) =>
    f.db.query(`UPDATE production_order SET completed = true, completed_at = now() - $2::int * interval '1 day' - interval '1 hour' WHERE id = $1`, [orderId, daysAgo]);

  const resetBoard = () => setBoard({ refreshType: 0, displayMode: 'completion', sortBy: 'deliveryAsc', completedVisibleDays: 3, boardKeyEnabled: true });

  beforeAll(async () => {
    t = await bootTestApp();
    f = await setUpProduction(t);
    await resetBoard();
  });
  afterAll(() => t.close());
  afterEach(() => resetBoard());

  describe('access', () => {
    it('needs a token or the board key: 401 without either', async () => {
      const response = await snapshot({});
      expect(response.status).toBe(401);
      expect(response.body).toMatchObject({ code: 401, data: { errorKey: 'unauthorized' } });
    });

    it('lets any logged-in user read it, whatever their permissions', async () => {
      const viewer = await t.login('viewer', 'viewer123');
      expect((await snapshot({ token: viewer })).status).toBe(200);
      expect((await snapshot({ token: 'not-a-token' })).status).toBe(401);
    });

    it('lets the public board in with the board key, refuses a wrong, turned-off or rotated one with 401', async () => {
      const { boardKey } = await f.data<{ boardKey: string }>(f.get('setting/getDashboardSetting'));
      expect((await snapshot({ boardKey })).status).toBe(200);
      // A stale token beside a valid key: the public board still opens.
      expect((await snapshot({ boardKey, token: 'expired-token' })).status).toBe(200);

      const wrong = await t.http.get('/api/board/snapshot').set('boardKey', `${boardKey}x`).set('Accept-Language', 'en');
      expect(wrong.status).toBe(401);
      expect(wrong.body).toMatchObject({ code: 401, message: expect.stringMatching(/board key/), data: { errorKey: 'boardKeyInvalid' } });

      await setBoard({ boardKeyEnabled: false });
      expect((await snapshot({ boardKey })).body).toMatchObject({ code: 401, data: { errorKey: 'boardKeyInvalid' } });
      expect((await snapshot()).status).toBe(200);
      await setBoard({ boardKeyEnabled: true });

      const rotated = await f.data<{ boardKey: string }>(f.post('setting/rotateBoardKey', {}));
      expect((await snapshot({ boardKey })).status).toBe(401);
      expect((await snapshot({ boardKey: rotated.boardKey })).status).toBe(200);
    });

    it('documents the boardKey header in the OpenAPI document', async () => {
      const document = (await t.http.get('/api/docs-json')).body;
      const parameters: { name: string; in: string; required?: boolean }[] = document.paths['/api/board/snapshot'].get.parameters;
      expect(parameters).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'boardKey', in: 'header', required: false })]));
    });
  });

  describe('contents', () => {
    it('answers the columns, rows with progress, totals, head seq, company name and settings', async () => {
      await f.db.query(`INSERT INTO company (id, name) VALUES (1, '针线制衣厂') ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name`);
      const open = await order('BD-OPEN', { deliveryDate: day(10), quantities: [60, 40] });
      await setDone(open.id, f.processes.cut, 100);
      await setDone(open.id, f.processes.sew, 50);
      const [{ head }] = await f.db.query(`SELECT COALESCE(max(seq), 0)::int AS head FROM domain_event`);

      const result = await board();
      expect(result.headSeq).toBe(head);
      expect(result.companyName).toBe('针线制衣厂');
      expect(result.settings).toMatchObject({ displayMode: 'completion', sortBy: 'deliveryAsc', completedVisibleDays: 3 });
      expect(result.settings).not.toHaveProperty('boardKey');
      expect(Date.parse(result.generatedAt)).toBeGreaterThan(Date.now() - 60_000);
      expect(result.columns.map((column) => column.name)).toEqual(['裁床', '车缝', '质检', '入库', '出库']);
      expect(result.columns[3]).toMatchObject({ id: f.processes.warehouseIn, endProcess: true, warehouseIn: true, warehouseOut: false });

      const row = result.rows.find((candidate) => candidate.id === open.id)!;
      expect(row).toMatchObject({
        orderNo: 'BD-OPEN',
        customerLabel: '客户甲',
        goodsCode: expect.stringMatching(/^ST-/),
        productName: '男衬衫',
        deliveryDate: day(10),
        totalQuantity: 100,
        reviewed: true,
        hasDocument: true,
        flagged: false,
        completed: false,
        completedAt: null,
        finishRate: 30, // (100 + 50) of 5 × 100
        delayDays: 0,
        status: 'partial',
      });
      expect(row.steps[String(f.processes.cut)]).toMatchObject({ planned: 100, done: 100, status: 'done' });
      expect(row.steps[String(f.processes.sew)]).toMatchObject({ planned: 100, done: 50, status: 'partial' });
      expect(row.steps[String(f.processes.qc)]).toMatchObject({ done: 0, status: 'notStarted' });
      expect(Object.keys(row.steps)).toHaveLength(5);

      // Totals are the contract's metrics of the rows, labelled as the board's.
      expect(result.totals).toEqual(orderMetrics(result.rows, today, 'board'));
      expect(result.totals).toMatchObject({ population: 'board', orders: result.rows.length });
    });

    it('flags orders not reviewed or without a document, and reports delays in days', async () => {
      const unreviewed = await order('BD-FLAG', { ready: false, deliveryDate: day(5) });
      const late = await order('BD-LATE', { deliveryDate: day(-4) });
      const rows = (await board()).rows;
      expect(rows.find((row) => row.id === unreviewed.id)).toMatchObject({ reviewed: false, hasDocument: false, flagged: true });
      expect(rows.find((row) => row.id === late.id)).toMatchObject({ status: 'delayed', delayDays: 4 });
    });

    it('leaves out hidden orders', async () => {
      const hidden = await order('BD-HIDDEN', { deliveryDate: day(3) });
      await f.data(f.post('productionOrder/hide', { ids: String(hidden.id) }));
      expect(await shown([hidden])).toEqual([]);
      await f.data(f.post('productionOrder/show', { ids: String(hidden.id) }));
      expect(await shown([hidden])).toEqual(['BD-HIDDEN']);
    });

    it('keeps completed orders for completedVisibleDays days after completion', async () => {
      const yesterday = await order('BD-DONE-1', { deliveryDate: day(3) });
      const lastWeek = await order('BD-DONE-7', { deliveryDate: day(3) });
      await complete(yesterday.id, 1);
      await complete(lastWeek.id, 7);
      const rows = (await board()).rows;
      expect(rows.filter((row) => row.orderNo.startsWith('BD-DONE')).map((row) => row.orderNo)).toEqual(['BD-DONE-1']);
      expect(rows.find((row) => row.id === yesterday.id)).toMatchObject({ completed: true, status: 'done', completedAt: expect.any(String) });

      await setBoard({ completedVisibleDays: 10 });
      expect(await shown([yesterday, lastWeek])).toHaveLength(2);
      await setBoard({ completedVisibleDays: 0 });
      expect(await shown([yesterday, lastWeek])).toEqual([]);
    });
  });

  describe('display modes and sorts', () => {
    const year = Number(today.slice(0, 4));
    // Deliveries and order dates chosen around today; which mode shows which depends on the date,
    // so the expectations below are worked out from the dates with the documented rules.
    const plan = {
      overdue: { orderDate: day(-60), deliveryDate: day(-10) },
      thisMonth: { orderDate: day(-60), deliveryDate: lastDayOfMonth(today) },
      lastMonth: { orderDate: day(-90), deliveryDate: shiftDay(firstDayOfMonth(today), -1) },
      soon: { orderDate: day(-2), deliveryDate: day(20) },
      later: { orderDate: day(-45), deliveryDate: day(45) },
      nextYear: { orderDate: day(-1), deliveryDate: `${year + 1}-06-30` },
    };
    type Key = keyof typeof plan;
    const keys = Object.keys(plan) as Key[];
    let orders: Record<Key, { id: number; orderNo: string }>;
    const all = () => Object.values(orders);

    beforeAll(async () => {
      orders = {} as typeof orders;
      for (const key of keys) orders[key] = await f.createOrder({ orderNo: `DM-${key}`, ...plan[key] });
    });

    const rules: Record<string, (dates: { orderDate: string; deliveryDate: string }) => boolean> = {
      completion: () => true,
      orderNumber: () => true,
      month: ({ deliveryDate }) => deliveryDate.slice(0, 7) === today.slice(0, 7),
      year: ({ deliveryDate }) => deliveryDate.slice(0, 4) === today.slice(0, 4),
      date: ({ orderDate }) => orderDate >= day(-30) && orderDate <= today,
      delivery: ({ deliveryDate }) => deliveryDate <= day(30),
    };

    it.each(Object.keys(rules))('displayMode %s narrows as documented', async (displayMode) => {
      await setBoard({ displayMode });
      const expected = keys.filter((key) => rules[displayMode](plan[key])).map((key) => orders[key].orderNo);
      expect((await shown(all())).sort()).toEqual(expected.sort());
    });

    it('has orders on both sides of each bound today (the plan tests something)', () => {
      expect(rules.delivery(plan.overdue) && rules.delivery(plan.soon) && !rules.delivery(plan.later)).toBe(true);
      expect(rules.date(plan.soon) && !rules.date(plan.later) && !rules.month(plan.lastMonth) && !rules.year(plan.nextYear)).toBe(true);
    });

    const ours = async () => {
      const ids = new Set(all().map((candidate) => candidate.id));
      return (await board()).rows.filter((row) => ids.has(row.id));
    };

    it('sorts by delivery or order date as set', async () => {
      const byDelivery = [...keys].sort((a, b) => plan[a].deliveryDate.localeCompare(plan[b].deliveryDate)).map((key) => orders[key].orderNo);
      await setBoard({ sortBy: 'deliveryAsc' });
      expect((await ours()).map((row) => row.orderNo)).toEqual(byDelivery);
      await setBoard({ sortBy: 'deliveryDesc' });
      expect((await ours()).map((row) => row.orderNo)).toEqual([...byDelivery].reverse());

      await setBoard({ sortBy: 'orderDateAsc' });
      const orderDates = (await board()).rows.map((row) => row.orderDate);
      expect(orderDates).toEqual([...orderDates].sort());
      await setBoard({ sortBy: 'orderDateDesc' });
      const descending = (await board()).rows.map((row) => row.orderDate);
      expect(descending).toEqual([...descending].sort().reverse());
    });

    it('sorts by order number when set, and by default in the order-number mode', async () => {
      const numbers = all()
        .map((candidate) => candidate.orderNo)
        .sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase()));
      await setBoard({ sortBy: 'orderNumberAsc' });
      expect(await shown(all())).toEqual(numbers);
      await setBoard({ displayMode: 'orderNumber', sortBy: 'deliveryAsc' });
      expect(await shown(all())).toEqual(numbers);
      // A sort other than the default wins over the mode's default.
      await setBoard({ displayMode: 'orderNumber', sortBy: 'deliveryDesc' });
      const deliveries = (await ours()).map((row) => row.deliveryDate);
      expect(deliveries).toEqual([...deliveries].sort().reverse());
    });

    it('sorts by finish rate both ways', async () => {
      await setDone(orders.soon.id, f.processes.cut, 100); // 20 %
      await setDone(orders.later.id, f.processes.cut, 100);
      await setDone(orders.later.id, f.processes.sew, 100); // 40 %
      await setDone(orders.nextYear.id, f.processes.cut, 50); // 10 %
      const three = [orders.soon, orders.later, orders.nextYear];
      await setBoard({ sortBy: 'finishRateDesc' });
      const desc = (await board()).rows.map((row) => row.finishRate);
      expect(desc).toEqual([...desc].sort((a, b) => b - a));
      expect(await shown(three)).toEqual(['DM-later', 'DM-soon', 'DM-nextYear']);
      await setBoard({ sortBy: 'finishRateAsc' });
      const asc = (await board()).rows.map((row) => row.finishRate);
      expect(asc).toEqual([...asc].sort((a, b) => a - b));
      expect(await shown(three)).toEqual(['DM-nextYear', 'DM-soon', 'DM-later']);
    });
  });

  describe('drop-down boards and last activity', () => {
    const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3600_000).toISOString();

    it('show activity on any open order in the default display mode, not only those due within 30 days', async () => {
      const far = await order('DD-FAR', { deliveryDate: day(45) });
      const near = await order('DD-NEAR', { deliveryDate: day(5) });
      await f.data(f.scan({ orderId: far.id, processId: f.processes.cut, quantity: 10 }));
      await setBoard({ displayMode: 'delivery', refreshType: 2 });
      expect((await shown([far, near])).sort()).toEqual(['DD-FAR', 'DD-NEAR']);
      // Whole-page and scrolling boards keep the 30-day window of the mode.
      await setBoard({ displayMode: 'delivery', refreshType: 0 });
      expect(await shown([far, near])).toEqual(['DD-NEAR']);
    });

    it('"last scan" is the scan\'s own time, null before the first; drop-down rows come latest activity first (a new order counts as activity)', async () => {
      const older = await order('LA-OLDER', { deliveryDate: day(40) });
      const newer = await order('LA-NEWER', { deliveryDate: day(10) });
      const idle = await order('LA-IDLE', { deliveryDate: day(3) });
      // Scans queued on a device and sent later: the scan's time is what happened on the floor.
      const olderAt = hoursAgo(5);
      const newerAt = hoursAgo(2);
      await f.data(f.scan({ orderId: older.id, processId: f.processes.cut, quantity: 10, scannedAt: olderAt }));
      await f.data(f.scan({ orderId: newer.id, processId: f.processes.cut, quantity: 10, scannedAt: hoursAgo(3) }));
      await f.data(f.scan({ orderId: newer.id, processId: f.processes.sew, quantity: 5, scannedAt: newerAt }));
      await setBoard({ displayMode: 'delivery', refreshType: 2 });
      const result = await board();
      const byNo = new Map(result.rows.map((row) => [row.orderNo, row]));
      expect(byNo.get('LA-OLDER')!.lastScanAt).toBe(olderAt);
      expect(byNo.get('LA-NEWER')!.lastScanAt).toBe(newerAt);
      expect(byNo.get('LA-IDLE')!.lastScanAt).toBeNull();
      // Not the creation or recording time, which lastActivityAt still carries.
      expect(byNo.get('LA-OLDER')!.lastActivityAt > olderAt).toBe(true);
      // Created just now and never scanned: the newest activity; then by the scans' own times.
      expect(await shown([older, newer, idle])).toEqual(['LA-IDLE', 'LA-NEWER', 'LA-OLDER']);
    });
  });

  describe('size', () => {
    it('shows at most 1,000 orders', async () => {
      // Bulk copies of one order (no route): the cap, not the factory, is under test.
      const template = await order('BD-CAP-0', { deliveryDate: day(200) });
      await f.db.query(
        `INSERT INTO production_order (order_no, customer_id, goods_id, product_name, order_date, delivery_date, total_quantity)
         SELECT 'BD-CAP-' || n, customer_id, goods_id, product_name, order_date, delivery_date, total_quantity
           FROM production_order, generate_series(1, 1000) AS n WHERE id = $1`,
        [template.id],
      );
      const result = await board();
      expect(result.rows).toHaveLength(1000);
      expect(result.totals.orders).toBe(1000);
      await f.db.query(`UPDATE production_order SET hidden = true WHERE order_no LIKE 'BD-CAP-%'`);
    });
  });
});
