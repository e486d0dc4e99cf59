import sharp from 'sharp';
import { DataSource } from 'typeorm';
import { DEFAULT_DATABASE_SETTINGS, DEFAULT_UPLOAD_SETTINGS } from '../../../contracts/admin-settings.js';
import { setUpProduction } from '../testing/production-fixture.js';
import { bootTestApp, type TestApp } from '../testing/test-app.js';
import { databaseTarget } from './admin-settings.service.js';

const binary = (res: NodeJS.ReadableStream, done: (error: Error | null, body: unknown) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => done(null, Buffer.concat(chunks)));
};

describe('system settings screen (API)', () => {
  let t: TestApp;
  let db: DataSource;
  let admin: string;
  let viewer: string;

  beforeAll(async () => {
    t = await bootTestApp();
    db = t.app.get(DataSource);
    admin = await t.login();
    viewer = await t.login('viewer', 'viewer123');
  });
  afterAll(() => t.close());

  const init = (token = admin) => t.http.get('/api/admin/setting/init').set('token', token);
  const post = (path: string, body: object, token: string | null = admin, language = 'en') => {
    const request = t.http.post(`/api/admin/setting/${path}`).set('Accept-Language', language);
    return (token ? request.set('token', token) : request).send(body);
  };
  const events = async (): Promise<{ section: string; rooms: string[]; payload: Record<string, unknown> }[]> =>
    (await db.query(`SELECT payload, rooms FROM domain_event WHERE name = 'settings.adminUpdated' ORDER BY seq`)).map(
      (row: { payload: Record<string, unknown>; rooms: string[] }) => ({ section: row.payload.section as string, rooms: row.rooms, payload: row.payload }),
    );
  const auditCount = async (result: string): Promise<number> =>
    (await db.query(`SELECT count(*)::int AS count FROM security_event WHERE action = 'setting.update' AND target_type = 'setting' AND result = $1`, [result]))[0]
      .count as number;
  /** The interceptor records after the answer: wait for the row. */
  const waitForAudit = async (result: string, atLeast: number) => {
    for (let i = 0; i < 50 && (await auditCount(result)) < atLeast; i++) await new Promise((done) => setTimeout(done, 20));
    return auditCount(result);
  };

  it('answers everything the screen needs in one call', async () => {
    const response = await init();
    expect(response.status).toBe(200);
    expect(response.body.code).toBe(200);
    const data = response.body.data;
    expect(data.system).toEqual({ titles: { 'zh-CN': '订单跟踪系统', en: 'Order Tracking System' }, logo: null, defaultLanguage: 'zh-CN' });
    expect(data.production).toEqual(expect.objectContaining({ scanInOrder: expect.any(Boolean), overProductionPercent: expect.any(Number) }));
    expect(data.upload).toEqual(DEFAULT_UPLOAD_SETTINGS);
    // CI runs this suite on embedded PGlite and on a server (DATABASE_URL).
    const server = process.env.DATABASE_URL ? new URL(process.env.DATABASE_URL) : null;
    expect(data.database).toMatchObject({
      engine: server ? 'server' : 'embedded',
      version: expect.stringContaining('PostgreSQL'),
      target: server ? expect.stringMatching(new RegExp(`^${server.hostname.replaceAll('.', '\\.')}:${server.port || 5432}/`)) : 'embedded (in memory)',
      backupSupported: !server,
      settings: DEFAULT_DATABASE_SETTINGS,
    });
    if (server) expect(data.database.target).not.toContain('@');
    expect(data.database.sizeBytes).toBeGreaterThan(0);
    expect(data.database.migrations.length).toBeGreaterThan(5);
    expect(data.database.migrations[0]).toEqual({ name: expect.any(String), appliedAt: null });
  });

  it('names a server database without its credentials', () => {
    expect(databaseTarget({ DATABASE_URL: 'postgres://app:s3cret@db.internal:6543/stitch', DATA_DIR: './data' })).toBe('db.internal:6543/stitch');
    expect(databaseTarget({ DATABASE_URL: 'postgresql://app:pw@db/stitch', DATA_DIR: './data' })).toBe('db:5432/stitch');
    expect(databaseTarget({ DATABASE_URL: undefined, DATA_DIR: '/srv/data' })).toBe('embedded (/srv/data)');
  });

  it('refuses the screen without a token (401) and without the settings permission (403)', async () => {
    expect((await t.http.get('/api/admin/setting/init')).status).toBe(401);
    expect((await init(viewer)).status).toBe(403);
  });

  describe.each([
    {
      path: 'updateSystemSetting',
      good: { defaultLanguage: 'en' },
      expected: { defaultLanguage: 'en', logo: null },
      read: (data: Record<string, Record<string, unknown>>) => data.system,
      bad: [
        [{ defaultLanguage: 'fr' }, 'Default language must be one of: zh-CN, en'],
        [{ defaultLanguage: 7 }, expect.stringContaining('Default language')],
        [{ logo: 42 }, expect.stringContaining('Board logo')],
        [{ logo: 'not-an-upload' }, expect.any(String)],
        [{ logo: 'ab'.repeat(16) }, expect.any(String)],
      ],
      section: 'system',
    },
    {
      path: 'database_update',
      good: { auditRetentionDays: 90 },
      expected: { auditRetentionDays: 90 },
      read: (data: Record<string, Record<string, unknown>>) => data.database.settings as Record<string, unknown>,
      bad: [
        [{}, 'Audit retention (days) is required'],
        [{ auditRetentionDays: 6 }, 'Audit retention (days) must be at least 7'],
        [{ auditRetentionDays: 3651 }, 'Audit retention (days) must be at most 3650'],
        [{ auditRetentionDays: 'soon' }, 'Audit retention (days) must be a whole number'],
        [{ auditRetentionDays: 30.5 }, 'Audit retention (days) must be a whole number'],
      ],
      section: 'database',
    },
    {
      path: 'upload_update',
      good: { maxBytes: 2 * 1024 * 1024, allowedKinds: ['image'] },
      expected: { maxBytes: 2 * 1024 * 1024, allowedKinds: ['image'], imageQuality: 85 },
      read: (data: Record<string, Record<string, unknown>>) => data.upload,
      bad: [
        [{ maxBytes: 1024 }, expect.stringContaining('Largest upload must be at least')],
        [{ maxBytes: 64 * 1024 * 1024 }, expect.stringContaining('Largest upload must be at most')],
        [{ maxBytes: 'big' }, 'Largest upload must be a whole number'],
        [{ allowedKinds: [] }, 'Allowed kinds is required'],
        [{ allowedKinds: ['exe'] }, expect.stringContaining('Allowed kinds')],
        [{ allowedKinds: 'image,exe' }, expect.stringContaining('Allowed kinds')],
      ],
      section: 'upload',
    },
    {
      path: 'updateImageSetting',
      good: { imageQuality: 70, maxDimension: 1200, thumbnailSize: 120 },
      expected: { imageQuality: 70, maxDimension: 1200, thumbnailSize: 120 },
      read: (data: Record<string, Record<string, unknown>>) => data.upload,
      bad: [
        [{ imageQuality: 29 }, 'Image quality must be at least 30'],
        [{ imageQuality: 101 }, 'Image quality must be at most 100'],
        [{ maxDimension: 100 }, 'Largest image side must be at least 320'],
        [{ thumbnailSize: 2048 }, 'Thumbnail size must be at most 1024'],
        [{ thumbnailSize: 'x' }, 'Thumbnail size must be a whole number'],
      ],
      section: 'upload',
    },
  ] as const)('$path', ({ path, good, expected, read, bad, section }) => {
    it('refuses bad input with a 400 envelope naming the field, changing nothing', async () => {
      const before = (await init()).body.data;
      const failuresBefore = await auditCount('failure');
      for (const [body, message] of bad) {
        const response = await post(path, body);
        expect({ body, status: response.status }).toEqual({ body, status: 400 });
        expect(response.body).toMatchObject({ code: 400, message });
      }
      expect((await post(path, bad[0][0], admin, 'zh-CN')).body.message).toMatch(/[\u4e00-\u9fff]/);
      const after = (await init()).body.data;
      expect(read(after)).toEqual(read(before));
      expect(await waitForAudit('failure', failuresBefore + bad.length)).toBeGreaterThanOrEqual(failuresBefore + bad.length);
    });

    it('refuses a missing token (401) and a user without the settings permission (403)', async () => {
      const before = read((await init()).body.data);
      expect((await post(path, good, null)).status).toBe(401);
      const forbidden = await post(path, good, viewer);
      expect(forbidden.status).toBe(403);
      expect(forbidden.body).toMatchObject({ code: 403, message: expect.any(String) });
      expect(read((await init()).body.data)).toEqual(before);
    });

    it('saves, answers the new section, writes the audit row and publishes the event', async () => {
      const successesBefore = await auditCount('success');
      const eventsBefore = (await events()).length;
      const response = await post(path, good);
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ code: 200, message: 'Saved', data: expected });
      expect(read((await init()).body.data)).toMatchObject(expected);
      expect(await waitForAudit('success', successesBefore + 1)).toBe(successesBefore + 1);
      const published = (await events()).slice(eventsBefore);
      expect(published).toHaveLength(1);
      expect(published[0].section).toBe(section);
      expect(published[0].payload[section]).toMatchObject(expected);
      expect(published[0].rooms).toEqual(section === 'system' ? ['settings', 'board'] : ['settings']);
    });
  });

  it('takes form-encoded kinds as a comma-separated list', async () => {
    const response = await t.http.post('/api/admin/setting/upload_update').set('token', admin).type('form').send({ allowedKinds: 'pdf,image,pdf', maxBytes: '1048576' });
    expect(response.body.data).toMatchObject({ allowedKinds: ['pdf', 'image'], maxBytes: 1048576 });
  });

  it('sets the board logo to an uploaded image, serves it publicly, and removes it', async () => {
    // Uploads follow the image settings from the next upload on (1200 px set above).
    await post('upload_update', { maxBytes: 8 * 1024 * 1024, allowedKinds: ['image', 'pdf'] });
    const png = await sharp({ create: { width: 2400, height: 600, channels: 3, background: '#204060' } }).png().toBuffer();
    const uploaded = await t.http.post('/api/admin/upload/image').set('token', admin).attach('file', png, 'logo.png');
    expect(uploaded.status).toBe(200);
    expect(uploaded.body.data).toMatchObject({ width: 1200, height: 300 });
    const id = uploaded.body.data.id as string;

    expect((await t.http.get('/api/admin/setting/logo')).status).toBe(404);
    const saved = await post('updateSystemSetting', { logo: id });
    expect(saved.body.data).toMatchObject({ logo: id, defaultLanguage: 'en' });
    const logo = await t.http.get('/api/admin/setting/logo').buffer(true).parse(binary as never);
    expect(logo.status).toBe(200);
    expect(logo.headers['content-type']).toBe('image/webp');
    expect((logo.body as Buffer).length).toBeGreaterThan(10);
    const pub = await t.http.get('/api/admin/setting/getPublicSetting');
    expect(pub.body.data).toMatchObject({ logo: id, defaultLanguage: 'en', titles: { en: 'Order Tracking System' } });

    expect((await post('updateSystemSetting', { logo: null })).body.data.logo).toBeNull();
    expect((await t.http.get('/api/admin/setting/logo')).status).toBe(404);
  });

  it("refuses a production order's document as the board logo (the logo is served to anyone)", async () => {
    const f = await setUpProduction(t);
    const order = await f.createOrder({ ready: false });
    const png = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#802020' } }).png().toBuffer();
    const uploaded = (await t.http.post('/api/admin/upload/image').set('token', admin).attach('file', png, 'sheet.png')).body.data as { id: string };
    const detail = (await f.get('productionOrder/detail', { id: order.id })).body.data as { version: number };
    expect((await f.post('productionOrder/uploadDocument', { id: order.id, version: detail.version, document: uploaded.id })).body.code).toBe(200);

    const refused = await post('updateSystemSetting', { logo: uploaded.id });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 400, data: { field: 'logo' } });
    expect(refused.body.message).toContain('order document');
    expect((await init()).body.data.system.logo).toBeNull();
    expect((await t.http.get('/api/admin/setting/logo')).status).toBe(404);
  });

  it('refuses an image upload once images are no longer an allowed kind, or above the size limit', async () => {
    const png = await sharp({ create: { width: 400, height: 400, channels: 3, background: '#808080' } }).png().toBuffer();
    await post('upload_update', { allowedKinds: ['pdf'] });
    expect((await t.http.post('/api/admin/upload/image').set('token', admin).attach('file', png, 'a.png')).status).toBe(415);
    await post('upload_update', { allowedKinds: ['image'], maxBytes: 64 * 1024 });
    const noisy = await sharp(Buffer.from(Array.from({ length: 600 * 600 * 3 }, () => Math.floor(Math.random() * 256))), { raw: { width: 600, height: 600, channels: 3 } })
      .png()
      .toBuffer();
    expect((await t.http.post('/api/admin/upload/image').set('token', admin).attach('file', noisy, 'b.png')).status).toBe(413);
  });

  it('publishes a title change to the settings screens and the boards', async () => {
    const before = (await events()).length;
    await post('updateSystemTitle', { en: 'Riverside' });
    const published = (await events()).slice(before);
    expect(published).toEqual([expect.objectContaining({ section: 'system', rooms: ['settings', 'board'] })]);
    expect((published[0].payload.system as { titles: { en: string } }).titles.en).toBe('Riverside');
  });
});
