import sharp from 'sharp';
import { DataSource } from 'typeorm';
import { bootTestApp, type TestApp } from '../testing/test-app.js';

describe('company (API)', () => {
  let t: TestApp;
  let admin: string;
  let viewer: string;

  beforeAll(async () => {
    t = await bootTestApp();
    admin = await t.login();
    viewer = await t.login('viewer', 'viewer123');
  });
  afterAll(() => t.close());

  const update = (body: Record<string, unknown>, token = admin, language = 'zh-CN') =>
    t.http.post('/api/admin/company/update').set('token', token).set('Accept-Language', language).type('form').send(body);
  const detail = (token = admin) => t.http.get('/api/admin/company/detail').set('token', token);

  it('creates the one record on first read, even when reads race', async () => {
    const reads = await Promise.all([detail(), detail(), detail()]);
    expect(reads.map((read) => read.status)).toEqual([200, 200, 200]);
    expect(reads[0].body.data).toMatchObject({ id: 1, version: 1, name: '', shortName: '', logo: null });
    const rows: unknown[] = await t.app.get(DataSource).query(`SELECT id FROM company`);
    expect(rows).toHaveLength(1);
  });

  it('updates given fields with the version, and refuses a stale one', async () => {
    const saved = await update({ version: 1, name: ' 锦绣制衣有限公司 ', email: 'office@example.com', taxNumber: '91330000X' });
    expect(saved.body).toMatchObject({ code: 200, message: '保存成功', data: { name: '锦绣制衣有限公司', email: 'office@example.com', version: 2 } });
    const partial = await update({ version: 2, phone: '0571-1234567' });
    expect(partial.body.data).toMatchObject({ name: '锦绣制衣有限公司', phone: '0571-1234567', version: 3 });
    const stale = await update({ version: 2, name: 'overwritten' });
    expect(stale.status).toBe(409);
    expect((await detail()).body.data.name).toBe('锦绣制衣有限公司');
  });

  it.each([
    [{ name: 'x' }, '版本不能为空'],
    [{ version: 3, name: '' }, '公司名称不能为空'],
    [{ version: 3, email: 'nope' }, '邮箱不是有效的邮箱地址'],
    [{ version: 3, name: 'x'.repeat(129) }, '公司名称长度不能超过 128 个字符'],
    [{ version: 3, logo: 'f'.repeat(32) }, '图片不存在，请重新上传'],
  ])('refuses %j', async (body, message) => {
    const response = await update(body);
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(message);
  });

  it('takes an uploaded logo', async () => {
    const png = await sharp({ create: { width: 64, height: 64, channels: 4, background: '#cc0000' } }).png().toBuffer();
    const upload = await t.http.post('/api/admin/upload/image').set('token', admin).attach('file', png, 'logo.png');
    const version = (await detail()).body.data.version as number;
    const saved = await update({ version, logo: upload.body.data.id });
    expect(saved.body.data.logo).toBe(upload.body.data.id);
    expect((await update({ version: version + 1, logo: '' })).body.data.logo).toBeNull();
  });

  it('needs the Company permission', async () => {
    expect((await detail(viewer)).status).toBe(403);
    expect((await update({ version: 1, name: 'x' }, viewer)).status).toBe(403);
    expect((await t.http.get('/api/admin/company/detail')).status).toBe(401);
  });
});
