import { randomUUID } from 'node:crypto';
import type { BoardSnapshot, ConsoleKpis, ScheduleList } from '../../../contracts/production.js';
import { firstDayOfMonth, lastDayOfMonth, shiftDay, startOfLocalDay } from '../progress/calendar.js';
import { localDay } from '../progress/progress-math.js';
import { setUpProduction, type ProductionFixture } from '../testing/production-fixture.js';
import { bootTestApp, type TestApp } from '../testing/test-app.js';
import { firstLogin } from '../testing/accounts.js';

describe('console statistics (API)', () => {
  let t: TestApp;
  let f: ProductionFixture;
  const today = localDay();
  const day = (offset: number) => shiftDay(today, offset);
  // Ordered today (or on delivery, when that is past): no step is late unless the delivery is.
  const order = (orderNo: string, deliveryDate: string) =>
    f.createOrder({ orderNo, orderDate: deliveryDate < today ? deliveryDate : today, deliveryDate, quantities: [60, 40] });
  const consoleKpis = (token = f.admin) => f.get('statistics/console', {}, token);

  beforeAll(async () => {
    t = await bootTestApp();
    f = await setUpProduction(t);
  });
  afterAll(() => t.close());

  it('needs a token (401) and the Home permission (403)', async () => {
    expect((await t.http.get('/api/admin/statistics/console')).status).toBe(401);
    const user = await f.data<{ id: number; version: number }>(f.post('user/create', { username: 'goods.clerk', nickname: 'Clerk', password: 'secret-1' }));
    await f.data(f.post('user/updatePermission', { id: user.id, version: user.version, permissions: 'Goods' }));
    const clerk = await firstLogin(t, 'goods.clerk', 'secret-1');
    const refused = await consoleKpis(clerk);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 403, data: { errorKey: 'forbidden' } });
    const viewer = await t.login('viewer', 'viewer123');
    expect((await consoleKpis(viewer)).status).toBe(200);
  });

  it('answers zeros on an empty factory, with every process and every day listed', async () => {
    const kpis = await f.data<ConsoleKpis>(consoleKpis());
    expect(kpis).toMatchObject({ inProduction: 0, dueThisWeek: 0, delayed: 0, completedThisMonth: 0, finishRate: 0, delayRate: 0 });
    expect(kpis.byStatus).toEqual({ notStarted: 0, partial: 0, done: 0, delayed: 0 });
    expect(kpis.todayByProcess.map((entry) => [entry.processId, entry.quantity])).toEqual(Object.values(f.processes).map((id) => [id, 0]));
    expect(kpis.daily).toHaveLength(14);
    expect(kpis.daily.every((entry) => entry.quantity === 0)).toBe(true);
  });

  it('counts orders in production, due this week, delayed and completed this month, and pieces per process and day', async () => {
    const dueSoon = await order('KP-DUE-SOON', day(3));
    const later = await order('KP-LATER', day(20));
    await order('KP-LATE', day(-2));
    await order('KP-DUE-TODAY', today);
    const doneNow = await order('KP-DONE-NOW', day(10));
    const doneBefore = await order('KP-DONE-BEFORE', day(10));
    const hidden = await order('KP-HIDDEN', day(1));

    // Scans through the API: 30 cut and 5 sewn, then the 5 taken back; 10 cut of another order,
    // moved to three days ago.
    await f.data(f.scan({ orderId: dueSoon.id, processId: f.processes.cut, quantity: 30 }));
    const sewn = randomUUID();
    await f.data(f.scan({ scanId: sewn, orderId: dueSoon.id, processId: f.processes.sew, quantity: 5 }));
    await f.data(f.post('scan/reverse', { scanId: randomUUID(), reversesScanId: sewn }));
    const earlier = randomUUID();
    await f.data(f.scan({ scanId: earlier, orderId: later.id, processId: f.processes.cut, quantity: 10 }));
    const threeDaysAgo = new Date(startOfLocalDay(day(-3)).getTime() + 2 * 3600_000);
    await f.db.query(`UPDATE scan SET scanned_at = $2 WHERE scan_id = $1`, [earlier, threeDaysAgo]);

    await f.db.query(`UPDATE production_order SET completed = true, completed_at = now() WHERE id = $1`, [doneNow.id]);
    await f.db.query(`UPDATE production_order SET completed = true, completed_at = $2 WHERE id = $1`, [
      doneBefore.id,
      new Date(startOfLocalDay(firstDayOfMonth(today)).getTime() - 3600_000),
    ]);
    await f.data(f.post('productionOrder/hide', { ids: String(hidden.id) }));

    const kpis = await f.data<ConsoleKpis>(consoleKpis());
    expect(kpis).toMatchObject({
      inProduction: 4, // due soon, later, late, due today
      dueThisWeek: 2, // due soon, due today (the late one is overdue, not due)
      delayed: 1,
      completedThisMonth: 1,
      finishRate: 2, // (30/500 = 6 + 10/500 = 2 + 0 + 0) / 4
      delayRate: 25,
    });
    expect(kpis.metrics).toEqual({
      population: 'inProduction',
      orders: 4,
      completed: 0,
      inProduction: 4,
      onTime: 3,
      delayed: 1,
      dueThisWeek: 2,
      finishRate: 2,
      delayRate: 25,
    });
    // The lists behind the cards.
    expect(kpis.lateOrders.map((entry) => [entry.orderNo, entry.delayDays])).toEqual([['KP-LATE', 2]]);
    expect(kpis.dueThisWeekOrders.map((entry) => entry.orderNo)).toEqual(['KP-DUE-TODAY', 'KP-DUE-SOON']);
    expect(kpis.dueThisWeekOrders[1]).toMatchObject({ id: dueSoon.id, customerLabel: '客户甲', deliveryDate: day(3), finishRate: 6, delayDays: 0 });
    expect(kpis.byStatus).toEqual({ notStarted: 1, partial: 2, done: 0, delayed: 1 });
    expect(kpis.todayByProcess).toEqual([
      { processId: f.processes.cut, name: '裁床', quantity: 30 },
      { processId: f.processes.sew, name: '车缝', quantity: 0 }, // 5 − 5
      { processId: f.processes.qc, name: '质检', quantity: 0 },
      { processId: f.processes.warehouseIn, name: '入库', quantity: 0 },
      { processId: f.processes.warehouseOut, name: '出库', quantity: 0 },
    ]);
    expect(kpis.daily.map((entry) => entry.date)).toEqual(Array.from({ length: 14 }, (_, i) => day(i - 13)));
    expect(kpis.daily.filter((entry) => entry.quantity !== 0)).toEqual([
      { date: day(-3), quantity: 10 },
      { date: today, quantity: 30 },
    ]);
    expect(Date.parse(kpis.generatedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(kpis.today).toBe(today);
    // The card's link: the schedule filtered by completion day lists exactly the orders counted.
    const completed = await f.data<ScheduleList>(f.get('schedule/list', { completedFrom: firstDayOfMonth(today), completedTo: lastDayOfMonth(today), pageSize: 200 }));
    expect(completed.rows.map((row) => row.orderNo)).toEqual(['KP-DONE-NOW']);
    expect(completed.total).toBe(kpis.completedThisMonth);
    const refused = await f.get('schedule/list', { completedFrom: '2026-02-30' }, f.admin, 'en');
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 400, message: expect.stringMatching(/Completed from/) });
  });

  it('console, schedule totals and board header agree on the same orders: same definitions, only the population label differs', async () => {
    // Late by 1, 5 and 9 days (one finished late), due today, due later; partly scanned.
    const late1 = await order('AG-LATE-1', day(-1));
    await order('AG-LATE-5', day(-5));
    const finishedLate = await order('AG-FINISHED-LATE', day(-9));
    const dueToday = await order('AG-DUE-TODAY', today);
    await order('AG-LATER', day(40));
    await f.data(f.scan({ orderId: late1.id, processId: f.processes.cut, quantity: 70 }));
    await f.data(f.scan({ orderId: dueToday.id, processId: f.processes.cut, quantity: 100 }));
    await f.db.query(`UPDATE production_order SET completed = true, completed_at = now() WHERE id = $1`, [finishedLate.id]);
    // A board showing every open order (completed ones gone at once): the console's population.
    await f.data(f.post('setting/updateDashboardSetting', { displayMode: 'completion', completedVisibleDays: 0, refreshType: 0 }));

    const kpis = await f.data<ConsoleKpis>(consoleKpis());
    const schedule = await f.data<ScheduleList>(f.get('schedule/list', { pageSize: 200 }));
    const board = await f.data<BoardSnapshot>(t.http.get('/api/board/snapshot').set('token', f.admin));
    const { population: consolePopulation, ...fromConsole } = kpis.metrics;
    const { population: schedulePopulation, ...fromSchedule } = schedule.totals;
    const { population: boardPopulation, ...fromBoard } = board.totals;
    expect([consolePopulation, schedulePopulation, boardPopulation]).toEqual(['inProduction', 'filter', 'board']);
    expect(fromSchedule).toEqual(fromConsole);
    expect(fromBoard).toEqual(fromConsole);
    // The delayed count is the number of rows with days late, on every screen.
    expect(kpis.delayed).toBe(schedule.rows.filter((row) => row.delayDays > 0).length);
    expect(kpis.delayed).toBe(board.rows.filter((row) => row.delayDays > 0).length);
    expect((await f.data<ScheduleList>(f.get('schedule/list', { status: 'delayed', pageSize: 200 }))).total).toBe(kpis.delayed);
    expect(kpis.lateOrders.map((entry) => entry.orderNo).filter((no) => no.startsWith('AG-'))).toEqual(['AG-LATE-5', 'AG-LATE-1']);
    expect(kpis.dueThisWeekOrders.map((entry) => entry.orderNo)).toContain('AG-DUE-TODAY');
  });
});
