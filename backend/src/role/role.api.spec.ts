import { DataSource } from 'typeorm';
import { firstLogin } from '../testing/accounts.js';
import { bootTestApp, type TestApp } from '../testing/test-app.js';

describe('roles (API)', () => {
  let t: TestApp;
  let admin: string;
  let db: DataSource;

  beforeAll(async () => {
    t = await bootTestApp();
    db = t.app.get(DataSource);
    admin = await t.login();
  });
  afterAll(() => t.close());

  const post = (path: string, body: Record<string, unknown>, token = admin, language = 'zh-CN') =>
    t.http.post(`/api/admin/${path}`).set('token', token).set('Accept-Language', language).type('form').send(body);
  const get = (path: string, token = admin, query: Record<string, unknown> = {}) => t.http.get(`/api/admin/${path}`).set('token', token).query(query);
  const userDetail = async (id: number) => (await get('user/detail', admin, { id })).body.data;

  async function createRole(name: string, permissions: string, description = '') {
    const response = await post('role/create', { name, permissions, description });
    expect(response.body).toMatchObject({ code: 200 });
    return response.body.data as { id: number; version: number; name: string; permissions: string[] };
  }

  /** A signed-in user holding `roleIds` plus `permissions` as extra pages. */
  async function createMember(username: string, access: { roleIds?: number[]; permissions?: string }) {
    const created = await post('user/create', { username, nickname: username, password: 'secret-1-first' });
    expect(created.body.code).toBe(200);
    const granted = await post('user/updatePermission', {
      id: created.body.data.id,
      version: created.body.data.version,
      permissions: access.permissions ?? '',
      roleIds: (access.roleIds ?? []).join(','),
    });
    expect(granted.body).toMatchObject({ code: 200 });
    const token = await firstLogin(t, username, 'secret-1-first', 'secret-1-own');
    return { id: created.body.data.id as number, token };
  }

  it('creates, lists, renames and deletes roles', async () => {
    const role = await createRole('Packing team', 'Home,Scan', 'Packers');
    expect(role).toMatchObject({ name: 'Packing team', permissions: ['Home', 'Scan'], version: 1 });
    const renamed = await post('role/update', { id: role.id, version: role.version, name: 'Packing', permissions: 'Home,Scan,Schedule' });
    expect(renamed.body.data).toMatchObject({ name: 'Packing', description: 'Packers', permissions: ['Home', 'Scan', 'Schedule'], version: 2 });
    const list = (await get('role/list')).body.data as { name: string; userCount: number }[];
    expect(list.find((entry) => entry.name === 'Packing')).toMatchObject({ userCount: 0 });
    expect((await post('role/delete', { id: role.id })).body).toMatchObject({ code: 200, message: '删除成功' });
    expect((await get('role/list')).body.data.some((entry: { id: number }) => entry.id === role.id)).toBe(false);
    expect((await post('role/delete', { id: role.id })).status).toBe(404);
  });

  it.each([
    [{ name: '', permissions: 'Home' }, 'en', 'Role name is required'],
    [{ name: 'x'.repeat(65), permissions: 'Home' }, 'en', 'Role name must be at most 64 characters'],
    [{ name: 'Odd', permissions: 'Home,Everything' }, 'en', /^Screens must be one of/],
    [{ name: 'No list' }, 'zh-CN', '页面权限不能为空'],
  ])('refuses a bad role %j', async (body, language, message) => {
    const response = await post('role/create', body, admin, language);
    expect(response.status).toBe(400);
    expect(response.body.code).toBe(400);
    expect(response.body.message).toEqual(typeof message === 'string' ? message : expect.stringMatching(message));
  });

  it('refuses a duplicate name, ignoring case, also when two creates race', async () => {
    await createRole('Cutting room', 'Home');
    const duplicate = await post('role/create', { name: 'CUTTING ROOM', permissions: 'Home' });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body).toMatchObject({ code: 409, message: '角色名称已存在', data: { errorKey: 'alreadyExists', field: 'name' } });
    const other = await createRole('Ironing', 'Home');
    expect((await post('role/update', { id: other.id, version: other.version, name: 'cutting room' }, admin, 'en')).body.message).toBe('Role name already exists');

    const racing = await Promise.all([1, 2, 3].map(() => post('role/create', { name: 'QC team', permissions: 'Home' })));
    expect(racing.map((response) => response.status).sort()).toEqual([200, 409, 409]);
  });

  it('answers 401 without a token and 403 to anyone without the Permission screen', async () => {
    expect((await t.http.get('/api/admin/role/list')).body).toMatchObject({ code: 401 });
    expect((await t.http.post('/api/admin/role/create').type('form').send({ name: 'x', permissions: 'Home' })).status).toBe(401);
    const role = await createRole('Office', 'Home,User');
    const manager = await createMember('user.manager', { roleIds: [role.id] });
    expect((await get('role/list', manager.token)).status).toBe(403);
    expect((await post('role/create', { name: 'Mine', permissions: 'Home' }, manager.token)).status).toBe(403);
    expect((await post('role/update', { id: role.id, version: 1, permissions: 'Home,User,Permission' }, manager.token)).status).toBe(403);
    expect((await post('role/delete', { id: role.id }, manager.token)).status).toBe(403);
    // Nor can they hand themselves (or anyone) a role: assigning is the Permission screen's.
    const admins = await createRole('Administrators', 'Home,Permission');
    const self = await userDetail(manager.id);
    const selfGrant = await post('user/updatePermission', { id: manager.id, version: self.version, roleIds: `${role.id},${admins.id}` }, manager.token);
    expect(selfGrant.status).toBe(403);
    expect((await userDetail(manager.id)).roleIds).toEqual([role.id]);
  });

  it('applies a role change on the next request of a signed-in user, without a new login', async () => {
    const sales = await createRole('Sales desk', 'Home,SaleOrder,Goods');
    const member = await createMember('sales.lin', { roleIds: [sales.id] });
    const login = await post('login/login', { username: 'sales.lin', password: 'secret-1-own' });
    expect(login.body.data.permission).toBe('Goods;Home;SaleOrder');
    expect((await get('saleOrder/list', member.token)).status).toBe(200);
    expect((await get('user/access', member.token)).body.data).toMatchObject({ permission: 'Goods;Home;SaleOrder', roles: [{ id: sales.id, name: 'Sales desk' }] });

    await post('role/update', { id: sales.id, version: sales.version, permissions: 'Home,Goods' });
    const refused = await get('saleOrder/list', member.token);
    expect(refused.body).toMatchObject({ code: 403, data: { errorKey: 'forbidden' } });
    expect((await get('user/access', member.token)).body.data.permission).toBe('Goods;Home');

    // Taking the role away and giving an extra page instead: the union follows at once.
    const current = await userDetail(member.id);
    const changed = await post('user/updatePermission', { id: member.id, version: current.version, roleIds: '', permissions: 'Home,SaleOrder' });
    expect(changed.body.data).toMatchObject({ roleIds: [], permissions: ['Home', 'SaleOrder'], effectivePermissions: ['Home', 'SaleOrder'] });
    expect((await get('goods/list', member.token)).status).toBe(403);
    expect((await get('saleOrder/list', member.token)).status).toBe(200);
  });

  it('keeps every existing tick as an extra page beside the roles (union)', async () => {
    const floor = await createRole('Floor', 'Home,Scan');
    const member = await createMember('floor.zhang', { roleIds: [floor.id], permissions: 'Schedule' });
    const read = await userDetail(member.id);
    expect(read).toMatchObject({ permissions: ['Schedule'], roleIds: [floor.id], effectivePermissions: ['Home', 'Scan', 'Schedule'] });
    expect((await get('schedule/list', member.token)).status).toBe(200);
  });

  it('refuses to delete a role while users hold it, naming them', async () => {
    const role = await createRole('Warehouse', 'Home');
    const member = await createMember('wh.zhou', { roleIds: [role.id] });
    const refused = await post('role/delete', { id: role.id }, admin, 'en');
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ data: { errorKey: 'roleInUse', count: 1 } });
    expect(refused.body.message).toBe('Role "Warehouse" is held by 1 user(s) (wh.zhou); take it from them first, then delete it');
    const current = await userDetail(member.id);
    await post('user/updatePermission', { id: member.id, version: current.version, roleIds: '', permissions: 'Home' });
    expect((await post('role/delete', { id: role.id })).body.code).toBe(200);
  });

  it('refuses unknown role ids', async () => {
    const member = await createMember('ref.check', { permissions: 'Home' });
    const current = await userDetail(member.id);
    const response = await post('user/updatePermission', { id: member.id, version: current.version, roleIds: '999999' });
    expect(response.body).toMatchObject({ code: 400, data: { errorKey: 'referenceInvalid' } });
    expect((await post('user/updatePermission', { id: member.id, version: current.version, roleIds: 'abc' })).status).toBe(400);
  });

  describe('escalation', () => {
    let adminRole: { id: number; version: number };
    let deputy: { id: number; token: string };

    beforeAll(async () => {
      // A second permission administrator whose right comes only from a role, with few screens.
      adminRole = await createRole('Permission admins', 'Home,Permission');
      deputy = await createMember('deputy', { roleIds: [adminRole.id] });
    });

    it('a user manager cannot reset the password of someone who is an administrator through a role', async () => {
      const role = await createRole('User desk', 'Home,User');
      const desk = await createMember('user.desk', { roleIds: [role.id] });
      const reset = await post('user/resetPassword', { id: deputy.id, password: 'taken-over-1' }, desk.token);
      expect(reset.status).toBe(403);
      expect(reset.body.data.errorKey).toBe('userMorePrivileged');
      const edit = await post('user/update', { id: deputy.id, version: (await userDetail(deputy.id)).version, nickname: 'x' }, desk.token);
      expect(edit.status).toBe(403);
    });

    it('an administrator cannot give themselves more, by roles or by editing a role they hold', async () => {
      const sales = await createRole('Sales only', 'Home,SaleOrder');
      const self = await userDetail(deputy.id);
      const grant = await post('user/updatePermission', { id: deputy.id, version: self.version, roleIds: `${adminRole.id},${sales.id}` }, deputy.token, 'en');
      expect(grant.status).toBe(403);
      expect(grant.body.message).toBe('You cannot give yourself screens you do not already have; ask another administrator');
      const extra = await post('user/updatePermission', { id: deputy.id, version: self.version, permissions: 'Goods' }, deputy.token);
      expect(extra.body.data.errorKey).toBe('cannotGainOwnPermissions');

      const current = (await get('role/list', deputy.token)).body.data.find((role: { id: number }) => role.id === adminRole.id);
      const widen = await post('role/update', { id: adminRole.id, version: current.version, permissions: 'Home,Permission,SaleOrder' }, deputy.token);
      expect(widen.body.data.errorKey).toBe('cannotGainOwnPermissions');
      const drop = await post('role/update', { id: adminRole.id, version: current.version, permissions: 'Home' }, deputy.token);
      expect(drop.body.data.errorKey).toBe('cannotRemoveOwnAdmin');
      // Nothing was changed by the refusals.
      expect((await get('user/access', deputy.token)).body.data.permission).toBe('Home;Permission');

      // Another administrator may: four eyes.
      const granted = await post('user/updatePermission', { id: deputy.id, version: self.version, roleIds: `${adminRole.id},${sales.id}` });
      expect(granted.body.data.effectivePermissions).toEqual(['Home', 'Permission', 'SaleOrder']);
      // And shedding a page of one's own is allowed.
      const shed = await post('user/updatePermission', { id: deputy.id, version: granted.body.data.version, roleIds: `${adminRole.id}` }, deputy.token);
      expect(shed.body.code).toBe(200);
    });

    it('never leaves the system without an enabled permission administrator', async () => {
      // The seeded admin holds Permission as an extra page; take it away so the role is the only source.
      const [{ id: adminId }] = await db.query(`SELECT id FROM app_user WHERE username = 'admin'`);
      const adminUser = await userDetail(adminId);
      const withoutTicks = (adminUser.permissions as string[]).filter((name) => name !== 'Permission').join(',');
      expect((await post('user/updatePermission', { id: adminId, version: adminUser.version, permissions: withoutTicks }, deputy.token)).body.code).toBe(200);
      const current = (await get('role/list', deputy.token)).body.data.find((role: { id: number }) => role.id === adminRole.id);
      // The deputy is the last administrator, through the role: neither they nor anyone can drop it.
      const drop = await post('role/update', { id: adminRole.id, version: current.version, permissions: 'Home' }, deputy.token);
      expect([409]).toContain(drop.status);
      const deleteRole = await post('role/delete', { id: adminRole.id }, deputy.token);
      expect(deleteRole.body.data.errorKey).toBe('roleInUse');
      // Restore the seeded admin for the other tests.
      const again = await userDetail(adminId);
      expect((await post('user/updatePermission', { id: adminId, version: again.version, permissions: `${withoutTicks},Permission` }, deputy.token)).body.code).toBe(200);
    });
  });

  it('concurrent edits of one role: one wins, the others are told it is stale, nothing is mixed', async () => {
    const role = await createRole('Concurrent', 'Home');
    const sets = ['Home,Goods', 'Home,Customer', 'Home,Color', 'Home,Size'];
    const answers = await Promise.all(sets.map((permissions) => post('role/update', { id: role.id, version: role.version, permissions })));
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([200, 409, 409, 409]);
    const winner = answers.find((answer) => answer.status === 200)!.body.data.permissions;
    const [row] = await db.query(`SELECT permissions, version FROM app_role WHERE id = $1`, [role.id]);
    expect(row).toEqual({ permissions: winner, version: 2 });

    // Assignments racing on one user: one wins whole, the user's roles are exactly its set.
    const a = await createRole('Set A', 'Home,Goods');
    const b = await createRole('Set B', 'Home,Customer');
    const member = await createMember('racer', { permissions: 'Home' });
    const current = await userDetail(member.id);
    const raced = await Promise.all([`${a.id}`, `${b.id}`, `${a.id},${b.id}`].map((roleIds) => post('user/updatePermission', { id: member.id, version: current.version, roleIds })));
    expect(raced.map((answer) => answer.status).sort()).toEqual([200, 409, 409]);
    const won = raced.find((answer) => answer.status === 200)!.body.data.roleIds;
    const rows: { role_id: number }[] = await db.query(`SELECT role_id FROM app_user_role WHERE user_id = $1 ORDER BY role_id`, [member.id]);
    expect(rows.map((r) => r.role_id)).toEqual(won);
  });
});
