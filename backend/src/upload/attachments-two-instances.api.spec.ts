import sharp from 'sharp';
import { DataSource } from 'typeorm';
import type { Attachment, OrderDocuments } from '../../../contracts/attachments.js';
import { minimalPdf } from '../testing/pdf-fixture.js';
import { setUpProduction } from '../testing/production-fixture.js';
import { bootTwoInstances, type TestApp } from '../testing/test-app.js';

/** Reads a binary response body as a Buffer. */
const binary = (res: NodeJS.ReadableStream, done: (error: Error | null, body: unknown) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => done(null, Buffer.concat(chunks)));
};

// Two app instances on one PostgreSQL database (the shipped docker-compose runs two): a file
// uploaded through one must be readable through the other. Each test instance has its own
// throw-away DATA_DIR, so this passes only because the bytes live in the database. Needs a
// PostgreSQL server: skipped when DATABASE_URL is not set (CI sets it).
const canRun = Boolean(process.env.DATABASE_URL);

(canRun ? describe : describe.skip)('attachments on two app instances sharing one database', () => {
  let a: TestApp;
  let b: TestApp;
  let close: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    ({ a, b, close } = await bootTwoInstances());
  });
  afterAll(async () => {
    await close?.();
  });

  it('serves an image and a PDF uploaded through one instance from the other', async () => {
    const f = await setUpProduction(a);
    const order = await f.createOrder({ ready: false });
    const token = f.admin; // sessions live in the database: valid on both
    const png = await sharp({ create: { width: 50, height: 20, channels: 3, background: '#aa3300' } }).png().toBuffer();
    const pdf = minimalPdf('two instances');

    const image = await a.http.post('/api/admin/productionOrder/addDocument').query({ id: order.id }).set('token', token).attach('file', png, 'photo.png');
    expect(image.status).toBe(200);
    const document = await a.http.post('/api/admin/productionOrder/addDocument').query({ id: order.id }).set('token', token).attach('file', pdf, 'sheet.pdf');
    expect(document.status).toBe(200);
    const { id: imageId, url: imageUrl, thumbnailUrl } = image.body.data as Attachment;
    const { url: pdfUrl } = document.body.data as Attachment;

    const listed = (await b.http.get('/api/admin/productionOrder/documents').query({ id: order.id }).set('token', token)).body.data as OrderDocuments;
    expect(listed.list.map((attachment) => attachment.name)).toEqual(['sheet.pdf', 'photo.webp']);

    const shown = await b.http.get(imageUrl).set('token', token).buffer(true).parse(binary as never);
    expect(shown.status).toBe(200);
    expect(await sharp(shown.body as Buffer).metadata()).toMatchObject({ format: 'webp', width: 50, height: 20 });
    expect((await b.http.get(thumbnailUrl!).set('Cookie', `token=${token}`)).status).toBe(200);
    expect((await b.http.get(`/api/admin/upload/image/${imageId}`).set('token', token)).status).toBe(200);

    const downloaded = await b.http.get(pdfUrl).set('token', token).buffer(true).parse(binary as never);
    expect(downloaded.status).toBe(200);
    expect(downloaded.headers['content-disposition']).toMatch(/^attachment/);
    expect(Buffer.compare(downloaded.body as Buffer, pdf)).toBe(0);
    expect((await b.http.get('/api/admin/productionOrder/document').query({ id: order.id }).set('token', token)).status).toBe(200);

    // Removed through B: gone on A too.
    const removed = await b.http.post('/api/admin/productionOrder/removeDocument').set('token', token).send({ id: order.id, upload: imageId });
    expect(removed.body.code).toBe(200);
    expect((await a.http.get(imageUrl).set('token', token)).status).toBe(404);
  });

  it('refuses a clear on one instance while the other runs one (409, translated)', async () => {
    const token = await a.login();
    const other = b.app.get(DataSource);
    let release!: () => void;
    let locked!: () => void;
    const holding = new Promise<void>((resolve) => (locked = resolve));
    // What a clear or restore on instance B holds for its whole transaction.
    const held = other.transaction(async (manager) => {
      await manager.query(`SELECT pg_advisory_xact_lock($1)`, [0x5354_4d4e]);
      locked();
      await new Promise<void>((resolve) => (release = resolve));
    });
    await holding;
    try {
      const refused = await a.http.post('/api/admin/setting/clearDocuments').set('token', token).set('Accept-Language', 'en').send({ before: '2025-01-01' });
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({ code: 409, data: { errorKey: 'maintenanceBusy' } });
      expect(refused.body.message).toMatch(/Another clear or restore/);
    } finally {
      release();
      await held;
    }
    expect((await a.http.post('/api/admin/setting/clearDocuments').set('token', token).send({ before: '2025-01-01' })).body.data).toEqual({ orders: 0, files: 0, bytes: 0 });
  });
});
