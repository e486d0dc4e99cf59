import { DataSource } from 'typeorm';
import { bootTestApp, type TestApp } from '../testing/test-app.js';

describe('size groups (API)', () => {
  let t: TestApp;
  let admin: string;
  let viewer: string;

  beforeAll(async () => {
    t = await bootTestApp();
    admin = await t.login();
    viewer = await t.login('viewer', 'viewer123');
  });
  afterAll(() => t.close());

  const post = (path: string, body: Record<string, unknown>, token = admin, language = 'zh-CN') =>
    t.http.post(`/api/admin/${path}`).set('token', token).set('Accept-Language', language).type('form').send(body);
  const get = (path: string, query: Record<string, unknown> = {}, token = admin) => t.http.get(`/api/admin/${path}`).set('token', token).query(query);
  const sizes = (...names: (string | { id: number; name: string })[]) => JSON.stringify(names.map((name) => (typeof name === 'string' ? { name } : name)));
  const names = (body: { data: { sizes: { name: string }[] } }) => body.data.sizes.map((size) => size.name);

  it('creates a group with ordered, trimmed sizes and lists it', async () => {
    const created = await post('size/create', { code: 'TOPS', name: '上衣', sizes: sizes(' S ', 'M', 'L', 'XL') });
    expect(created.body).toMatchObject({ code: 200, message: '保存成功', data: { code: 'TOPS', version: 1 } });
    expect(created.body.data.sizes).toEqual([
      { id: expect.any(Number), name: 'S', sortOrder: 1 },
      { id: expect.any(Number), name: 'M', sortOrder: 2 },
      { id: expect.any(Number), name: 'L', sortOrder: 3 },
      { id: expect.any(Number), name: 'XL', sortOrder: 4 },
    ]);
    const detail = await get('size/detail', { id: created.body.data.id });
    expect(names(detail.body)).toEqual(['S', 'M', 'L', 'XL']);
    expect((await get('size/list', { keyword: 'TOPS' })).body.data.total).toBe(1);
  });

  it('keeps the rows of sizes sent back with their id, even when renamed or swapped', async () => {
    const created = await post('size/create', { code: 'KEEP', name: 'x', sizes: sizes('S', 'M', 'L') });
    const [s, m, l] = created.body.data.sizes as { id: number; name: string }[];
    const updated = await post('size/update', { id: created.body.data.id, version: 1, sizes: sizes({ id: m.id, name: 'S' }, { id: s.id, name: 'M' }, 'XL') });
    expect(updated.status).toBe(200);
    expect(updated.body.data.sizes).toMatchObject([
      { id: m.id, name: 'S', sortOrder: 1 },
      { id: s.id, name: 'M', sortOrder: 2 },
      { name: 'XL', sortOrder: 3 },
    ]);
    const rows: unknown[] = await t.app.get(DataSource).query(`SELECT id FROM size WHERE id = $1`, [l.id]);
    expect(rows).toHaveLength(0);
    // Leaving sizes out of an update keeps them.
    const renamed = await post('size/update', { id: created.body.data.id, version: 2, name: 'renamed' });
    expect(names(renamed.body)).toEqual(['S', 'M', 'XL']);
  });

  it.each([
    [{ code: 'NO-SIZES', name: 'x' }, '尺码不能为空'],
    [{ code: 'EMPTY', name: 'x', sizes: '[]' }, '尺码不能为空'],
    [{ code: 'BROKEN', name: 'x', sizes: '[{"name":"S"' }, '尺码格式不正确'],
    [{ code: 'OBJ', name: 'x', sizes: '{"name":"S"}' }, '尺码格式不正确'],
    [{ code: 'BLANK', name: 'x', sizes: '[{"name":"S"},{"name":"  "}]' }, '尺码第 2 行名称不能为空'],
    [{ code: 'LONG', name: 'x', sizes: JSON.stringify([{ name: 'X'.repeat(17) }]) }, '尺码第 1 行名称长度不能超过 16 个字符'],
    [{ code: 'DUP', name: 'x', sizes: '[{"name":"xl"},{"name":" XL "}]' }, '尺码“XL”已存在'],
    [{ code: 'ROW', name: 'x', sizes: '["S"]' }, '尺码第 1 行格式不正确'],
  ])('refuses %j', async (body, message) => {
    const response = await post('size/create', body);
    expect(response.body.message).toBe(message);
    expect([400, 409]).toContain(response.status);
    expect((await get('size/list', { keyword: body.code })).body.data.total).toBe(0);
  });

  it('says so in English too', async () => {
    expect((await post('size/create', { code: 'DUP-EN', name: 'x', sizes: '[{"name":"M"},{"name":"m"}]' }, admin, 'en')).body.message).toBe(
      'Size "m" already exists',
    );
    expect((await post('size/create', { code: 'NONE-EN', name: 'x', sizes: '[]' }, admin, 'en')).body.message).toBe('Sizes is required');
  });

  it('refuses ids of another group', async () => {
    const other = await post('size/create', { code: 'OTHER', name: 'x', sizes: sizes('S') });
    const mine = await post('size/create', { code: 'MINE', name: 'x', sizes: sizes('M') });
    const stolen = await post('size/update', { id: mine.body.data.id, version: 1, sizes: sizes({ id: other.body.data.sizes[0].id, name: 'S' }) });
    expect(stolen.status).toBe(400);
    expect(stolen.body.message).toBe('尺码编号格式不正确');
  });

  it('refuses to remove a size or delete a group that goods use, naming goods', async () => {
    const group = await post('size/create', { code: 'USED', name: 'x', sizes: sizes('S', 'M') });
    const [s, m] = group.body.data.sizes as { id: number }[];
    const category = await post('category/create', { code: 'CAT-SG', name: 'x' });
    const color = await post('color/create', { code: 'COL-SG', name: 'x' });
    const goods = await post('goods/create', {
      code: 'G-SG',
      name: 'x',
      category: category.body.data.id,
      sizeGroup: group.body.data.id,
      colorIds: String(color.body.data.id),
      sizeIds: String(s.id),
    });
    expect(goods.status).toBe(200);

    const removing = await post('size/update', { id: group.body.data.id, version: 1, sizes: sizes({ id: m.id, name: 'M' }) });
    expect(removing.status).toBe(409);
    expect(removing.body.message).toBe('该记录正被商品 (1)使用，不能删除');
    // Removing an unused size is fine.
    expect((await post('size/update', { id: group.body.data.id, version: 1, sizes: sizes({ id: s.id, name: 'S' }) })).status).toBe(200);

    const deleting = await post('size/delete', { id: group.body.data.id }, admin, 'en');
    expect(deleting.status).toBe(409);
    expect(deleting.body.message).toBe('This record is used by Goods (1) and cannot be deleted');

    expect((await post('goods/delete', { id: goods.body.data.id })).status).toBe(200);
    expect((await post('size/delete', { id: group.body.data.id })).status).toBe(200);
    const left: unknown[] = await t.app.get(DataSource).query(`SELECT id FROM size WHERE size_group_id = $1`, [group.body.data.id]);
    expect(left).toHaveLength(0);
  });

  it('refuses a stale version without changing the sizes', async () => {
    const group = await post('size/create', { code: 'STALE', name: 'x', sizes: sizes('S') });
    const id = group.body.data.id as number;
    expect((await post('size/update', { id, version: 1, sizes: sizes({ id: group.body.data.sizes[0].id, name: 'S' }, 'M') })).status).toBe(200);
    const stale = await post('size/update', { id, version: 1, sizes: sizes('XXL') });
    expect(stale.status).toBe(409);
    expect(names((await get('size/detail', { id })).body)).toEqual(['S', 'M']);
  });

  it('needs the Size permission', async () => {
    expect((await get('size/list', {}, viewer)).status).toBe(403);
    expect((await post('size/create', { code: 'V', name: 'x', sizes: sizes('S') }, viewer)).status).toBe(403);
  });
});
