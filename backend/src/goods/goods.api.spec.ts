import sharp from 'sharp';
import { DataSource } from 'typeorm';
import { bootTestApp, type TestApp } from '../testing/test-app.js';

describe('goods (API)', () => {
  let t: TestApp;
  let admin: string;
  let viewer: string;
  let category: number;
  let sizeGroup: { id: number; sizes: { id: number; name: string }[] };
  let otherGroup: { id: number; sizes: { id: number; name: string }[] };
  const colors: number[] = [];

  const post = (path: string, body: Record<string, unknown>, token = admin, language = 'zh-CN') =>
    t.http.post(`/api/admin/${path}`).set('token', token).set('Accept-Language', language).type('form').send(body);
  const get = (path: string, query: Record<string, unknown> = {}, token = admin) => t.http.get(`/api/admin/${path}`).set('token', token).query(query);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const data = async <T = any>(request: PromiseLike<{ body: { code: number; data: unknown } }>): Promise<T> => {
    const response = await request;
    expect(response.body.code).toBe(200);
    return response.body.data as T;
  };
  const goodsBody = (code: string, extra: Record<string, unknown> = {}) => ({
    code,
    name: `品名 ${code}`,
    category,
    sizeGroup: sizeGroup.id,
    colorIds: colors.slice(0, 2).join(','),
    ...extra,
  });

  beforeAll(async () => {
    t = await bootTestApp();
    admin = await t.login();
    viewer = await t.login('viewer', 'viewer123');
    category = (await data(post('category/create', { code: 'CAT-G', name: '衬衫' }))).id as number;
    for (const [code, name, hex] of [['RED', '红', '#ff0000'], ['BLU', '蓝', '#0000ff'], ['BLK', '黑', '#000000']]) {
      colors.push((await data(post('color/create', { code, name, hex }))).id);
    }
    sizeGroup = await data(post('size/create', { code: 'SG-G', name: 'x', sizes: '[{"name":"S"},{"name":"M"},{"name":"L"}]' }));
    otherGroup = await data(post('size/create', { code: 'SG-O', name: 'y', sizes: '[{"name":"38"},{"name":"40"}]' }));
  });
  afterAll(() => t.close());

  it('creates a style with ordered colours and selected sizes, shown in detail', async () => {
    const created = await post('goods/create', goodsBody('ST-001', { colorIds: `${colors[2]}, ${colors[0]}`, sizeIds: `${sizeGroup.sizes[2].id},${sizeGroup.sizes[0].id}`, costPrice: '12.5', salesPrice: '39.90' }));
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({ code: 'ST-001', category, categoryLabel: '衬衫', sizeGroup: sizeGroup.id, costPrice: 12.5, salesPrice: 39.9 });
    expect(created.body.data.colors).toEqual([
      { id: colors[2], code: 'BLK', name: '黑', hex: '#000000' },
      { id: colors[0], code: 'RED', name: '红', hex: '#ff0000' },
    ]);
    // Sizes come in the group's order, whatever order they were picked in.
    expect(created.body.data.sizes).toEqual([
      { id: sizeGroup.sizes[0].id, name: 'S', sortOrder: 1 },
      { id: sizeGroup.sizes[2].id, name: 'L', sortOrder: 3 },
    ]);
  });

  it('accepts repeated form keys, and no sizes means every size of the group', async () => {
    const response = await t.http
      .post('/api/admin/goods/create')
      .set('token', admin)
      .type('form')
      .send(`code=ST-REP&name=x&category=${category}&sizeGroup=${sizeGroup.id}&colorIds=${colors[1]}&colorIds=${colors[0]}`);
    expect(response.status).toBe(200);
    expect(response.body.data.colors.map((color: { id: number }) => color.id)).toEqual([colors[1], colors[0]]);
    expect(response.body.data.sizes.map((size: { name: string }) => size.name)).toEqual(['S', 'M', 'L']);
  });

  it('changes colours and sizes on update, and keeps them when left out', async () => {
    const goods = await data<{ id: number }>(post('goods/create', goodsBody('ST-UPD', { sizeIds: String(sizeGroup.sizes[1].id) })));
    const recoloured = await post('goods/update', { id: goods.id, version: 1, colorIds: String(colors[2]) });
    expect(recoloured.body.data.colors.map((color: { id: number }) => color.id)).toEqual([colors[2]]);
    expect(recoloured.body.data.sizes.map((size: { name: string }) => size.name)).toEqual(['M']);
    const renamed = await post('goods/update', { id: goods.id, version: 2, name: 'new name' });
    expect(renamed.body.data).toMatchObject({ name: 'new name', colors: [{ id: colors[2] }], sizes: [{ name: 'M' }] });
    // A new size group without new sizes: all sizes of the new group.
    const regrouped = await post('goods/update', { id: goods.id, version: 3, sizeGroup: otherGroup.id });
    expect(regrouped.body.data.sizes.map((size: { name: string }) => size.name)).toEqual(['38', '40']);
    const allSizes = await post('goods/update', { id: goods.id, version: 4, sizeIds: '' });
    expect(allSizes.body.data.sizes).toHaveLength(2);
  });

  it.each([
    [{ colorIds: '' }, 400, '请先选择颜色'],
    [{ colorIds: undefined }, 400, '请先选择颜色'],
    [{ colorIds: 'red' }, 400, '颜色必须是整数'],
    [{ colorIds: '999999' }, 400, '引用的记录不存在或已被删除'],
    [{ colorIds: '0' }, 400, '颜色不能小于 1'],
    [{ sizeIds: 'x' }, 400, '尺码必须是整数'],
    [{ category: '' }, 400, '类别不能为空'],
    [{ category: '999999' }, 400, '引用的记录不存在或已被删除'],
    [{ sizeGroup: '999999' }, 400, '引用的记录不存在或已被删除'],
    [{ code: 'bad code' }, 400, '款号格式无效（只能包含字母、数字和 - _ . /）'],
    [{ costPrice: '-1' }, 400, '成本价不能小于 0'],
    [{ image: 'not-an-id' }, 400, '图片格式不正确'],
    [{ image: 'a'.repeat(32) }, 400, '图片不存在，请重新上传'],
  ])('refuses %j with a clear %i', async (extra: Record<string, unknown>, status, message) => {
    const body: Record<string, unknown> = goodsBody('ST-BAD', extra);
    if ('colorIds' in extra && extra.colorIds === undefined) delete body.colorIds;
    const response = await post('goods/create', body);
    expect(response.status).toBe(status);
    expect(response.body.message).toBe(message);
    expect((await get('goods/list', { keyword: 'ST-BAD' })).body.data.total).toBe(0);
  });

  it('refuses sizes of another group with a message that says so', async () => {
    const response = await post('goods/create', goodsBody('ST-SZ', { sizeIds: `${sizeGroup.sizes[0].id},${otherGroup.sizes[0].id}` }), admin, 'en');
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('The selected sizes do not belong to this size group');
    expect(response.body.data).toMatchObject({ errorKey: 'sizeNotInGroup', field: 'sizeIds' });
  });

  it('takes an uploaded image', async () => {
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#336699' } }).png().toBuffer();
    const upload = await t.http.post('/api/admin/upload/image').set('token', admin).attach('file', png, 'style.png');
    expect(upload.status).toBe(200);
    const created = await post('goods/create', goodsBody('ST-IMG', { image: upload.body.data.id }));
    expect(created.body.data.image).toBe(upload.body.data.id);
    expect((await get('goods/list', { 'filter.image': 'true' })).body.data.list.map((row: { code: string }) => row.code)).toEqual(['ST-IMG']);
  });

  it('protects colours, categories and size groups that goods use, naming goods', async () => {
    await data(post('goods/create', goodsBody('ST-REF')));
    const colour = await post('color/delete', { id: colors[0] });
    expect(colour.status).toBe(409);
    expect(colour.body.message).toMatch(/^该记录正被商品 \(\d+\)使用，不能删除$/);
    const categoryRefused = await post('category/delete', { id: category }, admin, 'en');
    expect(categoryRefused.status).toBe(409);
    expect(categoryRefused.body.message).toMatch(/^This record is used by Goods \(\d+\) and cannot be deleted$/);
    expect((await post('size/delete', { id: sizeGroup.id })).body.message).toMatch(/^该记录正被商品 \(\d+\)使用，不能删除$/);
  });

  it('deletes a style with its colours and sizes', async () => {
    const goods = await data<{ id: number }>(post('goods/create', goodsBody('ST-DEL', { sizeIds: String(sizeGroup.sizes[0].id) })));
    expect((await post('goods/delete', { id: goods.id })).status).toBe(200);
    const rows: unknown[] = await t.app
      .get(DataSource)
      .query(`SELECT goods_id FROM goods_color WHERE goods_id = $1 UNION ALL SELECT goods_id FROM goods_size WHERE goods_id = $1`, [goods.id]);
    expect(rows).toHaveLength(0);
  });

  it('refuses a stale version and needs the Goods permission', async () => {
    const goods = await data<{ id: number }>(post('goods/create', goodsBody('ST-VER')));
    expect((await post('goods/update', { id: goods.id, version: 1, note: 'a' })).status).toBe(200);
    const stale = await post('goods/update', { id: goods.id, version: 1, colorIds: String(colors[2]) });
    expect(stale.status).toBe(409);
    expect((await get('goods/detail', { id: goods.id })).body.data.colors).toHaveLength(2);
    expect((await get('goods/list', {}, viewer)).status).toBe(403);
    expect((await post('goods/create', goodsBody('ST-V'), viewer)).status).toBe(403);
  });

  it('lists 10,000 goods quickly, with their reference labels', async () => {
    await t.app.get(DataSource).query(
      `INSERT INTO goods (code, name, category_id, size_group_id, sales_price)
       SELECT 'BULK-' || lpad(n::text, 5, '0'), '批量 ' || n, $1, $2, n % 100 FROM generate_series(1, 10000) AS n`,
      [category, sizeGroup.id],
    );
    const started = Date.now();
    const page = await get('goods/list', { page: 3, pageSize: 50, keyword: 'BULK' });
    const sorted = await get('goods/list', { pageSize: 50, sortField: 'salesPrice', sortOrder: 'desc', 'filter.category': category });
    const elapsed = Date.now() - started;
    expect(page.body.data.total).toBe(10_000);
    expect(page.body.data.list[0]).toMatchObject({ code: 'BULK-00101', categoryLabel: '衬衫', sizeGroupLabel: 'x' });
    expect(sorted.body.data.list[0].salesPrice).toBe(99);
    expect(elapsed).toBeLessThan(3000);
  });
});
