import { DataSource } from 'typeorm';
import { bootTestApp, type TestApp } from '../testing/test-app.js';

describe('process flow (API)', () => {
  let t: TestApp;
  let admin: string;
  let viewer: string;
  let n = 0;

  beforeAll(async () => {
    t = await bootTestApp();
    admin = await t.login();
    viewer = await t.login('viewer', 'viewer123');
  });
  afterAll(() => t.close());

  const post = (path: string, body: Record<string, unknown>, token = admin, language = 'zh-CN') =>
    t.http.post(`/api/admin/process/${path}`).set('token', token).set('Accept-Language', language).type('form').send(body);
  const get = (path: string, query: Record<string, unknown> = {}, token = admin) =>
    t.http.get(`/api/admin/process/${path}`).set('token', token).query(query);
  const createProcess = async (extra: Record<string, unknown> = {}) => {
    n++;
    const response = await post('create', { code: `P-${n}`, name: `工序 ${n}`, sortOrder: n, ...extra });
    expect(response.body).toMatchObject({ code: 200 });
    return response.body.data as { id: number; version: number };
  };
  const flagged = async (column: 'end_process' | 'warehouse_in') =>
    ((await t.app.get(DataSource).query(`SELECT id FROM process WHERE ${column} ORDER BY id`)) as { id: number }[]).map((row) => row.id);

  it('creates a process with ordered steps and returns them in detail', async () => {
    const steps = JSON.stringify([{ name: ' 上领 ', pieceRate: 0.5 }, { name: '锁边' }, { name: '钉扣', pieceRate: '1.25' }]);
    const created = await post('create', { code: 'SEW-1', name: '车缝', sortOrder: 3, pieceRate: '2.50', workshop: 'true', steps });
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({ code: 'SEW-1', sortOrder: 3, pieceRate: 2.5, workshop: true, endProcess: false, version: 1 });
    expect(created.body.data.steps).toEqual([
      { id: expect.any(Number), sequence: 1, name: '上领', pieceRate: 0.5 },
      { id: expect.any(Number), sequence: 2, name: '锁边', pieceRate: null },
      { id: expect.any(Number), sequence: 3, name: '钉扣', pieceRate: 1.25 },
    ]);
    const id = created.body.data.id as number;

    // Leaving steps out keeps them; sending them replaces them in the new order.
    const renamed = await post('update', { id, version: 1, name: '车缝组' });
    expect(renamed.body.data.steps.map((step: { name: string }) => step.name)).toEqual(['上领', '锁边', '钉扣']);
    const reordered = await post('update', { id, version: 2, steps: JSON.stringify([{ name: '钉扣' }, { name: '上领', pieceRate: 0.6 }]) });
    expect(reordered.body.data.steps).toMatchObject([
      { sequence: 1, name: '钉扣' },
      { sequence: 2, name: '上领', pieceRate: 0.6 },
    ]);
    const cleared = await post('update', { id, version: 3, steps: '[]' });
    expect(cleared.body.data.steps).toEqual([]);

    const list = await get('list', { keyword: 'SEW-1' });
    expect(list.body.data.list[0]).toMatchObject({ id, code: 'SEW-1', workshop: true });
  });

  it.each([
    ['not json', '子工序格式不正确'],
    ['{"name":"x"}', '子工序格式不正确'],
    ['[1]', '子工序第 1 行格式不正确'],
    ['[{"name":"a"},{"name":"  "}]', '子工序第 2 行名称不能为空'],
    ['[{"pieceRate":1}]', '子工序第 1 行名称不能为空'],
    [JSON.stringify([{ name: 'x'.repeat(65) }]), '子工序第 1 行名称长度不能超过 64 个字符'],
    ['[{"name":"a","pieceRate":"cheap"}]', '子工序第 1 行计件单价必须是数字'],
    ['[{"name":"a","pieceRate":1.234}]', '子工序第 1 行计件单价必须是数字'],
    ['[{"name":"a","pieceRate":-1}]', '子工序第 1 行计件单价不能小于 0'],
    [JSON.stringify(Array.from({ length: 101 }, (_, i) => ({ name: `s${i}` }))), '子工序不能大于 100'],
  ])('refuses steps #%# with 400 and changes nothing', async (steps, message) => {
    const response = await post('create', { code: 'BAD-STEPS', name: 'x', sortOrder: 1, steps });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 400, message, data: { errorKey: 'validation', field: 'steps' } });
    expect((await get('list', { keyword: 'BAD-STEPS' })).body.data.total).toBe(0);
  });

  it('words step problems in English too', async () => {
    const response = await post('create', { code: 'BAD-EN', name: 'x', sortOrder: 1, steps: '[{"name":""}]' }, admin, 'en');
    expect(response.body.message).toBe('Sub-process 1 name is required');
  });

  it('requires the sort order and validates the flags', async () => {
    expect((await post('create', { code: 'P-NOSORT', name: 'x' })).body.message).toBe('排序不能为空');
    expect((await post('create', { code: 'P-FLAG', name: 'x', sortOrder: 1, endProcess: 'maybe' }, admin, 'en')).body.message).toBe(
      'End process must be true or false',
    );
  });

  it('keeps one end process and one warehouse-in process: setting one clears the other', async () => {
    const first = await createProcess({ endProcess: 'true', warehouseIn: 'true' });
    const second = await createProcess({ endProcess: 'true' });
    expect(await flagged('end_process')).toEqual([second.id]);
    expect(await flagged('warehouse_in')).toEqual([first.id]);
    // The cleared process changed, so its version moved on: a stale form of it is refused.
    const firstNow = (await get('detail', { id: first.id })).body.data;
    expect(firstNow).toMatchObject({ endProcess: false, warehouseIn: true, version: 2 });

    const third = await createProcess();
    const updated = await post('update', { id: third.id, version: third.version, warehouseIn: 'true', endProcess: 'true' });
    expect(updated.body.data).toMatchObject({ endProcess: true, warehouseIn: true });
    expect(await flagged('end_process')).toEqual([third.id]);
    expect(await flagged('warehouse_in')).toEqual([third.id]);
    // Clearing one's own flag leaves no end process at all, and touches nobody else.
    await post('update', { id: third.id, version: 2, endProcess: 'false' });
    expect(await flagged('end_process')).toEqual([]);
  });

  it('never leaves two end processes when concurrent updates set different ones', async () => {
    const contenders = await Promise.all(Array.from({ length: 8 }, () => createProcess()));
    const responses = await Promise.all(
      contenders.map((process) => post('update', { id: process.id, version: process.version, endProcess: 'true', warehouseIn: 'true' })),
    );
    expect(responses.map((response) => response.status)).toEqual(contenders.map(() => 200));
    expect(await flagged('end_process')).toHaveLength(1);
    expect(await flagged('warehouse_in')).toHaveLength(1);

    // Creates race the same way.
    const created = await Promise.all(
      Array.from({ length: 6 }, (_, i) => post('create', { code: `RACE-${i}`, name: 'race', sortOrder: 1, endProcess: 'true' })),
    );
    expect(created.map((response) => response.status)).toEqual(created.map(() => 200));
    expect(await flagged('end_process')).toHaveLength(1);
  });

  it('refuses a stale version without changing anything', async () => {
    const process = await createProcess({ steps: '[{"name":"a"}]' });
    expect((await post('update', { id: process.id, version: 1, note: 'first' })).status).toBe(200);
    const stale = await post('update', { id: process.id, version: 1, note: 'second', steps: '[]', endProcess: 'true' });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe('数据已被他人修改，请刷新后重试');
    expect((await get('detail', { id: process.id })).body.data).toMatchObject({ note: 'first', endProcess: false, steps: [{ name: 'a' }] });
  });

  it('deletes a process with its steps, but not one assigned to users', async () => {
    const process = await createProcess({ steps: '[{"name":"a"},{"name":"b"}]' });
    expect((await post('delete', { id: process.id })).status).toBe(200);
    const steps: unknown[] = await t.app.get(DataSource).query(`SELECT id FROM process_step WHERE process_id = $1`, [process.id]);
    expect(steps).toHaveLength(0);

    const assigned = await createProcess();
    await t.app.get(DataSource).query(`UPDATE app_user SET process_ids = array_append(process_ids, $1) WHERE username = 'viewer'`, [assigned.id]);
    const refused = await post('delete', { id: assigned.id });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('该记录正被用户 (1)使用，不能删除');
    await t.app.get(DataSource).query(`UPDATE app_user SET process_ids = array_remove(process_ids, $1) WHERE username = 'viewer'`, [assigned.id]);
  });

  it('needs the Process permission', async () => {
    expect((await get('list', {}, viewer)).status).toBe(403);
    expect((await post('create', { code: 'V-1', name: 'x', sortOrder: 1 }, viewer)).status).toBe(403);
    expect((await post('update', { id: 1, version: 1, endProcess: 'true' }, viewer)).status).toBe(403);
    expect((await t.http.get('/api/admin/process/list')).status).toBe(401);
  });
});
