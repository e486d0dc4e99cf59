import type { Socket } from 'socket.io-client';
import { addDays } from '../../../contracts/order-metrics.js';
import type { DelayAlert, DelayAlertCleared, NotificationList, UserNotification } from '../../../contracts/alerts.js';
import type { DomainEventEnvelope, SubscribeResult } from '../../../contracts/events.js';
import { UnitOfWork } from '../events/unit-of-work.service.js';
import { startOfLocalDay } from '../progress/calendar.js';
import { localDay } from '../progress/progress-math.js';
import { createActiveUser } from '../testing/accounts.js';
import { setUpProduction, type ProductionFixture } from '../testing/production-fixture.js';
import { bootTestApp, connected, type TestApp } from '../testing/test-app.js';
import { AlertClock } from './alert-clock.js';
import { AlertEvaluator, SCOPED_RUN_EVERY_MS } from './alert-evaluator.service.js';
import { AlertsRepository } from './alerts.repository.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const DAY = 86_400_000;

/** Every domain event a socket receives, and a way to wait for one. */
function record(socket: Socket) {
  const seen: DomainEventEnvelope[] = [];
  socket.on('domain-event', (event: DomainEventEnvelope) => seen.push(event));
  return {
    seen,
    async waitFor(predicate: (event: DomainEventEnvelope) => boolean, ms = 5000): Promise<DomainEventEnvelope> {
      const started = Date.now();
      while (Date.now() - started < ms) {
        const hit = seen.find(predicate);
        if (hit) return hit;
        await sleep(20);
      }
      throw new Error(`no matching event within ${ms} ms; saw ${seen.map((event) => event.name).join(', ')}`);
    },
  };
}

// Delay alerts on a real database, with the evaluator's clock moved by the test (AlertClock)
// instead of waiting for due dates to pass. Expected values come from contracts/alerts.ts.
describe('delay alerts', () => {
  let t: TestApp;
  let f: ProductionFixture;
  let clock: AlertClock;
  let evaluator: AlertEvaluator;
  const today = localDay(new Date());
  let users: Record<'lin' | 'huang' | 'lead' | 'worker' | 'boss' | 'fan' | 'other', { id: number; token: string }>;
  let adminId: number;

  beforeAll(async () => {
    t = await bootTestApp();
    f = await setUpProduction(t);
    clock = t.app.get(AlertClock);
    evaluator = t.app.get(AlertEvaluator);
    adminId = (await f.db.query(`SELECT id FROM app_user WHERE username = 'admin'`))[0].id;
    const make = (username: string, permissions: string, extra: Record<string, unknown> = {}) =>
      createActiveUser(t, f.admin, { username, password: `${username}-Pass-2026`, permissions, ...extra });
    users = {
      // The merchandiser record 林伟 maps to lin by name and to huang by phone (contracts/alerts.ts).
      lin: await make('lin', 'Home', { nickname: '林伟 Lin Wei' }),
      huang: await make('huang', 'Home', { nickname: 'Huang', mobile: '13800030009' }),
      // A lead of cutting (executes it and sees the schedule) and a worker who only scans there.
      lead: await make('cutlead', 'Home,Scan,Schedule'),
      worker: await make('cutworker', 'Scan'),
      // A second permission administrator who may also execute cutting and sees the schedule:
      // like admin, someone who can do everything is not the lead of what they may do.
      boss: await make('boss', 'Home,Scan,Schedule,Permission'),
      fan: await make('fan', 'Schedule'),
      other: await make('other', 'Schedule'),
    };
    await f.allowProcesses('cutlead', [f.processes.cut]);
    await f.allowProcesses('cutworker', [f.processes.cut]);
    await f.allowProcesses('boss', [f.processes.cut]);
  });
  afterAll(async () => {
    clock?.setForTesting(null);
    await t?.close();
  });

  /** A production order made from a sales order whose merchandiser is 林伟. */
  async function orderWithMerchandiser(deliveryDate: string, ready = true) {
    const order = await f.createOrder({ orderDate: today, deliveryDate, ready });
    const merchandiser = await f.data<{ id: number }>(
      f.post('merchandiser/create', { code: `M-${order.id}`, name: ' 林伟 lin wei ', phone: '13800030009' }),
    );
    // The sales-order form is not under test here: a header row is enough to carry the merchandiser.
    const [sale]: { id: number }[] = await f.db.query(
      `INSERT INTO sale_order (order_no, order_date, delivery_date, customer_id, merchandiser_id) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
      [`SO-A-${order.id}`, today, deliveryDate, f.customer, merchandiser.id],
    );
    await f.db.query(`UPDATE production_order SET sale_order_id = $2 WHERE id = $1`, [order.id, sale.id]);
    return order;
  }

  const alertsOf = (orderId: number): Promise<{ id: number; kind: string; process_id: number | null; cleared_at: Date | null; detail: Record<string, unknown> }[]> =>
    f.db.query(`SELECT id, kind, process_id, cleared_at, detail FROM delay_alert WHERE order_id = $1 ORDER BY id`, [orderId]);

  async function boardSocket() {
    const socket = t.socket({ token: f.admin });
    const events = record(socket);
    await connected(socket);
    const joined: SubscribeResult = await socket.timeout(5000).emitWithAck('subscribe', { rooms: ['board'] });
    expect(joined.joined).toEqual(['board']);
    return events;
  }

  it('raises one step-overdue alert when a due date passes, tells the responsible users in their own rooms, never twice, and clears it when the step is done', async () => {
    // Five steps between today and +50 days: due +10, +20, +30, +40, +50 (deriveDueDates).
    const order = await orderWithMerchandiser(addDays(today, 50));
    const detail = await f.data<{ row: { steps: Record<string, { dueDate: string }> } }>(f.get('schedule/detail', { id: order.id }));
    expect(detail.row.steps[String(f.processes.cut)].dueDate).toBe(addDays(today, 10));
    expect(detail.row.steps[String(f.processes.sew)].dueDate).toBe(addDays(today, 20));
    await f.data(f.post('alerts/follow', { orderId: order.id }, users.fan.token));

    const board = await boardSocket();
    const inbox = Object.fromEntries(
      await Promise.all(
        Object.entries(users).map(async ([name, user]) => {
          const socket = t.socket({ token: user.token });
          const events = record(socket);
          await connected(socket);
          return [name, events] as const;
        }),
      ),
    );

    await evaluator.idle();
    // Noon of day +11: cutting (due +10) is late, sewing (due +20) is not.
    clock.setForTesting(new Date(startOfLocalDay(addDays(today, 11)).getTime() + 12 * 3_600_000));
    expect(await evaluator.evaluateAll()).toEqual({ raised: 1, cleared: 0 });

    const [alert] = await alertsOf(order.id);
    expect(alert).toMatchObject({
      kind: 'stepOverdue',
      process_id: f.processes.cut,
      cleared_at: null,
      detail: { deliveryDate: addDays(today, 50), dueDate: addDays(today, 10), planned: 100, done: 0 },
    });
    const told: { user_id: number }[] = await f.db.query(`SELECT user_id FROM user_notification WHERE alert_id = $1 ORDER BY user_id`, [alert.id]);
    // Merchandiser by name and by phone, the cutting lead, the follower. Not the worker (no
    // schedule), not other (not cutting), and neither admin nor boss: both may execute cutting and
    // see the schedule, but a permission administrator is nobody's lead (contracts/alerts.ts).
    expect(told.map((row) => row.user_id)).toEqual([users.lin.id, users.huang.id, users.lead.id, users.fan.id].sort((a, b) => a - b));
    expect(await f.db.query(`SELECT 1 FROM app_user WHERE id = $1 AND $2 = ANY (process_ids)`, [adminId, f.processes.cut])).toHaveLength(1);

    for (const name of ['lin', 'huang', 'lead', 'fan'] as const) {
      const pushed = await inbox[name].waitFor((event) => event.name === 'notification.created');
      expect(pushed.rooms).toEqual([`user:${users[name].id}`]);
      expect((pushed.payload as UserNotification).alert).toMatchObject({ id: alert.id, kind: 'stepOverdue', orderId: order.id, orderNo: order.orderNo, processId: f.processes.cut });
    }
    const raised = await board.waitFor((event) => event.name === 'alert.raised');
    expect(raised.rooms).toEqual(['board', `order:${order.id}`]);
    expect(raised.payload as DelayAlert).toMatchObject({ id: alert.id, processName: '裁床', clearedAt: null });

    // A second evaluation (the next minute's timer, or another instance) raises nothing new.
    expect(await evaluator.evaluateAll()).toEqual({ raised: 0, cleared: 0 });
    expect(await alertsOf(order.id)).toHaveLength(1);
    await sleep(200);
    for (const name of ['worker', 'boss', 'other'] as const) expect(inbox[name].seen.filter((event) => event.name === 'notification.created')).toEqual([]);
    expect(inbox.lin.seen.filter((event) => event.name === 'notification.created')).toHaveLength(1);

    const mine = await f.data<NotificationList>(f.get('notifications', {}, users.lin.token));
    expect(mine.unread).toBe(1);
    expect(mine.items[0]).toMatchObject({ readAt: null, alert: { id: alert.id, clearedAt: null } });
    expect((await f.data<DelayAlert[]>(f.get('alerts/open'))).map((open) => open.id)).toContain(alert.id);

    // The cutting floor finishes the step: the scan's event triggers the evaluation, no timer.
    await f.data(f.scan({ orderId: order.id, processId: f.processes.cut, quantity: 100 }));
    const cleared = await board.waitFor((event) => event.name === 'alert.cleared');
    expect(cleared.payload as DelayAlertCleared).toMatchObject({ id: alert.id, kind: 'stepOverdue', orderId: order.id, processId: f.processes.cut });
    expect(cleared.rooms).toEqual(['board', `order:${order.id}`, ...told.map((row) => `user:${row.user_id}`)]);
    // The bells of those told mark it resolved.
    expect((await inbox.lin.waitFor((event) => event.name === 'alert.cleared')).payload).toMatchObject({ id: alert.id });
    expect((await alertsOf(order.id))[0].cleared_at).not.toBeNull();
    expect((await f.data<DelayAlert[]>(f.get('alerts/open'))).map((open) => open.id)).not.toContain(alert.id);
    // The notification stays, marked resolved.
    expect((await f.data<NotificationList>(f.get('notifications', {}, users.lin.token))).items[0].alert.clearedAt).not.toBeNull();
    expect(await evaluator.evaluateAll()).toEqual({ raised: 0, cleared: 0 });
  });

  it('raises delivery-at-risk at a slow pace and clears it when the pace suffices', async () => {
    clock.setForTesting(null);
    const now = new Date(Date.now() - 60_000);
    clock.setForTesting(now);
    // Delivery in 5 days: the route's steps are due +1 … +5, none late today.
    const order = await orderWithMerchandiser(addDays(today, 5));
    const board = await boardSocket();
    // 30 pieces cut in the window: pace 30 ÷ 3 = 10 a day; 100 left at the end step → now + 10 days,
    // after the end of day +5.
    await f.data(f.scan({ orderId: order.id, processId: f.processes.cut, quantity: 30, scannedAt: new Date(now.getTime() - 3_600_000).toISOString() }));
    const raised = await board.waitFor((event) => event.name === 'alert.raised' && (event.payload as DelayAlert).orderId === order.id);
    expect(raised.payload as DelayAlert).toMatchObject({
      kind: 'deliveryAtRisk',
      processId: null,
      detail: { deliveryDate: addDays(today, 5), remaining: 100, pacePerDay: 10, projectedFinish: new Date(now.getTime() + 10 * DAY).toISOString() },
    });
    const [alert] = await alertsOf(order.id);
    expect(alert).toMatchObject({ kind: 'deliveryAtRisk', process_id: null, cleared_at: null });
    // For an order-level alert: the merchandiser (two users) and no process lead.
    const told: { user_id: number }[] = await f.db.query(`SELECT user_id FROM user_notification WHERE alert_id = $1 ORDER BY user_id`, [alert.id]);
    expect(told.map((row) => row.user_id)).toEqual([users.lin.id, users.huang.id].sort((a, b) => a - b));

    // 60 more: 90 in the window → 30 a day → 100 ÷ 30 = 3.3 days, before the end of day +5.
    await f.data(f.scan({ orderId: order.id, processId: f.processes.cut, quantity: 60, scannedAt: new Date(now.getTime() - 1_800_000).toISOString() }));
    const cleared = await board.waitFor((event) => event.name === 'alert.cleared' && (event.payload as DelayAlertCleared).orderId === order.id);
    expect(cleared.payload).toMatchObject({ id: alert.id, kind: 'deliveryAtRisk', processId: null });

    // Three days later nothing was cut in the window: stalled (pace 0) is at risk again — a new alert.
    clock.setForTesting(new Date(now.getTime() + 3 * DAY));
    await evaluator.idle();
    // Day +3 also makes cutting (due +1, 90 of 100) and sewing (due +2, none) late: 3 alerts.
    expect(await evaluator.evaluateAll()).toEqual({ raised: 3, cleared: 0 });
    const again = await alertsOf(order.id);
    expect(again.filter((row) => row.kind === 'deliveryAtRisk')).toHaveLength(2);
    expect(again.find((row) => row.kind === 'deliveryAtRisk' && row.cleared_at === null)?.detail).toMatchObject({ pacePerDay: 0, projectedFinish: null });
    // Hiding the order clears everything it has open.
    await f.data(f.post('productionOrder/hide', { ids: String(order.id) }));
    await board.waitFor((event) => event.name === 'alert.cleared' && (event.payload as DelayAlertCleared).id !== alert.id && (event.payload as DelayAlertCleared).orderId === order.id);
    await evaluator.idle();
    expect((await alertsOf(order.id)).every((row) => row.cleared_at !== null)).toBe(true);
  });

  it('clears delivery-at-risk when the delivery date moves out', async () => {
    const now = new Date(Date.now() - 60_000);
    clock.setForTesting(now);
    // Not reviewed: its dates may change (scans on it are flagged, not refused).
    const order = await orderWithMerchandiser(addDays(today, 5), false);
    await f.data(f.scan({ orderId: order.id, processId: f.processes.cut, quantity: 30, scannedAt: new Date(now.getTime() - 3_600_000).toISOString() }));
    await evaluator.idle();
    const [alert] = await alertsOf(order.id);
    expect(alert).toMatchObject({ kind: 'deliveryAtRisk', cleared_at: null });
    // Projected now + 10 days; a delivery at +15 is met. The order's change event re-evaluates it.
    const { version } = await f.data<{ version: number }>(f.get('productionOrder/detail', { id: order.id }));
    await f.data(f.post('productionOrder/update', { id: order.id, version, deliveryDate: addDays(today, 15) }));
    await evaluator.idle();
    expect((await alertsOf(order.id))[0].cleared_at).not.toBeNull();
  });

  it('raises an open alert at most once even when two evaluations race (the unique index decides)', async () => {
    const order = await f.createOrder({ orderDate: today, deliveryDate: addDays(today, 40) });
    // The evaluation the new order's event asked for (scoped runs wait their turn) is done first.
    await evaluator.idle();
    const repository = t.app.get(AlertsRepository);
    const unitOfWork = t.app.get(UnitOfWork);
    const cause = { kind: 'stepOverdue' as const, orderId: order.id, processId: f.processes.sew, detail: { deliveryDate: addDays(today, 40) } };
    const raised = await Promise.all([1, 2, 3].map(() => unitOfWork.run((tx) => repository.raise(tx.manager, cause, new Date()))));
    expect(raised.filter(Boolean)).toHaveLength(1);
    const order2 = { ...cause, kind: 'deliveryAtRisk' as const, processId: null };
    const orderLevel = await Promise.all([1, 2].map(() => unitOfWork.run((tx) => repository.raise(tx.manager, order2, new Date()))));
    expect(orderLevel.filter(Boolean)).toHaveLength(1);
    // The evaluator clears them: neither cause holds (nothing is due, nothing started).
    clock.setForTesting(null);
    await evaluator.idle();
    expect(await evaluator.evaluateAll()).toMatchObject({ cleared: 2 });
  });

  it('evaluates a lone scan at once and a burst of scans in a run a second, not a run per scan', async () => {
    const order = await f.createOrder({ orderDate: today, deliveryDate: addDays(today, 40) });
    await evaluator.idle();
    const repository = t.app.get(AlertsRepository);
    const runs: (number[] | null)[] = [];
    const wanted = repository.wanted.bind(repository);
    // A run reads what is wanted outside a transaction first (settling an order reads it again inside one).
    repository.wanted = (manager, now, orderIds) => {
      if (manager === repository.manager) runs.push(orderIds);
      return wanted(manager, now, orderIds);
    };
    try {
      await new Promise((resolve) => setTimeout(resolve, SCOPED_RUN_EVERY_MS + 50));
      await f.data(f.scan({ orderId: order.id, processId: f.processes.cut, quantity: 1 }));
      // A lone scan: its run started without waiting (idle would start a waiting one).
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(runs).toEqual([[order.id]]);
      const started = performance.now();
      const burst = 20;
      for (let i = 0; i < burst; i++) await f.data(f.scan({ orderId: order.id, processId: f.processes.cut, quantity: 1 }));
      const seconds = (performance.now() - started) / 1000;
      await evaluator.idle();
      // One run per second of the burst at most (and the one idle started), each for the order.
      expect(runs.length - 1).toBeLessThanOrEqual(Math.ceil(seconds) + 1);
      expect(runs.length - 1).toBeLessThan(burst);
      expect(runs.every((ids) => ids !== null && ids.includes(order.id))).toBe(true);
    } finally {
      repository.wanted = wanted;
    }
  });

  it('holds evaluation during a bulk load and then raises only what still holds, once', async () => {
    clock.setForTesting(null);
    await evaluator.idle();
    const lateThenDone = await orderWithMerchandiser(addDays(today, 50));
    const stillLate = await orderWithMerchandiser(addDays(today, 50));
    // Noon of day +11: cutting (due +10) is late on both.
    clock.setForTesting(new Date(startOfLocalDay(addDays(today, 11)).getTime() + 12 * 3_600_000));
    await evaluator.whileHeld(async () => {
      // Evaluations asked for meanwhile (the timer, the scan's event) raise nothing.
      expect(await evaluator.evaluateAll()).toEqual({ raised: 0, cleared: 0 });
      await f.data(f.scan({ orderId: lateThenDone.id, processId: f.processes.cut, quantity: 100 }));
      await evaluator.idle();
      expect(await alertsOf(stillLate.id)).toEqual([]);
    });
    await evaluator.idle();
    expect(await alertsOf(lateThenDone.id)).toEqual([]);
    expect(await alertsOf(stillLate.id)).toMatchObject([{ kind: 'stepOverdue', process_id: f.processes.cut, cleared_at: null }]);
    // lin (merchandiser by name) is told once, of the one still late.
    const told: { order_id: number }[] = await f.db.query(
      `SELECT a.order_id FROM user_notification n JOIN delay_alert a ON a.id = n.alert_id WHERE n.user_id = $1 AND a.order_id = ANY ($2::int[])`,
      [users.lin.id, [lateThenDone.id, stillLate.id]],
    );
    expect(told).toEqual([{ order_id: stillLate.id }]);
    await f.data(f.scan({ orderId: stillLate.id, processId: f.processes.cut, quantity: 100 }));
    await evaluator.idle();
    clock.setForTesting(null);
  });

  it('lets users read only their own notifications', async () => {
    const lin = await f.data<NotificationList>(f.get('notifications', {}, users.lin.token));
    expect(lin.items.length).toBeGreaterThanOrEqual(2);
    // Newest first.
    expect(lin.items.map((item) => item.id)).toEqual([...lin.items.map((item) => item.id)].sort((a, b) => b - a));
    const target = lin.items[0].id;

    const foreign = await f.post(`notifications/${target}/read`, {}, users.other.token, 'en');
    expect(foreign.status).toBe(404);
    expect(foreign.body).toMatchObject({ code: 404, data: { errorKey: 'notFound' } });
    expect((await f.data<NotificationList>(f.get('notifications', {}, users.lin.token))).unread).toBe(lin.unread);

    expect(await f.data(f.post(`notifications/${target}/read`, {}, users.lin.token))).toEqual({ unread: lin.unread - 1 });
    expect(await f.data(f.post(`notifications/${target}/read`, {}, users.lin.token))).toEqual({ unread: lin.unread - 1 });
    expect(await f.data(f.post('notifications/read-all', {}, users.lin.token))).toEqual({ unread: 0 });
    const after = await f.data<NotificationList>(f.get('notifications', {}, users.lin.token));
    expect(after.unread).toBe(0);
    expect(after.items.every((item) => item.readAt !== null)).toBe(true);
    // Someone else's stay unread.
    expect((await f.data<NotificationList>(f.get('notifications', {}, users.huang.token))).unread).toBeGreaterThan(0);

    expect((await f.post('notifications/abc/read', {}, users.lin.token)).status).toBe(400);
    expect((await f.post('notifications/99999999999/read', {}, users.lin.token)).status).toBe(400);
    expect((await f.post('notifications/999999/read', {}, users.lin.token)).status).toBe(404);
    expect((await f.get('notifications', {}, users.other.token)).body.data).toEqual({ userId: users.other.id, items: [], unread: 0 });
  });

  it('follows orders: unknown order 404, bad id 400, a screen without the schedule 403', async () => {
    expect((await f.post('alerts/follow', { orderId: 999999 }, users.fan.token)).status).toBe(404);
    expect((await f.post('alerts/unfollow', { orderId: 999999 }, users.fan.token)).status).toBe(404);
    expect((await f.post('alerts/follow', { orderId: 'x' }, users.fan.token)).status).toBe(400);
    expect((await f.post('alerts/follow', { orderId: 1 }, users.lin.token)).status).toBe(403);
    const followed = await f.data<{ orderIds: number[] }>(f.get('alerts/following', {}, users.fan.token));
    expect(followed.orderIds).toHaveLength(1);
    expect(await f.data(f.post('alerts/unfollow', { orderId: followed.orderIds[0] }, users.fan.token))).toEqual({ orderIds: [] });
  });

  it('refuses every endpoint without a token (401)', async () => {
    for (const [method, path] of [
      ['get', '/api/admin/notifications'],
      ['post', '/api/admin/notifications/1/read'],
      ['post', '/api/admin/notifications/read-all'],
      ['get', '/api/admin/alerts/open'],
      ['get', '/api/admin/alerts/following'],
      ['post', '/api/admin/alerts/follow'],
    ] as const) {
      const response = await t.http[method](path);
      expect([path, response.status, response.body.code]).toEqual([path, 401, 401]);
    }
  });
});
