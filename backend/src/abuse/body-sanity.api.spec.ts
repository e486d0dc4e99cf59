// Input that used to reach class-transformer or PostgreSQL and come back as a 500: bodies nested
// thousands deep, NUL characters, prototype keys as sort fields, arrays where one value belongs,
// numbers beyond int4. Each is a translated 400 and changes nothing.
import { DataSource } from 'typeorm';
import { MAX_BODY_DEPTH } from '../common/http/body-sanity.js';
import { bootTestApp, type TestApp } from '../testing/test-app.js';

describe('abuse: body sanity (API)', () => {
  let t: TestApp;
  let admin: string;
  let db: DataSource;
  const customers = async () => Number((await db.query(`SELECT count(*)::int AS count FROM customer`))[0].count);

  beforeAll(async () => {
    t = await bootTestApp();
    admin = await t.login();
    db = t.app.get(DataSource);
  });
  afterAll(() => t.close());

  const postJson = (path: string, text: string, language = 'en') =>
    t.http.post(`/api/admin/${path}`).set('token', admin).set('Accept-Language', language).set('Content-Type', 'application/json').send(text);

  it('refuses JSON nested beyond the limit with a translated 400, before the guard and class-transformer see it', async () => {
    const before = await customers();
    for (const depth of [MAX_BODY_DEPTH + 1, 2_400, 5_000, 15_000]) {
      const deep = `{"code":"DEEP","shortName":${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}}`;
      const response = await postJson('customer/create', deep);
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ code: 400, message: `The request body is nested too deeply (at most ${MAX_BODY_DEPTH} levels)`, data: { errorKey: 'bodyTooDeep' } });
      const arrays = await postJson('customer/create', `${'['.repeat(depth)}${']'.repeat(depth)}`, 'zh-CN');
      expect(arrays.status).toBe(400);
      expect(arrays.body.message).toBe(`请求内容嵌套层级过深（最多 ${MAX_BODY_DEPTH} 层）`);
    }
    // Even anonymous: refused as malformed, never a 500.
    const anonymous = await t.http.post('/api/admin/customer/create').set('Content-Type', 'application/json').send(`${'['.repeat(5000)}${']'.repeat(5000)}`);
    expect(anonymous.status).toBe(400);
    // A sane depth still works.
    expect((await postJson('customer/create', JSON.stringify({ code: 'SANE-1', shortName: 'ok' }))).body.code).toBe(200);
    expect(await customers()).toBe(before + 1);
  });

  it('refuses NUL characters in body, form, query, keys and path with a translated 400 (never PostgreSQL 22021)', async () => {
    const before = await customers();
    const json = await postJson('customer/create', JSON.stringify({ code: 'NUL-1', shortName: 'a\u0000b' }));
    expect(json.status).toBe(400);
    expect(json.body).toMatchObject({ code: 400, message: 'The request contains a NUL character, which is not allowed', data: { errorKey: 'nulCharacter' } });
    const form = await t.http.post('/api/admin/customer/create').set('token', admin).type('form').send('code=NUL-2&shortName=a%00b');
    expect(form.status).toBe(400);
    expect(form.body.message).toBe('请求内容包含不允许的空字符（NUL）');
    const key = await postJson('customer/create', JSON.stringify({ code: 'NUL-3', shortName: 'x', ['no\u0000te']: 'x' }));
    expect(key.status).toBe(400);
    const query = await t.http.get('/api/admin/customer/list').set('token', admin).query({ keyword: 'a\u0000b' });
    expect(query.status).toBe(400);
    expect(query.body.data.errorKey).toBe('nulCharacter');
    const path = await t.http.get('/api/admin/upload/image/abc%00def').set('token', admin);
    expect(path.status).toBe(400);
    const login = await t.http.post('/api/admin/login/login').type('form').send({ username: 'admin\u0000', password: 'x' });
    expect(login.status).toBe(400);
    expect(await customers()).toBe(before);
  });

  it('checks sort and filter fields as own properties: constructor, __proto__, toString → 400', async () => {
    for (const screen of ['customer/list', 'goods/list', 'productionOrder/list', 'saleOrder/list', 'saleOrderSub/list']) {
      for (const sortField of ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf']) {
        const response = await t.http.get(`/api/admin/${screen}`).set('token', admin).set('Accept-Language', 'en').query({ sortField });
        expect({ screen, sortField, status: response.status }).toEqual({ screen, sortField, status: 400 });
        expect(response.body).toMatchObject({ code: 400, data: { errorKey: 'validation', field: 'sortField' } });
        expect(response.body.message).toMatch(/\S/);
      }
      const filter = await t.http.get(`/api/admin/${screen}`).set('token', admin).query({ 'filter.constructor': 'x' });
      expect({ screen, status: filter.status }).toEqual({ screen, status: 400 });
      expect((await t.http.get(`/api/admin/${screen}`).set('token', admin)).status).toBe(200);
    }
  });

  it('refuses arrays where one value belongs, in queries and bodies, with a 400', async () => {
    const before = await customers();
    for (const query of ['sortField=code&sortField=name', 'page=1&page=2', 'keyword=a&keyword=b', 'sortOrder=asc&sortOrder=desc', 'filter.code=a&filter.code=b']) {
      const response = await t.http.get(`/api/admin/customer/list?${query}`).set('token', admin);
      expect({ query, status: response.status }).toEqual({ query, status: 400 });
      expect(response.body.data.errorKey).toBe('validation');
    }
    expect((await t.http.get('/api/admin/saleOrder/list?sortField=orderNo&sortField=id').set('token', admin)).status).toBe(400);
    const body = await postJson('customer/create', JSON.stringify({ code: ['A', 'B'], shortName: 'x' }));
    expect(body.status).toBe(400);
    const form = await t.http.post('/api/admin/customer/create').set('token', admin).type('form').send('code=A&code=B&shortName=x');
    expect(form.status).toBe(400);
    expect(await customers()).toBe(before);
  });

  it('refuses numbers beyond int4 (ids, versions) with a 400 instead of PostgreSQL 22003', async () => {
    for (const id of ['2147483648', '1e20', '99999999999999999999']) {
      const response = await t.http.post('/api/admin/customer/delete').set('token', admin).set('Accept-Language', 'en').type('form').send({ id });
      expect({ id, status: response.status }).toEqual({ id, status: 400 });
      expect(response.body.code).toBe(400);
      expect(response.body.message).toMatch(/\S/);
    }
    const json = await postJson('customer/update', JSON.stringify({ id: 1, version: 2 ** 40, code: 'X' }));
    expect(json.status).toBe(400);
    expect(json.body.data).toMatchObject({ errorKey: 'validation', field: 'version' });
  });
});
