// The lean path (lean-route.ts) answers the scan POST like the framework path: every request
// below is sent twice, once through each, and must get the same status, headers and envelope.
// The only differences allowed are the lean path's: no gzip (so no Vary / Content-Encoding), no
// ETag, and what differs between two scans by nature (ids, times, counters after the first).
import { gzipSync } from 'node:zlib';
import { randomUUID } from 'node:crypto';
import type { Response } from 'supertest';
import { leanRoutesOf } from '../../app.factory.js';
import { createActiveUser } from '../../testing/accounts.js';
import { setUpProduction, type ProductionFixture } from '../../testing/production-fixture.js';
import { bootTestApp, type TestApp } from '../../testing/test-app.js';
import type { LeanRoutes } from './lean-route.js';

/** Headers that differ between any two answers, or by the lean path's deliberate differences (no gzip, no ETag). */
const VARYING_HEADERS = new Set(['date', 'etag', 'content-length', 'vary', 'content-encoding', 'transfer-encoding', 'connection', 'keep-alive']);
/** Fields of a scan's answer that differ between two scans by nature. */
const VARYING_FIELDS = new Set(['id', 'scanId', 'scannedAt', 'recordedAt', 'firstScanAt', 'lastScanAt', 'done', 'finishRate', 'status', 'lastActivityAt']);

function headersOf(response: Response): Record<string, unknown> {
  return Object.fromEntries(Object.entries(response.headers).filter(([name]) => !VARYING_HEADERS.has(name)));
}

function comparable(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(comparable);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([key, child]) => [key, VARYING_FIELDS.has(key) ? typeof child : comparable(child)]));
}

describe('the scan POST on the lean path answers like the framework path', () => {
  let t: TestApp;
  let f: ProductionFixture;
  let lean: LeanRoutes;
  let order: { id: number; orderNo: string };
  let flaggedOrder: { id: number; orderNo: string };

  beforeAll(async () => {
    t = await bootTestApp();
    f = await setUpProduction(t);
    lean = leanRoutesOf(t.app)!;
    order = await f.createOrder({ quantities: [50, 50, 50, 50, 50, 50] });
    flaggedOrder = await f.createOrder({ quantities: [10, 10, 10, 10, 10, 10], ready: false });
  }, 60_000);

  afterAll(() => t?.close());

  /** The same request through both paths; `send` gets which path it is for (to vary the scan id). */
  async function bothWays(send: (path: 'lean' | 'framework') => PromiseLike<Response>): Promise<{ viaLean: Response; viaFramework: Response }> {
    const before = lean.served;
    lean.enabled = true;
    const viaLean = await send('lean');
    expect(lean.served).toBe(before + 1);
    lean.enabled = false;
    try {
      const viaFramework = await send('framework');
      expect(lean.served).toBe(before + 1);
      return { viaLean, viaFramework };
    } finally {
      lean.enabled = true;
    }
  }

  async function expectSame(send: (path: 'lean' | 'framework') => PromiseLike<Response>): Promise<Response> {
    const { viaLean, viaFramework } = await bothWays(send);
    expect(viaLean.status).toBe(viaFramework.status);
    expect(headersOf(viaLean)).toEqual(headersOf(viaFramework));
    expect(viaLean.headers.etag).toBeUndefined();
    expect(comparable(viaLean.body)).toEqual(comparable(viaFramework.body));
    expect(viaLean.headers['content-encoding']).toBeUndefined();
    return viaLean;
  }

  const record = () => t.http.post('/api/admin/scan/record');
  const form = (body: Record<string, unknown>, token: string | null = f.admin, language = 'zh-CN') => {
    const request = record().set('Accept-Language', language).type('form');
    return (token === null ? request : request.set('token', token)).send(body);
  };
  const scan = (extra: Record<string, unknown> = {}) => ({ orderId: order.id, processId: f.processes.cut, quantity: 1, ...extra });

  it('records a scan (form body, both languages, JSON body), with the same answer and message', async () => {
    for (const language of ['zh-CN', 'en']) {
      const answer = await expectSame(() => form(scan({ scanId: randomUUID() }), f.admin, language));
      expect(answer.body.code).toBe(200);
      expect(answer.body.data.scan.processId).toBe(f.processes.cut);
    }
    await expectSame(() => record().set('token', f.admin).send({ scanId: randomUUID(), orderId: order.id, processId: f.processes.cut, quantity: 2 }));
  });

  it('replays a scan id with the first answer and Idempotent-Replayed, and refuses it reused for another effect', async () => {
    const ids = { lean: randomUUID(), framework: randomUUID() };
    await bothWays((path) => form(scan({ scanId: ids[path] })));
    const replay = await expectSame((path) => form(scan({ scanId: ids[path] })));
    expect(replay.headers['idempotent-replayed']).toBe('true');
    const reused = await expectSame((path) => form(scan({ scanId: ids[path], quantity: 3 })));
    expect(reused.status).toBe(409);
  });

  it('translates the warnings of a flagged order', async () => {
    const answer = await expectSame(() => form({ scanId: randomUUID(), orderId: flaggedOrder.id, processId: f.processes.cut, quantity: 1 }, f.admin, 'en'));
    expect(answer.body.data.warnings.length).toBeGreaterThan(0);
  });

  it('strips fields the endpoint does not know, and reads a gzip-compressed body', async () => {
    await expectSame(() => form(scan({ scanId: randomUUID(), isAdmin: 'true', recordedBy: 1 })));
    await expectSame(() =>
      record()
        .set('token', f.admin)
        .set('Content-Type', 'application/x-www-form-urlencoded')
        .set('Content-Encoding', 'gzip')
        .send(gzipSync(`scanId=${randomUUID()}&orderId=${order.id}&processId=${f.processes.cut}&quantity=1`)),
    );
  });

  it('refuses without a session, with a dead one, and before a forced password change', async () => {
    expect((await expectSame(() => form(scan({ scanId: randomUUID() }), null))).status).toBe(401);
    expect((await expectSame(() => form(scan({ scanId: randomUUID() }), 'x'.repeat(64)))).body.data.errorKey).toBe('tokenInvalid');
    expect((await expectSame(() => form(scan({ scanId: randomUUID() }), 'y'.repeat(300)))).status).toBe(401);
    const username = `lean-${randomUUID().slice(0, 6)}`;
    const created = await f.data<{ id: number; version: number }>(f.post('user/create', { username, nickname: 'n', password: 'first-pass-123' }));
    await f.data(f.post('user/updatePermission', { id: created.id, version: created.version, permissions: 'Scan' }));
    const pending = await t.login(username, 'first-pass-123');
    expect((await expectSame(() => form(scan({ scanId: randomUUID() }), pending))).body.data.errorKey).toBe('passwordChangeRequired');
  });

  it('refuses a process the caller may not execute', async () => {
    const username = `lean-w-${randomUUID().slice(0, 6)}`;
    const worker = await createActiveUser(t, f.admin, { username, password: 'worker-pass-123', permissions: 'Scan' });
    await f.allowProcesses(username, [f.processes.sew]);
    const refused = await expectSame(() => form(scan({ scanId: randomUUID() }), worker.token, 'en'));
    expect(refused.status).toBe(403);
  });

  it('gives the same translated message for each bad field', async () => {
    const bad: Record<string, unknown>[] = [
      {},
      scan({ scanId: 'short' }),
      scan({ scanId: randomUUID(), quantity: 0 }),
      scan({ scanId: randomUUID(), quantity: 'many' }),
      scan({ scanId: randomUUID(), quantity: 99_999_999_999 }),
      scan({ scanId: randomUUID(), orderId: 99_999_999_999 }),
      scan({ scanId: randomUUID(), processId: undefined }),
      scan({ scanId: randomUUID(), colorId: f.colors[0] }),
      scan({ scanId: randomUUID(), scannedAt: 'yesterday' }),
      scan({ scanId: randomUUID(), orderId: 987_654 }),
      scan({ scanId: randomUUID(), orderId: undefined, orderNo: 'NO-SUCH-ORDER' }),
    ];
    for (const body of bad) {
      for (const language of ['zh-CN', 'en']) {
        const answer = await expectSame(() => form(body, f.admin, language));
        expect(answer.status).toBeGreaterThanOrEqual(400);
        expect(answer.status).toBeLessThan(500);
      }
    }
  });

  it('refuses what an attacker sends: NUL, deep nesting, broken JSON, oversize, multipart, other charsets and types', async () => {
    const statuses: number[] = [];
    const cases: (() => PromiseLike<Response>)[] = [
      () => form(scan({ scanId: randomUUID(), deviceId: 'a\u0000b' })),
      () => record().set('token', f.admin).type('form').send(`${'a['.repeat(40)}x${']'.repeat(40)}=1`),
      () => record().set('token', f.admin).set('Content-Type', 'application/json').send('{"scanId": '),
      () => record().set('token', f.admin).set('Content-Type', 'application/json').send(JSON.stringify({ ...scan({ scanId: randomUUID() }), note: 'x'.repeat(200_000) })),
      () => record().set('token', f.admin).field('scanId', randomUUID()).field('orderId', String(order.id)),
      () => record().set('token', f.admin).set('Content-Type', 'application/json; charset=latin1').send('{}'),
      () => record().set('token', f.admin).set('Content-Type', 'text/plain').send('scanId=x'),
      () => record().set('token', f.admin).set('Content-Type', 'application/json').send('"a string"'),
      () => record().set('token', f.admin).set('Content-Type', 'application/json').send('{"__proto__": {"admin": true}, "constructor": {"prototype": {"x": 1}}}'),
    ];
    for (const send of cases) statuses.push((await expectSame(send)).status);
    expect(statuses.every((status) => status >= 400 && status < 500)).toBe(true);
    expect(statuses).toContain(413);
    expect(statuses).toContain(415);
  });

  it('leaves every other request to the framework path', async () => {
    const before = lean.served;
    const answers = await Promise.all([
      t.http.post('/api/admin/scan/record?x=1').set('token', f.admin).type('form').send(scan({ scanId: randomUUID() })),
      t.http.post('/api/admin/scan/record/').set('token', f.admin).type('form').send(scan({ scanId: randomUUID() })),
      t.http.get('/api/admin/scan/record').set('token', f.admin),
      t.http.post('/api/admin/scan/reverse').set('token', f.admin).type('form').send({}),
    ]);
    expect(lean.served).toBe(before);
    expect(answers.map((answer) => answer.body.code)).toEqual([200, 200, 404, 400]);
  });
});
