import pg from 'pg';
import { DataSource } from 'typeorm';
import { bootTestApp, type TestApp } from '../testing/test-app.js';

describe('health, docs and HTTP hardening (API)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await bootTestApp();
  });
  afterAll(() => t.close());

  it('reports the database as up without a token', async () => {
    const response = await t.http.get('/api/health');
    expect(response.body).toMatchObject({ code: 200, data: { status: 'ok', database: 'up', redis: 'disabled', realtime: 'local' } });
  });

  it('serves the OpenAPI document listing the endpoints', async () => {
    const response = await t.http.get('/api/docs-json');
    expect(response.status).toBe(200);
    const paths = Object.keys(response.body.paths as Record<string, unknown>);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/admin/login/login',
        '/api/admin/login/logout',
        '/api/admin/user/info',
        '/api/admin/user/getDepartmentList',
        '/api/admin/setting/getSystemTitle',
        '/api/admin/setting/getDashboardSetting',
        '/api/admin/setting/updateDashboardSetting',
        '/api/health',
      ]),
    );
    expect((await t.http.get('/api/docs/')).status).toBe(200);
  });

  it('answers unknown API paths in the envelope with 404', async () => {
    const response = await t.http.get('/api/admin/nothing/here').set('Accept-Language', 'en');
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ code: 404, message: 'No such endpoint', data: { errorKey: 'routeNotFound' } });
  });

  it('sends security headers and no CORS grant to foreign origins', async () => {
    const response = await t.http.get('/api/health').set('Origin', 'https://evil.example');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['x-powered-by']).toBeUndefined();
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('refuses oversized bodies with 413 in the envelope', async () => {
    const response = await t.http
      .post('/api/admin/login/login')
      .type('form')
      .send({ username: 'admin', password: 'x'.repeat(200_000) });
    expect(response.status).toBe(413);
    expect(response.body.code).toBe(413);
  });
});

describe('health while Redis is unreachable', () => {
  let t: TestApp;
  beforeAll(async () => {
    // A port nothing listens on (not the shared Redis): the app must boot and serve anyway.
    t = await bootTestApp({ env: { REDIS_URL: 'redis://127.0.0.1:6393' } });
  });
  afterAll(() => t?.close());

  it("answers 200 'degraded' with Redis down and the database up", async () => {
    const response = await t.http.get('/api/health');
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({ status: 'degraded', database: 'up', redis: 'down', realtime: 'redis' });
  });

  it('still serves the API (a login) while Redis is away', async () => {
    const token = await t.login();
    expect(token).toMatch(/./);
  });
});

// The database check opens a connection of its own: only meaningful on PostgreSQL.
(process.env.DATABASE_URL ? describe : describe.skip)('health on PostgreSQL: its own connection', () => {
  let t: TestApp;
  let db: DataSource;
  beforeAll(async () => {
    t = await bootTestApp({ env: { DB_POOL_SIZE: '2' } });
    db = t.app.get(DataSource);
  });
  afterAll(() => t?.close());

  it('reports the database up while every pooled connection is busy', async () => {
    const busy = [db.query('SELECT pg_sleep(2)'), db.query('SELECT pg_sleep(2)')];
    await new Promise((resolve) => setTimeout(resolve, 200));
    let queued = false;
    const third = db.query('SELECT 1').then(() => (queued = true));
    const started = Date.now();
    const response = await t.http.get('/api/health');
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({ status: 'ok', database: 'up' });
    expect(Date.now() - started).toBeLessThan(1500);
    expect(queued).toBe(false); // the pool was still exhausted when health answered
    await Promise.all([...busy, third]);
  });

  it('answers 503 in the envelope when the database refuses new connections', async () => {
    const name = new URL(t.databaseUrl!).pathname.slice(1);
    // Through the maintenance database: the app's own pool may have no connection left to use.
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`ALTER DATABASE "${name}" ALLOW_CONNECTIONS false`);
    try {
      const response = await t.http.get('/api/health').set('Accept-Language', 'en');
      expect(response.status).toBe(503);
      expect(response.body).toMatchObject({ code: 503, message: 'The service is unavailable, please try again later', data: { status: 'degraded', database: 'down' } });
    } finally {
      await admin.query(`ALTER DATABASE "${name}" ALLOW_CONNECTIONS true`);
      await admin.end();
    }
    expect((await t.http.get('/api/health')).status).toBe(200);
  });
});
