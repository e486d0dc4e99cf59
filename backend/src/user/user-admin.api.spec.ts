import type { Socket } from 'socket.io-client';
import { DataSource } from 'typeorm';
import { firstLogin } from '../testing/accounts.js';
import { bootTestApp, connected, nextEvent, TEST_ADMIN_PASSWORD, type TestApp } from '../testing/test-app.js';

describe('users, permissions and the route catalogue (API)', () => {
  let t: TestApp;
  let admin: string;
  let adminId: number;
  let db: DataSource;

  beforeAll(async () => {
    t = await bootTestApp();
    db = t.app.get(DataSource);
    admin = await t.login();
    adminId = (await t.http.get('/api/admin/user/info').set('token', admin)).body.data.id;
  });
  afterAll(() => t.close());

  const post = (path: string, body: Record<string, unknown>, token = admin, language = 'zh-CN') =>
    t.http.post(`/api/admin/${path}`).set('token', token).set('Accept-Language', language).type('form').send(body);
  const detail = async (id: number) => (await t.http.get('/api/admin/user/detail').set('token', admin).query({ id })).body.data;

  async function createUser(username: string, extra: Record<string, unknown> = {}) {
    const response = await post('user/create', { username, nickname: `${username} name`, password: 'secret-1', ...extra });
    expect(response.body.code).toBe(200);
    return response.body.data as { id: number; version: number };
  }

  it('creates a user with a hashed password that is never returned', async () => {
    const user = await createUser('lin.wei', { department: 2, position: '跟单', email: 'lin@example.com' });
    const read = await detail(user.id);
    expect(read).toMatchObject({ username: 'lin.wei', position: '跟单', department: 2, departmentLabel: expect.any(String), enabled: true, permissions: [] });
    expect(JSON.stringify(read)).not.toMatch(/secret-1|scrypt|password/i);
    const [row] = await db.query(`SELECT password_hash FROM app_user WHERE id = $1`, [user.id]);
    expect(row.password_hash).toMatch(/^scrypt\$/);
    const list = await t.http.get('/api/admin/user/list').set('token', admin).query({ keyword: 'lin.' });
    expect(JSON.stringify(list.body.data)).not.toMatch(/scrypt/);
  });

  it.each([
    [{ username: 'short-pass', nickname: 'x', password: '123' }, '密码长度不能少于 8 个字符'],
    [{ username: 'no-pass', nickname: 'x' }, '密码不能为空'],
    [{ username: 'ADMIN', nickname: 'x', password: 'secret-1' }, '用户名已存在'],
    [{ username: 'bad name', nickname: 'x', password: 'secret-1' }, '用户名格式无效（只能包含字母、数字和 - _ . /）'],
  ])('refuses %j', async (body, message) => {
    const response = await post('user/create', body);
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.body.message).toBe(message);
  });

  it('grants permissions that take effect on the next request, and refuses unknown names', async () => {
    const user = await createUser('wang.fang');
    const refusedLogin = await post('login/login', { username: 'wang.fang', password: 'secret-1' });
    expect(refusedLogin.body.message).toBe('该账号没有任何权限，请联系管理员');

    const granted = await post('user/updatePermission', { id: user.id, version: user.version, permissions: 'Home,Goods' });
    expect(granted.body.data.permissions).toEqual(['Home', 'Goods']);
    const token = await firstLogin(t, 'wang.fang', 'secret-1');
    expect((await t.http.get('/api/admin/goods/list').set('token', token)).status).not.toBe(403);
    expect((await t.http.get('/api/admin/color/list').set('token', token)).status).toBe(403);

    await post('user/updatePermission', { id: user.id, version: granted.body.data.version, permissions: 'Home,Color' });
    expect((await t.http.get('/api/admin/color/list').set('token', token)).status).toBe(200);

    const unknown = await post('user/updatePermission', { id: user.id, version: 99, permissions: 'Home,Everything' }, admin, 'en');
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toMatch(/^Screen permissions must be one of/);
  });

  it('refuses a stale permission edit', async () => {
    const user = await createUser('stale.edit');
    await post('user/updatePermission', { id: user.id, version: user.version, permissions: 'Home' });
    const stale = await post('user/updatePermission', { id: user.id, version: user.version, permissions: 'Home,User' });
    expect(stale.status).toBe(409);
    expect((await detail(user.id)).permissions).toEqual(['Home']);
  });

  it('ends the sessions and sockets of a user who is disabled', async () => {
    const user = await createUser('zhao.lei');
    const granted = await post('user/updatePermission', { id: user.id, version: user.version, permissions: 'Home' });
    const token = await firstLogin(t, 'zhao.lei', 'secret-1');
    const socket: Socket = t.socket({ token });
    await connected(socket);
    const kicked = nextEvent<string>(socket, 'disconnect');
    const disabled = await post('user/update', { id: user.id, version: granted.body.data.version, enabled: 'false' });
    expect(disabled.body.data.enabled).toBe(false);
    expect(await kicked).toBe('io server disconnect');
    expect((await t.http.get('/api/admin/user/info').set('token', token)).status).toBe(401);
    expect((await post('login/login', { username: 'zhao.lei', password: 'secret-1-own' })).body.data.errorKey).toBe('accountDisabled');
  });

  it('resets a password and ends the old sessions', async () => {
    const user = await createUser('reset.me');
    await post('user/updatePermission', { id: user.id, version: user.version, permissions: 'Home' });
    const old = await firstLogin(t, 'reset.me', 'secret-1');
    expect((await post('user/resetPassword', { id: user.id, password: 'new-secret' })).body.code).toBe(200);
    expect((await t.http.get('/api/admin/user/info').set('token', old)).status).toBe(401);
    await expect(t.login('reset.me', 'secret-1')).rejects.toThrow();
    await expect(t.login('reset.me', 'new-secret')).resolves.toEqual(expect.any(String));
  });

  it('keeps at least one enabled permission administrator, even under concurrent demotions', async () => {
    const self = await detail(adminId);
    const selfDemotion = await post('user/updatePermission', { id: adminId, version: self.version, permissions: 'Home' });
    expect(selfDemotion.body.message).toBe('不能取消自己的权限设置权限');
    expect((await post('user/update', { id: adminId, version: self.version, enabled: 'false' })).body.message).toBe('不能停用自己的账号');
    expect((await post('user/delete', { id: adminId })).body.message).toBe('不能删除自己的账号');

    // Two administrators, each trying to demote the other at the same moment: one must fail.
    const a = await createUser('admin.a');
    const b = await createUser('admin.b');
    const aGranted = (await post('user/updatePermission', { id: a.id, version: a.version, permissions: 'Home,Permission' })).body.data;
    const bGranted = (await post('user/updatePermission', { id: b.id, version: b.version, permissions: 'Home,Permission' })).body.data;
    // The seeded admin steps aside (someone else can now edit permissions).
    const aToken = await firstLogin(t, 'admin.a', 'secret-1');
    const bToken = await firstLogin(t, 'admin.b', 'secret-1');
    const current = await detail(adminId);
    expect((await post('user/updatePermission', { id: adminId, version: current.version, permissions: 'Home' }, aToken)).body.code).toBe(200);

    const [aDemotesB, bDemotesA] = await Promise.all([
      post('user/updatePermission', { id: b.id, version: bGranted.version, permissions: 'Home' }, aToken),
      post('user/updatePermission', { id: a.id, version: aGranted.version, permissions: 'Home' }, bToken),
    ]);
    // One wins. The other is refused: 409 when it ran alongside, or 403 when it was checked
    // after the winner had already demoted its caller.
    const outcomes = [aDemotesB.body.code, bDemotesA.body.code].sort();
    expect(outcomes[0]).toBe(200);
    expect([403, 409]).toContain(outcomes[1]);
    const [{ count }] = await db.query(`SELECT count(*)::int AS count FROM app_user WHERE enabled AND 'Permission' = ANY (permissions)`);
    expect(count).toBe(1);
  });

  it('stores and returns the route catalogue, for permission administrators only', async () => {
    const routes = [
      { name: 'Home', group: '', title: { 'zh-CN': '控制台', en: 'Console' } },
      { name: 'Goods', group: 'base', title: { 'zh-CN': '商品', en: 'Goods' }, groupTitle: { 'zh-CN': '基础资料', en: 'Base data' } },
    ];
    // Whichever of admin.a / admin.b won the race above is the one permission administrator left.
    const [{ username: holder }] = await db.query(`SELECT username FROM app_user WHERE enabled AND 'Permission' = ANY (permissions)`);
    const token = await t.login(holder, 'secret-1-own');
    const stored = await post('setting/generateRoute', { routes: JSON.stringify(routes) }, token);
    expect(stored.body.data).toEqual(routes);
    expect((await t.http.get('/api/admin/setting/getRouteCatalogue').set('token', token)).body.data).toEqual(routes);
    expect((await post('setting/generateRoute', { routes: '[{"name":"Nope","group":"","title":{"zh-CN":"x","en":"x"}}]' }, token)).status).toBe(400);
    expect((await post('setting/generateRoute', { routes: 'not json' }, token)).status).toBe(400);
    const viewer = await t.login('viewer', 'viewer123');
    expect((await post('setting/generateRoute', { routes: JSON.stringify(routes) }, viewer)).status).toBe(403);
    void TEST_ADMIN_PASSWORD;
  });
});
