import ExcelJS from 'exceljs';
import type { Socket } from 'socket.io-client';
import { DataSource } from 'typeorm';
import { MASTER_DATA } from '../../../contracts/master-data.js';
import { SOCKET_EVENTS, type DomainEventEnvelope } from '../../../contracts/events.js';
import { bootTestApp, connected, nextEvent, type TestApp } from '../testing/test-app.js';

/** A valid create body for any plain definition: every required field filled. */
function sampleBody(entity: string, n: number): Record<string, string> {
  const fields = MASTER_DATA[entity as keyof typeof MASTER_DATA].fields;
  const body: Record<string, string> = {};
  for (const [field, definition] of Object.entries(fields)) {
    if (definition.kind === 'code') body[field] = `${entity.slice(0, 3).toUpperCase()}-${n}`;
    else if (definition.required) body[field] = `${entity} ${n}`;
  }
  return body;
}

describe('master data through the generic mechanism (API)', () => {
  let t: TestApp;
  let admin: string;
  let viewer: string;

  beforeAll(async () => {
    t = await bootTestApp();
    admin = await t.login();
    viewer = await t.login('viewer', 'viewer123');
  });
  afterAll(() => t.close());

  const post = (path: string, body: Record<string, unknown>, token = admin, language = 'zh-CN') =>
    t.http.post(`/api/admin/${path}`).set('token', token).set('Accept-Language', language).type('form').send(body);
  const get = (path: string, query: Record<string, unknown> = {}, token = admin) =>
    t.http.get(`/api/admin/${path}`).set('token', token).query(query);

  const editable = Object.values(MASTER_DATA).filter((definition) => !definition.readOnly);

  describe.each(editable.map((definition) => [definition.name]))('%s', (entity) => {
    it('creates, reads, lists, updates and deletes', async () => {
      const created = await post(`${entity}/create`, sampleBody(entity, 1));
      expect(created.body).toMatchObject({ code: 200, message: '保存成功' });
      const id = created.body.data.id as number;
      expect(created.body.data.version).toBe(1);

      const detail = await get(`${entity}/detail`, { id });
      expect(detail.body.data).toMatchObject({ id, code: `${entity.slice(0, 3).toUpperCase()}-1` });

      const list = await get(`${entity}/list`, { keyword: `${entity.slice(0, 3).toUpperCase()}-1` });
      expect(list.body.data.total).toBeGreaterThanOrEqual(1);
      expect(list.body.data.list.map((row: { id: number }) => row.id)).toContain(id);

      const updated = await post(`${entity}/update`, { id, version: 1, note: 'changed' });
      expect(updated.body.data).toMatchObject({ id, version: 2, note: 'changed' });

      const deleted = await post(`${entity}/delete`, { id });
      expect(deleted.body).toMatchObject({ code: 200, message: '删除成功' });
      expect((await get(`${entity}/detail`, { id })).status).toBe(404);
    });

    it('needs its own permission', async () => {
      expect((await get(`${entity}/list`, {}, viewer)).status).toBe(403);
      expect((await post(`${entity}/create`, sampleBody(entity, 2), viewer)).status).toBe(403);
      expect((await t.http.get(`/api/admin/${entity}/list`)).status).toBe(401);
    });
  });

  it('keeps codes unique trimmed and case-insensitively, even under concurrent creates', async () => {
    const first = await post('color/create', { code: ' red-01 ', name: '大红' });
    expect(first.body.data.code).toBe('red-01');
    const duplicate = await post('color/create', { code: 'RED-01', name: 'Other red' });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.message).toBe('编码已存在');
    expect((await post('color/create', { code: 'Red-01', name: 'x' }, admin, 'en')).body.message).toBe('Code already exists');

    const racing = await Promise.all(Array.from({ length: 10 }, (_, i) => post('color/create', { code: 'RACE-1', name: `race ${i}` })));
    expect(racing.filter((r) => r.status === 200)).toHaveLength(1);
    expect(racing.filter((r) => r.status === 409)).toHaveLength(9);
    const rows: unknown[] = await t.app.get(DataSource).query(`SELECT id FROM color WHERE lower(code) = 'race-1'`);
    expect(rows).toHaveLength(1);
  });

  it.each([
    [{ code: '', name: 'x' }, '编码不能为空'],
    [{ code: 'has space', name: 'x' }, '编码格式无效（只能包含字母、数字和 - _ . /）'],
    [{ code: 'A'.repeat(33), name: 'x' }, '编码长度不能超过 32 个字符'],
    [{ code: 'OK-1' }, '名称不能为空'],
  ])('refuses %j with a message naming the field', async (body, message) => {
    const response = await post('currency/create', body);
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(message);
  });

  it('validates typed fields of form bodies', async () => {
    const email = await post('customer/create', { code: 'C-MAIL', shortName: 'x', email: 'not-an-email' }, admin, 'en');
    expect(email.body.message).toBe('Email is not a valid email address');
    const sort = await post('department/create', { code: 'D-S', name: 'x', sortOrder: 'first' }, admin, 'en');
    expect(sort.body.message).toBe('Sort order must be a whole number');
  });

  it('accepts only uploaded images in image fields', async () => {
    const missing = await post('color/create', { code: 'IMG-1', name: 'x', cardImage: 'a'.repeat(32) });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ message: '图片不存在，请重新上传', data: { field: 'cardImage' } });
    expect((await post('color/create', { code: 'IMG-2', name: 'x', cardImage: '../etc/passwd' })).body.message).toBe('色卡格式不正确');
    expect((await post('color/create', { code: 'IMG-3', name: 'x', cardImage: '' })).body.data).toMatchObject({ cardImage: null });
  });

  it('refuses a stale version without changing anything', async () => {
    const created = await post('payMethod/create', { code: 'PM-V', name: 'T/T' });
    const id = created.body.data.id as number;
    expect((await post('payMethod/update', { id, version: 1, name: 'T/T 30 days' })).status).toBe(200);
    const stale = await post('payMethod/update', { id, version: 1, name: 'overwritten' });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe('数据已被他人修改，请刷新后重试');
    expect((await get('payMethod/detail', { id })).body.data).toMatchObject({ name: 'T/T 30 days', version: 2 });
    expect((await post('payMethod/update', { id: 999999, version: 1, name: 'x' })).status).toBe(404);
  });

  it('refuses to delete a record in use, saying what uses it', async () => {
    const department = await post('department/create', { code: 'D-USED', name: 'Used' });
    const id = department.body.data.id as number;
    await t.app.get(DataSource).query(`UPDATE app_user SET department_id = $1 WHERE username = 'viewer'`, [id]);
    const refused = await post('department/delete', { id });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('该记录正被用户 (1)使用，不能删除');
    expect((await post('department/delete', { id }, admin, 'en')).body.message).toBe('This record is used by User (1) and cannot be deleted');
    expect((await get('department/detail', { id })).status).toBe(200);
  });

  it('pages, sorts, searches and filters on the server', async () => {
    for (let i = 1; i <= 25; i++) {
      await post('salesperson/create', { code: `SP-${String(i).padStart(2, '0')}`, name: i % 2 ? `张${i}` : `Li ${i}`, phone: `1380000${i}` });
    }
    const page2 = await get('salesperson/list', { page: 2, pageSize: 10, sortField: 'code', sortOrder: 'desc' });
    expect(page2.body.data).toMatchObject({ total: 25, page: 2, pageSize: 10 });
    expect(page2.body.data.list[0].code).toBe('SP-15');
    const searched = await get('salesperson/list', { keyword: '张1' });
    expect(searched.body.data.list.map((row: { code: string }) => row.code)).toEqual(['SP-01', 'SP-11', 'SP-13', 'SP-15', 'SP-17', 'SP-19']);
    const filtered = await get('salesperson/list', { 'filter.name': 'li 2' });
    expect(filtered.body.data.list.map((row: { code: string }) => row.code)).toEqual(['SP-02', 'SP-20', 'SP-22', 'SP-24']);
    const wildcard = await get('salesperson/list', { keyword: '%' });
    expect(wildcard.body.data.total).toBe(0);
  });

  it.each([
    [{ sortField: 'password' }, 400],
    [{ sortOrder: 'sideways' }, 400],
    [{ page: '0' }, 400],
    [{ pageSize: '100000' }, 400],
    [{ 'filter.nope': 'x' }, 400],
  ])('refuses list query %j with %i', async (query, status) => {
    const response = await get('salesperson/list', query);
    expect(response.status).toBe(status);
    expect(response.body.code).toBe(status);
  });

  it('exports the current filter as a real Excel file, headed in the reader language', async () => {
    const response = await t.http
      .get('/api/admin/salesperson/export')
      .set('token', admin)
      .set('Accept-Language', 'en')
      .query({ 'filter.name': 'li' })
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      });
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.body as unknown as ExcelJS.Buffer);
    const sheet = workbook.worksheets[0];
    expect(sheet.getRow(1).values).toEqual([undefined, 'Code', 'Name', 'Phone', 'Note']);
    expect(sheet.rowCount).toBe(1 + 12);
  });

  it('lists document types but does not let them be edited', async () => {
    const list = await get('ordertype/list');
    expect(list.body.data.list.map((row: { code: string }) => row.code)).toEqual(['PO', 'RW', 'SMP', 'SO']);
    expect((await post('ordertype/create', { code: 'X', name: 'x' })).status).toBe(404);
  });

  it('offers options to any logged-in user for drop-downs', async () => {
    const options = await get('department/options', {}, viewer);
    expect(options.body.data[0]).toEqual({ id: expect.any(Number), code: expect.any(String), name: expect.any(String) });
  });

  it('publishes changes to the entity room', async () => {
    const socket: Socket = t.socket({ token: admin });
    await connected(socket);
    await socket.timeout(5000).emitWithAck(SOCKET_EVENTS.subscribe, { rooms: ['masterData:customer'] });
    const event = nextEvent<DomainEventEnvelope>(socket, SOCKET_EVENTS.domainEvent);
    const created = await post('customer/create', { code: 'CUS-LIVE', shortName: 'Live' });
    expect(await event).toMatchObject({ name: 'masterData.changed', payload: { entity: 'customer', id: created.body.data.id, action: 'created' } });
  });
});
