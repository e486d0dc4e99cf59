import { existsSync } from 'node:fs';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { DataSource } from 'typeorm';
import { bootTestApp, type TestApp } from '../testing/test-app.js';
import { ImageStore } from './image-store.js';

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

  it('re-encodes a PNG to WebP with a thumbnail, stored outside the web root', async () => {
    const png = await sharp({ create: { width: 3000, height: 1500, channels: 3, background: '#123456' } }).png().toBuffer();
    const response = await upload(png, 'photo.png', viewer); // any logged-in user may upload
    expect(response.status).toBe(200);
    const image = response.body.data as { id: string; url: string; thumbnailUrl: string; width: number; height: number };
    expect(image).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{32}$/),
      url: `/api/admin/upload/image/${image.id}`,
      thumbnailUrl: `/api/admin/upload/image/${image.id}/thumbnail`,
      width: 2000,
      height: 1000,
    });

    const store = t.app.get(ImageStore);
    expect(store.pathOf(image.id, 'image')).toContain(`/${image.id.slice(0, 2)}/${image.id}.webp`);
    expect(existsSync(store.pathOf(image.id, 'image'))).toBe(true);
    expect(existsSync(store.pathOf(image.id, 'thumbnail'))).toBe(true);
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
});
