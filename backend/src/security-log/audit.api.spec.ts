import { DataSource } from 'typeorm';
import { AUDIT_EXPORT_LIMIT, type AuditEntry, type AuditPage } from '../../../contracts/audit.js';
import { createActiveUser } from '../testing/accounts.js';
import { setUpProduction, type ProductionFixture } from '../testing/production-fixture.js';
import { bootTestApp, type TestApp } from '../testing/test-app.js';
import { downloadFile, sheetRows } from '../testing/xlsx.js';
import { AuditRetentionJob } from './audit-retention.js';
import { SecurityLogService } from './security-log.service.js';

describe('audit trail (API)', () => {
  let t: TestApp;
  let f: ProductionFixture;
  let db: DataSource;
  let adminId: number;
  let clerk: { id: number; token: string };

  beforeAll(async () => {
    t = await bootTestApp();
    f = await setUpProduction(t);
    db = t.app.get(DataSource);
    adminId = (await f.data<{ id: number }>(f.get('user/info'))).id;
    // May delete colours, but holds neither the audit screen nor anything else.
    clerk = await createActiveUser(t, f.admin, { username: 'audit.clerk', nickname: '录入员', password: 'Clerk-pass-2026', permissions: 'Home,Color' });
  });
  afterAll(() => t.close());

  // Events are written without holding up the answer: wait for those already recorded.
  const settle = () => t.app.get(SecurityLogService).flush();
  const audit = async (query: Record<string, unknown> = {}, token = f.admin): Promise<AuditPage> => {
    await settle();
    return f.data<AuditPage>(f.get('setting/audit', query, token));
  };
  const newest = async (action: string): Promise<AuditEntry> => (await audit({ action, pageSize: 1 })).list[0];

  it('records a base-data delete with the actor, the record id and the address', async () => {
    const color = await f.data<{ id: number }>(f.post('color/create', { code: 'AUD-1', name: '审计红', hex: '#aa0000' }));
    expect((await f.post('color/delete', { id: color.id })).body.code).toBe(200);
    const entry = await newest('record.delete');
    expect(entry).toMatchObject({
      actorUserId: adminId,
      actorUsername: 'admin',
      action: 'record.delete',
      targetType: 'color',
      targetId: String(color.id),
      result: 'success',
    });
    expect(entry.ip).not.toBe('');
    expect(Date.now() - Date.parse(entry.at)).toBeLessThan(60_000);
  });

  it("records a refused delete as a failure (the colour is in use by the fixture's style)", async () => {
    const refused = await f.post('color/delete', { id: f.colors[0] });
    expect(refused.status).toBe(409);
    expect(await newest('record.delete')).toMatchObject({ targetType: 'color', targetId: String(f.colors[0]), result: 'failure', actorUsername: 'admin' });
  });

  it('records deletes by other users under their name, and of orders', async () => {
    const color = await f.data<{ id: number }>(f.post('color/create', { code: 'AUD-2', name: '审计蓝', hex: '#0000aa' }));
    expect((await f.post('color/delete', { id: color.id }, clerk.token)).body.code).toBe(200);
    expect(await newest('record.delete')).toMatchObject({ actorUserId: clerk.id, actorUsername: 'audit.clerk', actorName: '录入员', targetId: String(color.id) });

    const order = await f.createOrder({ ready: false });
    expect((await f.post('productionOrder/delete', { id: order.id, version: order.version })).body.code).toBe(200);
    expect(await newest('record.delete')).toMatchObject({ targetType: 'productionOrder', targetId: String(order.id), result: 'success' });
  });

  it('records reviews, review cancellations, hides and unhides', async () => {
    const order = await f.createOrder({ ready: false });
    const reviewed = await f.data<{ version: number }>(f.post('productionOrder/review', { id: order.id, version: order.version, confirmWithoutDocument: 'true' }));
    expect(await newest('order.review')).toMatchObject({ targetType: 'productionOrder', targetId: String(order.id), result: 'success', actorUserId: adminId });
    await f.data(f.post('productionOrder/cancelReview', { id: order.id, version: reviewed.version, note: 'wrong sizes' }));
    expect(await newest('order.reviewCancel')).toMatchObject({ targetId: String(order.id), result: 'success' });
    // A stale version: refused, and on the trail as a failure.
    expect((await f.post('productionOrder/review', { id: order.id, version: order.version, confirmWithoutDocument: 'true' })).status).toBe(409);
    expect(await newest('order.review')).toMatchObject({ targetId: String(order.id), result: 'failure' });

    await f.data(f.post('productionOrder/hide', { ids: String(order.id) }));
    expect(await newest('order.hide')).toMatchObject({ targetType: 'productionOrder', targetId: String(order.id), result: 'success' });
    await f.data(f.post('productionOrder/show', { ids: String(order.id) }));
    expect(await newest('order.unhide')).toMatchObject({ targetId: String(order.id), result: 'success' });
  });

  it('filters by user, action, result and days, newest first, paged', async () => {
    const all = await audit({ pageSize: 200 });
    expect(all.total).toBeGreaterThanOrEqual(8);
    expect(all).toMatchObject({ page: 1, pageSize: 200 });
    const times = all.list.map((entry) => Date.parse(entry.at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);

    const byClerk = await audit({ userId: clerk.id });
    expect(byClerk.list.length).toBeGreaterThan(0);
    expect(byClerk.list.every((entry) => entry.actorUserId === clerk.id)).toBe(true);

    const failures = await audit({ action: 'record.delete', result: 'failure' });
    expect(failures.total).toBe(1);
    expect(failures.list[0].targetId).toBe(String(f.colors[0]));

    const first = await audit({ pageSize: 2, page: 1 });
    const second = await audit({ pageSize: 2, page: 2 });
    expect(first.total).toBe(all.total);
    expect(first.list.map((entry) => entry.id)).toEqual(all.list.slice(0, 2).map((entry) => entry.id));
    expect(second.list.map((entry) => entry.id)).toEqual(all.list.slice(2, 4).map((entry) => entry.id));

    const today = new Date();
    const day = (offset: number) => {
      const d = new Date(today.getFullYear(), today.getMonth(), today.getDate() + offset);
      return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    };
    expect((await audit({ from: day(0), to: day(0), pageSize: 200 })).total).toBe(all.total);
    expect((await audit({ from: day(1) })).total).toBe(0);
    expect((await audit({ to: day(-1) })).total).toBe(0);
    // Blank filters mean "any", as the screen sends them.
    expect((await audit({ userId: '', action: '', from: '', to: '', result: '' })).total).toBe(all.total);
  });

  it('refuses bad filters with a translated 400 and changes nothing', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ action: 'drop.table' }, 'action'],
      [{ result: 'maybe' }, 'result'],
      [{ from: '2026-02-30' }, 'from'],
      [{ userId: 'x' }, 'userId'],
      [{ pageSize: 100_000 }, 'pageSize'],
      [{ from: '2026-03-02', to: '2026-03-01' }, 'to'],
    ];
    for (const [query, field] of cases) {
      const response = await f.get('setting/audit', query, f.admin, 'en');
      expect(response.status).toBe(400);
      expect(response.body.data).toMatchObject({ errorKey: 'validation', field });
      expect(typeof response.body.message).toBe('string');
    }
    const zh = await f.get('setting/audit', { to: '2026-03-01', from: '2026-03-02' });
    expect(zh.body.message).toContain('结束日期');
  });

  it('exports the filtered list with the screen columns, in the reader’s language', async () => {
    await settle();
    const listed = await audit({ action: 'record.delete', pageSize: 200 });
    const file = await downloadFile(t, 'setting/audit/export', { action: 'record.delete' }, f.admin, 'en');
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toContain('spreadsheetml');
    const rows = await sheetRows(file.body);
    expect(rows[0]).toEqual(['When', 'User', 'Action', 'Target', 'IP address', 'Result']);
    expect(rows.length - 1).toBe(listed.total);
    expect(rows.slice(1).every((row) => row[2] === 'Record deleted')).toBe(true);
    expect(rows.slice(1).map((row) => row[5])).toEqual(listed.list.map((entry) => (entry.result === 'success' ? 'Success' : 'Failed')));
    expect(rows.slice(1).map((row) => row[3])).toEqual(listed.list.map((entry) => expect.stringContaining(`#${entry.targetId}`)));

    const zh = await downloadFile(t, 'setting/audit/export', { action: 'record.delete', result: 'failure' }, f.admin, 'zh-CN');
    const zhRows = await sheetRows(zh.body);
    expect(zhRows[0]).toEqual(['时间', '用户', '操作', '对象', 'IP 地址', '结果']);
    expect(zhRows.slice(1)).toEqual([[expect.any(String), expect.stringContaining('admin'), '删除记录', `颜色 #${f.colors[0]}`, expect.any(String), '失败']]);
  });

  it('needs a session (401) and the SettingAudit permission (403)', async () => {
    expect((await t.http.get('/api/admin/setting/audit')).status).toBe(401);
    expect((await downloadFile(t, 'setting/audit/export', {}, null)).status).toBe(401);
    expect((await f.get('setting/audit', {}, clerk.token)).status).toBe(403);
    expect((await downloadFile(t, 'setting/audit/export', {}, clerk.token)).status).toBe(403);
    expect((await f.get('setting/audit/users', {}, clerk.token)).status).toBe(403);
    const users = await f.data<{ id: number; username: string; name: string }[]>(f.get('setting/audit/users'));
    expect(users).toEqual(expect.arrayContaining([{ id: clerk.id, username: 'audit.clerk', name: '录入员' }]));
  });

  it('the retention job removes rows older than auditRetentionDays only, and is safe to run twice at once', async () => {
    const job = t.app.get(AuditRetentionJob);
    const insert = async (daysAgo: number): Promise<number> => {
      const [{ id }]: { id: string }[] = await db.query(
        `INSERT INTO security_event (at, action, result, target_type) VALUES (now() - make_interval(days => $1), 'login', 'success', 'retention-test') RETURNING id`,
        [daysAgo],
      );
      return Number(id);
    };
    const remaining = async (): Promise<number[]> =>
      ((await db.query(`SELECT id FROM security_event WHERE target_type = 'retention-test' ORDER BY id`)) as { id: string }[]).map((row) => Number(row.id));
    const veryOld = await insert(400);
    const old = await insert(100);
    const recent = await insert(2);
    const before = (await audit()).total;

    // Default: 365 days.
    await db.query(`DELETE FROM system_setting WHERE key = 'database'`);
    expect(await job.purge()).toBe(1);
    expect(await remaining()).toEqual([old, recent]);

    await db.query(`INSERT INTO system_setting (key, value) VALUES ('database', '{"auditRetentionDays": 30}'::jsonb)`);
    const [a, b] = await Promise.all([job.purge(), job.purge()]);
    expect(a + b).toBe(1);
    expect(await remaining()).toEqual([recent]);
    expect(await job.purge()).toBe(0);
    // Everything of today stayed.
    expect((await audit()).total).toBe(before - 2);
    expect(veryOld).toBeLessThan(old);
  });

  it('refuses an export over the row limit with a translated 400 instead of cutting it short', async () => {
    // One more than AUDIT_EXPORT_LIMIT rows of an action nothing else in this spec records.
    const action = 'user.badgeRenew';
    const count = async () => ((await db.query(`SELECT count(*)::int AS n FROM security_event WHERE action = $1`, [action])) as { n: number }[])[0].n;
    await db.query(`INSERT INTO security_event (action, result, target_type) SELECT $1, 'success', 'limit' FROM generate_series(1, $2::int)`, [
      action,
      AUDIT_EXPORT_LIMIT + 1 - (await count()),
    ]);
    try {
      const refused = await f.get('setting/audit/export', { action }, f.admin, 'en');
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ code: 400, data: { errorKey: 'auditExportTooLarge' } });
      expect(refused.body.message).toMatch(/audit entries match; at most 50,?000/);
      // Narrowed to the limit, it exports (building a 50,000-row file here would only slow the suite: the size check is the count).
      await db.query(`DELETE FROM security_event WHERE id = (SELECT min(id) FROM security_event WHERE target_type = 'limit')`);
      expect((await f.get('setting/audit', { action, pageSize: 1 }, f.admin, 'en')).body.data.total).toBe(AUDIT_EXPORT_LIMIT);
    } finally {
      await db.query(`DELETE FROM security_event WHERE target_type = 'limit'`);
    }
  });
});
