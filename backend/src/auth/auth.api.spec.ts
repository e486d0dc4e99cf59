import { DataSource } from 'typeorm';
import { bootTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '../testing/test-app.js';

describe('login, sessions and route permissions (API)', () => {
  let t: TestApp;
  let db: DataSource;

  beforeAll(async () => {
    t = await bootTestApp({ env: { LOGIN_MAX_ATTEMPTS: '3' } });
    db = t.app.get(DataSource);
  });
  afterAll(() => t.close());

  it('logs in with a form-encoded body and returns token, processList and permission', async () => {
    const response = await t.http.post('/api/admin/login/login').type('form').send({ username: '  admin ', password: TEST_ADMIN_PASSWORD });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ code: 200, message: '登录成功' });
    expect(response.body.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(response.body.data.permission.split(';')).toEqual(expect.arrayContaining(['Home', 'SettingDashboard']));
    expect(typeof response.body.data.processList).toBe('string');
  });

  it('accepts JSON bodies too; multipart only on the upload endpoints (415 here)', async () => {
    const json = await t.http.post('/api/admin/login/login').send({ username: 'admin', password: TEST_ADMIN_PASSWORD });
    expect(json.body.code).toBe(200);
    const multipart = await t.http.post('/api/admin/login/login').field('username', 'admin').field('password', TEST_ADMIN_PASSWORD);
    expect(multipart.status).toBe(415);
    expect(multipart.body.data.errorKey).toBe('multipartNotAccepted');
  });

  it('stores only a hash of the token, with a 7-day expiry', async () => {
    const token = await t.login();
    const rows: { token_hash: string; days: number }[] = await db.query(
      `SELECT token_hash, extract(epoch FROM expires_at - created_at) / 86400 AS days FROM user_session`,
    );
    expect(rows.some((row) => row.token_hash.includes(token))).toBe(false);
    expect(Math.round(Number(rows[0].days))).toBe(7);
  });

  it('refuses a wrong password with a translated message and HTTP 401', async () => {
    const zh = await t.http.post('/api/admin/login/login').type('form').send({ username: 'viewer', password: 'nope-nope' });
    expect(zh.status).toBe(401);
    expect(zh.body).toEqual({ code: 401, message: '用户名或密码错误', data: { errorKey: 'loginFailed' } });
    const en = await t.http
      .post('/api/admin/login/login')
      .set('Accept-Language', 'en-US,en;q=0.9')
      .type('form')
      .send({ username: 'nobody-here', password: 'nope-nope' });
    expect(en.body.message).toBe('Wrong username or password');
  });

  it('names the missing field', async () => {
    const zh = await t.http.post('/api/admin/login/login').type('form').send({ password: 'x' });
    expect(zh.status).toBe(400);
    expect(zh.body.message).toBe('用户名不能为空');
    expect(zh.body.data).toMatchObject({ errorKey: 'validation', field: 'username' });
    const en = await t.http.post('/api/admin/login/login').set('Accept-Language', 'en').send({ username: 'admin', password: 42 });
    expect(en.body.message).toBe('Password must be text');
  });

  it('answers malformed JSON with 400, not 500', async () => {
    const response = await t.http.post('/api/admin/login/login').set('Content-Type', 'application/json').send('{"username": ');
    expect(response.status).toBe(400);
    expect(response.body.code).toBe(400);
    expect(response.body.message).toBe('请求内容格式错误');
  });

  it('refuses a user with no permission at all', async () => {
    await db.query(`UPDATE app_user SET permissions = '{}' WHERE username = 'viewer'`);
    try {
      const response = await t.http.post('/api/admin/login/login').type('form').send({ username: 'viewer', password: 'viewer123' });
      expect(response.status).toBe(403);
      expect(response.body.message).toBe('该账号没有任何权限，请联系管理员');
      const en = await t.http
        .post('/api/admin/login/login')
        .set('Accept-Language', 'en')
        .type('form')
        .send({ username: 'viewer', password: 'viewer123' });
      expect(en.body.message).toBe('This account has no permission, contact the administrator');
    } finally {
      await db.query(`UPDATE app_user SET permissions = '{Home}' WHERE username = 'viewer'`);
    }
  });

  it('needs a token everywhere but the public endpoints', async () => {
    const none = await t.http.get('/api/admin/user/info');
    expect(none.status).toBe(401);
    expect(none.body.message).toBe('请先登录');
    const bad = await t.http.get('/api/admin/user/info').set('token', 'made-up');
    expect(bad.status).toBe(401);
    expect(bad.body.message).toBe('登录已失效，请重新登录');
    const title = await t.http.get('/api/admin/setting/getSystemTitle');
    expect(title.body).toMatchObject({ code: 200, data: '订单跟踪系统' });
  });

  it('returns user info and the department list to a logged-in user', async () => {
    const token = await t.login('viewer', 'viewer123');
    const info = await t.http.get('/api/admin/user/info').set('token', token);
    expect(info.body.data).toMatchObject({ username: 'viewer', name: expect.any(String), avatar: '' });
    const departments = await t.http.get('/api/admin/user/getDepartmentList').set('token', token);
    expect(departments.body.data.length).toBeGreaterThanOrEqual(5);
    expect(departments.body.data[0]).toEqual({ id: expect.any(Number), code: 'OFFICE', name: expect.any(String) });
  });

  it('checks the route permission on the server', async () => {
    const viewer = await t.login('viewer', 'viewer123');
    const refused = await t.http.post('/api/admin/setting/updateDashboardSetting').set('token', viewer).type('form').send({ refreshType: 1 });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('没有权限执行此操作');
    const admin = await t.login();
    const allowed = await t.http.post('/api/admin/setting/updateDashboardSetting').set('token', admin).type('form').send({ refreshType: 1 });
    expect(allowed.status).toBe(200);
  });

  it('takes permission changes and disabling into account on the very next request', async () => {
    const token = await t.login('viewer', 'viewer123');
    await db.query(`UPDATE app_user SET permissions = '{Home,SettingDashboard}' WHERE username = 'viewer'`);
    const granted = await t.http.post('/api/admin/setting/updateDashboardSetting').set('token', token).type('form').send({ refreshInterval: 15 });
    expect(granted.status).toBe(200);
    await db.query(`UPDATE app_user SET permissions = '{Home}', enabled = false WHERE username = 'viewer'`);
    try {
      const disabled = await t.http.get('/api/admin/user/info').set('token', token);
      expect(disabled.status).toBe(401);
      const login = await t.http.post('/api/admin/login/login').type('form').send({ username: 'viewer', password: 'viewer123' });
      expect(login.status).toBe(403);
      expect(login.body.data.errorKey).toBe('accountDisabled');
    } finally {
      await db.query(`UPDATE app_user SET enabled = true WHERE username = 'viewer'`);
    }
  });

  it('ends the session on logout and on expiry', async () => {
    const token = await t.login();
    const logout = await t.http.post('/api/admin/login/logout').set('token', token);
    expect(logout.body).toMatchObject({ code: 200, message: '退出成功' });
    expect((await t.http.get('/api/admin/user/info').set('token', token)).status).toBe(401);

    const other = await t.login();
    await db.query(`UPDATE user_session SET expires_at = now() - interval '1 second' WHERE revoked_at IS NULL`);
    expect((await t.http.get('/api/admin/user/info').set('token', other)).status).toBe(401);
  });

  it('throttles failed logins per account and address without locking out others', async () => {
    const attempt = (username: string, password: string, ip: string) =>
      t.http.post('/api/admin/login/login').set('X-Forwarded-For', ip).type('form').send({ username, password });
    for (let i = 0; i < 3; i++) expect((await attempt('admin', 'wrong-guess', '10.9.9.9')).status).toBe(401);
    const blocked = await attempt('admin', TEST_ADMIN_PASSWORD, '10.9.9.9');
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toMatch(/登录失败次数过多，请 \d+ 秒后再试/);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // The same account from the owner's own machine, and another account from the attacker's.
    expect((await attempt('admin', TEST_ADMIN_PASSWORD, '10.1.1.1')).status).toBe(200);
    expect((await attempt('viewer', 'viewer123', '10.9.9.9')).status).toBe(200);
  });

  it('counts concurrent wrong guesses too', async () => {
    const results = await Promise.all(
      Array.from({ length: 8 }, () =>
        t.http.post('/api/admin/login/login').set('X-Forwarded-For', '10.7.7.7').type('form').send({ username: 'viewer', password: 'bad-bad' }),
      ),
    );
    expect(results.every((r) => r.status === 401 || r.status === 429)).toBe(true);
    const after = await t.http
      .post('/api/admin/login/login')
      .set('X-Forwarded-For', '10.7.7.7')
      .type('form')
      .send({ username: 'viewer', password: 'viewer123' });
    expect(after.status).toBe(429);
  });
});
