import { SOCKET_EVENTS, type SubscribeResult } from '../../../contracts/events.js';
import { bootTwoInstances, connected, nextEvent, type TestApp } from '../testing/test-app.js';

// Revoking a paired TV on one instance closes its socket on another at once (through the event
// pipeline and the Redis adapter). Needs both servers: runs when DATABASE_URL and REDIS_URL are set.
const canRun = Boolean(process.env.DATABASE_URL && process.env.REDIS_URL);

(canRun ? describe : describe.skip)('a revoked TV on two instances', () => {
  let a: TestApp;
  let b: TestApp;
  let close: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    ({ a, b, close } = await bootTwoInstances({ redis: true }));
  });
  afterAll(async () => {
    await close?.();
  });

  it('closes the TV socket on the other instance at once, and its key gets 401 there', async () => {
    const admin = await a.login();
    const paired = await a.http.post('/api/admin/boardProfile/pair').set('token', admin).send({ name: 'Hall TV' });
    expect(paired.body.code).toBe(200);
    const { deviceKey, device } = paired.body.data as { deviceKey: string; device: { id: number } };

    const tvOnB = b.socket({ deviceKey });
    await connected(tvOnB);
    const subscribed: SubscribeResult = await tvOnB.timeout(5000).emitWithAck(SOCKET_EVENTS.subscribe, { rooms: ['board'] });
    expect(subscribed.joined).toEqual(['board']);
    expect((await b.http.get('/api/board/snapshot').set('deviceKey', deviceKey)).body.code).toBe(200);

    const closed = nextEvent<string>(tvOnB, 'disconnect');
    const started = Date.now();
    expect((await a.http.post('/api/admin/boardProfile/revoke').set('token', admin).send({ id: device.id })).body.code).toBe(200);
    expect(await closed).toBe('io server disconnect');
    const elapsed = Date.now() - started;
    expect(elapsed).toBeLessThan(2000);
    expect((await b.http.get('/api/board/snapshot').set('deviceKey', deviceKey)).body).toMatchObject({ code: 401, data: { errorKey: 'deviceKeyInvalid' } });
    console.log(`revoke on A → TV socket on B closed in ${elapsed} ms`);
  });
});
