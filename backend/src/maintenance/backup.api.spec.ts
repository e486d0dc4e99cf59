import { gunzipSync, gzipSync } from 'node:zlib';
import type { Response } from 'supertest';
import { SecurityLogService } from '../security-log/security-log.service.js';
import { setUpProduction, type ProductionFixture } from '../testing/production-fixture.js';
import { createActiveUser } from '../testing/accounts.js';
import { bootTestApp, connected, type TestApp, nextDomainEvent } from '../testing/test-app.js';

/** supertest: keep a binary body as a Buffer. */
const binary = (response: Response, callback: (error: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  response.on('data', (chunk: Buffer) => chunks.push(chunk));
  response.on('end', () => callback(null, Buffer.concat(chunks)));
};

// CI runs the suite twice: on embedded PGlite (the first describe) and on a PostgreSQL server
// given by DATABASE_URL (the second); each mode answers only its own half.
const onServer = Boolean(process.env.DATABASE_URL);

(onServer ? describe.skip : describe)('backup and restore of the embedded database (API)', () => {
  let t: TestApp;
  let f: ProductionFixture;

  const download = (token: string | null = f.admin) => {
    const request = t.http.get('/api/admin/setting/backup').buffer(true).parse(binary as never);
    return token ? request.set('token', token) : request;
  };
  const restore = (file: Buffer | null, confirm: string | null = 'RESTORE', token: string | null = f.admin, language = 'en') => {
    let request = t.http.post('/api/admin/setting/restore').set('Accept-Language', language);
    if (token) request = request.set('token', token);
    if (confirm !== null) request = request.field('confirm', confirm);
    if (file) request = request.attach('file', file, 'backup.json.gz');
    return request;
  };
  const customers = async () => (await f.db.query(`SELECT code FROM customer ORDER BY code`)).map((row: { code: string }) => row.code);

  beforeAll(async () => {
    t = await bootTestApp();
    f = await setUpProduction(t);
  });
  afterAll(() => t.close());

  it('refuses without a token (401), without the Permission screen — even to a settings administrator (403) — and without confirmation (400)', async () => {
    expect((await download(null)).status).toBe(401);
    const viewer = await t.login('viewer', 'viewer123');
    expect((await download(viewer)).status).toBe(403);
    // The settings screen alone is not enough: a backup holds every password hash, a restore could grant anything.
    const settings = await createActiveUser(t, f.admin, { username: 'settings.only', password: 'Settings-only-2026', permissions: 'Setting,ClearData' });
    expect((await download(settings.token)).status).toBe(403);
    const file = (await download()).body as Buffer;
    expect((await restore(file, 'RESTORE', null)).status).toBe(401);
    expect((await restore(file, 'RESTORE', viewer)).status).toBe(403);
    expect((await restore(file, 'RESTORE', settings.token)).status).toBe(403);
    const unconfirmed = await restore(file, 'yes');
    expect(unconfirmed.status).toBe(400);
    expect(unconfirmed.body).toMatchObject({ data: { errorKey: 'validation', field: 'confirm' } });
    expect((await restore(null)).body).toMatchObject({ code: 400, data: { field: 'file' } });
  });

  it('backup → change → restore: the change is gone, every socket gets data.reset, sequences go on, both audited', async () => {
    const order = await f.createOrder({ quantities: [5] });
    const response = await download();
    expect(response.status).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/attachment; filename="stitchboard-backup-\d{8}-\d{4}\.json\.gz"/);
    const file = response.body as Buffer;
    const parsed = JSON.parse(gunzipSync(file).toString('utf8'));
    expect(parsed).toMatchObject({ format: 'stitchboard-backup', version: 1, engine: 'embedded' });
    expect(parsed.migrations.length).toBeGreaterThan(10);
    expect(parsed.tables.map((table: { name: string }) => table.name)).toEqual(expect.arrayContaining(['production_order', 'app_user', 'system_setting', 'domain_event']));

    // The change after the backup: a new customer, the order deleted, a new title.
    const before = await customers();
    await f.data(f.post('customer/create', { code: 'AFTER-BACKUP', shortName: '备份后' }));
    await f.db.query(`UPDATE production_order SET note = 'changed after the backup' WHERE id = $1`, [order.id]);
    await f.data(f.post('setting/updateSystemTitle', { en: 'Changed after backup' }));
    const [{ head: headBefore }] = await f.db.query(`SELECT max(seq)::int AS head FROM domain_event`);

    const socket = t.socket({ token: f.admin });
    await connected(socket);
    const reset = nextDomainEvent(socket, 'data.reset');
    const restored = await restore(file);
    expect(restored.body).toMatchObject({ code: 200, data: { tables: expect.any(Number), rows: expect.any(Number) } });
    expect(restored.body.data.tables).toBeGreaterThan(20);
    const event = await reset;
    expect(event.payload).toMatchObject({ reason: 'restore' });
    // The event log never goes back, though the backup's log ends earlier.
    expect(event.seq).toBeGreaterThan(headBefore);

    expect(await customers()).toEqual(before);
    expect((await f.db.query(`SELECT note FROM production_order WHERE id = $1`, [order.id]))[0].note).toBe('');
    expect((await f.data<{ en: string }>(f.get('setting/getSystemTitles'))).en).not.toBe('Changed after backup');
    // The administrator's session survived (it is newer than nothing in the backup, but sessions stay).
    expect((await f.get('setting/getSystemTitles')).status).toBe(200);

    // Next inserts: no duplicate keys anywhere (sequences continue after the restored rows).
    await f.data(f.post('customer/create', { code: 'AFTER-RESTORE', shortName: '恢复后' }));
    const again = await f.createOrder({ quantities: [3] });
    expect(again.id).toBeGreaterThan(order.id);
    const [{ head }] = await f.db.query(`SELECT max(seq)::int AS head FROM domain_event`);
    expect(head).toBeGreaterThan(event.seq);

    await t.app.get(SecurityLogService).flush();
    const audit = await f.db.query(`SELECT action, result FROM security_event WHERE action IN ('database.backup', 'database.restore') AND result = 'success'`);
    expect(audit).toEqual(expect.arrayContaining([{ action: 'database.restore', result: 'success' }]));
  });

  it('refuses a damaged file, a file that is not a backup and a backup of another version with 400, changing nothing', async () => {
    const file = (await download()).body as Buffer;
    const before = await customers();
    await f.data(f.post('customer/create', { code: `KEEP-${Date.now()}`, shortName: '保留' }));
    const kept = await customers();
    expect(kept.length).toBe(before.length + 1);

    const damaged = Buffer.from(file);
    damaged[Math.floor(damaged.length / 2)] ^= 0xff;
    const parsed = JSON.parse(gunzipSync(file).toString('utf8'));
    const badValue = { ...parsed, tables: parsed.tables.map((table: { name: string; rows: Record<string, unknown>[] }) => (table.name === 'customer' ? { ...table, rows: [{ ...table.rows[0], id: 'not a number' }] } : table)) };
    const cases: [Buffer, string, string][] = [
      [damaged, 'backupInvalid', 'damaged'],
      [Buffer.from('hello'), 'backupInvalid', 'damaged'],
      [gzipSync(JSON.stringify({ hello: 'world' })), 'backupInvalid', 'damaged'],
      [gzipSync(JSON.stringify(badValue)), 'backupInvalid', 'damaged'],
      [gzipSync(JSON.stringify({ ...parsed, migrations: [...parsed.migrations, 'Future1999999999999'] })), 'backupMigrationsDiffer', 'different version'],
    ];
    for (const [body, errorKey, text] of cases) {
      const response = await restore(body);
      expect({ status: response.status, errorKey: response.body.data?.errorKey }).toEqual({ status: 400, errorKey });
      expect(response.body.message).toContain(text);
    }
    const zh = await restore(Buffer.from('hello'), 'RESTORE', f.admin, 'zh-CN');
    expect(zh.body.message).toContain('不是本系统的备份文件');
    expect(await customers()).toEqual(kept);
  });

  it('ends a session whose user id is someone else in the backup (a backup of another install)', async () => {
    const file = (await download()).body as Buffer;
    const token = await t.login();
    // Another install's backup: id of `admin` there belongs to `admin` here only by name; make
    // the names differ, so the person holding this session is not the backup's user with that id.
    await f.db.query(`UPDATE app_user SET username = 'someone-else' WHERE username = 'admin'`);
    const restored = await restore(file, 'RESTORE', token);
    expect(restored.body.code).toBe(200);
    expect((await t.http.get('/api/admin/setting/getSystemTitles').set('token', token)).status).toBe(401);
    // The backup's own admin signs in again.
    expect(await t.login()).toEqual(expect.any(String));
  });
});

(onServer ? describe : describe.skip)('backup and restore on a database server (API)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await bootTestApp();
  });
  afterAll(() => t?.close());

  it("answers 409 backupServerManaged: backups belong to the server's own tools", async () => {
    const token = await t.login();
    const backup = await t.http.get('/api/admin/setting/backup').set('token', token).set('Accept-Language', 'en');
    expect(backup.status).toBe(409);
    expect(backup.body).toMatchObject({ code: 409, data: { errorKey: 'backupServerManaged' } });
    expect(backup.body.message).toContain("server's own tools");
    const restore = await t.http.post('/api/admin/setting/restore').set('token', token).field('confirm', 'RESTORE').attach('file', Buffer.from('x'), 'b.json.gz');
    expect(restore.body).toMatchObject({ code: 409, data: { errorKey: 'backupServerManaged' } });
  });
});
