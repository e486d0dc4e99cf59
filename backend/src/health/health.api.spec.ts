import { bootTestApp, type TestApp } from '../testing/test-app.js';

describe('health, docs and HTTP hardening (API)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await bootTestApp();
  });
  afterAll(() => t.close());

  it('reports the database as up without a token', async () => {
    const response = await t.http.get('/api/health');
    expect(response.body).toMatchObject({ code: 200, data: { status: 'ok', database: 'up', realtime: 'local' } });
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
