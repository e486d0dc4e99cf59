import { SOCKET_EVENTS, type DomainEventEnvelope, type SubscribeResult } from '../../../contracts/events.js';
import { randomUUID } from 'node:crypto';
import { setUpProduction } from '../testing/production-fixture.js';
import { bootTwoInstances, connected, nextEvent, type TestApp } from '../testing/test-app.js';

// Scale-out: two app instances on one PostgreSQL database and one Redis. Needs both servers,
// so it runs when DATABASE_URL and REDIS_URL are set (CI sets them; `npm test` alone skips it).
const canRun = Boolean(process.env.DATABASE_URL && process.env.REDIS_URL);

(canRun ? describe : describe.skip)('two app instances behind Redis', () => {
  let a: TestApp;
  let b: TestApp;
  let close: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    ({ a, b, close } = await bootTwoInstances({ redis: true }));
  });
  afterAll(async () => {
    await close?.();
  });

  it('delivers an event committed on one instance to a client of the other', async () => {
    const token = await a.login(); // a session made on A is valid on B: sessions live in the database
    const socketOnB = b.socket({ token });
    await connected(socketOnB);
    const subscribed: SubscribeResult = await socketOnB.timeout(5000).emitWithAck(SOCKET_EVENTS.subscribe, { rooms: ['settings'] });
    expect(subscribed.joined).toEqual(['settings']);

    const received = nextEvent<DomainEventEnvelope>(socketOnB, SOCKET_EVENTS.domainEvent);
    const saved = await a.http.post('/api/admin/setting/updateDashboardSetting').set('token', token).type('form').send({ refreshType: 1 });
    expect(saved.body.code).toBe(200);
    expect(await received).toMatchObject({ name: 'settings.dashboardUpdated', payload: { refreshType: 1 } });
  });

  it('disconnects a session on every instance when it logs out on one', async () => {
    const token = await b.login();
    const socketOnA = a.socket({ token });
    await connected(socketOnA);
    const disconnected = nextEvent<string>(socketOnA, 'disconnect');
    await b.http.post('/api/admin/login/logout').set('token', token);
    expect(await disconnected).toBe('io server disconnect');
  });

  it('shares the login throttle between instances', async () => {
    const attempt = (app: TestApp) =>
      app.http.post('/api/admin/login/login').set('X-Forwarded-For', '10.5.5.5').type('form').send({ username: 'viewer', password: 'wrong-one' });
    for (let i = 0; i < 3; i++) await attempt(a);
    for (let i = 0; i < 2; i++) await attempt(b);
    expect((await attempt(a)).status).toBe(429);
    expect((await attempt(b)).status).toBe(429);
  });

  it('counts one scan id sent 50 times at once to two instances exactly once, and pushes it to boards on both', async () => {
    const f = await setUpProduction(a);
    const order = await f.createOrder();
    const boards = [];
    for (const instance of [a, b]) {
      const board = instance.socket({ token: f.admin });
      await connected(board);
      await board.timeout(5000).emitWithAck(SOCKET_EVENTS.subscribe, { rooms: ['board'] });
      boards.push(board);
    }
    const received = boards.map((board) => nextEvent<DomainEventEnvelope>(board, SOCKET_EVENTS.domainEvent));
    const body = { scanId: randomUUID(), orderId: order.id, processId: f.processes.cut, quantity: 9 };
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) => (i % 2 ? b : a).http.post('/api/admin/scan/record').set('token', f.admin).type('form').send(body)),
    );
    expect(responses.map((response) => response.status)).toEqual(Array(50).fill(200));
    for (const response of responses) expect(response.body.data).toEqual(responses[0].body.data);
    expect(responses.filter((response) => response.headers['idempotent-replayed'] !== 'true')).toHaveLength(1);
    const [step] = await f.db.query(
      `SELECT done_quantity AS done, (SELECT count(*)::int FROM scan WHERE scan_id = $2) AS scans FROM production_order_step WHERE order_id = $1 AND process_id = $3`,
      [order.id, body.scanId, f.processes.cut],
    );
    expect(step).toEqual({ done: 9, scans: 1 });
    for (const event of await Promise.all(received)) expect(event).toMatchObject({ name: 'production.progressed', payload: { orderId: order.id, quantity: 9 } });
  });
});
