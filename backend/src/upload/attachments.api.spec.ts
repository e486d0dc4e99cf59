import sharp from 'sharp';
import { DataSource } from 'typeorm';
import { UPLOAD_SETTING_KEY } from '../../../contracts/admin-settings.js';
import type { Attachment, OrderDocuments } from '../../../contracts/attachments.js';
import { runExclusiveMaintenance } from '../common/maintenance/exclusive-maintenance.js';
import { minimalPdf } from '../testing/pdf-fixture.js';
import { setUpProduction, type ProductionFixture } from '../testing/production-fixture.js';
import { bootTestApp, type TestApp } from '../testing/test-app.js';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ClearDocumentsService } from './clear-documents.js';
import { LegacyFileImport, legacyUploadPaths } from './legacy-file-import.js';
import { OrphanCleanup } from './orphan-cleanup.js';
import { looksLikePdf } from './pdf-check.js';

/** Reads a binary response body as a Buffer. */
const binary = (res: NodeJS.ReadableStream, done: (error: Error | null, body: unknown) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => done(null, Buffer.concat(chunks)));
};

describe('attachments and production documents (API)', () => {
  let t: TestApp;
  let f: ProductionFixture;
  let db: DataSource;
  let admin: string;

  beforeAll(async () => {
    t = await bootTestApp();
    f = await setUpProduction(t);
    db = t.app.get(DataSource);
    admin = f.admin;
  });
  afterAll(() => t.close());
  afterEach(async () => {
    await db.query(`DELETE FROM system_setting WHERE key = $1`, [UPLOAD_SETTING_KEY]);
  });

  const png = (width = 40, height = 30) => sharp({ create: { width, height, channels: 3, background: '#336699' } }).png().toBuffer();
  const addDocument = (orderId: number, file: Buffer, name: string, token = admin, language = 'zh-CN') =>
    t.http.post('/api/admin/productionOrder/addDocument').query({ id: orderId }).set('token', token).set('Accept-Language', language).attach('file', file, name);
  const documents = (orderId: number, token = admin) => t.http.get('/api/admin/productionOrder/documents').query({ id: orderId }).set('token', token);
  const setUploadSettings = (value: Record<string, unknown>) =>
    db.query(`INSERT INTO system_setting (key, value) VALUES ($1, $2::jsonb) ON CONFLICT (key) DO UPDATE SET value = excluded.value`, [UPLOAD_SETTING_KEY, JSON.stringify(value)]);
  const uploadCount = async () => (await db.query(`SELECT count(*)::int AS n FROM upload`))[0].n as number;
  const makeUser = async (username: string, permissions: string, attachmentProcessIds: number[] = []) => {
    const created = await t.http.post('/api/admin/user/create').set('token', admin).type('form').send({ username, nickname: username, password: 'secret-pass-1' });
    expect(created.body.code).toBe(200);
    await db.query(`UPDATE app_user SET permissions = $2::text[], attachment_process_ids = $3::int[] WHERE id = $1`, [created.body.data.id, permissions.split(','), attachmentProcessIds]);
    await db.query(`UPDATE app_user SET must_change_password = false WHERE id = $1`, [created.body.data.id]).catch(() => undefined);
    return t.login(username, 'secret-pass-1');
  };

  it('checks PDFs by their structure', () => {
    expect(looksLikePdf(minimalPdf())).toBe(true);
    expect(looksLikePdf(Buffer.from(`%PDF-1.4\n${'hello '.repeat(40)}`))).toBe(false);
    const broken = minimalPdf();
    expect(looksLikePdf(broken.subarray(0, broken.length - 30))).toBe(false);
  });

  it('holds several documents per order: an image and a PDF, listed with their record, the PDF only as a download', async () => {
    const order = await f.createOrder({ ready: false });
    const image = await addDocument(order.id, await png(), '单据.png');
    expect(image.status).toBe(200);
    const imageRecord = image.body.data as Attachment;
    expect(imageRecord).toMatchObject({ kind: 'image', mime: 'image/webp', name: '单据.webp', width: 40, height: 30, owner: { type: 'productionOrder', id: order.id } });
    expect(imageRecord.uploadedBy).toMatchObject({ name: expect.any(String) });

    const pdfBytes = minimalPdf('sheet');
    const pdf = await addDocument(order.id, pdfBytes, 'sheet.pdf');
    expect(pdf.status).toBe(200);
    const pdfRecord = pdf.body.data as Attachment;
    expect(pdfRecord).toMatchObject({ kind: 'pdf', mime: 'application/pdf', name: 'sheet.pdf', size: pdfBytes.length, width: null, thumbnailUrl: null });
    expect(pdfRecord.number).toBeGreaterThan(imageRecord.number);

    const listed = (await documents(order.id)).body.data as OrderDocuments;
    expect(listed.viewable).toBe(true);
    expect(listed.list.map((a) => a.id)).toEqual([pdfRecord.id, imageRecord.id]);

    const download = await t.http.get(pdfRecord.url).set('token', admin).buffer(true).parse(binary as never);
    expect(download.status).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="sheet.pdf"/);
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(Buffer.compare(download.body as Buffer, pdfBytes)).toBe(0);
    // Through the image URL too, still a download; a PDF has no thumbnail.
    expect((await t.http.get(`/api/admin/upload/image/${pdfRecord.id}`).set('token', admin)).headers['content-disposition']).toMatch(/^attachment/);
    expect((await t.http.get(`/api/admin/upload/image/${pdfRecord.id}/thumbnail`).set('token', admin)).status).toBe(404);
    // The order's document is the newest one; the old endpoint (shown in <img> tags) serves the newest image.
    const legacy = await t.http.get('/api/admin/productionOrder/document').query({ id: order.id }).set('token', admin);
    expect(legacy.headers['content-type']).toBe('image/webp');
    const detail = (await f.get('productionOrder/detail', { id: order.id })).body.data as { document: string };
    expect(detail.document).toBe(pdfRecord.id);

    const shown = await t.http.get(imageRecord.url).set('token', admin);
    expect(shown.headers['content-type']).toBe('image/webp');
    expect(shown.headers['content-disposition']).toBeUndefined();

    // Removing the newest makes the image the order's document again; the PDF's file is gone.
    const removed = await f.post('productionOrder/removeDocument', { id: order.id, upload: pdfRecord.id });
    expect(removed.body.code).toBe(200);
    expect((removed.body.data as OrderDocuments).list.map((a) => a.id)).toEqual([imageRecord.id]);
    expect((await t.http.get(pdfRecord.url).set('token', admin)).status).toBe(404);
    expect(((await f.get('productionOrder/detail', { id: order.id })).body.data as { document: string }).document).toBe(imageRecord.id);
    expect((await f.post('productionOrder/removeDocument', { id: order.id, upload: pdfRecord.id })).status).toBe(404);
    const events: unknown[] = await db.query(`SELECT action, result FROM security_event WHERE action IN ('attachment.upload', 'attachment.delete') AND result = 'success'`);
    expect(events.length).toBeGreaterThanOrEqual(3);
  });

  it('keeps the single-document endpoints working for existing clients', async () => {
    const order = await f.createOrder({ ready: false });
    const uploaded = (await t.http.post('/api/admin/upload/image').set('token', admin).attach('file', await png(), 'a.png')).body.data as { id: string };
    const detail = (await f.get('productionOrder/detail', { id: order.id })).body.data as { version: number };
    expect((await f.post('productionOrder/uploadDocument', { id: order.id, version: detail.version, document: uploaded.id })).body.code).toBe(200);
    expect(((await documents(order.id)).body.data as OrderDocuments).list.map((a) => a.id)).toEqual([uploaded.id]);
    const served = await t.http.get('/api/admin/productionOrder/document').query({ id: order.id }).set('token', admin);
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
  });

  it('refuses bad input with translated messages and stores nothing', async () => {
    const order = await f.createOrder({ ready: false });
    const before = await uploadCount();

    const fake = await addDocument(order.id, Buffer.from('This is plain text, not a PDF at all, only named like one.'), 'fake.pdf', admin, 'en');
    expect(fake.status).toBe(415);
    expect(fake.body).toMatchObject({ code: 415, data: { errorKey: 'fileTypeUnsupported' } });
    expect(fake.body.message).toMatch(/nor a valid PDF/);
    // A PDF header glued onto something else is not a PDF either.
    expect((await addDocument(order.id, Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(500, 65)]), 'glued.pdf')).status).toBe(415);

    await setUploadSettings({ maxBytes: 64 * 1024 });
    const tooLarge = await addDocument(order.id, minimalPdf('big', 100 * 1024), 'big.pdf', admin, 'en');
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body).toMatchObject({ code: 413, data: { errorKey: 'fileTooLarge' } });
    expect(tooLarge.body.message).toMatch(/at most 0\.1 MB/);

    await setUploadSettings({ allowedKinds: ['image'] });
    const disallowed = await addDocument(order.id, minimalPdf(), 'a.pdf');
    expect(disallowed.status).toBe(415);
    expect(disallowed.body).toMatchObject({ data: { errorKey: 'uploadKindNotAllowed' } });
    expect(disallowed.body.message).toContain('图片');

    expect(await uploadCount()).toBe(before);
    // Images are still allowed.
    expect((await addDocument(order.id, await png(), 'a.png')).status).toBe(200);
    const afterImage = await uploadCount();

    const noFile = await t.http.post('/api/admin/productionOrder/addDocument').query({ id: order.id }).set('token', admin).field('x', '1');
    expect(noFile.status).toBe(400);
    const noOrder = await t.http.post('/api/admin/productionOrder/addDocument').set('token', admin).attach('file', await png(), 'a.png');
    expect(noOrder.status).toBe(400);
    expect(noOrder.body.message).toBe('编号不能为空');
    expect((await addDocument(999_999, await png(), 'a.png')).status).toBe(404);
    expect((await f.post('productionOrder/removeDocument', { id: order.id, upload: '../etc/passwd' })).status).toBe(400);
    expect(await uploadCount()).toBe(afterImage);
  });

  it('applies the image settings from the next upload on', async () => {
    await setUploadSettings({ maxDimension: 320, thumbnailSize: 64, imageQuality: 50 });
    const order = await f.createOrder({ ready: false });
    const image = (await addDocument(order.id, await png(1000, 500), 'wide.png')).body.data as Attachment;
    expect(image).toMatchObject({ width: 320, height: 160 });
    const thumbnail = await t.http.get(image.thumbnailUrl!).set('token', admin).buffer(true).parse(binary as never);
    expect(await sharp(thumbnail.body as Buffer).metadata()).toMatchObject({ width: 64, height: 32 });
  });

  it('needs a login and the right permission; another user may not open a document the rule keeps from them', async () => {
    const order = await f.createOrder({ ready: false });
    const doc = (await addDocument(order.id, minimalPdf(), 'private.pdf')).body.data as Attachment;

    expect((await t.http.post('/api/admin/productionOrder/addDocument').query({ id: order.id }).attach('file', minimalPdf(), 'a.pdf')).status).toBe(401);
    expect((await t.http.get(doc.url)).status).toBe(401);
    expect((await documents(order.id, 'forged')).status).toBe(401);

    const viewer = await t.login('viewer', 'viewer123');
    const refused = await addDocument(order.id, minimalPdf(), 'a.pdf', viewer);
    expect(refused.status).toBe(403);
    expect(refused.body.data.errorKey).toBe('forbidden');
    expect((await f.post('productionOrder/removeDocument', { id: order.id, upload: doc.id }, viewer)).status).toBe(403);

    const clerk = await makeUser('doc-clerk', 'Home,Order'); // may upload, but sees no process's attachments
    const reader = await makeUser('doc-reader', 'Home,Order', [f.processes.sew]);
    const clerkList = (await documents(order.id, clerk)).body.data as OrderDocuments;
    expect(clerkList).toMatchObject({ viewable: false, list: [{ id: doc.id }] });
    const forbidden = await t.http.get(doc.url).set('Cookie', `token=${clerk}`);
    expect(forbidden.status).toBe(403);
    expect((await t.http.get(`/api/admin/upload/image/${doc.id}`).set('token', clerk)).status).toBe(403);
    expect((await t.http.get('/api/admin/productionOrder/document').query({ id: order.id }).set('token', clerk)).status).toBe(403);
    expect((await documents(order.id, reader)).body.data.viewable).toBe(true);
    expect((await t.http.get(doc.url).set('token', reader)).status).toBe(200);
  });

  it('removes attachments nothing refers to once they are a day old', async () => {
    const cleanup = t.app.get(OrphanCleanup);
    const loose = (await t.http.post('/api/admin/upload/file').set('token', admin).attach('file', minimalPdf(), 'loose.pdf')).body.data as Attachment;
    const styleImage = (await t.http.post('/api/admin/upload/image').set('token', admin).attach('file', await png(), 'style.png')).body.data as { id: string };
    await db.query(`UPDATE goods SET image = $2 WHERE id = $1`, [f.goods, styleImage.id]);
    const order = await f.createOrder({ ready: false });
    const doc = (await addDocument(order.id, await png(), 'doc.png')).body.data as Attachment;

    expect(await cleanup.run()).toEqual({ files: 0, bytes: 0 });
    const tomorrow = new Date(Date.now() + 25 * 3600 * 1000);
    const removed = await cleanup.run(tomorrow);
    expect(removed.files).toBeGreaterThanOrEqual(1);
    const left: { id: string }[] = await db.query(`SELECT id FROM upload WHERE id = ANY ($1::char(32)[])`, [[loose.id, styleImage.id, doc.id]]);
    expect(left.map((row) => row.id).sort()).toEqual([styleImage.id, doc.id].sort());
    expect(await db.query(`SELECT 1 FROM upload_blob WHERE upload_id = $1`, [loose.id])).toHaveLength(0);
    expect((await t.http.get(loose.url).set('token', admin)).status).toBe(404);
  });

  it('clears the documents of orders completed or hidden before a day: the preview announces what the clear removes', async () => {
    const completed = await f.createOrder({ ready: false });
    const hidden = await f.createOrder({ ready: false });
    const recent = await f.createOrder({ ready: false });
    const images: Record<number, string> = {};
    for (const order of [completed, hidden, recent]) {
      images[order.id] = ((await addDocument(order.id, await png(), 'a.png')).body.data as Attachment).id;
      await addDocument(order.id, minimalPdf(), 'b.pdf');
    }
    // A file something else still uses (here a style's picture) loses the order's link but stays.
    await db.query(`UPDATE goods SET image = $2 WHERE id = $1`, [f.goods, images[completed.id]]);
    await db.query(`UPDATE production_order SET completed = true, completed_at = '2025-03-01T08:00:00Z' WHERE id = $1`, [completed.id]);
    expect((await f.post('productionOrder/hide', { ids: String(hidden.id) })).body.code).toBe(200);
    await db.query(`UPDATE production_order SET hidden_at = '2025-04-01T08:00:00Z' WHERE id = $1`, [hidden.id]);
    await db.query(`UPDATE production_order SET completed = true, completed_at = '2025-09-01T08:00:00Z' WHERE id = $1`, [recent.id]);

    const bad = await f.get('setting/clearDocuments/preview', { before: '2025-02-30' }, admin, 'en');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/Before date/);
    expect((await f.get('setting/clearDocuments/preview', {})).status).toBe(400);
    const viewer = await t.login('viewer', 'viewer123');
    expect((await f.get('setting/clearDocuments/preview', { before: '2025-06-01' }, viewer)).status).toBe(403);
    expect((await f.post('setting/clearDocuments', { before: '2025-06-01' }, viewer)).status).toBe(403);

    const preview = (await f.get('setting/clearDocuments/preview', { before: '2025-06-01' })).body.data as { orders: number; files: number; bytes: number };
    expect(preview).toMatchObject({ orders: 2, files: 3 });
    expect(preview.bytes).toBeGreaterThan(0);
    const cleared = await f.post('setting/clearDocuments', { before: '2025-06-01' });
    expect(cleared.status).toBe(200);
    expect(cleared.body.data).toEqual(preview);
    for (const order of [completed, hidden]) {
      expect(((await documents(order.id)).body.data as OrderDocuments).list).toEqual([]);
      expect(((await f.get('productionOrder/detail', { id: order.id })).body.data as { document: string | null }).document).toBeNull();
    }
    expect(((await documents(recent.id)).body.data as OrderDocuments).list).toHaveLength(2);
    expect(await db.query(`SELECT 1 FROM upload WHERE id = ANY ($1::char(32)[])`, [[images[completed.id], images[hidden.id]]])).toHaveLength(1);
    expect((await f.get('setting/clearDocuments/preview', { before: '2025-06-01' })).body.data).toEqual({ orders: 0, files: 0, bytes: 0 });
    const audited: unknown[] = await db.query(`SELECT 1 FROM security_event WHERE action = 'data.clearDocuments' AND result = 'success'`);
    expect(audited).toHaveLength(1);
  });

  it('imports image files an earlier release kept under DATA_DIR/uploads, once', async () => {
    const root = mkdtempSync(join(tmpdir(), 'sb-legacy-uploads-'));
    try {
      const id = 'ab'.repeat(16);
      const image = await sharp({ create: { width: 12, height: 8, channels: 3, background: '#010101' } }).webp().toBuffer();
      const thumbnail = await sharp(image).resize(6).webp().toBuffer();
      const paths = legacyUploadPaths(root, id);
      mkdirSync(join(root, 'ab'), { recursive: true });
      writeFileSync(paths.image, image);
      writeFileSync(paths.thumbnail, thumbnail);
      await db.query(`INSERT INTO upload (id, kind, mime, width, height, bytes) VALUES ($1, 'image', 'image/webp', 12, 8, $2)`, [id, image.length]);
      expect((await t.http.get(`/api/admin/upload/image/${id}`).set('token', admin)).status).toBe(404);
      const importer = t.app.get(LegacyFileImport);
      expect(await importer.importFrom(root)).toBe(1);
      expect(await importer.importFrom(root)).toBe(0);
      const served = await t.http.get(`/api/admin/upload/image/${id}`).set('token', admin).buffer(true).parse(binary as never);
      expect(Buffer.compare(served.body as Buffer, image)).toBe(0);
      expect((await t.http.get(`/api/admin/upload/image/${id}/thumbnail`).set('token', admin)).status).toBe(200);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('refuses to clear while another clear or restore runs', async () => {
    let release!: () => void;
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    const held = runExclusiveMaintenance(db, async () => {
      started();
      await new Promise<void>((resolve) => (release = resolve));
    });
    await running;
    try {
      await expect(t.app.get(ClearDocumentsService).clear('2025-06-01')).rejects.toMatchObject({ error: 'maintenanceBusy', status: 409 });
    } finally {
      release();
      await held;
    }
  });
});
