import type { Socket } from 'socket.io-client';
import { DataSource } from 'typeorm';
import { SOCKET_EVENTS, type SubscribeResult } from '../../../contracts/events.js';
import { bootTestApp, connected, nextDomainEvent, type TestApp } from '../testing/test-app.js';
import { hashDeviceKey } from './board-profile.service.js';

function subscribe(socket: Socket, rooms: string[]): Promise<SubscribeResult> {
  return socket.timeout(5000).emitWithAck(SOCKET_EVENTS.subscribe, { rooms });
}

function disconnected(socket: Socket, ms = 5000): Promise<string> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('socket was not disconnected')), ms);
    socket.once('disconnect', (reason: string) => {
      clearTimeout(timer);
      resolve(reason);
    });
  });
}

const PROFILE = { name: 'Sewing line 1', displayMode: 'month', refreshType: 1, refreshInterval: 15, sortBy: 'deliveryDesc' };

// Board profiles and paired TVs (issue 13 item 6), on a booted app: CRUD, validation, permissions,
// the device key's reach (board reads and board rooms only), revoke (sockets closed, 401 after).
describe('board profiles and kiosk devices', () => {
  let t: TestApp;
  let db: DataSource;
  let admin: string;
  let viewer: string;

  beforeAll(async () => {
    t = await bootTestApp();
    db = t.app.get(DataSource);
    admin = await t.login();
    viewer = await t.login('viewer', 'viewer123');
  });
  afterAll(async () => {
    await t?.close();
  });

  const post = (path: string, body: object, token: string | null = admin) => {
    const call = t.http.post(`/api/admin/boardProfile/${path}`).send(body);
    return token ? call.set('token', token) : call;
  };
  const get = (path: string, token: string | null = admin) => {
    const call = t.http.get(`/api/admin/boardProfile/${path}`);
    return token ? call.set('token', token) : call;
  };
  const pair = async (name: string, profileId: number | null) => {
    const response = await post('pair', { name, profileId });
    expect(response.body.code).toBe(200);
    return response.body.data as { device: { id: number }; deviceKey: string; path: string };
  };
  const snapshotWith = (deviceKey: string) => t.http.get('/api/board/snapshot').set('deviceKey', deviceKey);

  it('creates, lists, updates and deletes a profile, with translated validation and a 409 on a duplicate name', async () => {
    const created = await post('create', PROFILE);
    expect(created.body).toMatchObject({ code: 200, data: { ...PROFILE, processIds: [], customerIds: [], deviceCount: 0 } });
    const id = created.body.data.id as number;

    const duplicate = await post('create', { ...PROFILE, name: '  sewing LINE 1 ' }).set('Accept-Language', 'en');
    expect(duplicate.status).toBe(409);
    expect(duplicate.body).toMatchObject({ code: 409, data: { errorKey: 'alreadyExists', field: 'name' } });
    expect(duplicate.body.message).toBe('Board profile name already exists');
    const duplicateZh = await post('create', { ...PROFILE, name: 'Sewing line 1' }).set('Accept-Language', 'zh-CN');
    expect(duplicateZh.body.message).toContain('看板方案名称');

    const bad = await post('create', { ...PROFILE, name: 'Other', refreshType: 7 }).set('Accept-Language', 'en');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 400, data: { field: 'refreshType' } });
    expect(bad.body.message).toMatch(/^Presentation /);
    for (const wrong of [{ refreshInterval: 1 }, { displayMode: 'weekly' }, { sortBy: 'random' }, { name: '' }, { name: 'x'.repeat(65) }, { processIds: [999_999] }]) {
      const response = await post('create', { ...PROFILE, name: 'Other', ...wrong });
      expect({ wrong, status: response.status }).toEqual({ wrong, status: 400 });
    }

    const updated = await post('update', { id, refreshType: 2, name: 'Sewing line one' });
    expect(updated.body.data).toMatchObject({ id, refreshType: 2, name: 'Sewing line one', displayMode: 'month' });
    expect((await post('update', { id: 999_999, refreshType: 0 })).status).toBe(404);
    const other = await post('create', { ...PROFILE, name: 'Cutting' });
    expect((await post('update', { id: other.body.data.id, name: 'SEWING LINE ONE' })).status).toBe(409);

    const list = await get('list');
    expect(list.body.data.map((profile: { name: string }) => profile.name)).toEqual(['Cutting', 'Sewing line one']);
    expect((await post('delete', { id: other.body.data.id })).body.code).toBe(200);
    expect((await post('delete', { id: other.body.data.id })).status).toBe(404);
  });

  it('refuses the endpoints without a token (401) and without the board settings permission (403)', async () => {
    for (const call of [get('list', null), get('devices', null), post('create', PROFILE, null), post('pair', { name: 'TV' }, null), post('revoke', { id: 1 }, null)]) {
      expect((await call).status).toBe(401);
    }
    for (const call of [get('list', viewer), get('devices', viewer), post('create', { ...PROFILE, name: 'Viewer' }, viewer), post('pair', { name: 'TV' }, viewer), post('revoke', { id: 1 }, viewer)]) {
      expect((await call).status).toBe(403);
    }
  });

  it("pairs a TV: the key is shown once, only its hash is stored, and it reads the board with its profile's settings", async () => {
    const profile = (await post('create', { ...PROFILE, name: 'Packing', refreshType: 2, refreshInterval: 20 })).body.data;
    const paired = await pair('Packing TV', profile.id);
    expect(paired.path).toBe(`/kiosk?device=${encodeURIComponent(paired.deviceKey)}`);
    const [row] = await db.query(`SELECT key_hash FROM board_device WHERE id = $1`, [paired.device.id]);
    expect(row.key_hash).toBe(hashDeviceKey(paired.deviceKey));
    expect(JSON.stringify((await get('devices')).body)).not.toContain(paired.deviceKey);

    const snapshot = await snapshotWith(paired.deviceKey);
    expect(snapshot.body.code).toBe(200);
    expect(snapshot.body.data.settings).toMatchObject({ refreshType: 2, refreshInterval: 20, displayMode: 'month', sortBy: 'deliveryDesc' });
    expect(snapshot.body.data.device).toEqual({ id: paired.device.id, name: 'Packing TV', profileId: profile.id, profileName: 'Packing' });
    expect((await t.http.get('/api/admin/alerts/open').set('deviceKey', paired.deviceKey)).body.code).toBe(200);

    // The device list shows it seen; a second read within the minute does not write again.
    const [seen] = await db.query(`SELECT last_seen_at FROM board_device WHERE id = $1`, [paired.device.id]);
    expect(seen.last_seen_at).not.toBeNull();
    await snapshotWith(paired.deviceKey);
    const [again] = await db.query(`SELECT last_seen_at FROM board_device WHERE id = $1`, [paired.device.id]);
    expect(new Date(again.last_seen_at).getTime()).toBe(new Date(seen.last_seen_at).getTime());

    // The default profile: exactly the dashboard settings.
    const plain = await pair('Hall TV', null);
    const dashboard = (await t.http.get('/api/admin/setting/getDashboardSetting').set('token', admin)).body.data;
    const { boardKey: _key, ...dashboardSettings } = dashboard;
    expect((await snapshotWith(plain.deviceKey)).body.data.settings).toEqual(dashboardSettings);
  });

  it('grants a device key nothing but the board: admin endpoints answer 401, other rooms are refused', async () => {
    const { deviceKey } = await pair('Gate TV', null);
    for (const path of ['/api/admin/boardProfile/list', '/api/admin/setting/getDashboardSetting', '/api/admin/user/info', '/api/admin/productionOrder/list']) {
      const response = await t.http.get(path).set('deviceKey', deviceKey);
      expect({ path, status: response.status }).toEqual({ path, status: 401 });
    }
    expect((await t.http.post('/api/admin/boardProfile/create').set('deviceKey', deviceKey).send({ ...PROFILE, name: 'By TV' })).status).toBe(401);
    expect((await snapshotWith('not-a-real-key')).body).toMatchObject({ code: 401, data: { errorKey: 'deviceKeyInvalid' } });

    const socket = t.socket({ deviceKey });
    await connected(socket);
    const result = await subscribe(socket, ['board', 'settings', 'productionOrders', 'statistics', 'order:1', 'user:1', `device:1`]);
    expect(result.joined).toEqual(['board', 'settings']);
    socket.disconnect();
    await expect(connected(t.socket({ deviceKey: 'nope' }))).rejects.toThrow('unauthorized');
  });

  it('a profile change reaches its TV live; deleting a profile moves its devices to the default', async () => {
    const profile = (await post('create', { ...PROFILE, name: 'Finishing', refreshType: 0 })).body.data;
    const { deviceKey, device } = await pair('Finishing TV', profile.id);
    const socket = t.socket({ deviceKey });
    await connected(socket);
    await subscribe(socket, ['board']);
    const changed = nextDomainEvent(socket, 'boardProfile.changed');
    await post('update', { id: profile.id, refreshType: 1 });
    expect((await changed).payload).toEqual({ id: profile.id, action: 'updated' });
    expect((await snapshotWith(deviceKey)).body.data.settings.refreshType).toBe(1);
    // A stale board key sent beside it does not shut the TV out.
    expect((await snapshotWith(deviceKey).set('boardKey', 'stale-key-from-before-pairing')).body.code).toBe(200);

    const deleted = nextDomainEvent(socket, 'boardProfile.changed');
    expect((await post('delete', { id: profile.id })).body.data).toEqual({ id: profile.id, movedDevices: 1 });
    expect((await deleted).payload).toEqual({ id: profile.id, action: 'deleted' });
    const devices = (await get('devices')).body.data as { id: number; profileId: number | null }[];
    expect(devices.find((entry) => entry.id === device.id)?.profileId).toBeNull();
    expect((await snapshotWith(deviceKey)).body.data.device.profileId).toBeNull();
  });

  it('documents every endpoint in the OpenAPI description', async () => {
    const docs = (await t.http.get('/api/docs-json')).body as { paths: Record<string, unknown> };
    for (const path of ['list', 'create', 'update', 'delete', 'devices', 'pair', 'revoke']) expect(Object.keys(docs.paths)).toContain(`/api/admin/boardProfile/${path}`);
  });

  it('revoke closes the TV socket at once and its next API call gets 401', async () => {
    const { deviceKey, device } = await pair('Revoked TV', null);
    const socket = t.socket({ deviceKey });
    await connected(socket);
    await subscribe(socket, ['board']);
    const order: string[] = [];
    const told = nextDomainEvent(socket, 'boardDevice.revoked').then((event) => (order.push('event'), event));
    const closed = disconnected(socket).then((reason) => (order.push('closed'), reason));
    const started = Date.now();
    const revoked = await post('revoke', { id: device.id });
    expect(revoked.body.data.revokedAt).not.toBeNull();
    expect(await closed).toBe('io server disconnect');
    // The TV learns why before its socket closes.
    expect((await told).rooms).toContain(`device:${device.id}`);
    expect(order).toEqual(['event', 'closed']);
    expect(Date.now() - started).toBeLessThan(2000);
    expect((await snapshotWith(deviceKey)).body).toMatchObject({ code: 401, data: { errorKey: 'deviceKeyInvalid' } });
    await expect(connected(t.socket({ deviceKey }))).rejects.toThrow('unauthorized');
    expect((await post('revoke', { id: device.id })).body.code).toBe(200);
    expect((await post('revoke', { id: 999_999 })).status).toBe(404);
    const audit = await db.query(`SELECT action, result FROM security_event WHERE action IN ('boardDevice.pair', 'boardDevice.revoke') ORDER BY id`);
    expect(audit).toEqual(expect.arrayContaining([{ action: 'boardDevice.pair', result: 'success' }, { action: 'boardDevice.revoke', result: 'success' }]));
  });
});
