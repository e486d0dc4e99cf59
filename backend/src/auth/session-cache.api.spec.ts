import { DataSource } from 'typeorm';
import { AuthService } from './auth.service.js';
import { createActiveUser } from '../testing/accounts.js';
import { bootTestApp, bootTwoInstances, type TestApp } from '../testing/test-app.js';

// The session cache (session-cache.ts) skips the session query on repeated requests; these
// prove it never keeps a session alive that was ended, nor access that was taken away.
const info = (t: TestApp, token: string) => t.http.get('/api/admin/user/info').set('token', token);
const goods = (t: TestApp, token: string) => t.http.get('/api/admin/goods/list').set('token', token);
const post = (t: TestApp, token: string, path: string, body: Record<string, unknown>) =>
  t.http.post(`/api/admin/${path}`).set('token', token).type('form').send(body);

/** The other instance learns through Redis: give the message its few milliseconds (at most `ms`). */
async function eventually(check: () => Promise<number>, expected: number, ms = 2000): Promise<number> {
  const until = Date.now() + ms;
  let status = await check();
  while (status !== expected && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    status = await check();
  }
  return status;
}

describe('session cache (API)', () => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await bootTestApp({ env: { SESSION_CACHE_TTL_MS: '2000' } });
    admin = await t.login();
  });
  afterAll(() => t.close());

  it('serves a repeated request from the cache and refuses a logged-out token on the very next request', async () => {
    const token = await t.login();
    expect((await info(t, token)).status).toBe(200);
    const cache = t.app.get(AuthService).sessionCache;
    expect(cache.size).toBeGreaterThan(0);
    expect((await info(t, token)).status).toBe(200);
    expect((await post(t, token, 'login/logout', {})).status).toBe(200);
    expect((await info(t, token)).status).toBe(401);
  });

  it('refuses a disabled user and drops a taken permission at once', async () => {
    const user = await createActiveUser(t, admin, { username: 'cache.user', password: 'Cache-pass-31', permissions: 'Home,Goods' });
    expect((await goods(t, user.token)).status).toBe(200);
    const detail = (await t.http.get('/api/admin/user/detail').set('token', admin).query({ id: user.id })).body.data;
    const narrowed = await post(t, admin, 'user/updatePermission', { id: user.id, version: detail.version, permissions: 'Home' });
    expect(narrowed.body.code).toBe(200);
    expect((await goods(t, user.token)).status).toBe(403);

    const again = (await t.http.get('/api/admin/user/detail').set('token', admin).query({ id: user.id })).body.data;
    expect((await post(t, admin, 'user/update', { id: user.id, version: again.version, enabled: 'false' })).body.code).toBe(200);
    expect((await info(t, user.token)).status).toBe(401);
  });

  it('never serves a session past its own expiry', async () => {
    const token = await t.login();
    expect((await info(t, token)).status).toBe(200);
    await t.app.get(DataSource).query(`UPDATE user_session SET expires_at = now() - interval '1 second' WHERE revoked_at IS NULL AND expires_at > now() - interval '1 hour'`);
    // The expiry moved under the cache (no event): the cache's TTL ends it, bounded.
    expect(await eventually(async () => (await info(t, token)).status, 401, 3000)).toBe(401);
  });
});

// Two instances on one database behind Redis: a logout or a disable on one is refused on the other.
const canRun = Boolean(process.env.DATABASE_URL && process.env.REDIS_URL);

(canRun ? describe : describe.skip)('session cache on two instances (API)', () => {
  let a: TestApp;
  let b: TestApp;
  let close: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    ({ a, b, close } = await bootTwoInstances({ redis: true, env: { SESSION_CACHE_TTL_MS: '2000' } }));
  });
  afterAll(async () => {
    await close?.();
  });

  it('refuses on B a session that logged out on A, though B had it cached', async () => {
    const token = await a.login();
    expect((await info(b, token)).status).toBe(200);
    expect(b.app.get(AuthService).sessionCache.size).toBeGreaterThan(0);
    expect((await post(a, token, 'login/logout', {})).status).toBe(200);
    expect(await eventually(async () => (await info(b, token)).status, 401)).toBe(401);
  });

  it('refuses on B a user disabled on A, and B answers with the narrowed permissions', async () => {
    const admin = await a.login();
    const user = await createActiveUser(a, admin, { username: 'cache.two', password: 'Cache-pass-32', permissions: 'Home,Goods' });
    expect((await goods(b, user.token)).status).toBe(200);
    const detail = (await a.http.get('/api/admin/user/detail').set('token', admin).query({ id: user.id })).body.data;
    expect((await post(a, admin, 'user/updatePermission', { id: user.id, version: detail.version, permissions: 'Home' })).body.code).toBe(200);
    expect(await eventually(async () => (await goods(b, user.token)).status, 403)).toBe(403);

    const again = (await a.http.get('/api/admin/user/detail').set('token', admin).query({ id: user.id })).body.data;
    expect((await post(a, admin, 'user/update', { id: user.id, version: again.version, enabled: 'false' })).body.code).toBe(200);
    expect(await eventually(async () => (await info(b, user.token)).status, 401)).toBe(401);
  });
});
