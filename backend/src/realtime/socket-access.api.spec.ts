import type { Socket } from 'socket.io-client';
import { DataSource } from 'typeorm';
import { SOCKET_EVENTS, type HeadTick, type SubscribeResult } from '../../../contracts/events.js';
import { bootTestApp, connected, nextEvent, type TestApp } from '../testing/test-app.js';
import { MAX_ROOMS_PER_SOCKET, RealtimeGateway, SUBSCRIBE_LIMIT } from './realtime.gateway.js';

function subscribe(socket: Socket, rooms: string[], lastSeq?: number): Promise<SubscribeResult> {
  return socket.timeout(5000).emitWithAck(SOCKET_EVENTS.subscribe, { rooms, lastSeq });
}

// Socket.IO authorization and abuse limits, with real clients on a booted app.
describe('socket rooms follow permissions; subscribe limits; ended sessions', () => {
  let t: TestApp;
  let db: DataSource;
  let gateway: RealtimeGateway;
  let admin: string;

  beforeAll(async () => {
    // The periodic session sweep, fast for this file; the gap ticks only when the test calls them.
    t = await bootTestApp({ env: { REALTIME_SESSION_SWEEP_MS: '300', REALTIME_HEAD_TICK_MS: '3600000' } });
    db = t.app.get(DataSource);
    gateway = t.app.get(RealtimeGateway);
    admin = await t.login();
  });
  afterAll(async () => {
    await t?.close();
  });

  const setViewerPermissions = (permissions: string[]) => db.query(`UPDATE app_user SET permissions = $1 WHERE username = 'viewer'`, [permissions]);
  const socketsIn = async (room: string) => (await gateway['server'].in(room).fetchSockets()).length;

  it("refuses a viewer (Home only) the rooms of data its permissions do not show, and lets it into the board's", async () => {
    await setViewerPermissions(['Home']);
    const viewer = t.socket({ token: await t.login('viewer', 'viewer123') });
    await connected(viewer);
    const result = await subscribe(viewer, ['saleOrders', 'productionOrders', 'masterData:goods', 'order:1', 'saleOrder:1', 'process:1', 'board', 'statistics']);
    expect(result.joined).toEqual(['board', 'statistics']);
    expect(result.refused).toEqual(['saleOrders', 'productionOrders', 'masterData:goods', 'order:1', 'saleOrder:1', 'process:1']);
    expect(await socketsIn('saleOrders')).toBe(0);
    expect(await socketsIn('order:1')).toBe(0);
  });

  it('reads permissions afresh on every subscribe: a grant lets in, a withdrawal takes the room away', async () => {
    await setViewerPermissions(['Home']);
    const viewer = t.socket({ token: await t.login('viewer', 'viewer123') });
    await connected(viewer);
    expect((await subscribe(viewer, ['productionOrders'])).refused).toEqual(['productionOrders']);
    await setViewerPermissions(['Home', 'ProductionOrder']);
    expect((await subscribe(viewer, ['productionOrders'])).joined).toEqual(['productionOrders']);
    expect(await socketsIn('productionOrders')).toBe(1);
    await setViewerPermissions(['Home']);
    expect((await subscribe(viewer, ['board'])).joined).toEqual(['board']);
    expect(await socketsIn('productionOrders')).toBe(0);
  });

  it(`answers the ${SUBSCRIBE_LIMIT + 1}th subscribe within 10 s with a rate-limit error, not silence`, async () => {
    const socket = t.socket({ token: admin });
    await connected(socket);
    for (let i = 0; i < SUBSCRIBE_LIMIT; i++) expect((await subscribe(socket, ['board'])).error).toBeUndefined();
    const refused = await subscribe(socket, ['settings']);
    expect(refused.error?.code).toBe('rateLimited');
    expect(refused.error?.retryAfterMs).toBeGreaterThan(0);
    expect(refused.error?.retryAfterMs).toBeLessThanOrEqual(10_000);
    expect(refused.joined).toEqual([]);
    expect(await socketsIn('settings')).toBe(0);
  });

  it(`joins at most ${MAX_ROOMS_PER_SOCKET} rooms per socket`, async () => {
    const socket = t.socket({ token: admin });
    await connected(socket);
    const rooms = (from: number) => Array.from({ length: 50 }, (_, i) => `order:${from + i}`);
    expect((await subscribe(socket, rooms(1))).joined).toHaveLength(50);
    expect((await subscribe(socket, rooms(51))).joined).toHaveLength(50);
    const over = await subscribe(socket, ['order:101', 'order:102', 'order:1']);
    expect(over.joined).toEqual(['order:1']); // already joined: still fine
    expect(over.refused).toEqual(['order:101', 'order:102']);
    await socket.timeout(5000).emitWithAck(SOCKET_EVENTS.unsubscribe, { rooms: ['order:2'] });
    expect((await subscribe(socket, ['order:101'])).joined).toEqual(['order:101']);
  });

  it('replays a room once per connection, and once more after each server nudge', async () => {
    const socket = t.socket({ token: admin });
    await connected(socket);
    const { headSeq } = await subscribe(socket, ['settings']);
    await t.http.post('/api/admin/setting/updateDashboardSetting').set('token', admin).type('form').send({ refreshInterval: 21 });
    const first = await subscribe(socket, ['settings'], headSeq);
    expect(first.resync).toBe(false);
    expect(first.missed.some((event) => (event.payload as { refreshInterval?: number }).refreshInterval === 21)).toBe(true);
    const again = await subscribe(socket, ['settings'], headSeq);
    expect(again).toMatchObject({ resync: true, missed: [] });

    // Two ticks: the second one reports counts between the first two heads, and is a nudge.
    await gateway.tick();
    await t.http.post('/api/admin/setting/updateDashboardSetting').set('token', admin).type('form').send({ refreshInterval: 22 });
    const tick = nextEvent<HeadTick>(socket, SOCKET_EVENTS.head);
    await gateway.tick();
    const received = await tick;
    expect(received.to).toBeGreaterThan(received.from);
    expect(received.counts.settings).toBe(1);
    const afterNudge = await subscribe(socket, ['settings'], headSeq);
    expect(afterNudge.resync).toBe(false);
    expect(afterNudge.missed.length).toBeGreaterThanOrEqual(2);
  });

  it('refuses a subscribe once the session expired, and closes the socket', async () => {
    const token = await t.login();
    const socket = t.socket({ token });
    await connected(socket);
    // The 300 ms sweep (next test) would close this socket on its own, and on a slow machine it
    // could do so between the expiry and the subscribe, losing the answer under test: this test
    // is about the subscribe path, so the sweep's timer is held off while it runs.
    const sweep = gateway.sweepSessions;
    gateway.sweepSessions = async () => 0;
    try {
      await db.query(`UPDATE user_session SET expires_at = now() - interval '1 minute' WHERE id = (SELECT max(id) FROM user_session)`);
      const disconnected = nextEvent<string>(socket, 'disconnect');
      const result = await subscribe(socket, ['board']);
      expect(result.error?.code).toBe('sessionEnded');
      expect(result.joined).toEqual([]);
      expect(await disconnected).toBe('io server disconnect');
    } finally {
      gateway.sweepSessions = sweep;
    }
  });

  it('disconnects, within a sweep, the sockets of a session that expired while they sat idle', async () => {
    const token = await t.login();
    const socket = t.socket({ token });
    await connected(socket);
    await subscribe(socket, ['board']);
    const alive = t.socket({ token: admin });
    await connected(alive);
    const disconnected = nextEvent<string>(socket, 'disconnect', 3000);
    await db.query(`UPDATE user_session SET expires_at = now() - interval '1 second' WHERE id = (SELECT max(id) FROM user_session)`);
    expect(await disconnected).toBe('io server disconnect');
    expect(alive.connected).toBe(true);
    expect(await gateway.sweepSessions()).toBe(0);
  });
});
