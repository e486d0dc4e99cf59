import { spawnSync } from 'node:child_process';
import { hasRedisServer, startPrivateRedis, type PrivateRedis } from '../testing/private-redis.js';
import { bootTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '../testing/test-app.js';

// The login throttle on Redis, and while Redis is away: the in-memory insurance limiter keeps
// counting (no 500, no free guesses). Runs its own redis-server on a free port, never the shared one.
if (!hasRedisServer) console.warn('login-throttle-redis.api.spec: skipped (no redis-server binary)');

(hasRedisServer ? describe : describe.skip)('login throttle with Redis, and while Redis is away (API)', () => {
  let redis: PrivateRedis | undefined;
  let t: TestApp;

  beforeAll(async () => {
    redis = await startPrivateRedis();
    t = await bootTestApp({ env: { REDIS_URL: redis.url, LOGIN_MAX_ATTEMPTS: '3' } });
  });
  afterAll(async () => {
    await t?.close();
    await redis?.kill();
  });

  const attempt = (username: string, password: string, ip: string) =>
    t.http.post('/api/admin/login/login').set('X-Forwarded-For', ip).type('form').send({ username, password });

  it('counts in Redis while it is up', async () => {
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await attempt('admin', 'wrong-guess', '10.91.0.1')).status);
    expect(statuses).toEqual([401, 401, 401, 429]);
    const keys = spawnSync('redis-cli', ['-p', String(redis!.port), '--scan', '--pattern', 'login-account*']).stdout.toString().trim().split('\n');
    expect(keys.filter(Boolean).length).toBeGreaterThan(0);
  });

  it('falls back to memory while Redis is down: still 401 then 429, never 500, and the right password works', async () => {
    await redis?.kill();
    await new Promise((resolve) => setTimeout(resolve, 300));
    const results = await Promise.all(Array.from({ length: 10 }, () => attempt('viewer', 'wrong-guess', '10.92.0.1')));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 401)).toHaveLength(3);
    expect(statuses.filter((s) => s === 429)).toHaveLength(7);
    expect((await attempt('viewer', 'viewer123', '10.92.0.1')).status).toBe(429);
    expect((await attempt('admin', TEST_ADMIN_PASSWORD, '10.93.0.1')).status).toBe(200);
  });
});
