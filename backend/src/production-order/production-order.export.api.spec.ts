import { DataSource } from 'typeorm';
import type { ProductionOrder } from '../../../contracts/orders.js';
import { DomainException } from '../common/errors/domain.exception.js';
import { parseListQuery } from '../master-data/list-query.js';
import { firstLogin } from '../testing/accounts.js';
import { bootTestApp, type TestApp } from '../testing/test-app.js';
import { downloadFile, sheetRows } from '../testing/xlsx.js';
import { PRODUCTION_ORDER_LIST } from './production-order.controller.js';
import { ProductionOrderService } from './production-order.service.js';

// GET /api/admin/productionOrder/export: the list's filter, the screen's columns.
describe('production order export (API)', () => {
  let t: TestApp;
  let admin: string;
  let viewer: string;
  let customerA: number;
  let customerB: number;
  let goodsId: number;
  let colorId: number;
  let sizeId: number;

  const post = (path: string, body: Record<string, unknown>, token = admin) => t.http.post(`/api/admin/${path}`).set('token', token).type('form').send(body);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const data = async <T = any>(request: PromiseLike<{ body: { code: number; data: unknown } }>): Promise<T> => {
    const response = await request;
    if (response.body.code !== 200) throw new Error(JSON.stringify(response.body));
    return response.body.data as T;
  };
  const list = async (query: Record<string, unknown>): Promise<ProductionOrder[]> =>
    (await data<{ list: ProductionOrder[] }>(t.http.get('/api/admin/productionOrder/list').set('token', admin).query({ ...query, pageSize: 100 }))).list;
  const exportFile = (query: Record<string, unknown>, language = 'en', token: string | null = admin) => downloadFile(t, 'productionOrder/export', query, token, language);
  const sheetOf = sheetRows;

  const createOrder = (orderNo: string, customer: number, quantity: number, deliveryDate: string) =>
    data<ProductionOrder>(
      post('productionOrder/create', {
        orderNo,
        customer,
        goodsId,
        orderDate: '2025-05-01',
        deliveryDate,
        customerOrderNo: `C-${orderNo}`,
        cells: JSON.stringify([{ colorId, sizeId, quantity }]),
      }),
    );

  beforeAll(async () => {
    t = await bootTestApp();
    admin = await t.login();
    viewer = await t.login('viewer', 'viewer123');
    customerA = (await data(post('customer/create', { code: 'C-EXA', shortName: 'Alpha' }))).id;
    customerB = (await data(post('customer/create', { code: 'C-EXB', shortName: 'Beta' }))).id;
    const category = (await data(post('category/create', { code: 'CAT-EX', name: 'Shirts' }))).id;
    colorId = (await data(post('color/create', { code: 'EXR', name: 'Red', hex: '#aa0000' }))).id;
    const sizeGroup = await data(post('size/create', { code: 'SG-EX', name: 'x', sizes: '[{"name":"M"}]' }));
    sizeId = sizeGroup.sizes[0].id;
    goodsId = (await data(post('goods/create', { code: 'ST-EX', name: 'Shirt', category, sizeGroup: sizeGroup.id, colorIds: String(colorId) }))).id;

    await createOrder('EX-1', customerA, 10, '2025-06-10');
    const second = await createOrder('EX-2', customerA, 25, '2025-06-20');
    await createOrder('EX-3', customerB, 7, '2025-06-15');
    const hidden = await createOrder('EX-4', customerA, 3, '2025-06-12');
    await data(post('productionOrder/review', { id: second.id, version: second.version, reviewDate: '2025-05-03', note: 'looks fine', confirmWithoutDocument: 'true' }));
    await data(post('productionOrder/hide', { ids: String(hidden.id) }));
  });
  afterAll(() => t.close());

  it('exports the production-order list of a filter: same rows, same order, the screen columns in English', async () => {
    const filter = { 'filter.customer': customerA, sortField: 'totalQuantity', sortOrder: 'desc' };
    const listed = await list(filter);
    // Customer A has EX-1, EX-2 and the hidden EX-4; the list leaves hidden orders out.
    expect(listed.map((order) => order.orderNo)).toEqual(['EX-2', 'EX-1']);
    const file = await exportFile(filter);
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toContain('spreadsheetml');
    const rows = await sheetOf(file.body);
    expect(rows[0]).toEqual(['Production order no.', 'Style no.', 'Product name', 'Customer', 'Customer PO', 'Sales order', 'Order date', 'Delivery date', 'Quantity', 'Reviewed', 'Document uploaded']);
    expect(rows.slice(1)).toEqual(
      listed.map((order) => [order.orderNo, 'ST-EX', order.productName, 'Alpha', `C-${order.orderNo}`, '', '2025-05-01', order.deliveryDate, order.totalQuantity, order.reviewed ? 'Yes' : 'No', 'No']),
    );
    expect(rows.slice(1).map((row) => [row[0], row[8], row[9]])).toEqual([
      ['EX-2', 25, 'Yes'],
      ['EX-1', 10, 'No'],
    ]);
  });

  it('follows the delivery-date range and keyword, and heads the columns in Chinese', async () => {
    const filter = { 'filter.deliveryFrom': '2025-06-11', 'filter.deliveryTo': '2025-06-16' };
    const listed = await list(filter);
    expect(listed.map((order) => order.orderNo)).toEqual(['EX-3']);
    const rows = await sheetOf((await exportFile(filter, 'zh-CN')).body);
    expect(rows[0].slice(0, 4)).toEqual(['生产单号', '款号', '品名', '客户']);
    expect(rows.slice(1).map((row) => [row[0], row[3], row[8], row[9]])).toEqual([['EX-3', 'Beta', 7, '否']]);
    expect((await sheetOf((await exportFile({ keyword: 'EX-1' })).body)).slice(1).map((row) => row[0])).toEqual((await list({ keyword: 'EX-1' })).map((order) => order.orderNo));
  });

  it('gives the review, document and hide screens their own columns', async () => {
    const review = await sheetOf((await exportFile({ view: 'review', 'filter.reviewed': 'true' })).body);
    expect(review[0].slice(9)).toEqual(['Reviewed', 'Document uploaded', 'Review date', 'Review note']);
    expect(review.slice(1).map((row) => [row[0], ...row.slice(9)])).toEqual([['EX-2', 'Yes', 'No', '2025-05-03', 'looks fine']]);

    const documents = await sheetOf((await exportFile({ view: 'document', 'filter.document': 'false', 'filter.customer': customerB })).body);
    expect(documents[0].slice(9)).toEqual(['Document uploaded', 'Uploaded at']);
    expect(documents.slice(1).map((row) => [row[0], ...row.slice(9)])).toEqual([['EX-3', 'No', '']]);
    // An uploaded document: the time to the minute on the server's clock, as the screen shows it.
    const uploaded = new Date(2025, 4, 4, 9, 7, 30);
    await t.app.get(DataSource).query(`UPDATE production_order SET document = 'doc-ex-1', document_uploaded_at = $1 WHERE order_no = 'EX-1'`, [uploaded]);
    const withDocument = await sheetOf((await exportFile({ view: 'document', 'filter.document': 'true' })).body);
    expect(withDocument.slice(1).map((row) => [row[0], ...row.slice(9)])).toEqual([['EX-1', 'Yes', '2025-05-04 09:07']]);
    expect((await list({ 'filter.document': 'true' })).map((order) => new Date(order.documentUploadedAt!).getTime())).toEqual([uploaded.getTime()]);

    // The hide screen lists every order (filter.hidden=all): the hidden one says so.
    const hideFilter = { 'filter.hidden': 'all', 'filter.customer': customerA, sortField: 'orderNo', sortOrder: 'asc' };
    const hide = await sheetOf((await exportFile({ ...hideFilter, view: 'hide' })).body);
    expect(hide[0].slice(9)).toEqual(['Hidden', 'Reviewed']);
    expect(hide.slice(1).map((row) => [row[0], ...row.slice(9)])).toEqual([
      ['EX-1', 'No', 'No'],
      ['EX-2', 'No', 'Yes'],
      ['EX-4', 'Yes', 'No'],
    ]);
    expect(hide.slice(1).map((row) => row[0])).toEqual((await list(hideFilter)).map((order) => order.orderNo));
  });

  it('refuses an unknown view or filter with a translated 400, and more rows than the cap', async () => {
    const badView = await t.http.get('/api/admin/productionOrder/export').set('token', admin).set('Accept-Language', 'en').query({ view: 'secret' });
    expect([badView.status, badView.body.code]).toEqual([400, 400]);
    expect(badView.body.message).toBe('View must be one of: list, document, review, hide');
    expect((await t.http.get('/api/admin/productionOrder/export').set('token', admin).query({ 'filter.nope': 1 })).status).toBe(400);

    // Three shown orders match; a cap of 2 refuses rather than cutting the file short.
    const service = t.app.get(ProductionOrderService);
    const refused = await service.exportRows(parseListQuery({}, PRODUCTION_ORDER_LIST), 2).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(DomainException);
    expect((refused as DomainException).error).toBe('exportTooLarge');
    expect((refused as DomainException).params).toEqual({ count: 3, max: 2 });
    expect((await service.exportRows(parseListQuery({}, PRODUCTION_ORDER_LIST), 3)).length).toBe(3);
  });

  it('needs a token (401) and one of the list routes (403)', async () => {
    expect((await exportFile({}, 'en', null)).status).toBe(401);
    expect((await exportFile({}, 'en', viewer)).status).toBe(403);
    const user = await data<{ id: number; version: number }>(post('user/create', { username: 'hide.only', nickname: 'Hider', password: 'secret-1' }));
    await data(post('user/updatePermission', { id: user.id, version: user.version, permissions: 'Home,OrderHide' }));
    const hider = await firstLogin(t, 'hide.only', 'secret-1');
    expect((await exportFile({ view: 'hide' }, 'en', hider)).status).toBe(200);
  });
});
