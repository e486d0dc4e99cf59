import type { Server } from 'socket.io';
import type { Socket } from 'socket.io-client';
import { DataSource } from 'typeorm';
import { SOCKET_EVENTS, type DomainEventEnvelope, type SubscribeResult } from '../../../contracts/events.js';
import { UnitOfWork } from '../events/unit-of-work.service.js';
import { RealtimeGateway } from './realtime.gateway.js';
import { bootTestApp, connected, nextEvent, type TestApp } from '../testing/test-app.js';

function subscribe(socket: Socket, rooms: string[], lastSeq?: number): Promise<SubscribeResult> {
  return socket.timeout(5000).emitWithAck(SOCKET_EVENTS.subscribe, { rooms, lastSeq });
}

/** Collects every domain event a socket receives. */
function collect(socket: Socket): DomainEventEnvelope[] {
  const received: DomainEventEnvelope[] = [];
  socket.on(SOCKET_EVENTS.domainEvent, (event: DomainEventEnvelope) => received.push(event));
  return received;
}

describe('live-event pipeline over Socket.IO', () => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await bootTestApp();
    admin = await t.login();
  });
  afterAll(() => t.close());

  const updateSettings = (body: Record<string, unknown>) =>
    t.http.post('/api/admin/setting/updateDashboardSetting').set('token', admin).type('form').send(body);

  it('refuses a socket without a token, with a made-up one, or with a revoked one', async () => {
    await expect(connected(t.socket({}))).rejects.toThrow('unauthorized');
    await expect(connected(t.socket({ token: 'made-up' }))).rejects.toThrow('unauthorized');
    const token = await t.login();
    await t.http.post('/api/admin/login/logout').set('token', token);
    await expect(connected(t.socket({ token }))).rejects.toThrow('unauthorized');
  });

  it('delivers a committed settings change to a subscribed client, with its seq', async () => {
    const socket = t.socket({ token: admin });
    await connected(socket);
    const result = await subscribe(socket, ['settings']);
    expect(result).toMatchObject({ joined: ['settings'], refused: [], resync: false, missed: [] });
    const event = nextEvent<DomainEventEnvelope>(socket, SOCKET_EVENTS.domainEvent);
    await updateSettings({ refreshType: 2 });
    const received = await event;
    expect(received).toMatchObject({ name: 'settings.dashboardUpdated', rooms: ['settings', 'board'], payload: { refreshType: 2 } });
    expect(received.seq).toBeGreaterThan(result.headSeq);
  });

  it('lets go of the upgrade request once a socket is connected, and still serves it (heap per board)', async () => {
    const socket = t.socket({ token: admin });
    await connected(socket);
    const server = (t.app.get(RealtimeGateway) as unknown as { server: Server }).server;
    const serverSocket = server.of('/').sockets.get(socket.id!)!;
    expect(serverSocket.conn.request).toBeNull();
    expect(serverSocket.handshake.headers).toEqual({});
    expect(serverSocket.handshake.auth).toEqual({ token: admin });
    // Authenticated from handshake.auth, and its requests are answered as before.
    expect((await subscribe(socket, ['board'])).joined).toEqual(['board']);
    socket.disconnect();
  });

  it('lets the server decide rooms', async () => {
    const socket = t.socket({ token: admin });
    await connected(socket);
    const result = await subscribe(socket, ['board', 'order:12', 'session:1', 'board-key', 'order:abc', 'anything']);
    expect(result.joined).toEqual(['board', 'order:12']);
    expect(result.refused).toEqual(['session:1', 'board-key', 'order:abc', 'anything']);
  });

  it('emits nothing for a rolled-back change, and keeps nothing in the log', async () => {
    const socket = t.socket({ token: admin });
    await connected(socket);
    await subscribe(socket, ['settings']);
    const received = collect(socket);
    const unitOfWork = t.app.get(UnitOfWork);
    const db = t.app.get(DataSource);
    const [{ count: before }] = await db.query(`SELECT count(*)::int AS count FROM domain_event`);
    await expect(
      unitOfWork.run(async (tx) => {
        await tx.manager.query(`UPDATE system_setting SET value = '"x"' WHERE key = 'system.title'`);
        tx.publish('settings.dashboardUpdated', { refreshType: 9 } as never, ['settings']);
        throw new Error('rolled back on purpose');
      }),
    ).rejects.toThrow('rolled back on purpose');
    await updateSettings({ refreshType: 1 }); // a committed change after it, as a marker
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(received.map((e) => e.payload)).toEqual([expect.objectContaining({ refreshType: 1 })]);
    const [{ count: after }] = await db.query(`SELECT count(*)::int AS count FROM domain_event`);
    expect(after).toBe(before + 1);
  });

  it('replays what a reconnecting client missed, and asks for a reload when it cannot', async () => {
    const first = t.socket({ token: admin });
    await connected(first);
    const { headSeq } = await subscribe(first, ['settings']);
    first.disconnect();
    await updateSettings({ refreshInterval: 11 });
    await updateSettings({ refreshInterval: 12 });

    const again = t.socket({ token: admin });
    await connected(again);
    const caughtUp = await subscribe(again, ['settings'], headSeq);
    expect(caughtUp.resync).toBe(false);
    const fresh = caughtUp.missed.filter((event) => event.seq > headSeq);
    expect(fresh.map((event) => (event.payload as { refreshInterval: number }).refreshInterval)).toEqual([11, 12]);
    expect(caughtUp.headSeq).toBe(fresh[1].seq);

    const fromTheFuture = await subscribe(again, ['settings'], caughtUp.headSeq + 1000);
    expect(fromTheFuture.resync).toBe(true);
  });

  it('asks for a reload when the missed events were pruned', async () => {
    const socket = t.socket({ token: admin });
    await connected(socket);
    const { headSeq } = await subscribe(socket, ['settings']);
    await updateSettings({ refreshInterval: 13 });
    const db = t.app.get(DataSource);
    await db.query(`UPDATE domain_event SET created_at = now() - interval '100 hours'`);
    const { EventStore } = await import('../events/event-store.js');
    expect(await t.app.get(EventStore).prune(48)).toBeGreaterThan(0);
    const result = await subscribe(socket, ['settings'], headSeq);
    expect(result.resync).toBe(true);
  });

  it('disconnects the sockets of a session that logs out', async () => {
    const token = await t.login();
    const socket = t.socket({ token });
    await connected(socket);
    const disconnected = nextEvent<string>(socket, 'disconnect');
    await t.http.post('/api/admin/login/logout').set('token', token);
    expect(await disconnected).toBe('io server disconnect');
  });

  it('lets a public board in with the board key, to board rooms only, until the key is turned off', async () => {
    const settings = await t.http.get('/api/admin/setting/getDashboardSetting').set('token', admin);
    const boardKey = settings.body.data.boardKey as string;
    await expect(connected(t.socket({ boardKey: 'wrong-key' }))).rejects.toThrow('unauthorized');

    const board = t.socket({ boardKey });
    await connected(board);
    const result = await subscribe(board, ['board', 'settings', 'statistics', 'order:1']);
    expect(result.joined).toEqual(['board', 'settings']);
    const kicked = nextEvent<string>(board, 'disconnect');
    await updateSettings({ boardKeyEnabled: false });
    expect(await kicked).toBe('io server disconnect');
    await expect(connected(t.socket({ boardKey }))).rejects.toThrow('unauthorized');
    await updateSettings({ boardKeyEnabled: true });
  });
});
