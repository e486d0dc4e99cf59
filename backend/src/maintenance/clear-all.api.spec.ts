import type { Socket } from 'socket.io-client';
import { SOCKET_EVENTS, type SubscribeResult } from '../../../contracts/events.js';
import type { BoardSnapshot } from '../../../contracts/production.js';
import { shiftDay } from '../progress/calendar.js';
import { localDay } from '../progress/progress-math.js';
import { SecurityLogService } from '../security-log/security-log.service.js';
import { setUpProduction, type ProductionFixture } from '../testing/production-fixture.js';
import { bootTestApp, connected, type TestApp, nextDomainEvent } from '../testing/test-app.js';
import { CLEARED_TABLES } from './clear-all.service.js';

const subscribe = (socket: Socket, rooms: string[], lastSeq?: number): Promise<SubscribeResult> =>
  socket.timeout(5000).emitWithAck(SOCKET_EVENTS.subscribe, lastSeq === undefined ? { rooms } : { rooms, lastSeq });

/** The next domain event named `name` on the socket. */
/** Settings rows, without the event log's own bookkeeping (which the reset moves on). */
const SETTINGS = `system_setting WHERE key NOT IN ('events.prunedThroughSeq', 'events.prunedThroughTx')`;

describe('clear all (API)', () => {
  let t: TestApp;
  let f: ProductionFixture;
  let title: { 'zh-CN': string; en: string };

  const clearAll = (body: Record<string, unknown>, token: string | null = f.admin, language = 'en') => {
    const request = t.http.post('/api/admin/setting/clearAll').set('Accept-Language', language);
    return (token ? request.set('token', token) : request).send(body);
  };
  const count = async (table: string) => Number((await f.db.query(`SELECT count(*)::int AS n FROM ${table}`))[0].n);
  /** Orders with progress, alerts and a sale order: every kind of row clear all must remove. */
  const fillOrders = async () => {
    // Ordered today, due in a month: on the board.
    const dates = { orderDate: localDay(), deliveryDate: shiftDay(localDay(), 30) };
    const order = await f.createOrder({ quantities: [10, 5], ...dates });
    const first = await f.createOrder({ quantities: [4], ...dates });
    expect((await f.scan({ orderId: order.id, processId: f.processes.cut, quantity: 3, colorId: f.colors[0], sizeId: f.sizes[0] })).body.code).toBe(200);
    expect((await f.scan({ orderId: first.id, processId: f.processes.cut, quantity: 1, colorId: f.colors[0], sizeId: f.sizes[0] })).body.code).toBe(200);
    await f.db.query(
      `INSERT INTO sale_order (order_no, order_date, delivery_date, customer_id) VALUES ($1, '2026-01-01', '2026-02-01', $2)`,
      [`SO-${Date.now()}`, f.customer],
    );
    return order;
  };

  beforeAll(async () => {
    t = await bootTestApp();
    f = await setUpProduction(t);
    title = await f.data(f.get('setting/getSystemTitles'));
  });
  afterAll(() => t.close());

  it('covers every table that hangs off an order (a new table with an order key must be cleared too)', async () => {
    const rows: { table_name: string }[] = await f.db.query(
      `SELECT DISTINCT c.conrelid::regclass::text AS table_name FROM pg_constraint c
        WHERE c.contype = 'f' AND c.confrelid::regclass::text = ANY($1::text[])`,
      [[...CLEARED_TABLES]],
    );
    for (const { table_name } of rows) expect(CLEARED_TABLES).toContain(table_name);
  });

  it('refuses without a token (401) and without ClearData (403), removing nothing', async () => {
    await fillOrders();
    const before = await count('production_order');
    expect((await clearAll({ confirmTitle: title.en }, null)).status).toBe(401);
    const viewer = await t.login('viewer', 'viewer123');
    const refused = await clearAll({ confirmTitle: title.en }, viewer);
    expect(refused.status).toBe(403);
    expect(await count('production_order')).toBe(before);
  });

  it('refuses a wrong or missing title with a translated 400 on confirmTitle, removing nothing', async () => {
    const before = await count('production_order');
    const wrong = await clearAll({ confirmTitle: `${title.en} ` + 'x' });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ code: 400, data: { errorKey: 'validation', field: 'confirmTitle' } });
    expect(wrong.body.message).toContain('does not match the system title');
    const zh = await clearAll({ confirmTitle: 'nope' }, f.admin, 'zh-CN');
    expect(zh.body.message).toContain('与系统名称不一致');
    expect((await clearAll({})).status).toBe(400);
    expect(await count('production_order')).toBe(before);
  });

  it('wipes orders, progress and events, keeps base data, users and settings; a connected board gets data.reset and reloads empty', async () => {
    await fillOrders();
    const { boardKey } = await f.data<{ boardKey: string }>(f.get('setting/getDashboardSetting'));
    const board = t.socket({ boardKey });
    await connected(board);
    const joined = await subscribe(board, ['board']);
    expect(joined.joined).toEqual(['board']);
    const headBefore = joined.headSeq;
    const snapshotBefore = await f.data<BoardSnapshot>(t.http.get('/api/board/snapshot').set('boardKey', boardKey));
    expect(snapshotBefore.rows.length).toBeGreaterThan(0);

    const kept = { customer: await count('customer'), goods: await count('goods'), process: await count('process'), users: await count('app_user'), settings: await count(SETTINGS), roles: await count('app_role'), uploads: await count('upload') };
    const before = { saleOrders: await count('sale_order'), productionOrders: await count('production_order'), scans: await count('scan'), events: await count('domain_event') };

    const reset = nextDomainEvent(board, 'data.reset');
    const response = await clearAll({ confirmTitle: title['zh-CN'] });
    expect(response.body).toMatchObject({ code: 200, data: before });
    const event = await reset;
    expect(event.payload).toMatchObject({ reason: 'clearAll' });
    expect(event.seq).toBeGreaterThan(headBefore);

    const snapshotAfter = await f.data<BoardSnapshot>(t.http.get('/api/board/snapshot').set('boardKey', boardKey));
    expect(snapshotAfter.rows).toEqual([]);
    for (const table of CLEARED_TABLES) expect(await count(table)).toBe(0);
    // Only the reset itself is left in the log.
    expect(await f.db.query(`SELECT name FROM domain_event`)).toEqual([{ name: 'data.reset' }]);
    expect({ customer: await count('customer'), goods: await count('goods'), process: await count('process'), users: await count('app_user'), settings: await count(SETTINGS), roles: await count('app_role'), uploads: await count('upload') }).toEqual(kept);
    // The admin still logs in and the session still works.
    expect((await f.get('setting/getSystemTitles')).status).toBe(200);

    // A board that was away reconnects with its old lastSeq: told to reload, not replayed.
    const late = t.socket({ boardKey });
    await connected(late);
    const rejoin = await subscribe(late, ['board'], headBefore);
    expect(rejoin).toMatchObject({ resync: true, missed: [] });
    expect(rejoin.headSeq).toBe(event.seq);
    // …and so is one that comes back with a catch-up position from before the reset.
    const positioned = t.socket({ boardKey });
    await connected(positioned);
    const fromPosition: SubscribeResult = await positioned.timeout(5000).emitWithAck(SOCKET_EVENTS.subscribe, { rooms: ['board'], position: { watermark: joined.watermark, seen: [] } });
    expect(fromPosition).toMatchObject({ resync: true, missed: [] });

    // Sequences go on: new orders and events get fresh ids and higher seqs.
    const order = await f.createOrder({ quantities: [2] });
    expect(order.id).toBeGreaterThan(0);
    const [{ head }] = await f.db.query(`SELECT max(seq)::int AS head FROM domain_event`);
    expect(head).toBeGreaterThan(event.seq);

    await t.app.get(SecurityLogService).flush();
    const audit = await f.db.query(`SELECT result, actor_username FROM security_event WHERE action = 'data.clearAll' ORDER BY id`);
    expect(audit).toEqual(
      expect.arrayContaining([
        { result: 'success', actor_username: 'admin' },
        { result: 'failure', actor_username: 'admin' },
      ]),
    );
  });

  it('refuses while another clear or restore runs (409 maintenanceBusy); of two at once one wins', async () => {
    await fillOrders();
    const both = await Promise.all([clearAll({ confirmTitle: title.en }), clearAll({ confirmTitle: title.en })]);
    expect(both.map((response) => response.status).sort()).toEqual([200, 409]);
    const loser = both.find((response) => response.status === 409)!;
    expect(loser.body).toMatchObject({ code: 409, data: { errorKey: 'maintenanceBusy' } });
    expect(loser.body.message).toContain('Another clear or restore is running');
    expect(await count('production_order')).toBe(0);
  });
});
