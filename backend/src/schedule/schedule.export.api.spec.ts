import type { ScheduleList } from '../../../contracts/production.js';
import { DomainException } from '../common/errors/domain.exception.js';
import { shiftDay } from '../progress/calendar.js';
import { localDay } from '../progress/progress-math.js';
import { firstLogin } from '../testing/accounts.js';
import { setUpProduction, type ProductionFixture } from '../testing/production-fixture.js';
import { bootTestApp, type TestApp } from '../testing/test-app.js';
import { downloadFile, sheetRows } from '../testing/xlsx.js';
import { ScheduleService } from './schedule.service.js';

// GET /api/admin/schedule/export: the list's filter and sort, the screen's columns.
describe('schedule export (API)', () => {
  let t: TestApp;
  let f: ProductionFixture;
  const today = localDay();
  const day = (offset: number) => shiftDay(today, offset);

  const exportFile = (query: Record<string, unknown>, language = 'en', token: string | null = f.admin) => downloadFile(t, 'schedule/export', query, token, language);
  const sheetOf = sheetRows;

  let late: { id: number };
  let partial: { id: number };

  beforeAll(async () => {
    t = await bootTestApp();
    f = await setUpProduction(t);
    // Quantities 60 + 40 = 100 planned at every step.
    late = await f.createOrder({ orderNo: 'SX-LATE', orderDate: day(-10), deliveryDate: day(-2), quantities: [60, 40] });
    partial = await f.createOrder({ orderNo: 'SX-PART', orderDate: today, deliveryDate: day(10), quantities: [30] });
    await f.createOrder({ orderNo: 'SX-OPEN', orderDate: today, deliveryDate: day(20), quantities: [5] });
    await f.db.query(`UPDATE production_order_step SET done_quantity = 25 WHERE order_id = $1 AND process_id = $2`, [late.id, f.processes.cut]);
    await f.db.query(`UPDATE production_order_step SET done_quantity = 30 WHERE order_id = $1 AND process_id = $2`, [partial.id, f.processes.cut]);
    // Quality control is not on this order's route: the screen shows "—", the file an empty cell.
    await f.db.query(`DELETE FROM production_order_step WHERE order_id = $1 AND process_id = $2`, [partial.id, f.processes.qc]);
  });
  afterAll(() => t.close());

  it('exports every order of the filter in the list order, with done and planned per process', async () => {
    const filter = { keyword: 'SX-', sortField: 'deliveryDate', sortOrder: 'asc' };
    const listed = await f.data<ScheduleList>(f.get('schedule/list', { ...filter, pageSize: 2 }));
    expect(listed.total).toBe(3);
    const file = await exportFile(filter);
    expect(file.status).toBe(200);
    const rows = await sheetOf(file.body);
    const processes = listed.columns;
    expect(rows[0].slice(0, 10)).toEqual(['Production order', 'Customer', 'Style no.', 'Product name', 'Quantity', 'Order date', 'Delivery', 'Days late', 'Finish rate (%)', 'Status']);
    expect(rows[0].slice(10)).toEqual(processes.flatMap((process) => [`${process.name} done`, `${process.name} planned`]));
    // Not paged: all three, in the list's order (the first page of two is its head).
    expect(rows.slice(1).map((row) => row[0])).toEqual(['SX-LATE', 'SX-PART', 'SX-OPEN']);
    expect(rows.slice(1, 3).map((row) => row[0])).toEqual(listed.rows.map((row) => row.orderNo));
    const first = listed.rows[0];
    expect(rows[1].slice(0, 10)).toEqual([first.orderNo, first.customerLabel, first.goodsCode, first.productName, 100, day(-10), day(-2), 2, first.finishRate, 'Delayed']);
    const processIndex = (id: number) => 10 + 2 * processes.findIndex((process) => process.id === id);
    expect(rows[1].slice(processIndex(f.processes.cut), processIndex(f.processes.cut) + 2)).toEqual([25, 100]);
    expect(rows[2].slice(processIndex(f.processes.cut), processIndex(f.processes.cut) + 2)).toEqual([30, 30]);
    expect(rows[2].slice(processIndex(f.processes.qc), processIndex(f.processes.qc) + 2)).toEqual(['', '']);
    expect(rows[2][9]).toBe('In progress');
  });

  it('follows status and delivery filters, and heads in Chinese', async () => {
    const filter = { keyword: 'SX-', status: 'notStarted', deliveryFrom: day(15) };
    const listed = await f.data<ScheduleList>(f.get('schedule/list', filter));
    expect(listed.rows.map((row) => row.orderNo)).toEqual(['SX-OPEN']);
    const rows = await sheetOf((await exportFile(filter, 'zh-CN')).body);
    expect(rows[0].slice(0, 3)).toEqual(['生产单号', '客户', '款号']);
    expect(rows.slice(1).map((row) => [row[0], row[4], row[9]])).toEqual([['SX-OPEN', 5, '未开始']]);
  });

  it('refuses a bad filter with the translated 400 of the list, and more orders than the cap', async () => {
    const bad = await exportFile({ deliveryFrom: '2025-02-30' });
    expect(bad.status).toBe(400);
    const body = JSON.parse(String(bad.body)) as { code: number; message: string };
    expect(body.code).toBe(400);
    expect(body.message).toContain('Delivery from');
    const refused = await t.app.get(ScheduleService).exportRows({ keyword: 'SX-' }, 2).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(DomainException);
    expect((refused as DomainException).params).toEqual({ count: 3, max: 2 });
  });

  it('needs a token (401) and the schedule route (403)', async () => {
    expect((await exportFile({}, 'en', null)).status).toBe(401);
    const viewer = await t.login('viewer', 'viewer123');
    expect((await exportFile({}, 'en', viewer)).status).toBe(403);
    const user = await f.data<{ id: number; version: number }>(f.post('user/create', { username: 'sx.planner', nickname: 'Planner', password: 'secret-1' }));
    await f.data(f.post('user/updatePermission', { id: user.id, version: user.version, permissions: 'Schedule' }));
    expect((await exportFile({}, 'en', await firstLogin(t, 'sx.planner', 'secret-1'))).status).toBe(200);
  });
});
