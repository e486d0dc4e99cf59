import sharp from 'sharp';
import type { Socket } from 'socket.io-client';
import { DataSource } from 'typeorm';
import { SOCKET_EVENTS, type DomainEventEnvelope, type ProductionOrderChanged } from '../../../contracts/events.js';
import { bootTestApp, connected, nextEvent, type TestApp } from '../testing/test-app.js';
import { firstLogin } from '../testing/accounts.js';

describe('production orders (API)', () => {
  let t: TestApp;
  let admin: string;
  let viewer: string;
  let customer: number;
  let goods: { id: number; sizes: { id: number }[]; colors: { id: number }[] };
  let otherColor: number;
  let goods2: number;
  const processes: number[] = [];
  let seq = 0;

  const post = (path: string, body: Record<string, unknown>, token = admin, language = 'zh-CN') =>
    t.http.post(`/api/admin/${path}`).set('token', token).set('Accept-Language', language).type('form').send(body);
  const get = (path: string, query: Record<string, unknown> = {}, token = admin) => t.http.get(`/api/admin/${path}`).set('token', token).query(query);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const data = async <T = any>(request: PromiseLike<{ body: { code: number; data: unknown; message: string } }>): Promise<T> => {
    const response = await request;
    if (response.body.code !== 200) throw new Error(JSON.stringify(response.body));
    return response.body.data as T;
  };
  const cells = (quantities: number[] = [10, 5]) =>
    JSON.stringify(quantities.map((quantity, i) => ({ colorId: goods.colors[i % 2].id, sizeId: goods.sizes[Math.floor(i / 2) % 3].id, quantity })));
  const orderBody = (extra: Record<string, unknown> = {}) => ({
    orderNo: `PO-T-${++seq}`,
    customer,
    goodsId: goods.id,
    orderDate: '2025-03-01',
    deliveryDate: '2025-03-31',
    customerOrderNo: 'CPO-1',
    cells: cells(),
    ...extra,
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const createOrder = (extra: Record<string, unknown> = {}) => data<any>(post('productionOrder/create', orderBody(extra)));

  beforeAll(async () => {
    t = await bootTestApp();
    admin = await t.login();
    viewer = await t.login('viewer', 'viewer123');
    customer = (await data(post('customer/create', { code: 'C-PO', shortName: '客户甲' }))).id;
    const category = (await data(post('category/create', { code: 'CAT-PO', name: '衬衫' }))).id;
    const colorIds: number[] = [];
    for (const [code, name] of [['RED', '红'], ['BLU', '蓝'], ['GRN', '绿']]) colorIds.push((await data(post('color/create', { code, name, hex: '#123456' }))).id);
    otherColor = colorIds[2];
    const sizeGroup = await data(post('size/create', { code: 'SG-PO', name: 'x', sizes: '[{"name":"S"},{"name":"M"},{"name":"L"}]' }));
    goods = await data(post('goods/create', { code: 'ST-PO', name: '男衬衫', category, sizeGroup: sizeGroup.id, colorIds: `${colorIds[0]},${colorIds[1]}` }));
    goods2 = (await data(post('goods/create', { code: 'ST-PO2', name: '男衬衫二', category, sizeGroup: sizeGroup.id, colorIds: `${colorIds[0]},${colorIds[1]}` }))).id;
    for (const [code, name, sortOrder] of [['CUT', '裁剪', 2], ['SEW', '车缝', 3], ['PRE', '备料', 1]] as const) {
      processes.push((await data(post('process/create', { code, name, sortOrder }))).id);
    }
  });
  afterAll(() => t.close());

  it('creates an order with the default route (every process by sort order, due dates derived) and shows it', async () => {
    const order = await createOrder({ orderNo: 'PO-FIRST', cells: cells([10, 5, 0]) });
    expect(order).toMatchObject({
      orderNo: 'PO-FIRST',
      customer,
      customerLabel: '客户甲',
      goodsId: goods.id,
      goodsCode: 'ST-PO',
      productName: '男衬衫',
      orderDate: '2025-03-01',
      deliveryDate: '2025-03-31',
      totalQuantity: 15,
      reviewed: false,
      hidden: false,
      document: null,
      flagged: true,
      version: 1,
    });
    expect(order.cells).toHaveLength(2);
    expect(order.colors.map((color: { id: number }) => color.id)).toEqual(goods.colors.map((color) => color.id));
    expect(order.sizes.map((size: { name: string }) => size.name)).toEqual(['S', 'M', 'L']);
    expect(order.route).toEqual([
      { processId: processes[2], processName: '备料', sequence: 1, dueDate: '2025-03-11' },
      { processId: processes[0], processName: '裁剪', sequence: 2, dueDate: '2025-03-21' },
      { processId: processes[1], processName: '车缝', sequence: 3, dueDate: '2025-03-31' },
    ]);
    const detail = await data(get('productionOrder/detail', { id: order.id }));
    expect(detail).toEqual(order);
    const list = await data(get('productionOrder/list', { keyword: 'PO-FIRST' }));
    expect(list.total).toBe(1);
    expect(list.list[0]).toMatchObject({ orderNo: 'PO-FIRST', flagged: true, document: null });
    expect(list.list[0].cells).toBeUndefined();
  });

  it('takes an explicit route with given and derived due dates', async () => {
    const route = JSON.stringify([
      { processId: processes[1], sequence: 2 },
      { processId: processes[0], sequence: 1, dueDate: '2025-03-05' },
    ]);
    const order = await createOrder({ route });
    expect(order.route).toEqual([
      { processId: processes[0], processName: '裁剪', sequence: 1, dueDate: '2025-03-05' },
      { processId: processes[1], processName: '车缝', sequence: 2, dueDate: '2025-03-31' },
    ]);
  });

  it.each([
    [{ goodsId: 999999 }, 400, 'goodsCodeInvalid'],
    [{ cells: '[]' }, 400, 'noColorOrSizeSelected'],
    [{ cells: () => JSON.stringify([{ colorId: goods.colors[0].id, sizeId: goods.sizes[0].id, quantity: 0 }]) }, 400, 'noColorOrSizeSelected'],
    [{ cells: () => JSON.stringify([{ colorId: otherColor, sizeId: goods.sizes[0].id, quantity: 3 }]) }, 400, 'colorNotOfStyle'],
    [{ cells: () => JSON.stringify([{ colorId: goods.colors[0].id, sizeId: 999999, quantity: 3 }]) }, 400, 'sizeNotOfStyle'],
    [{ cells: () => JSON.stringify([{ colorId: goods.colors[0].id, sizeId: goods.sizes[0].id, quantity: -1 }]) }, 400, 'validation'],
    [{ cells: () => JSON.stringify([{ colorId: goods.colors[0].id, sizeId: goods.sizes[0].id, quantity: 1.5 }]) }, 400, 'validation'],
    [
      { cells: () => JSON.stringify([{ colorId: goods.colors[0].id, sizeId: goods.sizes[0].id, quantity: 1 }, { colorId: goods.colors[0].id, sizeId: goods.sizes[0].id, quantity: 2 }]) },
      400,
      'validation',
    ],
    [{ cells: '{not json' }, 400, 'validation'],
    [{ cells: '{"a":1}' }, 400, 'validation'],
    [{ cells: undefined }, 400, 'validation'],
    [{ orderDate: '2025-02-30' }, 400, 'validation'],
    [{ deliveryDate: 'tomorrow' }, 400, 'validation'],
    [{ deliveryDate: '2025-02-01' }, 400, 'deliveryBeforeOrderDate'],
    [{ customer: 'abc' }, 400, 'validation'],
    [{ customer: 999999 }, 400, 'referenceInvalid'],
    [{ orderNo: 'bad no!' }, 400, 'validation'],
    [{ route: '[]' }, 400, 'validation'],
    [{ route: '[{"processId":999999}]' }, 400, 'referenceInvalid'],
    [{ route: () => JSON.stringify([{ processId: processes[0] }, { processId: processes[0] }]) }, 400, 'validation'],
    [{ route: () => JSON.stringify([{ processId: processes[0], dueDate: '2025-13-01' }]) }, 400, 'validation'],
  ])('refuses %j with %i %s (never a 500) and creates nothing', async (extra: Record<string, unknown>, status, errorKey) => {
    const body: Record<string, unknown> = orderBody(Object.fromEntries(Object.entries(extra).map(([k, v]) => [k, typeof v === 'function' ? (v as () => unknown)() : v])));
    if ('cells' in extra && extra.cells === undefined) delete body.cells;
    const response = await post('productionOrder/create', body);
    expect(response.status).toBe(status);
    expect(response.body.data.errorKey).toBe(errorKey);
    expect(response.body.message).not.toMatch(/undefined|\{\{/);
    expect((await get('productionOrder/list', { keyword: body.orderNo as string })).body.data.total).toBe(0);
  });

  it('says which messages in both languages', async () => {
    const en = await post('productionOrder/create', orderBody({ cells: '[]' }), admin, 'en');
    expect(en.body.message).toBe('No colour or size selected (line 1)');
    const zh = await post('productionOrder/create', orderBody({ goodsId: 999999 }));
    expect(zh.body.message).toBe('商品编码无效（第 1 行）');
  });

  it('refuses a duplicate order number', async () => {
    await createOrder({ orderNo: 'PO-DUP' });
    const response = await post('productionOrder/create', orderBody({ orderNo: 'po-dup' }));
    expect(response.status).toBe(409);
    expect(response.body.data.errorKey).toBe('alreadyExists');
  });

  it('updates with an optimistic version: a stale one is refused with 409', async () => {
    const order = await createOrder();
    const updated = await data(post('productionOrder/update', { id: order.id, version: 1, note: 'rush', cells: cells([20, 20]) }));
    expect(updated).toMatchObject({ version: 2, note: 'rush', totalQuantity: 40 });
    const stale = await post('productionOrder/update', { id: order.id, version: 1, note: 'late' });
    expect(stale.status).toBe(409);
    expect(stale.body.data.errorKey).toBe('conflict');
    // New delivery date: due dates follow.
    const moved = await data(post('productionOrder/update', { id: order.id, version: 2, deliveryDate: '2025-04-30' }));
    expect(moved.route[moved.route.length - 1].dueDate).toBe('2025-04-30');
    const missing = await post('productionOrder/update', { id: 999999, version: 1, note: 'x' });
    expect(missing.status).toBe(404);
  });

  it('review: refused without a document unless confirmed; while reviewed quantities and route are frozen and delete is refused', async () => {
    const order = await createOrder();
    const refused = await post('productionOrder/review', { id: order.id, version: 1, reviewDate: '2025-03-02', note: 'ok' });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ message: '该单据未上传，确认审核？', data: { errorKey: 'documentNotUploaded' } });
    const refusedEn = await post('productionOrder/review', { id: order.id, version: 1 }, admin, 'en');
    expect(refusedEn.body.message).toBe('This document is not uploaded, confirm review?');
    const reviewed = await data(post('productionOrder/review', { id: order.id, version: 1, reviewDate: '2025-03-02', note: 'ok', confirmWithoutDocument: 'true' }));
    expect(reviewed).toMatchObject({ reviewed: true, reviewedAt: '2025-03-02', reviewNote: 'ok', reviewedBy: '系统管理员 Administrator', version: 2, flagged: true });
    const again = await post('productionOrder/review', { id: order.id, version: 2, confirmWithoutDocument: 'true' });
    expect(again.status).toBe(409);

    const quantities = await post('productionOrder/update', { id: order.id, version: 2, cells: cells([1, 1]) }, admin, 'en');
    expect(quantities.status).toBe(409);
    expect(quantities.body).toMatchObject({ message: 'The order is reviewed: cancel the review first', data: { errorKey: 'cancelReviewFirst' } });
    const route = await post('productionOrder/update', { id: order.id, version: 2, route: JSON.stringify([{ processId: processes[0] }]) });
    expect(route.body.data.errorKey).toBe('cancelReviewFirst');
    // The same quantities again, or header fields, are fine.
    const note = await data(post('productionOrder/update', { id: order.id, version: 2, note: 'header only', cells: cells() }));
    expect(note).toMatchObject({ version: 3, note: 'header only', totalQuantity: 15 });
    const deleted = await post('productionOrder/delete', { id: order.id });
    expect(deleted.body.data.errorKey).toBe('cancelReviewFirst');

    const cancelled = await data(post('productionOrder/cancelReview', { id: order.id, version: 3, note: 'wrong size' }));
    expect(cancelled).toMatchObject({ reviewed: false, reviewedAt: null, reviewNote: 'wrong size', reviewedBy: null, version: 4 });
    const notReviewed = await post('productionOrder/cancelReview', { id: order.id, version: 4 });
    expect(notReviewed.body.data.errorKey).toBe('notReviewed');
    await data(post('productionOrder/update', { id: order.id, version: 4, cells: cells([1, 1]) }));
    await data(post('productionOrder/delete', { id: order.id, version: 5 }));
    expect((await get('productionOrder/detail', { id: order.id })).status).toBe(404);
  });

  it('production document: upload, review without confirmation, served only to users who may view attachments of a route process', async () => {
    const order = await createOrder({ route: JSON.stringify([{ processId: processes[0] }]) });
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#336699' } }).png().toBuffer();
    const upload = await data(t.http.post('/api/admin/upload/image').set('token', admin).attach('file', png, 'sheet.png'));
    const notAnUpload = await post('productionOrder/uploadDocument', { id: order.id, version: 1, document: 'a'.repeat(32) });
    expect(notAnUpload.body.data.errorKey).toBe('uploadNotFound');
    const withDocument = await data(post('productionOrder/uploadDocument', { id: order.id, version: 1, document: upload.id }));
    expect(withDocument).toMatchObject({ document: upload.id, version: 2 });
    expect(withDocument.documentUploadedAt).toBeTruthy();
    const uploadedList = await data(get('productionOrder/list', { 'filter.document': 'true', keyword: order.orderNo }));
    expect(uploadedList.total).toBe(1);
    expect((await data(get('productionOrder/list', { 'filter.document': 'false', keyword: order.orderNo }))).total).toBe(0);
    const reviewed = await data(post('productionOrder/review', { id: order.id, version: 2 }));
    expect(reviewed).toMatchObject({ reviewed: true, flagged: false });
    expect((await data(get('productionOrder/list', { 'filter.flagged': 'false', keyword: order.orderNo }))).total).toBe(1);

    // Users: one who may view attachments of the route's process, one of another process.
    const makeUser = async (username: string, attachmentProcessIds: string) => {
      const user = await data(post('user/create', { username, nickname: username, password: 'secret-1' }));
      await data(post('user/updatePermission', { id: user.id, version: user.version, permissions: 'Home', attachmentProcessIds }));
      return firstLogin(t, username, 'secret-1');
    };
    const allowed = await makeUser('doc-ok', String(processes[0]));
    const other = await makeUser('doc-no', String(processes[1]));
    const image = await t.http.get('/api/admin/productionOrder/document').query({ id: order.id }).set('token', allowed).buffer(true);
    expect(image.status).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    const byCookie = await t.http.get('/api/admin/productionOrder/document').query({ id: order.id }).set('Cookie', `token=${allowed}`);
    expect(byCookie.status).toBe(200);
    const forbidden = await t.http.get('/api/admin/productionOrder/document').query({ id: order.id }).set('token', other);
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.code).toBe(403);
    expect((await t.http.get('/api/admin/productionOrder/document').query({ id: order.id }).set('token', admin)).status).toBe(200);
    expect((await t.http.get('/api/admin/productionOrder/document').query({ id: order.id })).status).toBe(401);
    expect((await t.http.get('/api/admin/productionOrder/document').query({ id: 'x' }).set('token', admin)).status).toBe(400);
    expect((await t.http.get('/api/admin/productionOrder/document').query({ id: 999999 }).set('token', admin)).status).toBe(404);
  });

  it('hides and shows orders in bulk; hidden orders drop out of the default list', async () => {
    const a = await createOrder({ orderNo: 'PO-HIDE-A' });
    const b = await createOrder({ orderNo: 'PO-HIDE-B' });
    expect(await data(post('productionOrder/hide', { ids: `${a.id}, ${b.id}` }))).toEqual({ changed: 2 });
    expect((await data(get('productionOrder/list', { keyword: 'PO-HIDE' }))).total).toBe(0);
    expect((await data(get('productionOrder/list', { keyword: 'PO-HIDE', 'filter.hidden': 'true' }))).total).toBe(2);
    expect((await data(get('productionOrder/list', { keyword: 'PO-HIDE', 'filter.hidden': 'all' }))).total).toBe(2);
    expect(await data(post('productionOrder/show', { ids: String(a.id) }))).toEqual({ changed: 1 });
    const shown = await data(get('productionOrder/list', { keyword: 'PO-HIDE' }));
    expect(shown.list.map((order: { orderNo: string }) => order.orderNo)).toEqual(['PO-HIDE-A']);
    expect((await post('productionOrder/hide', { ids: 'x,1' })).status).toBe(400);
    expect((await post('productionOrder/hide', { ids: '' })).status).toBe(400);
    expect((await post('productionOrder/hide', { ids: '999999' })).status).toBe(404);
  });

  it('lists with filters and sorting, refusing unknown ones', async () => {
    await createOrder({ orderNo: 'PO-LATE', deliveryDate: '2026-01-10' });
    const late = await data(get('productionOrder/list', { 'filter.deliveryFrom': '2026-01-01', 'filter.deliveryTo': '2026-01-31' }));
    expect(late.list.map((order: { orderNo: string }) => order.orderNo)).toEqual(['PO-LATE']);
    const byCustomer = await data(get('productionOrder/list', { 'filter.customer': customer, 'filter.goods': goods.id, 'filter.reviewed': 'false', sortField: 'deliveryDate', sortOrder: 'desc', pageSize: 2 }));
    expect(byCustomer.list[0].orderNo).toBe('PO-LATE');
    expect(byCustomer.total).toBeGreaterThan(2);
    expect((await get('productionOrder/list', { sortField: 'password' })).status).toBe(400);
    expect((await get('productionOrder/list', { 'filter.secret': '1' })).status).toBe(400);
    expect((await get('productionOrder/list', { page: '-1' })).status).toBe(400);
    expect((await get('productionOrder/list', { 'filter.customer': 'abc' })).status).toBe(200);
  });

  it('makes one production order per sales-order line, and refuses a line already in production', async () => {
    const db = t.app.get(DataSource);
    const [saleOrder] = await db.query(
      `INSERT INTO sale_order (order_no, order_date, delivery_date, customer_id, customer_order_no) VALUES ('SO-T-1', '2025-05-01', '2025-06-01', $1, 'CUST-PO-9') RETURNING id`,
      [customer],
    );
    const lines: number[] = [];
    for (const [lineNo, productName, goodsId] of [[1, '衬衫一', goods.id], [2, '', goods2]] as const) {
      const [line] = await db.query(`INSERT INTO sale_order_line (sale_order_id, line_no, goods_id, product_name) VALUES ($1, $2, $3, $4) RETURNING id`, [
        saleOrder.id,
        lineNo,
        goodsId,
        productName,
      ]);
      lines.push(line.id);
      await db.query(`INSERT INTO sale_order_cell (line_id, color_id, size_id, quantity) VALUES ($1, $2, $3, 7), ($1, $4, $3, 3)`, [line.id, goods.colors[0].id, goods.sizes[1].id, goods.colors[1].id]);
    }
    const response = await post('productionOrder/createFromSaleOrder', { saleOrderId: saleOrder.id, lineIds: String(lines[0]) });
    if (response.body.data?.field === 'orderNo') {
      // The numbering service is not registered yet: nothing to check beyond the refusal.
      expect(response.status).toBe(400);
      return;
    }
    expect(response.status).toBe(200);
    expect(response.body.data).toHaveLength(1);
    expect(response.body.data[0]).toMatchObject({
      saleOrderId: saleOrder.id,
      saleOrderNo: 'SO-T-1',
      saleOrderLineId: lines[0],
      customer,
      customerOrderNo: 'CUST-PO-9',
      orderDate: '2025-05-01',
      deliveryDate: '2025-06-01',
      productName: '衬衫一',
      totalQuantity: 10,
    });
    expect(response.body.data[0].orderNo).toMatch(/^PO\d{6}-\d{4}$/);
    const again = await post('productionOrder/createFromSaleOrder', { saleOrderId: saleOrder.id, lineIds: String(lines[0]) });
    // Not "repeats a style": the line is in production already, and the answer says as which order.
    const orderNo = response.body.data[0].orderNo;
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 409, message: `第 1 行（款式 ST-PO）已在生产中，生产单号 ${orderNo}`, data: { errorKey: 'saleLineInProduction', ids: [lines[0]] } });
    const againEn = await post('productionOrder/createFromSaleOrder', { saleOrderId: saleOrder.id, lineIds: String(lines[0]) }, admin, 'en');
    expect(againEn.body.message).toBe(`Line 1 (style ST-PO) is already in production as order ${orderNo}`);
    // Empty = every line not yet in production.
    const rest = await data(post('productionOrder/createFromSaleOrder', { saleOrderId: saleOrder.id }));
    expect(rest.map((order: { saleOrderLineId: number; productName: string }) => [order.saleOrderLineId, order.productName])).toEqual([[lines[1], '男衬衫二']]);
    const none = await post('productionOrder/createFromSaleOrder', { saleOrderId: saleOrder.id });
    expect(none.body).toMatchObject({ code: 409, message: '该销售订单的所有明细都已在生产中', data: { errorKey: 'saleLinesAllInProduction' } });
    expect((await post('productionOrder/createFromSaleOrder', { saleOrderId: 999999 })).status).toBe(404);
    expect((await post('productionOrder/createFromSaleOrder', { saleOrderId: saleOrder.id, lineIds: 'a,b' })).status).toBe(400);
  });

  it('checks the permission of every route on the server', async () => {
    const order = await createOrder();
    const calls: [string, string, Record<string, unknown>][] = [
      ['get', 'productionOrder/list', {}],
      ['get', 'productionOrder/detail', { id: order.id }],
      ['get', 'productionOrder/importTemplate', {}],
      ['post', 'productionOrder/create', orderBody()],
      ['post', 'productionOrder/createFromSaleOrder', { saleOrderId: 1 }],
      ['post', 'productionOrder/update', { id: order.id, version: 1, note: 'x' }],
      ['post', 'productionOrder/delete', { id: order.id }],
      ['post', 'productionOrder/importExcel', {}],
      ['post', 'productionOrder/uploadDocument', { id: order.id, version: 1, document: 'a'.repeat(32) }],
      ['post', 'productionOrder/review', { id: order.id, version: 1 }],
      ['post', 'productionOrder/cancelReview', { id: order.id, version: 1 }],
      ['post', 'productionOrder/hide', { ids: String(order.id) }],
      ['post', 'productionOrder/show', { ids: String(order.id) }],
    ];
    for (const [method, path, body] of calls) {
      const response = method === 'get' ? await get(path, body, viewer) : await post(path, body, viewer);
      expect([path, response.status, response.body.code]).toEqual([path, 403, 403]);
      const anonymous = method === 'get' ? await t.http.get(`/api/admin/${path}`).query(body) : await t.http.post(`/api/admin/${path}`).type('form').send(body);
      expect([path, anonymous.status]).toEqual([path, 401]);
    }
    expect((await t.http.get('/api/admin/productionOrder/document').query({ id: order.id }).set('token', viewer)).status).toBe(403);
  });

  it('lets the review, document and hide screens list orders, but not change what they do not own', async () => {
    const order = await createOrder();
    const user = await data<{ id: number; version: number }>(post('user/create', { username: 'reviewer.only', nickname: 'Reviewer', password: 'secret-1' }));
    await data(post('user/updatePermission', { id: user.id, version: user.version, permissions: 'Home,OrderReview' }));
    const reviewer = await firstLogin(t, 'reviewer.only', 'secret-1');
    expect((await get('productionOrder/list', {}, reviewer)).status).toBe(200);
    expect((await get('productionOrder/detail', { id: order.id }, reviewer)).status).toBe(200);
    expect((await post('productionOrder/review', { id: order.id, version: order.version, confirmWithoutDocument: 'true' }, reviewer)).status).toBe(200);
    expect((await post('productionOrder/create', orderBody(), reviewer)).status).toBe(403);
    expect((await post('productionOrder/hide', { ids: String(order.id) }, reviewer)).status).toBe(403);
  });

  it('publishes productionOrder.changed after each change to productionOrders, order:<id>, board and statistics', async () => {
    const socket: Socket = t.socket({ token: admin });
    await connected(socket);
    await socket.timeout(5000).emitWithAck(SOCKET_EVENTS.subscribe, { rooms: ['productionOrders'] });
    const received: DomainEventEnvelope<'productionOrder.changed'>[] = [];
    socket.on(SOCKET_EVENTS.domainEvent, (event: DomainEventEnvelope<'productionOrder.changed'>) => received.push(event));
    const waitFor = async (action: ProductionOrderChanged['action']) => {
      for (let i = 0; i < 100 && !received.some((event) => event.payload.action === action); i++) await new Promise((resolve) => setTimeout(resolve, 20));
      const event = received.find((event) => event.payload.action === action);
      expect(event).toBeDefined();
      return event!;
    };
    const first = nextEvent<DomainEventEnvelope>(socket, SOCKET_EVENTS.domainEvent);
    const order = await createOrder({ orderNo: 'PO-EVT' });
    const created = await first;
    expect(created).toMatchObject({ name: 'productionOrder.changed', payload: { id: order.id, orderNo: 'PO-EVT', action: 'created', version: 1 } });
    expect(created.rooms).toEqual(['productionOrders', `order:${order.id}`, 'board', 'statistics']);
    await data(post('productionOrder/update', { id: order.id, version: 1, note: 'n' }));
    expect((await waitFor('updated')).payload).toEqual({ id: order.id, orderNo: 'PO-EVT', action: 'updated', version: 2 });
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } }).png().toBuffer();
    const upload = await data(t.http.post('/api/admin/upload/image').set('token', admin).attach('file', png, 'a.png'));
    await data(post('productionOrder/uploadDocument', { id: order.id, version: 2, document: upload.id }));
    expect((await waitFor('documentUploaded')).payload.version).toBe(3);
    await data(post('productionOrder/review', { id: order.id, version: 3 }));
    expect((await waitFor('reviewed')).payload.version).toBe(4);
    await data(post('productionOrder/cancelReview', { id: order.id, version: 4 }));
    expect((await waitFor('reviewCancelled')).payload.version).toBe(5);
    await data(post('productionOrder/hide', { ids: String(order.id) }));
    expect((await waitFor('hidden')).payload.version).toBe(6);
    await data(post('productionOrder/show', { ids: String(order.id) }));
    expect((await waitFor('shown')).payload.version).toBe(7);
    await data(post('productionOrder/delete', { id: order.id }));
    expect((await waitFor('deleted')).payload).toEqual({ id: order.id, orderNo: 'PO-EVT', action: 'deleted', version: null });
    // A refused change publishes nothing.
    const before = received.length;
    await post('productionOrder/create', orderBody({ cells: '[]' }));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(received.length).toBe(before);
  });
});
