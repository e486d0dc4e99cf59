import ExcelJS from 'exceljs';
import type { Socket } from 'socket.io-client';
import { SOCKET_EVENTS, type DomainEventEnvelope } from '../../../contracts/events.js';
import { bootTestApp, connected, nextEvent, type TestApp } from '../testing/test-app.js';

describe('sales orders (API)', () => {
  let t: TestApp;
  let admin: string;
  let viewer: string;
  let customer: number;
  let merchandiser: number;
  let sizes: { id: number; name: string }[];
  const colors: number[] = [];
  let shirt: number;
  let pants: number;

  const post = (path: string, body: Record<string, unknown>, token = admin, language = 'zh-CN') =>
    t.http.post(`/api/admin/${path}`).set('token', token).set('Accept-Language', language).type('form').send(body);
  const get = (path: string, query: Record<string, unknown> = {}, token = admin) => t.http.get(`/api/admin/${path}`).set('token', token).query(query);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const data = async <T = any>(request: PromiseLike<{ body: { code: number; data: unknown } }>): Promise<T> => {
    const response = await request;
    expect(response.body).toMatchObject({ code: 200 });
    return response.body.data as T;
  };
  const cells = (grid: [number, number, number][]) => grid.map(([color, size, quantity]) => ({ colorId: colors[color], sizeId: sizes[size].id, quantity }));
  const orderBody = (lines: unknown[], extra: Record<string, unknown> = {}) => ({
    orderDate: '2025-11-01',
    deliveryDate: '2025-12-15',
    customer,
    lines: JSON.stringify(lines),
    ...extra,
  });
  const shirtLine = (extra: Record<string, unknown> = {}) => ({ goodsId: shirt, costPrice: 10, sellingPrice: 25.5, cells: cells([[0, 0, 10], [0, 1, 20], [1, 2, 5]]), ...extra });

  beforeAll(async () => {
    t = await bootTestApp();
    admin = await t.login();
    viewer = await t.login('viewer', 'viewer123');
    customer = (await data(post('customer/create', { code: 'C-1', shortName: '华联' }))).id;
    merchandiser = (await data(post('merchandiser/create', { code: 'M-1', name: '小李' }))).id;
    const category = (await data(post('category/create', { code: 'CAT', name: '衬衫' }))).id;
    for (const [code, name] of [['RED', '红'], ['BLU', '蓝'], ['BLK', '黑']]) colors.push((await data(post('color/create', { code, name }))).id);
    const group = await data(post('size/create', { code: 'SG', name: 'x', sizes: '[{"name":"S"},{"name":"M"},{"name":"L"},{"name":"XL"}]' }));
    sizes = group.sizes;
    shirt = (await data(post('goods/create', { code: 'ST-1', name: '衬衫一', category, sizeGroup: group.id, colorIds: `${colors[0]},${colors[1]}`, sizeIds: sizes.slice(0, 3).map((s) => s.id).join(','), costPrice: 8, salesPrice: 20 }))).id;
    pants = (await data(post('goods/create', { code: 'ST-2', name: '裤子', category, sizeGroup: group.id, colorIds: `${colors[2]}` }))).id;
  });
  afterAll(() => t.close());

  it('creates an order with derived totals, ignoring totals sent by the client', async () => {
    const order = await data(
      post('saleOrder/create', {
        ...orderBody([shirtLine({ quantity: 1, amount: 1 }), { goodsId: pants, costPrice: '5', sellingPrice: '9.99', cells: cells([[2, 3, 3], [2, 0, 0]]) }]),
        freight: '12.5',
        merchandiser,
        totalQuantity: 999,
        totalAmount: 1,
        profit: 1,
        profitRate: 1,
      }),
    );
    // 35 × 25.50 = 892.50; 3 × 9.99 = 29.97; cost 35 × 10 + 3 × 5 = 365; profit 922.47 − 365 − 12.5 = 544.97
    expect(order).toMatchObject({
      orderNo: expect.stringMatching(/^SO\d{6}-0001$/),
      version: 1,
      customer,
      customerLabel: '华联',
      merchandiserLabel: '小李',
      freight: 12.5,
      totalQuantity: 38,
      totalAmount: 922.47,
      totalCost: 365,
      profit: 544.97,
      profitRate: 0.590773,
      productionOrderCount: 0,
    });
    expect(order.lines).toHaveLength(2);
    expect(order.lines[0]).toMatchObject({ lineNo: 1, goodsId: shirt, goodsCode: 'ST-1', productName: '衬衫一', quantity: 35, amount: 892.5 });
    expect(order.lines[0].colors.map((c: { id: number }) => c.id)).toEqual([colors[0], colors[1]]);
    expect(order.lines[0].sizes.map((s: { name: string }) => s.name)).toEqual(['S', 'M', 'L']);
    // Pants come in every size of the group; the zero cell is not stored.
    expect(order.lines[1].sizes.map((s: { name: string }) => s.name)).toEqual(['S', 'M', 'L', 'XL']);
    expect(order.lines[1].cells).toEqual([{ colorId: colors[2], sizeId: sizes[3].id, quantity: 3 }]);

    const detail = await data(get('saleOrder/detail', { id: order.id }));
    expect(detail).toEqual(order);
  });

  it('defaults prices and product name from the style', async () => {
    const order = await data(post('saleOrder/create', orderBody([{ goodsId: shirt, cells: cells([[0, 0, 4]]) }])));
    expect(order.lines[0]).toMatchObject({ productName: '衬衫一', costPrice: 8, sellingPrice: 20, amount: 80 });
    expect(order).toMatchObject({ totalAmount: 80, totalCost: 32, profit: 48, profitRate: 0.6 });
  });

  const refusals: [string, () => Record<string, unknown>, string, string, string][] = [
    ['no lines', () => orderBody([]), 'noChildDetail', '没有子明细', 'The order has no lines'],
    ['a line without quantities', () => orderBody([shirtLine({ cells: cells([[0, 0, 0]]) })]), 'noColorOrSizeSelected', '未选择颜色或尺码', 'No colour or size selected'],
    ['an unknown style', () => orderBody([shirtLine({ goodsId: 999999 })]), 'goodsCodeInvalid', '商品编码无效', 'Goods code invalid'],
    ['the same style twice', () => orderBody([shirtLine(), shirtLine()]), 'itemAlreadyExists', '该项已存在', 'Item already exists'],
    ['a colour not of the style', () => orderBody([shirtLine({ cells: cells([[2, 0, 1]]) })]), 'colorNotOfStyle', '请先选择颜色', 'Select a colour first'],
    ['a size not of the style', () => orderBody([shirtLine({ cells: cells([[0, 3, 1]]) })]), 'sizeNotOfStyle', '请先选择尺码', 'Select a size first'],
    ['delivery before the order date', () => orderBody([shirtLine()], { deliveryDate: '2025-10-01' }), 'deliveryBeforeOrderDate', '交货日期不能早于下单日期', 'The delivery date cannot be before the order date'],
  ];
  it.each(refusals)('refuses %s, in both languages', async (_name, makeBody, errorKey, zh, en) => {
    const body = makeBody();
    const chinese = await post('saleOrder/create', body);
    expect(chinese.status).toBe(400);
    expect(chinese.body.data.errorKey).toBe(errorKey);
    expect(chinese.body.message).toContain(zh);
    const english = await post('saleOrder/create', body, admin, 'en');
    expect(english.body.message).toContain(en);
  });

  it('checks quantities, prices, dates and references', async () => {
    const check = async (body: Record<string, unknown>, fragment: string) => {
      const response = await post('saleOrder/create', body, admin, 'en');
      expect(response.status).toBe(400);
      expect(response.body.message).toContain(fragment);
    };
    await check(orderBody([shirtLine({ cells: [{ colorId: colors[0], sizeId: sizes[0].id, quantity: 1.5 }] })]), 'must be a whole number');
    await check(orderBody([shirtLine({ cells: [{ colorId: colors[0], sizeId: sizes[0].id, quantity: -1 }] })]), 'must be at least 0');
    await check(orderBody([shirtLine({ cells: [{ colorId: colors[0], sizeId: sizes[0].id, quantity: 1_000_001 }] })]), 'must be at most 1000000');
    await check(orderBody([shirtLine({ sellingPrice: -1 })]), 'must be at least 0');
    await check(orderBody([shirtLine({ costPrice: 'abc' })]), 'must be a number');
    await check(orderBody([shirtLine()], { orderDate: '2025-02-30' }), 'is not valid');
    await check(orderBody([shirtLine()], { freight: '-3' }), 'must be at least 0');
    const missing = await post('saleOrder/create', orderBody([shirtLine()], { customer: 999999 }), admin, 'en');
    expect(missing.body).toMatchObject({ code: 400, data: { errorKey: 'referenceInvalid', field: 'customer' } });
    const noCustomer = await post('saleOrder/create', { ...orderBody([shirtLine()]), customer: undefined }, admin, 'en');
    expect(noCustomer.body).toMatchObject({ code: 400, data: { field: 'customer' } });
  });

  it('answers malformed JSON in lines with 400, not 500', async () => {
    for (const lines of ['[{', '{"goodsId":1}', '42', '[null]']) {
      const response = await post('saleOrder/create', { ...orderBody([]), lines });
      expect(response.status).toBe(400);
      expect(response.body.data).toMatchObject({ errorKey: 'validation' });
    }
  });

  it('updates: replaces lines, keeps line ids, refuses a stale version with 409', async () => {
    const order = await data(post('saleOrder/create', orderBody([shirtLine(), { goodsId: pants, costPrice: 1, sellingPrice: 2, cells: cells([[2, 0, 1]]) }])));
    const [first] = order.lines;
    const updated = await data(
      post('saleOrder/update', {
        id: order.id,
        version: 1,
        note: '加急',
        lines: JSON.stringify([{ id: first.id, goodsId: shirt, costPrice: 10, sellingPrice: 30, cells: cells([[1, 1, 100]]) }]),
      }),
    );
    expect(updated).toMatchObject({ version: 2, note: '加急', totalQuantity: 100, totalAmount: 3000, totalCost: 1000, profit: 2000 });
    expect(updated.lines).toEqual([expect.objectContaining({ id: first.id, cells: [{ colorId: colors[1], sizeId: sizes[1].id, quantity: 100 }] })]);

    const stale = await post('saleOrder/update', { id: order.id, version: 1, note: 'x' });
    expect(stale.status).toBe(409);
    expect(stale.body.data.errorKey).toBe('conflict');

    // A header-only change keeps the lines and recomputes the profit with the new freight.
    const freight = await data(post('saleOrder/update', { id: order.id, version: 2, freight: 100 }));
    expect(freight).toMatchObject({ version: 3, totalAmount: 3000, profit: 1900, profitRate: 0.633333 });
    expect(freight.lines).toHaveLength(1);

    // A line id of another order is refused.
    const other = await data(post('saleOrder/create', orderBody([shirtLine()])));
    const foreign = await post('saleOrder/update', { id: order.id, version: 3, lines: JSON.stringify([{ ...shirtLine(), id: other.lines[0].id }]) });
    expect(foreign.status).toBe(400);
  });

  it('takes a given order number, unique case-insensitively', async () => {
    const order = await data(post('saleOrder/create', orderBody([shirtLine()], { orderNo: 'Manual-001' })));
    expect(order.orderNo).toBe('Manual-001');
    const duplicate = await post('saleOrder/create', orderBody([shirtLine()], { orderNo: 'manual-001' }));
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.data.errorKey).toBe('orderNumberExists');
  });

  it('deletes an order with its lines', async () => {
    const order = await data(post('saleOrder/create', orderBody([shirtLine()])));
    expect((await post('saleOrder/delete', { id: order.id, version: 9 })).status).toBe(409);
    await data(post('saleOrder/delete', { id: order.id }));
    expect((await get('saleOrder/detail', { id: order.id })).status).toBe(404);
    expect((await post('saleOrder/delete', { id: order.id })).status).toBe(404);
  });

  it('lists with paging, sort, keyword and filters, and exports the filter', async () => {
    const other = (await data(post('customer/create', { code: 'C-2', shortName: 'Zara Sourcing' }))).id;
    await data(post('saleOrder/create', orderBody([shirtLine()], { customer: other, orderNo: 'LIST-A', orderDate: '2024-03-01', deliveryDate: '2024-04-01', merchandiser })));
    await data(post('saleOrder/create', orderBody([shirtLine()], { customer: other, orderNo: 'LIST-B', orderDate: '2024-03-05', deliveryDate: '2024-05-01' })));
    const page = await data(get('saleOrder/list', { 'filter.customer': other, sortField: 'orderNo', sortOrder: 'desc', pageSize: 1 }));
    expect(page).toMatchObject({ total: 2, page: 1, pageSize: 1, list: [{ orderNo: 'LIST-B', customerLabel: 'Zara Sourcing' }] });
    expect(page.list[0].lines).toBeUndefined();
    expect((await data(get('saleOrder/list', { 'filter.merchandiser': merchandiser, keyword: 'list-' }))).list.map((r: { orderNo: string }) => r.orderNo)).toEqual(['LIST-A']);
    expect((await data(get('saleOrder/list', { 'filter.orderDateFrom': '2024-03-02', 'filter.orderDateTo': '2024-03-31' }))).list.map((r: { orderNo: string }) => r.orderNo)).toEqual(['LIST-B']);
    expect((await data(get('saleOrder/list', { 'filter.deliveryDateTo': '2024-04-30', keyword: 'zara' }))).total).toBe(1);
    expect((await get('saleOrder/list', { 'filter.nope': 1 })).status).toBe(400);
    expect((await get('saleOrder/list', { sortField: 'password' })).status).toBe(400);

    const file = await t.http.get('/api/admin/saleOrder/export').set('token', admin).set('Accept-Language', 'en').query({ 'filter.customer': other }).buffer(true).parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });
    expect(file.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.body as unknown as ExcelJS.Buffer);
    const sheet = workbook.worksheets[0];
    expect(sheet.getRow(1).getCell(1).value).toBe('Order no.');
    expect(sheet.rowCount).toBe(3);
  });

  it('refuses without a token (401) and without the permission (403)', async () => {
    expect((await t.http.get('/api/admin/saleOrder/list')).body.code).toBe(401);
    expect((await get('saleOrder/list', {}, viewer)).status).toBe(403);
    expect((await post('saleOrder/create', orderBody([shirtLine()]), viewer)).status).toBe(403);
    expect((await get('saleOrder/detail', { id: 1 }, viewer)).status).toBe(403);
    expect((await post('saleOrder/delete', { id: 1 }, viewer)).status).toBe(403);
  });

  it("publishes 'saleOrder.changed' to the saleOrders room after commit", async () => {
    const socket: Socket = t.socket({ token: admin });
    await connected(socket);
    await socket.timeout(5000).emitWithAck(SOCKET_EVENTS.subscribe, { rooms: ['saleOrders'] });
    const event = nextEvent<DomainEventEnvelope>(socket, SOCKET_EVENTS.domainEvent);
    const order = await data(post('saleOrder/create', orderBody([shirtLine()])));
    expect(await event).toMatchObject({
      name: 'saleOrder.changed',
      rooms: ['saleOrders', `saleOrder:${order.id}`],
      payload: { id: order.id, orderNo: order.orderNo, action: 'created', version: 1 },
    });
    const deleted = nextEvent<DomainEventEnvelope>(socket, SOCKET_EVENTS.domainEvent);
    await data(post('saleOrder/delete', { id: order.id }));
    expect(await deleted).toMatchObject({ payload: { id: order.id, action: 'deleted', version: null } });
  });
});
