import ExcelJS from 'exceljs';
import { bootTestApp, type TestApp } from '../testing/test-app.js';

describe('order details (API)', () => {
  let t: TestApp;
  let admin: string;
  let viewer: string;
  const customers: number[] = [];
  const colors: number[] = [];
  let sizes: { id: number; name: string }[];
  let shirt: number;
  let usd: number;
  let pants: number;

  const post = (path: string, body: Record<string, unknown>) => t.http.post(`/api/admin/${path}`).set('token', admin).type('form').send(body);
  const list = (query: Record<string, unknown>, token = admin) => t.http.get('/api/admin/saleOrderSub/list').set('token', token).query(query);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const data = async <T = any>(request: PromiseLike<{ body: { code: number; data: unknown } }>): Promise<T> => {
    const response = await request;
    expect(response.body).toMatchObject({ code: 200 });
    return response.body.data as T;
  };

  beforeAll(async () => {
    t = await bootTestApp();
    admin = await t.login();
    viewer = await t.login('viewer', 'viewer123');
    for (const code of ['A', 'B']) customers.push((await data(post('customer/create', { code, shortName: `客户${code}` }))).id);
    const category = (await data(post('category/create', { code: 'CAT', name: 'c' }))).id;
    for (const [code, name] of [['RED', '红'], ['BLU', '蓝']]) colors.push((await data(post('color/create', { code, name }))).id);
    const group = await data(post('size/create', { code: 'SG', name: 'x', sizes: '[{"name":"S"},{"name":"M"}]' }));
    sizes = group.sizes;
    shirt = (await data(post('goods/create', { code: 'SHIRT', name: '衬衫', category, sizeGroup: group.id, colorIds: colors.join(',') }))).id;
    pants = (await data(post('goods/create', { code: 'PANTS', name: '裤子', category, sizeGroup: group.id, colorIds: colors.join(',') }))).id;
    usd = (await data(post('currency/create', { code: 'USD', name: '美元', symbol: '$' }))).id;
    // Order 1 (customer A, Nov): shirt 2×2 grid at 10.00; order 2 (customer B, Dec): pants one cell at 7.50.
    await data(
      post('saleOrder/create', {
        orderNo: 'D-1',
        orderDate: '2025-11-01',
        deliveryDate: '2025-11-20',
        customer: customers[0],
        lines: JSON.stringify([
          { goodsId: shirt, costPrice: 5, sellingPrice: 10, cells: [
            { colorId: colors[0], sizeId: sizes[0].id, quantity: 1 },
            { colorId: colors[0], sizeId: sizes[1].id, quantity: 2 },
            { colorId: colors[1], sizeId: sizes[0].id, quantity: 3 },
            { colorId: colors[1], sizeId: sizes[1].id, quantity: 4 },
          ] },
        ]),
      }),
    );
    await data(
      post('saleOrder/create', {
        orderNo: 'D-2',
        customerOrderNo: 'PO-XYZ',
        currency: usd,
        orderDate: '2025-12-01',
        deliveryDate: '2026-01-10',
        customer: customers[1],
        lines: JSON.stringify([{ goodsId: pants, costPrice: 5, sellingPrice: 7.5, cells: [{ colorId: colors[1], sizeId: sizes[1].id, quantity: 6 }] }]),
      }),
    );
  });
  afterAll(() => t.close());

  it('lists every cell with its order, style, colour and size, newest order first, with totals', async () => {
    const page = await data(list({ pageSize: 3 }));
    expect(page).toMatchObject({ total: 5, page: 1, pageSize: 3, totals: { quantity: 16, amount: 145 } });
    expect(page.list[0]).toMatchObject({
      orderNo: 'D-2',
      orderDate: '2025-12-01',
      deliveryDate: '2026-01-10',
      customerLabel: '客户B',
      customerOrderNo: 'PO-XYZ',
      goodsCode: 'PANTS',
      productName: '裤子',
      colorName: '蓝',
      sizeName: 'M',
      quantity: 6,
      sellingPrice: 7.5,
      amount: 45,
      state: 'notInProduction',
      // The list shows each amount with its order's currency.
      currency: usd,
    });
    expect(page.list[1].currency).toBeNull();
    expect(page.list.slice(1).map((row: { colorName: string; sizeName: string }) => `${row.colorName}${row.sizeName}`)).toEqual(['红S', '红M']);
  });

  it('filters, and the totals follow the filter', async () => {
    const totals = async (query: Record<string, unknown>) => {
      const page = await data(list(query));
      return [page.total, page.totals.quantity, page.totals.amount];
    };
    expect(await totals({ 'filter.customer': customers[0] })).toEqual([4, 10, 100]);
    expect(await totals({ 'filter.goods': pants })).toEqual([1, 6, 45]);
    expect(await totals({ 'filter.color': colors[1] })).toEqual([3, 13, 115]);
    expect(await totals({ 'filter.size': sizes[0].id, 'filter.color': colors[1] })).toEqual([1, 3, 30]);
    expect(await totals({ 'filter.dateFrom': '2025-11-15' })).toEqual([1, 6, 45]);
    expect(await totals({ 'filter.dateTo': '2025-11-15' })).toEqual([4, 10, 100]);
    expect(await totals({ 'filter.deliveryFrom': '2025-12-01', 'filter.deliveryTo': '2026-12-31' })).toEqual([1, 6, 45]);
    expect(await totals({ keyword: 'xyz' })).toEqual([1, 6, 45]);
    expect(await totals({ keyword: 'shirt' })).toEqual([4, 10, 100]);
    expect(await totals({ 'filter.state': 'notInProduction' })).toEqual([5, 16, 145]);
    expect(await totals({ 'filter.state': 'completed' })).toEqual([0, 0, 0]);
    expect((await list({ 'filter.state': 'lost' })).status).toBe(400);
    expect((await list({ 'filter.dateFrom': '2025-13-01' })).status).toBe(400);
    expect((await list({ 'filter.customer': 'abc' })).status).toBe(400);
  });

  it('sorts by the allowed fields only', async () => {
    const page = await data(list({ sortField: 'quantity', sortOrder: 'desc', pageSize: 2 }));
    expect(page.list.map((row: { quantity: number }) => row.quantity)).toEqual([6, 4]);
    expect((await list({ sortField: 'note' })).status).toBe(400);
  });

  it('exports the filter with a totals row', async () => {
    const file = await t.http
      .get('/api/admin/saleOrderSub/export')
      .set('token', admin)
      .set('Accept-Language', 'en')
      .query({ 'filter.customer': customers[0] })
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      });
    expect(file.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.body as unknown as ExcelJS.Buffer);
    const sheet = workbook.worksheets[0];
    expect(sheet.getRow(1).getCell(1).value).toBe('Order no.');
    expect(sheet.rowCount).toBe(6);
    const last = sheet.getRow(6);
    expect(last.getCell(1).value).toBe('Total');
    expect(last.getCell(10).value).toBe(10);
    expect(last.getCell(12).value).toBe(100);
    expect(sheet.getRow(2).getCell(13).value).toBe('Not in production');
  });

  it('refuses without a token (401) and without the permission (403)', async () => {
    expect((await t.http.get('/api/admin/saleOrderSub/list')).status).toBe(401);
    expect((await list({}, viewer)).status).toBe(403);
    expect((await t.http.get('/api/admin/saleOrderSub/export').set('token', viewer)).status).toBe(403);
  });
});
