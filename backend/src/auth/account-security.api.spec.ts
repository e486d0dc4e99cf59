import { DataSource } from 'typeorm';
import { ROOMS } from '../../../contracts/events.js';
import { hashPassword, costOf, PasswordHasher } from './password-hasher.js';
import { SessionPurger } from './session-purger.js';
import { createActiveUser, firstLogin } from '../testing/accounts.js';
import { bootTestApp, connected, TEST_ADMIN_PASSWORD, type TestApp } from '../testing/test-app.js';
import { SecurityLogService } from '../security-log/security-log.service.js';

interface EventRow {
  action: string;
  result: string;
  actor_username: string;
  target_label: string;
  ip: string;
  detail: Record<string, unknown>;
}

describe('account security (API)', () => {
  let t: TestApp;
  let db: DataSource;
  let admin: string;
  let adminId: number;

  beforeAll(async () => {
    t = await bootTestApp();
    db = t.app.get(DataSource);
    admin = await t.login();
    adminId = (await t.http.get('/api/admin/user/info').set('token', admin)).body.data.id;
  });
  afterAll(() => t.close());

  const post = (path: string, body: Record<string, unknown>, token = admin, language = 'zh-CN') =>
    t.http.post(`/api/admin/${path}`).set('token', token).set('Accept-Language', language).type('form').send(body);
  const loginAs = (username: string, password: string, ip = '127.0.0.1') =>
    t.http.post('/api/admin/login/login').set('X-Forwarded-For', ip).type('form').send({ username, password });
  const events = (action: string): Promise<EventRow[]> =>
    db.query(`SELECT action, result, actor_username, target_label, ip, detail FROM security_event WHERE action = $1 ORDER BY id`, [action]);
  // Security events are written without holding up the answer: wait for those already recorded.
  const settle = () => t.app.get(SecurityLogService).flush();

  describe('forced change of a password someone else set', () => {
    it('flags a new account at login and refuses everything but changePassword, logout and info until changed', async () => {
      const created = await post('user/create', { username: 'new.hire', nickname: 'New hire', password: 'Given-by-admin-1' });
      await post('user/updatePermission', { id: created.body.data.id, version: created.body.data.version, permissions: 'Home,Goods' });
      const login = await loginAs('new.hire', 'Given-by-admin-1');
      expect(login.status).toBe(200);
      expect(login.body.data).toMatchObject({ mustChangePassword: true, passwordIsDefault: false });
      const token = login.body.data.token as string;

      const zh = await t.http.get('/api/admin/goods/list').set('token', token);
      expect(zh.status).toBe(403);
      expect(zh.body).toEqual({ code: 403, message: '请先修改密码', data: { errorKey: 'passwordChangeRequired' } });
      const en = await t.http.get('/api/admin/statistics/console').set('token', token).set('Accept-Language', 'en');
      expect(en.body.message).toBe('Please change your password first');
      // The screen's socket stays connected (no bounce to the login page), but with no rights:
      // rooms that need a permission are refused.
      const early = t.socket({ token });
      await connected(early);
      const answer = (await early.timeout(5000).emitWithAck('subscribe', { rooms: [ROOMS.masterData('goods')] })) as { joined?: string[] };
      expect(answer.joined ?? []).not.toContain(ROOMS.masterData('goods'));

      const info = await t.http.get('/api/admin/user/info').set('token', token);
      expect(info.status).toBe(200);
      expect(info.body.data).toMatchObject({ username: 'new.hire', mustChangePassword: true });

      const changed = await post('user/changePassword', { currentPassword: 'Given-by-admin-1', newPassword: 'Mine-and-only-mine' }, token);
      expect(changed.body).toMatchObject({ code: 200, message: '密码已修改' });
      expect((await t.http.get('/api/admin/goods/list').set('token', token)).status).toBe(200);
      expect((await t.http.get('/api/admin/user/info').set('token', token)).body.data.mustChangePassword).toBe(false);
      const after = t.socket({ token });
      await connected(after);
      const joined = (await after.timeout(5000).emitWithAck('subscribe', { rooms: [ROOMS.masterData('goods')] })) as { joined?: string[] };
      expect(joined.joined).toContain(ROOMS.masterData('goods'));
      expect((await post('login/logout', {}, token)).status).toBe(200);
    });

    it('flags a password reset by an administrator, but not one the user set for themself', async () => {
      const user = await createActiveUser(t, admin, { username: 'was.reset', password: 'Own-choice-77', permissions: 'Home' });
      const reset = await post('user/resetPassword', { id: user.id, password: 'Temporary-77' });
      expect(reset.status).toBe(200);
      expect((await t.http.get('/api/admin/user/info').set('token', user.token)).status).toBe(401);
      await expect(t.login('was.reset', 'Own-choice-77')).rejects.toThrow();
      const login = await loginAs('was.reset', 'Temporary-77');
      expect(login.body.data.mustChangePassword).toBe(true);
      expect((await t.http.get('/api/admin/color/list').set('token', login.body.data.token)).body.data.errorKey).toBe('passwordChangeRequired');
      // The logout stays open.
      expect((await post('login/logout', {}, login.body.data.token)).body.code).toBe(200);

      await settle();
      const [row] = (await events('password.reset')).filter((event) => event.target_label === 'was.reset');
      expect(row).toMatchObject({ result: 'success', actor_username: 'admin' });
      expect(JSON.stringify(row)).not.toContain('Temporary-77');
    });
  });

  describe('changing one\'s own password', () => {
    let user: { id: number; token: string };
    beforeAll(async () => {
      user = await createActiveUser(t, admin, { username: 'changer', password: 'Start-pass-11', permissions: 'Home' });
    });

    it.each([
      [{ currentPassword: 'not-the-one', newPassword: 'Fine-new-pass-1' }, 400, 'currentPasswordWrong', '当前密码不正确'],
      [{ currentPassword: 'Start-pass-11', newPassword: 'short' }, 400, 'validation', null],
      [{ currentPassword: 'Start-pass-11', newPassword: 'password123' }, 400, 'passwordWeak', '密码不符合要求：这是常见密码，很容易被猜到'],
      [{ currentPassword: 'Start-pass-11', newPassword: 'changer2024' }, 400, 'passwordWeak', '密码不符合要求：不能与用户名相同或相近'],
      [{ currentPassword: 'Start-pass-11', newPassword: 'Start-pass-11' }, 400, 'passwordUnchanged', '新密码不能与当前密码相同'],
      [{ newPassword: 'Fine-new-pass-1' }, 400, 'validation', null],
    ])('refuses %j with %i %s, changing nothing', async (body, status, errorKey, message) => {
      const [before] = await db.query(`SELECT password_hash FROM app_user WHERE id = $1`, [user.id]);
      const response = await post('user/changePassword', body, user.token);
      expect(response.status).toBe(status);
      expect(response.body.data.errorKey).toBe(errorKey);
      if (message) expect(response.body.message).toBe(message);
      const [after] = await db.query(`SELECT password_hash FROM app_user WHERE id = $1`, [user.id]);
      expect(after.password_hash).toBe(before.password_hash);
    });

    it('is in the OpenAPI document, with both password fields required', async () => {
      const document = (await t.http.get('/api/docs-json')).body;
      const operation = document.paths['/api/admin/user/changePassword']?.post;
      expect(operation?.summary).toMatch(/Change your own password/);
      const schemaName = JSON.stringify(operation.requestBody).match(/#\/components\/schemas\/(\w+)/)?.[1];
      expect(document.components.schemas[schemaName!].required).toEqual(expect.arrayContaining(['currentPassword', 'newPassword']));
    });

    it('answers in English too', async () => {
      const response = await post('user/changePassword', { currentPassword: 'Start-pass-11', newPassword: 'qwertyuiop' }, user.token, 'en');
      expect(response.body.message).toBe('The password is not acceptable: it is a common password and easy to guess');
    });

    it('needs a session', async () => {
      const response = await t.http.post('/api/admin/user/changePassword').type('form').send({ currentPassword: 'a', newPassword: 'b' });
      expect(response.status).toBe(401);
    });

    it('changes it, keeps this session, ends the others, and refuses the old password', async () => {
      const other = await t.login('changer', 'Start-pass-11');
      const changed = await post('user/changePassword', { currentPassword: 'Start-pass-11', newPassword: 'Second-pass-22' }, user.token);
      expect(changed.status).toBe(200);
      expect((await t.http.get('/api/admin/user/info').set('token', user.token)).status).toBe(200);
      expect((await t.http.get('/api/admin/user/info').set('token', other)).status).toBe(401);
      expect((await loginAs('changer', 'Start-pass-11', '10.20.0.1')).status).toBe(401);
      expect((await loginAs('changer', 'Second-pass-22', '10.20.0.2')).status).toBe(200);
      await settle();
      const rows = (await events('password.change')).filter((event) => event.actor_username === 'changer');
      expect(rows.map((row) => row.result)).toEqual(expect.arrayContaining(['refused', 'success']));
      // The last change ended the one other session (the first login's change ended none).
      expect(rows.filter((row) => row.result === 'success').map((row) => row.detail)).toEqual([{ endedSessions: 0 }, { endedSessions: 1 }]);
      expect(JSON.stringify(rows)).not.toMatch(/Second-pass-22|Start-pass-11/);
    });
  });

  describe('privilege', () => {
    let clerk: { id: number; token: string };
    beforeAll(async () => {
      clerk = await createActiveUser(t, admin, { username: 'user.clerk', password: 'Clerk-pass-33', permissions: 'Home,User' });
    });

    it('a holder of only the User screen cannot reset, update, disable or delete the administrator', async () => {
      const [before] = await db.query(`SELECT password_hash, version, nickname, enabled FROM app_user WHERE id = $1`, [adminId]);
      const attempts = [
        post('user/resetPassword', { id: adminId, password: 'Taken-over-123' }, clerk.token),
        post('user/update', { id: adminId, version: before.version, nickname: 'owned' }, clerk.token),
        post('user/update', { id: adminId, version: before.version, enabled: 'false' }, clerk.token),
        post('user/delete', { id: adminId }, clerk.token, 'en'),
      ];
      for (const response of await Promise.all(attempts)) {
        expect(response.status).toBe(403);
        expect(response.body.data.errorKey).toBe('userMorePrivileged');
      }
      expect((await attempts[0]).body.message).toBe('不能修改权限比你更多的用户（或拥有权限设置权限的用户）');
      expect((await attempts[3]).body.message).toMatch(/^You cannot change a user who holds permissions you do not have/);
      const [after] = await db.query(`SELECT password_hash, version, nickname, enabled FROM app_user WHERE id = $1`, [adminId]);
      expect(after).toEqual(before);
      expect((await loginAs('admin', TEST_ADMIN_PASSWORD, '10.30.0.1')).status).toBe(200);
      expect((await loginAs('admin', 'Taken-over-123', '10.30.0.2')).status).toBe(401);

      await settle();
      const refused: EventRow[] = await db.query(
        `SELECT action, result, actor_username, target_label, ip, detail FROM security_event WHERE actor_username = 'user.clerk' AND result = 'refused' ORDER BY action`,
      );
      expect(refused.map((row) => row.action).sort()).toEqual(['password.reset', 'user.delete', 'user.disable', 'user.update']);
      expect(refused.every((row) => row.target_label === 'admin' && row.detail.error === 'userMorePrivileged')).toBe(true);
    });

    it('nor someone holding a screen they lack, but may manage users with less', async () => {
      const goods = await createActiveUser(t, admin, { username: 'goods.keeper', password: 'Goods-pass-44', permissions: 'Home,Goods' });
      const refused = await post('user/resetPassword', { id: goods.id, password: 'Other-pass-44' }, clerk.token);
      expect(refused.status).toBe(403);
      const plain = await createActiveUser(t, admin, { username: 'plain.user', password: 'Plain-pass-55', permissions: 'Home' });
      const allowed = await post('user/resetPassword', { id: plain.id, password: 'Reset-by-clerk-55' }, clerk.token);
      expect(allowed.status).toBe(200);
      const detail = (await t.http.get('/api/admin/user/detail').set('token', admin).query({ id: plain.id })).body.data;
      expect((await post('user/update', { id: plain.id, version: detail.version, position: 'Cutter' }, clerk.token)).status).toBe(200);
    });

    it('user/options needs the User, Permission or appraisal screen', async () => {
      const viewer = await t.login('viewer', 'viewer123');
      const refused = await t.http.get('/api/admin/user/options').set('token', viewer);
      expect(refused.status).toBe(403);
      const allowed = await t.http.get('/api/admin/user/options').set('token', clerk.token);
      expect(allowed.status).toBe(200);
      expect(allowed.body.data.length).toBeGreaterThan(2);
      const payroll = await createActiveUser(t, admin, { username: 'user.payroll', password: 'Payroll-pass-44', permissions: 'Home,PerformanceAppraisalDetails' });
      expect((await t.http.get('/api/admin/user/options').set('token', payroll.token)).status).toBe(200);
    });

    it('logs permission changes with before and after', async () => {
      const user = await createActiveUser(t, admin, { username: 'perm.target', password: 'Perm-pass-66', permissions: 'Home' });
      await post('user/updatePermission', { id: user.id, version: user.version, permissions: 'Home,Color' });
      await settle();
      const [row] = (await events('permission.update')).filter((event) => event.target_label === 'perm.target').slice(-1);
      expect(row).toMatchObject({ result: 'success', actor_username: 'admin' });
      expect(row.detail).toMatchObject({ permissionsBefore: ['Home'], permissionsAfter: ['Home', 'Color'] });
    });
  });

  describe('login', () => {
    it('answers flags: the seeded viewer has a built-in default password, the admin a chosen one', async () => {
      const viewer = await loginAs('viewer', 'viewer123', '10.40.0.1');
      expect(viewer.body.data).toMatchObject({ passwordIsDefault: true, mustChangePassword: false });
      const info = await t.http.get('/api/admin/user/info').set('token', viewer.body.data.token);
      expect(info.body.data.passwordIsDefault).toBe(true);
      expect((await loginAs('admin', TEST_ADMIN_PASSWORD, '10.40.0.1')).body.data.passwordIsDefault).toBe(false);
    });

    it('lets at most LOGIN_MAX_ATTEMPTS of 100 concurrent wrong guesses reach the password check', async () => {
      const hasher = t.app.get(PasswordHasher);
      const checksBefore = hasher.verifications;
      const results = await Promise.all(Array.from({ length: 100 }, () => loginAs('admin', 'guess-guess', '10.50.0.1')));
      const checks = hasher.verifications - checksBefore;
      const statuses = results.map((r) => r.status);
      // Default limit: 5 per account and address.
      expect(checks).toBeLessThanOrEqual(5);
      expect(statuses.filter((s) => s === 401)).toHaveLength(checks);
      expect(statuses.filter((s) => s === 429)).toHaveLength(100 - checks);
      // The right password is refused too until the window passes — without being checked.
      const right = await loginAs('admin', TEST_ADMIN_PASSWORD, '10.50.0.1');
      expect(right.status).toBe(429);
      expect(Number(right.headers['retry-after'])).toBeGreaterThan(0);
      expect(hasher.verifications - checksBefore).toBe(checks);

      await settle();
      const rows: { result: string; count: number }[] = await db.query(
        `SELECT result, count(*)::int AS count FROM security_event WHERE action = 'login' AND ip = '10.50.0.1' GROUP BY result`,
      );
      const byResult = Object.fromEntries(rows.map((row) => [row.result, row.count]));
      expect(byResult).toEqual({ failure: checks, refused: 101 - checks });
    });

    it('re-hashes a password stored at an older cost on a successful login', async () => {
      const user = await createActiveUser(t, admin, { username: 'old.hash', password: 'Old-cost-pass-1', permissions: 'Home' });
      await db.query(`UPDATE app_user SET password_hash = $2 WHERE id = $1`, [user.id, await hashPassword('Old-cost-pass-1', costOf(12))]);
      expect((await loginAs('old.hash', 'Old-cost-pass-1', '10.60.0.1')).status).toBe(200);
      const [row] = await db.query(`SELECT password_hash FROM app_user WHERE id = $1`, [user.id]);
      expect(row.password_hash).toMatch(new RegExp(`^scrypt\\$${t.app.get(PasswordHasher).cost.N}\\$8\\$1\\$`));
      expect((await loginAs('old.hash', 'Old-cost-pass-1', '10.60.0.1')).status).toBe(200);
    });

    it('records logins, failures and logouts without passwords or tokens', async () => {
      const login = await t.http
        .post('/api/admin/login/login')
        .set('X-Forwarded-For', '10.70.0.1')
        .set('User-Agent', 'audit-test')
        .type('form')
        .send({ username: 'viewer', password: 'viewer123' });
      await loginAs('viewer', 'Wrong-one-99', '10.70.0.1');
      await loginAs('nobody.at.all', 'Wrong-one-99', '10.70.0.1');
      await t.http.post('/api/admin/login/logout').set('token', login.body.data.token).set('X-Forwarded-For', '10.70.0.1');
      await settle();
      const rows: (EventRow & { user_agent: string })[] = await db.query(
        `SELECT action, result, actor_username, target_label, ip, user_agent, detail FROM security_event WHERE ip = '10.70.0.1' ORDER BY id`,
      );
      expect(rows.map((row) => [row.action, row.result, row.actor_username])).toEqual([
        ['login', 'success', 'viewer'],
        ['login', 'failure', 'viewer'],
        ['login', 'failure', 'nobody.at.all'],
        ['logout', 'success', 'viewer'],
      ]);
      expect(rows[0].user_agent).toBe('audit-test');
      expect(rows[2].detail).toEqual({ reason: 'unknownUser' });
      expect(JSON.stringify(rows)).not.toMatch(/viewer123|Wrong-one-99/);
      expect(JSON.stringify(rows)).not.toContain(login.body.data.token);
      const listed = await t.app.get(SecurityLogService).list({ limit: 2 });
      expect(listed).toHaveLength(2);
      expect(listed[0].action).toBe('logout');
    });

    it('records a board-key rotation', async () => {
      const rotated = await post('setting/rotateBoardKey', {});
      expect(rotated.status).toBe(200);
      await settle();
      const [row] = await events('boardKey.rotate');
      expect(row).toMatchObject({ result: 'success', actor_username: 'admin' });
      expect(JSON.stringify(row)).not.toContain(rotated.body.data.boardKey);
    });
  });

  it('purges sessions expired or revoked more than a day ago, keeping live ones', async () => {
    const live = await t.login('viewer', 'viewer123');
    await db.query(
      `INSERT INTO user_session (user_id, token_hash, expires_at, revoked_at) VALUES
         ($1, repeat('a', 64), now() - interval '2 days', NULL),
         ($1, repeat('b', 64), now() + interval '2 days', now() - interval '2 days'),
         ($1, repeat('c', 64), now() - interval '1 hour', NULL)`,
      [adminId],
    );
    const deleted = await t.app.get(SessionPurger).purge();
    expect(deleted).toBeGreaterThanOrEqual(2);
    const left: { token_hash: string }[] = await db.query(`SELECT token_hash FROM user_session WHERE token_hash IN ($1, $2, $3)`, [
      'a'.repeat(64),
      'b'.repeat(64),
      'c'.repeat(64),
    ]);
    expect(left.map((row) => row.token_hash)).toEqual(['c'.repeat(64)]);
    expect((await t.http.get('/api/admin/user/info').set('token', live)).status).toBe(200);
  });

  it('firstLogin helper does what the forced-change screen does', async () => {
    await post('user/create', { username: 'helper.check', nickname: 'x', password: 'Helper-pass-1' }).then(async (r) =>
      post('user/updatePermission', { id: r.body.data.id, version: r.body.data.version, permissions: 'Home' }),
    );
    const token = await firstLogin(t, 'helper.check', 'Helper-pass-1');
    expect((await t.http.get('/api/admin/statistics/console').set('token', token)).status).not.toBe(403);
  });
});

describe('bounded password checks (API)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await bootTestApp({ env: { PASSWORD_HASH_CONCURRENCY: '1', PASSWORD_HASH_QUEUE: '2' } });
  });
  afterAll(() => t.close());

  it('answers 503 with Retry-After to a burst of unknown-username logins beyond the queue, then recovers', async () => {
    const hasher = t.app.get(PasswordHasher);
    const before = hasher.verifications;
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        t.http.post('/api/admin/login/login').set('X-Forwarded-For', `10.80.0.${i}`).set('Accept-Language', 'en').type('form').send({ username: `ghost${i}`, password: 'whatever-1' }),
      ),
    );
    const busy = results.filter((r) => r.status === 503);
    expect(results.every((r) => r.status === 401 || r.status === 503)).toBe(true);
    expect(busy.length).toBeGreaterThan(0);
    expect(busy[0].body).toMatchObject({ code: 503, data: { errorKey: 'passwordCheckBusy' } });
    expect(busy[0].body.message).toMatch(/^Too many logins at once, the server is busy; try again in \d+ s$/);
    expect(Number(busy[0].headers['retry-after'])).toBeGreaterThan(0);
    expect(hasher.verifications - before).toBe(results.length - busy.length);
    // A refused attempt costs the address nothing, and the queue drains.
    expect((await t.http.post('/api/admin/login/login').set('X-Forwarded-For', '10.80.0.1').type('form').send({ username: 'admin', password: TEST_ADMIN_PASSWORD })).status).toBe(200);
  });
});
