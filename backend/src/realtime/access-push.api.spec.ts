import type { Socket } from 'socket.io-client';
import type { DomainEventEnvelope, SubscribeResult } from '../../../contracts/events.js';
import { firstLogin } from '../testing/accounts.js';
import { bootTestApp, connected, nextEvent, type TestApp } from '../testing/test-app.js';

// A permission change reaches the user's open screens over their own socket room, and the
// server takes away the rooms they may no longer join without waiting for their next subscribe.
describe('access changes pushed to the user (Socket.IO)', () => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await bootTestApp();
    admin = await t.login();
  });
  afterAll(() => t.close());

  const post = (path: string, body: Record<string, unknown>, token = admin) => t.http.post(`/api/admin/${path}`).set('token', token).type('form').send(body);
  const subscribe = (socket: Socket, rooms: string[], lastSeq?: number): Promise<SubscribeResult> =>
    socket.timeout(5000).emitWithAck('subscribe', lastSeq === undefined ? { rooms } : { rooms, lastSeq });

  it('pushes user.accessChanged to every socket of the user when their role changes, and drops rooms they lost', async () => {
    const role = (await post('role/create', { name: 'Sales desk', permissions: 'Home,SaleOrder' })).body.data;
    const created = (await post('user/create', { username: 'sales.push', nickname: 'Push', password: 'secret-1-first' })).body.data;
    await post('user/updatePermission', { id: created.id, version: created.version, roleIds: String(role.id) });
    const token = await firstLogin(t, 'sales.push', 'secret-1-first', 'secret-1-own');
    const other = (await post('user/create', { username: 'bystander', nickname: 'B', password: 'secret-1-first' })).body.data;

    // Two tabs of the user, and someone else's socket that must not hear about it.
    const tabA = t.socket({ token });
    const tabB = t.socket({ token });
    await Promise.all([connected(tabA), connected(tabB)]);
    const joined = await subscribe(tabA, ['saleOrders', `user:${created.id}`, `user:${other.id}`]);
    expect(joined.joined.sort()).toEqual(['saleOrders', `user:${created.id}`]);
    expect(joined.refused).toEqual([`user:${other.id}`]);

    const pushA = nextEvent<DomainEventEnvelope>(tabA, 'domain-event');
    const pushB = nextEvent<DomainEventEnvelope>(tabB, 'domain-event');
    const started = Date.now();
    expect((await post('role/update', { id: role.id, version: role.version, permissions: 'Home' })).body.code).toBe(200);
    const [a, b] = await Promise.all([pushA, pushB]);
    console.log(`access push received ${Date.now() - started} ms after the role update was sent`);
    expect(a).toMatchObject({ name: 'user.accessChanged', payload: { source: 'role', id: role.id }, rooms: [`user:${created.id}`] });
    expect(b.seq).toBe(a.seq);

    // The event is in the log: a tab that was offline replays it from its last seq (replay
    // starts a little earlier by design, so the assignment's own event may come along too).
    const replay = await subscribe(tabB, [`user:${created.id}`], a.seq - 1);
    expect(replay.missed.find((event) => event.seq === a.seq)).toMatchObject({ name: 'user.accessChanged', payload: { source: 'role' } });

    // The socket no longer sits in saleOrders: a new sales-order event would not reach it. The
    // server's re-check is asynchronous, so look again on a fresh subscribe answer's terms.
    const again = await subscribe(tabA, ['saleOrders']);
    expect(again.refused).toEqual(['saleOrders']);
  });

  it('pushes when an administrator changes the user’s own extra pages or roles', async () => {
    const created = (await post('user/create', { username: 'floor.push', nickname: 'F', password: 'secret-1-first' })).body.data;
    const granted = (await post('user/updatePermission', { id: created.id, version: created.version, permissions: 'Home' })).body.data;
    const token = await firstLogin(t, 'floor.push', 'secret-1-first', 'secret-1-own');
    const socket = t.socket({ token });
    await connected(socket);
    const push = nextEvent<DomainEventEnvelope>(socket, 'domain-event');
    const detail = (await t.http.get('/api/admin/user/detail').set('token', admin).query({ id: created.id })).body.data;
    expect(detail.version).toBe(granted.version);
    await post('user/updatePermission', { id: created.id, version: detail.version, permissions: 'Home,Scan' });
    expect(await push).toMatchObject({ name: 'user.accessChanged', payload: { source: 'user', id: created.id } });
    expect((await t.http.get('/api/admin/user/access').set('token', token)).body.data.permission).toBe('Home;Scan');
  });
});
