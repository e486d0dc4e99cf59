// The board settings that make a TV legible and a 500-order board navigable: density, and a
// board limited to some processes and/or customers; the process short name on the columns.
import type { BoardSnapshot } from '../../../contracts/production.js';
import { setUpProduction, type ProductionFixture } from '../testing/production-fixture.js';
import { bootTestApp, type TestApp } from '../testing/test-app.js';

describe('board density, process and customer scope (API)', () => {
  let t: TestApp;
  let f: ProductionFixture;
  let other: ProductionFixture;

  const update = (body: Record<string, unknown>, language = 'zh-CN') => f.post('setting/updateDashboardSetting', body, f.admin, language);
  const board = (): Promise<BoardSnapshot> => f.data(t.http.get('/api/board/snapshot').set('token', f.admin));
  const ordersOf = async (fixture: ProductionFixture) => {
    const rows: { order_no: string }[] = await f.db.query(`SELECT order_no FROM production_order WHERE customer_id = $1`, [fixture.customer]);
    return rows.map((row) => row.order_no).sort();
  };

  beforeAll(async () => {
    t = await bootTestApp();
    f = await setUpProduction(t);
    other = await setUpProduction(t);
    await f.data(update({ displayMode: 'completion' }));
    for (let i = 0; i < 3; i++) await f.createOrder();
    for (let i = 0; i < 2; i++) await other.createOrder();
  });
  afterAll(() => t.close());
  afterEach(() => f.data(update({ density: 'default', processIds: '', customerIds: '' })));

  it('defaults to the default density and no scope, and saves each choice', async () => {
    const initial = await f.data(f.get('setting/getDashboardSetting'));
    expect(initial).toMatchObject({ density: 'default', processIds: [], customerIds: [] });
    const saved = await f.data(update({ density: 'dense', processIds: `${f.processes.sew},${f.processes.qc},${f.processes.sew}`, customerIds: String(f.customer) }));
    // A repeated id is kept once, in the order first given.
    expect(saved).toMatchObject({ density: 'dense', processIds: [f.processes.sew, f.processes.qc], customerIds: [f.customer], displayMode: 'completion' });
    expect((await board()).settings).toMatchObject({ density: 'dense', processIds: [f.processes.sew, f.processes.qc] });
  });

  it('shows only the chosen customers’ orders, with totals over them', async () => {
    await f.data(update({ customerIds: String(f.customer) }));
    const snapshot = await board();
    expect(snapshot.rows.map((row) => row.orderNo).sort()).toEqual(await ordersOf(f));
    expect(snapshot.totals.orders).toBe(3);
    await f.data(update({ customerIds: `${f.customer},${other.customer}` }));
    expect((await board()).rows).toHaveLength(5);
  });

  it('shows only the chosen process columns and the orders routed through them', async () => {
    await f.data(update({ processIds: `${other.processes.qc},${other.processes.cut}` }));
    const snapshot = await board();
    // Flow order, whatever order the ids were given in.
    expect(snapshot.columns.map((column) => column.id)).toEqual([other.processes.cut, other.processes.qc]);
    for (const row of snapshot.rows) expect(Object.keys(row.steps).some((id) => [other.processes.cut, other.processes.qc].includes(Number(id)))).toBe(true);
  });

  it('carries the process short name to the board columns', async () => {
    const process = await f.data<Record<string, unknown>>(f.get('process/detail', { id: f.processes.warehouseIn }));
    await f.data(f.post('process/update', { id: f.processes.warehouseIn, version: process.version, shortName: '入库' }));
    const column = (await board()).columns.find((item) => item.id === f.processes.warehouseIn);
    expect(column).toMatchObject({ name: '入库', shortName: '入库' });
    const tooLong = await f.post('process/update', { id: f.processes.warehouseIn, version: (process.version as number) + 1, shortName: 'x'.repeat(17) }, f.admin, 'en');
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.message).toBe('Board short name must be at most 16 characters');
  });

  it.each([
    [{ density: 'huge' }, expect.stringContaining('看板密度必须是以下之一'), expect.stringContaining('Board density must be one of')],
    [{ processIds: '3,abc' }, '看板工序必须是整数', 'Board processes must be a whole number'],
    [{ customerIds: '0' }, '看板客户不能小于 1', 'Board customers must be at least 1'],
    [{ processIds: '99999' }, '看板工序包含不存在的记录', 'Board processes names a record that does not exist'],
    [{ customerIds: '99999' }, '看板客户包含不存在的记录', 'Board customers names a record that does not exist'],
  ])('refuses %j with a message naming the field, changing nothing', async (body, zh, en) => {
    const before = await f.data(f.get('setting/getDashboardSetting'));
    const zhResponse = await update(body);
    expect(zhResponse.status).toBe(400);
    expect(zhResponse.body.message).toEqual(zh);
    expect((await update(body, 'en')).body.message).toEqual(en);
    expect(await f.data(f.get('setting/getDashboardSetting'))).toEqual(before);
  });

  it('refuses more ids than a board filter takes', async () => {
    const ids = Array.from({ length: 201 }, (_, i) => i + 1).join(',');
    const response = await update({ customerIds: ids }, 'en');
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('Board customers must have at most 200 items');
  });
});
