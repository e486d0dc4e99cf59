import { resolvePattern } from './order-number-pattern.js';
import { bootTestApp, type TestApp } from '../testing/test-app.js';

describe('order numbering (API)', () => {
  let t: TestApp;
  let admin: string;
  let viewer: string;
  let customer: number;
  let goods: number;
  let color: number;
  let size: number;

  const post = (path: string, body: Record<string, unknown>, token = admin, language = 'zh-CN') =>
    t.http.post(`/api/admin/${path}`).set('token', token).set('Accept-Language', language).type('form').send(body);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const data = async <T = any>(request: PromiseLike<{ body: { code: number; data: unknown } }>): Promise<T> => {
    const response = await request;
    expect(response.body).toMatchObject({ code: 200 });
    return response.body.data as T;
  };
  const createOrder = () =>
    post('saleOrder/create', {
      orderDate: '2025-11-01',
      deliveryDate: '2025-11-30',
      customer,
      lines: JSON.stringify([{ goodsId: goods, costPrice: 1, sellingPrice: 2, cells: [{ colorId: color, sizeId: size, quantity: 1 }] }]),
    });

  beforeAll(async () => {
    t = await bootTestApp();
    admin = await t.login();
    viewer = await t.login('viewer', 'viewer123');
    customer = (await data(post('customer/create', { code: 'C-N', shortName: 'N' }))).id;
    const category = (await data(post('category/create', { code: 'CAT-N', name: 'n' }))).id;
    color = (await data(post('color/create', { code: 'RED', name: '红' }))).id;
    const group = await data(post('size/create', { code: 'SG-N', name: 'n', sizes: '[{"name":"M"}]' }));
    size = group.sizes[0].id;
    goods = (await data(post('goods/create', { code: 'G-N', name: 'n', category, sizeGroup: group.id, colorIds: String(color) }))).id;
  });
  afterAll(() => t.close());

  it('resolves the date tokens and pads the sequence', () => {
    const date = new Date(2025, 0, 7);
    const { prefix, format } = resolvePattern('X{yy}{MM}{dd}/{yyyy}-{seq:3}', date);
    expect(prefix).toBe('X250107/2025-{seq:3}');
    expect(format(7)).toBe('X250107/2025-007');
    expect(format(12345)).toBe('X250107/2025-12345');
  });

  it('serves the default patterns and changes them', async () => {
    expect(await data(t.http.get('/api/admin/setting/getOrderNumberPatterns').set('token', admin))).toEqual({
      saleOrder: 'SO{yyyy}{MM}-{seq:4}',
      productionOrder: 'PO{yyyy}{MM}-{seq:4}',
    });
    const now = new Date();
    const yyyymm = `${now.getFullYear()}${String(now.getMonth() + 1).padStart(2, '0')}`;
    expect((await data(createOrder())).orderNo).toBe(`SO${yyyymm}-0001`);
    expect((await data(createOrder())).orderNo).toBe(`SO${yyyymm}-0002`);

    expect(await data(post('setting/updateOrderNumberPatterns', { saleOrder: 'XS{yy}{dd}#{seq:2}' }))).toEqual({
      saleOrder: 'XS{yy}{dd}#{seq:2}',
      productionOrder: 'PO{yyyy}{MM}-{seq:4}',
    });
    const dd = String(now.getDate()).padStart(2, '0');
    // A new prefix starts its own sequence.
    expect((await data(createOrder())).orderNo).toBe(`XS${String(now.getFullYear() % 100).padStart(2, '0')}${dd}#01`);
  });

  it('skips a number already typed in by hand', async () => {
    await data(post('setting/updateOrderNumberPatterns', { saleOrder: 'HAND-{seq:2}' }));
    await data(post('saleOrder/create', { orderDate: '2025-11-01', deliveryDate: '2025-11-30', customer, orderNo: 'hand-01', lines: JSON.stringify([{ goodsId: goods, cells: [{ colorId: color, sizeId: size, quantity: 1 }] }]) }));
    expect((await data(createOrder())).orderNo).toBe('HAND-02');
  });

  it('refuses invalid patterns, in both languages', async () => {
    for (const saleOrder of ['SO{yyyy}', 'SO{seq:4}{seq:2}', 'SO {seq:4}', 'SO{hh}{seq:4}', 'A-VERY-LONG-PREFIX-{seq:9}']) {
      const response = await post('setting/updateOrderNumberPatterns', { saleOrder });
      expect(response.status).toBe(400);
    }
    const english = await post('setting/updateOrderNumberPatterns', { saleOrder: 'SO' }, admin, 'en');
    expect(english.body).toMatchObject({ code: 400, data: { errorKey: 'orderNumberPatternInvalid', field: 'saleOrder' } });
    expect(english.body.message).toContain('The numbering pattern is invalid');
    const chinese = await post('setting/updateOrderNumberPatterns', { saleOrder: 'SO' });
    expect(chinese.body.message).toContain('单号规则无效');
  });

  it('gives 20 concurrent creates 20 distinct numbers', async () => {
    await data(post('setting/updateOrderNumberPatterns', { saleOrder: 'CC{yyyy}-{seq:4}' }));
    const responses = await Promise.all(Array.from({ length: 20 }, () => createOrder()));
    const numbers = responses.map((response) => {
      expect(response.body.code).toBe(200);
      return response.body.data.orderNo as string;
    });
    expect(new Set(numbers).size).toBe(20);
    expect(numbers.map((n) => Number(n.slice(-4))).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });

  it('needs the Permission screen (SettingIndex is not a permission yet), and a token', async () => {
    expect((await t.http.get('/api/admin/setting/getOrderNumberPatterns').set('token', viewer)).status).toBe(403);
    expect((await post('setting/updateOrderNumberPatterns', { saleOrder: 'A{seq:2}' }, viewer)).status).toBe(403);
    expect((await t.http.get('/api/admin/setting/getOrderNumberPatterns')).status).toBe(401);
  });
});
