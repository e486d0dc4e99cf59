import type { StationWorker } from '../../../contracts/appraisal.js';
import { SecurityLogService } from '../security-log/security-log.service.js';
import { createActiveUser } from '../testing/accounts.js';
import { setUpProduction, type ProductionFixture } from '../testing/production-fixture.js';
import { bootTestApp, type TestApp } from '../testing/test-app.js';

// The worker at a shared station (issue 11): badge reads, the pick list, badge renewal, and the
// scan credited to the worker the station names.
describe('station worker (API)', () => {
  let t: TestApp;
  let f: ProductionFixture;
  let p: ProductionFixture['processes'];
  /** A floor lead at the cutting station: route Scan, executes cutting. */
  let station: { id: number; token: string };
  /** Route Home only: no Scan. */
  let outsider: { id: number; token: string };
  let department: number;
  /** Cutter (cutting), sewer (sewing only), retired (cutting, disabled). */
  const workers: Record<'cutter' | 'sewer' | 'retired', number> = { cutter: 0, sewer: 0, retired: 0 };
  const tag = Date.now().toString(36);

  const errorOf = async (request: PromiseLike<{ status: number; body: { code: number; message: string; data: { errorKey?: string; field?: string } } }>) => {
    const response = await request;
    return { status: response.status, code: response.body.code, key: response.body.data?.errorKey, field: response.body.data?.field, message: response.body.message };
  };
  const badgeOf = async (userId: number): Promise<string> => (await f.data<{ badgeCode: string }>(f.get('user/detail', { id: userId }))).badgeCode;
  const byBadge = (badge: string, token = station.token, language = 'en') => f.get('scan/worker', { badge }, token, language);

  beforeAll(async () => {
    t = await bootTestApp();
    f = await setUpProduction(t);
    p = f.processes;
    department = (await f.data<{ id: number }>(f.post('department/create', { code: `CUT-${tag}`, name: '裁床组' }))).id;
    const make = async (username: string, nickname: string, processIds: number[]) => {
      const id = (await f.data<{ id: number }>(f.post('user/create', { username, nickname, password: 'worker-pass-1', department }))).id;
      await f.allowProcesses(username, processIds);
      return id;
    };
    workers.cutter = await make(`cutter-${tag}`, '阿强 A-Qiang', [p.cut]);
    workers.sewer = await make(`sewer-${tag}`, '阿芳 A-Fang', [p.sew]);
    workers.retired = await make(`retired-${tag}`, '老李 Old Li', [p.cut]);
    const retired = await f.data<{ version: number }>(f.get('user/detail', { id: workers.retired }));
    await f.data(f.post('user/update', { id: workers.retired, version: retired.version, enabled: false }));
    station = await createActiveUser(t, f.admin, { username: `lead-${tag}`, nickname: '组长 Lead', password: 'lead-pass-123', permissions: 'Scan' });
    await f.allowProcesses(`lead-${tag}`, [p.cut]);
    outsider = await createActiveUser(t, f.admin, { username: `office-${tag}`, password: 'office-pass-123', permissions: 'Home' });
  });
  afterAll(() => t.close());

  describe('GET scan/worker (a badge read)', () => {
    it('answers the worker a badge names: name, username, department and processes', async () => {
      const code = await badgeOf(workers.cutter);
      // 20 upper-case hex digits, different for every user.
      expect(code).toMatch(/^[0-9A-F]{20}$/);
      expect(await badgeOf(workers.sewer)).not.toBe(code);
      const response = await byBadge(`SBW1:${code}`);
      expect(response.status).toBe(200);
      expect(response.body.data).toEqual<StationWorker>({ id: workers.cutter, name: '阿强 A-Qiang', username: `cutter-${tag}`, departmentName: '裁床组', processIds: [p.cut] });
      // A scanner with Caps Lock on sends it lower-case; a wedge may add spaces around it.
      expect((await f.data<StationWorker>(byBadge(`  sbw1:${code.toLowerCase()} `))).id).toBe(workers.cutter);
    });

    it('answers a worker of another process too (the station warns; the scan is refused when recorded)', async () => {
      expect(await f.data<StationWorker>(byBadge(`SBW1:${await badgeOf(workers.sewer)}`))).toMatchObject({ id: workers.sewer, processIds: [p.sew] });
    });

    it('refuses an unknown badge and a disabled worker\'s badge with a translated 404', async () => {
      expect(await errorOf(byBadge('SBW1:0123456789ABCDEF0123'))).toEqual({
        status: 404,
        code: 404,
        key: 'badgeUnknown',
        field: 'badge',
        message: 'No active worker has this badge (it may have been renewed, or the worker disabled)',
      });
      const retired = await errorOf(byBadge(`SBW1:${await badgeOf(workers.retired)}`, station.token, 'zh-CN'));
      expect(retired).toMatchObject({ status: 404, key: 'badgeUnknown', message: '工牌无效：没有对应的在职员工（工牌可能已更换，或员工已停用）' });
    });

    it('refuses what is not a badge with 400 and changes nothing', async () => {
      for (const badge of ['', 'SB1|PO-1', 'SBW1:', 'SBW2:ABC', 'SBW1:ABC-DEF', `SBW1:${'A'.repeat(33)}`, "SBW1:' OR 1=1 --"]) {
        expect(await errorOf(byBadge(badge))).toMatchObject({ status: 400, code: 400, key: 'validation', field: 'badge' });
      }
      expect(await errorOf(f.get('scan/worker', {}, station.token, 'en'))).toMatchObject({ status: 400, message: expect.stringContaining('Badge') });
    });

    it('needs a session (401) and the Scan route (403)', async () => {
      const code = await badgeOf(workers.cutter);
      const anonymous = await t.http.get('/api/admin/scan/worker').query({ badge: `SBW1:${code}` });
      expect(anonymous.status).toBe(401);
      expect(anonymous.body.code).toBe(401);
      expect(await errorOf(byBadge(`SBW1:${code}`, outsider.token))).toMatchObject({ status: 403, code: 403 });
    });
  });

  describe('GET scan/workers (the pick list)', () => {
    it('lists the enabled users allowed to execute the process, by name', async () => {
      const atCut = await f.data<StationWorker[]>(f.get('scan/workers', { processId: p.cut }, station.token));
      // admin and the lead execute every / the cutting process too; the retired worker is disabled.
      const ids = atCut.map((worker) => worker.id);
      expect(ids).toEqual(expect.arrayContaining([workers.cutter, station.id]));
      expect(ids).not.toContain(workers.retired);
      expect(ids).not.toContain(workers.sewer);
      expect(atCut.every((worker) => worker.processIds.includes(p.cut))).toBe(true);
      const names = atCut.map((worker) => worker.name.toLowerCase());
      expect(names).toEqual([...names].sort());
      expect(atCut.find((worker) => worker.id === workers.cutter)).toEqual({ id: workers.cutter, name: '阿强 A-Qiang', username: `cutter-${tag}`, departmentName: '裁床组', processIds: [p.cut] });

      const atSew = await f.data<StationWorker[]>(f.get('scan/workers', { processId: p.sew }, station.token));
      expect(atSew.map((worker) => worker.id)).toContain(workers.sewer);
      expect(atSew.map((worker) => worker.id)).not.toContain(workers.cutter);
      expect(await f.data(f.get('scan/workers', { processId: 2_000_000_000 }, station.token))).toEqual([]);
    });

    it('refuses a bad process id with 400, and callers without a session or the Scan route', async () => {
      for (const processId of ['abc', '0', '-1', '1.5', '99999999999']) {
        expect(await errorOf(f.get('scan/workers', { processId }, station.token, 'en'))).toMatchObject({ status: 400, key: 'validation', field: 'processId' });
      }
      expect(await errorOf(f.get('scan/workers', {}, station.token, 'en'))).toMatchObject({ status: 400, field: 'processId' });
      expect((await t.http.get('/api/admin/scan/workers').query({ processId: p.cut })).status).toBe(401);
      expect(await errorOf(f.get('scan/workers', { processId: p.cut }, outsider.token))).toMatchObject({ status: 403 });
    });

    it('answers the cutting page too: a clerk with the Cutting route but not Scan picks the lay\'s cutter', async () => {
      const clerk = await createActiveUser(t, f.admin, { username: `clerk-${tag}`, password: 'clerk-pass-123', permissions: 'Cutting' });
      const atCut = await f.data<StationWorker[]>(f.get('scan/workers', { processId: p.cut }, clerk.token));
      expect(atCut.map((worker) => worker.id)).toContain(workers.cutter);
    });
  });

  describe('badge codes in user administration', () => {
    it('shows badge codes in the user list and detail', async () => {
      const list = await f.data<{ list: { id: number; badgeCode: string }[] }>(f.get('user/list', { keyword: tag, pageSize: 50 }));
      const cutter = list.list.find((row) => row.id === workers.cutter)!;
      expect(cutter.badgeCode).toBe(await badgeOf(workers.cutter));
      expect(list.list.every((row) => /^[0-9A-F]{20}$/.test(row.badgeCode))).toBe(true);
    });

    it('renews a badge: the old one stops working, the new one works, the change is audited', async () => {
      const old = await badgeOf(workers.cutter);
      const before = await f.data<{ version: number }>(f.get('user/detail', { id: workers.cutter }));
      const renewed = await f.post(`user/${workers.cutter}/badge`, {}, f.admin, 'en');
      expect(renewed.status).toBe(200);
      expect(renewed.body.code).toBe(200);
      const fresh: string = renewed.body.data.badgeCode;
      expect(fresh).toMatch(/^[0-9A-F]{20}$/);
      expect(fresh).not.toBe(old);
      expect(await badgeOf(workers.cutter)).toBe(fresh);
      // Not a change of the user's form: an open edit still saves.
      expect(renewed.body.data.version).toBe(before.version);
      expect(await errorOf(byBadge(`SBW1:${old}`))).toMatchObject({ status: 404, key: 'badgeUnknown' });
      expect((await f.data<StationWorker>(byBadge(`SBW1:${fresh}`))).id).toBe(workers.cutter);

      await t.app.get(SecurityLogService).flush();
      const [audit] = await f.db.query(
        `SELECT action, result, target_id AS "targetId", actor_username AS actor FROM security_event WHERE action = 'user.badgeRenew' ORDER BY id DESC LIMIT 1`,
      );
      expect(audit).toEqual({ action: 'user.badgeRenew', result: 'success', targetId: String(workers.cutter), actor: 'admin' });
    });

    it('refuses renewal of an unknown user (404), a malformed id (400), and callers without the User route (403) or a session (401)', async () => {
      expect(await errorOf(f.post('user/999999/badge', {}, f.admin, 'en'))).toMatchObject({ status: 404, key: 'notFound' });
      for (const id of ['abc', '0', '99999999999', '{id}']) {
        expect(await errorOf(f.post(`user/${encodeURIComponent(id)}/badge`, {}, f.admin, 'en'))).toMatchObject({ status: 400, key: 'validation' });
      }
      const code = await badgeOf(workers.sewer);
      expect(await errorOf(f.post(`user/${workers.sewer}/badge`, {}, station.token))).toMatchObject({ status: 403 });
      expect((await t.http.post(`/api/admin/user/${workers.sewer}/badge`)).status).toBe(401);
      expect(await badgeOf(workers.sewer)).toBe(code);
    });

    it('gives a new user a badge of their own', async () => {
      const created = await f.data<{ id: number; badgeCode: string }>(f.post('user/create', { username: `newbie-${tag}`, nickname: 'Newbie', password: 'worker-pass-1' }));
      expect(created.badgeCode).toMatch(/^[0-9A-F]{20}$/);
      expect(created.badgeCode).not.toBe(await badgeOf(workers.cutter));
    });
  });

  describe('a scan credited to the station\'s worker', () => {
    it('is refused for a worker not allowed the process, and credited to an allowed one', async () => {
      const order = await f.createOrder({ quantities: [30] });
      const refused = await errorOf(f.scan({ orderId: order.id, processId: p.cut, quantity: 4, workerId: workers.sewer }, station.token, 'en'));
      expect(refused).toMatchObject({ status: 403, key: 'workerNotAllowed', field: 'workerId', message: 'The selected worker may not execute this process' });
      expect(await errorOf(f.scan({ orderId: order.id, processId: p.cut, quantity: 4, workerId: workers.retired }, station.token, 'en'))).toMatchObject({ status: 400, key: 'referenceInvalid' });

      const recorded = await f.scan({ orderId: order.id, processId: p.cut, quantity: 4, workerId: workers.cutter }, station.token);
      expect(recorded.body.code).toBe(200);
      expect(recorded.body.data.scan).toMatchObject({ workerId: workers.cutter, workerName: '阿强 A-Qiang', recordedBy: `lead-${tag}` });
      const rows = await f.db.query(`SELECT worker_id AS "workerId", recorded_by AS "recordedBy", quantity FROM scan WHERE order_id = $1`, [order.id]);
      expect(rows).toEqual([{ workerId: workers.cutter, recordedBy: station.id, quantity: 4 }]);
    });
  });
});
