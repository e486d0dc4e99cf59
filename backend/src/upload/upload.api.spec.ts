import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { DataSource } from 'typeorm';
import { bootTestApp, type TestApp } from '../testing/test-app.js';
import { setUpProduction } from '../testing/production-fixture.js';
import { DEFAULT_UPLOAD_LIMITS, UploadQuota } from './upload-quota.js';

/** Reads a binary response body as a Buffer. */
const binary = (res: NodeJS.ReadableStream, done: (error: Error | null, body: unknown) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => done(null, Buffer.concat(chunks)));
};

describe('image uploads (API)', () => {
  let t: TestApp;
  let admin: string;
  let viewer: string;

  beforeAll(async () => {
    t = await bootTestApp();
    admin = await t.login();
    viewer = await t.login('viewer', 'viewer123');
  });
  afterAll(() => t.close());

  const upload = (file: Buffer, filename: string, token = admin, language = 'zh-CN') =>
    t.http.post('/api/admin/upload/image').set('token', token).set('Accept-Language', language).attach('file', file, filename);

  it('re-encodes a PNG to WebP with a thumbnail, stored in the database', async () => {
    const png = await sharp({ create: { width: 3000, height: 1500, channels: 3, background: '#123456' } }).png().toBuffer();
    const response = await upload(png, 'photo.png');
    expect(response.status).toBe(200);
    const image = response.body.data as { id: string; url: string; thumbnailUrl: string; width: number; height: number };
    expect(image).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{32}$/),
      url: `/api/admin/upload/image/${image.id}`,
      thumbnailUrl: `/api/admin/upload/image/${image.id}/thumbnail`,
      width: 2000,
      height: 1000,
    });

    const blobs: unknown[] = await t.app.get(DataSource).query(`SELECT variant FROM upload_blob WHERE upload_id = $1 ORDER BY variant`, [image.id]);
    expect(blobs).toEqual([{ variant: 'image' }, { variant: 'thumbnail' }]);
    const rows: unknown[] = await t.app.get(DataSource).query(`SELECT kind, mime, width, height FROM upload WHERE id = $1`, [image.id]);
    expect(rows).toEqual([{ kind: 'image', mime: 'image/webp', width: 2000, height: 1000 }]);

    const full = await t.http.get(image.url).set('token', admin).buffer(true).parse(binary as never);
    expect(full.status).toBe(200);
    expect(full.headers['content-type']).toBe('image/webp');
    expect(full.headers['cache-control']).toBe('private, max-age=86400');
    expect(await sharp(full.body as Buffer).metadata()).toMatchObject({ format: 'webp', width: 2000, height: 1000 });

    // <img> tags send the cookie, not the header.
    const thumbnail = await t.http.get(image.thumbnailUrl).set('Cookie', `lang=en; token=${encodeURIComponent(admin)}`).buffer(true).parse(binary as never);
    expect(thumbnail.status).toBe(200);
    expect(await sharp(thumbnail.body as Buffer).metadata()).toMatchObject({ format: 'webp', width: 240, height: 120 });
  });

  it('turns a JPEG upright by its EXIF orientation and drops its metadata', async () => {
    // 60×20 pixels stored with orientation 6 (rotate 90°): shown as 20×60.
    const jpeg = await sharp({ create: { width: 60, height: 20, channels: 3, background: '#ff8800' } })
      .jpeg()
      .withMetadata({ orientation: 6, exif: { IFD0: { Copyright: 'secret camera owner' } } })
      .toBuffer();
    const response = await upload(jpeg, 'camera.jpg');
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({ width: 20, height: 60 });
    const stored = await t.http.get(response.body.data.url).set('token', admin).buffer(true).parse(binary as never);
    const metadata = await sharp(stored.body as Buffer).metadata();
    expect(metadata).toMatchObject({ format: 'webp', width: 20, height: 60 });
    expect(metadata.exif).toBeUndefined();
    expect(metadata.orientation).toBeUndefined();
  });

  it('refuses what is not an image by content, whatever its name', async () => {
    const text = await upload(Buffer.from('just some text, honestly a PNG'), 'fake.png');
    expect(text.status).toBe(415);
    expect(text.body).toMatchObject({ code: 415, message: '不支持的内容类型' });
    const pdf = await upload(Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n'), 'doc.png', admin, 'en');
    expect(pdf.body).toMatchObject({ code: 415, message: 'Unsupported content type' });
  });

  it('refuses a damaged image with a 400', async () => {
    const png = await sharp({ create: { width: 200, height: 200, channels: 3, background: '#00ff00' } }).png().toBuffer();
    const response = await upload(png.subarray(0, 100), 'cut.png');
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('图片格式不正确');
  });

  it('refuses files over 8 MB and images over 40 megapixels with a 413', async () => {
    const big = Buffer.alloc(8 * 1024 * 1024 + 1, 0);
    const oversized = await upload(big, 'big.png');
    expect(oversized.status).toBe(413);
    expect(oversized.body.message).toBe('上传内容过大');

    // A decompression bomb: a tiny PNG whose header claims 7000×7000 (49 MP). Refused from the
    // header alone, before any pixel is decoded.
    const small = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } }).png().toBuffer();
    const huge = Buffer.from(small);
    huge.writeUInt32BE(7000, 16);
    huge.writeUInt32BE(7000, 20);
    huge.writeUInt32BE(crc32(huge.subarray(12, 29)), 29);
    expect((await upload(huge, 'bomb.png')).status).toBe(413);
  });

  it('needs a file and a login to upload', async () => {
    const none = await t.http.post('/api/admin/upload/image').set('token', admin).field('other', 'x');
    expect(none.status).toBe(400);
    expect(none.body.message).toBe('图片不能为空');
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } }).png().toBuffer();
    expect((await t.http.post('/api/admin/upload/image').attach('file', png, 'a.png')).status).toBe(401);
  });

  it('serves images only to logged-in users, and 404 for unknown ids', async () => {
    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#abcdef' } }).png().toBuffer();
    const image = (await upload(png, 'a.png')).body.data as { id: string; url: string; thumbnailUrl: string };

    const anonymous = await t.http.get(image.url);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toMatchObject({ code: 401, message: '请先登录' });
    expect((await t.http.get(image.thumbnailUrl)).status).toBe(401);
    expect((await t.http.get(image.url).set('Cookie', 'token=forged')).status).toBe(401);
    expect((await t.http.get(image.url).set('token', 'forged')).status).toBe(401);

    expect((await t.http.get(`/api/admin/upload/image/${'0'.repeat(32)}`).set('token', admin)).status).toBe(404);
    expect((await t.http.get(`/api/admin/upload/image/${'0'.repeat(32)}/thumbnail`).set('Cookie', `token=${admin}`)).status).toBe(404);
    expect((await t.http.get('/api/admin/upload/image/..%2F..%2Fetc%2Fpasswd').set('token', admin)).status).toBe(400);
    expect((await t.http.get(`/api/admin/upload/image/${image.id.toUpperCase()}`).set('token', admin)).status).toBe(400);

    // A logged-out session loses access at once.
    const session = await t.login('viewer', 'viewer123');
    expect((await t.http.get(image.url).set('Cookie', `token=${session}`)).status).toBe(200);
    await t.http.post('/api/admin/login/logout').set('token', session);
    expect((await t.http.get(image.url).set('Cookie', `token=${session}`)).status).toBe(401);
  });

  describe('abuse limits', () => {
    const tinyPng = () => sharp({ create: { width: 4, height: 4, channels: 3, background: '#010203' } }).png().toBuffer();
    const makeUser = async (username: string, permissions: string, attachmentProcessIds = '') => {
      const created = await t.http.post('/api/admin/user/create').set('token', admin).type('form').send({ username, nickname: username, password: 'secret-pass-1' });
      expect(created.body.code).toBe(200);
      const db = t.app.get(DataSource);
      const ids = attachmentProcessIds ? attachmentProcessIds.split(',').map(Number) : [];
      await db.query(`UPDATE app_user SET permissions = $2::text[], attachment_process_ids = $3::int[] WHERE id = $1`, [created.body.data.id, permissions.split(','), ids]);
      // A password set by an administrator may have to be changed first: not what these tests are about.
      await db.query(`UPDATE app_user SET must_change_password = false WHERE id = $1`, [created.body.data.id]).catch(() => undefined);
      return t.login(username, 'secret-pass-1');
    };

    it('needs the permission of a screen that stores images (Goods, Color, Company, Order)', async () => {
      const png = await tinyPng();
      const refused = await upload(png, 'a.png', viewer, 'en');
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ code: 403, data: { errorKey: 'forbidden' } });
      expect(refused.body.message).toBeTruthy();
      const stylist = await makeUser('img-goods', 'Home,Goods');
      expect((await upload(png, 'a.png', stylist)).status).toBe(200);
      const colorist = await makeUser('img-color', 'Home,Color');
      expect((await upload(png, 'a.png', colorist)).status).toBe(200);
    });

    it('parses multipart only on upload routes and only after the access guard', async () => {
      // Anonymous, with a 6 MB file: refused by the guard before the body is read.
      const big = Buffer.alloc(6 * 1024 * 1024, 7);
      const started = Date.now();
      const anonymous = await t.http.post('/api/admin/upload/image').attach('file', big, 'big.png').catch((error: { response?: { status: number; body: unknown } }) => error.response);
      expect(anonymous?.status).toBe(401);
      expect(Date.now() - started).toBeLessThan(3000);
      const anonymousElsewhere = await t.http.post('/api/admin/goods/create').attach('file', big, 'big.png').catch((error: { response?: { status: number } }) => error.response);
      expect(anonymousElsewhere?.status).toBe(401);

      // A logged-in caller sending multipart to an endpoint that takes no file: 415, translated.
      const elsewhere = await t.http.post('/api/admin/customer/create').set('token', admin).set('Accept-Language', 'en').field('code', 'MP-1').field('shortName', 'x');
      expect(elsewhere.status).toBe(415);
      expect(elsewhere.body).toMatchObject({ code: 415, data: { errorKey: 'multipartNotAccepted' } });
      expect(elsewhere.body.message).toMatch(/file uploads/);
      const db = t.app.get(DataSource);
      expect(await db.query(`SELECT 1 FROM customer WHERE code = 'MP-1'`)).toHaveLength(0);
      // Form and JSON bodies still work there.
      expect((await t.http.post('/api/admin/customer/create').set('token', admin).type('form').send({ code: 'MP-2', shortName: 'x' })).body.code).toBe(200);
      expect((await t.http.post('/api/admin/customer/create').set('token', admin).send({ code: 'MP-3', shortName: 'x' })).body.code).toBe(200);

      // One file and small fields on the upload route itself.
      const png = await tinyPng();
      const twoFiles = await t.http.post('/api/admin/upload/image').set('token', admin).attach('file', png, 'a.png').attach('file', png, 'b.png');
      expect(twoFiles.status).toBe(400);
      expect(twoFiles.body.data.errorKey).toBe('malformedBody');
      const bigField = await t.http.post('/api/admin/upload/image').set('token', admin).field('note', 'x'.repeat(9 * 1024)).attach('file', png, 'a.png');
      expect(bigField.status).toBe(413);
      const manyFields = t.http.post('/api/admin/upload/image').set('token', admin);
      for (let i = 0; i < 25; i++) manyFields.field(`f${i}`, 'x');
      expect((await manyFields.attach('file', png, 'a.png')).status).toBe(400);
      const truncated = await t.http
        .post('/api/admin/upload/image')
        .set('token', admin)
        .set('Content-Type', 'multipart/form-data; boundary=XYZ')
        .send('--XYZ\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc');
      expect(truncated.status).toBe(400);
    });

    it('limits uploads per user per window and bytes per user per day (429, translated)', async () => {
      const quota = t.app.get(UploadQuota);
      const png = await tinyPng();
      const user = await makeUser('img-quota', 'Home,Goods');
      try {
        quota.configure({ uploads: 5, windowSeconds: 600, bytesPerDay: DEFAULT_UPLOAD_LIMITS.bytesPerDay });
        // A concurrent burst of 12: exactly 5 get through (the count is consumed before the file is read).
        const burst = await Promise.all(Array.from({ length: 12 }, () => upload(png, 'a.png', user, 'en')));
        expect(burst.filter((response) => response.status === 200)).toHaveLength(5);
        const refused = burst.filter((response) => response.status === 429);
        expect(refused).toHaveLength(7);
        expect(refused[0].body).toMatchObject({ code: 429, data: { errorKey: 'uploadQuotaExceeded' } });
        expect(refused[0].body.message).toMatch(/5 uploads per 10 minutes/);
        expect(Number(refused[0].headers['retry-after'])).toBeGreaterThan(0);
        // Another user is not affected.
        expect((await upload(png, 'a.png')).status).toBe(200);

        quota.configure({ uploads: 100, windowSeconds: 600, bytesPerDay: 3 * png.length });
        for (let i = 0; i < 3; i++) expect((await upload(png, 'a.png', user)).status).toBe(200);
        const overBytes = await upload(png, 'a.png', user);
        expect(overBytes.status).toBe(429);
        expect(overBytes.body.message).toMatch(/上传限制/);
      } finally {
        quota.configure(DEFAULT_UPLOAD_LIMITS);
      }
    });

    it('serves a production document by image id only to users the document endpoint lets see it', async () => {
      const fixture = await setUpProduction(t);
      const order = await fixture.createOrder({ ready: false });
      const png = await tinyPng();
      const image = (await upload(png, 'sheet.png')).body.data as { id: string; url: string; thumbnailUrl: string };
      const detail = await fixture.data<{ version: number }>(fixture.get('productionOrder/detail', { id: order.id }));
      await fixture.data(fixture.post('productionOrder/uploadDocument', { id: order.id, version: detail.version, document: image.id }));

      const allowed = await makeUser('doc-img-ok', 'Home', String(fixture.processes.cut));
      const refused = await makeUser('doc-img-no', 'Home,Goods'); // no attachment rights (every flow process is on the route)
      for (const url of [image.url, image.thumbnailUrl]) {
        expect((await t.http.get(url).set('token', allowed)).status).toBe(200);
        expect((await t.http.get(url).set('token', admin)).status).toBe(200);
        const forbidden = await t.http.get(url).set('Cookie', `token=${refused}`);
        expect(forbidden.status).toBe(403);
        expect(forbidden.body).toMatchObject({ code: 403, data: { errorKey: 'forbidden' } });
      }
      // The same answer as the document endpoint.
      expect((await t.http.get('/api/admin/productionOrder/document').query({ id: order.id }).set('token', refused)).status).toBe(403);
      expect((await t.http.get('/api/admin/productionOrder/document').query({ id: order.id }).set('token', allowed)).status).toBe(200);
      // An ordinary image stays visible to any logged-in user.
      const plain = (await upload(png, 'plain.png')).body.data as { url: string };
      expect((await t.http.get(plain.url).set('token', refused)).status).toBe(200);
    });
  });
});
