import { DataSource } from 'typeorm';
import { bootTestApp, type TestApp } from '../testing/test-app.js';
import { DEFAULT_SYSTEM_TITLES } from './setting.service.js';

describe('system title per language (API)', () => {
  let t: TestApp;
  let admin: string;
  let viewer: string;

  beforeAll(async () => {
    t = await bootTestApp();
    admin = await t.login();
    viewer = await t.login('viewer', 'viewer123');
  });
  afterAll(() => t.close());

  const title = (language?: string, query = '') => {
    const request = t.http.get(`/api/admin/setting/getSystemTitle${query}`);
    return language ? request.set('Accept-Language', language) : request;
  };
  const update = (token: string | undefined, body: unknown) => {
    const request = t.http.post('/api/admin/setting/updateSystemTitle').set('Accept-Language', 'en');
    return (token ? request.set('token', token) : request).send(body as object);
  };

  it('answers the title in the language asked for, without a token', async () => {
    expect((await title()).body.data).toBe('订单跟踪系统');
    expect((await title('en-GB,en;q=0.9')).body.data).toBe('Order Tracking System');
    expect((await title('en', '?lang=zh-CN')).body.data).toBe('订单跟踪系统');
  });

  it('changes one language and keeps the other', async () => {
    const saved = await update(admin, { en: '  Riverside Garments  ' });
    expect(saved.body).toMatchObject({ code: 200, data: { 'zh-CN': DEFAULT_SYSTEM_TITLES['zh-CN'], en: 'Riverside Garments' } });
    expect((await title('en')).body.data).toBe('Riverside Garments');
    expect((await title('zh-CN')).body.data).toBe('订单跟踪系统');
    const all = await t.http.get('/api/admin/setting/getSystemTitles').set('token', admin);
    expect(all.body.data).toEqual({ 'zh-CN': '订单跟踪系统', en: 'Riverside Garments' });
  });

  it('refuses a missing token, a user without the settings screen, and bad titles, changing nothing', async () => {
    expect((await update(undefined, { en: 'X' })).status).toBe(401);
    expect((await update(viewer, { en: 'X' })).status).toBe(403);
    for (const body of [{ en: '' }, { en: '   ' }, { en: 'x'.repeat(41) }, { en: 'two\nlines' }, { en: 42 }, { 'zh-CN': ['a'] }]) {
      const response = await update(admin, body);
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ code: 400, message: expect.any(String) });
    }
    expect((await title('en')).body.data).toBe('Riverside Garments');
  });

  it('keeps both of two concurrent changes to different languages', async () => {
    await Promise.all([update(admin, { en: 'Mill A' }), update(admin, { 'zh-CN': '一号厂' })]);
    const all = await t.http.get('/api/admin/setting/getSystemTitles').set('token', admin);
    expect(all.body.data).toEqual({ 'zh-CN': '一号厂', en: 'Mill A' });
  });

  it('reads a title stored as one string by an older version as the Chinese title', async () => {
    await t.app.get(DataSource).query(`UPDATE system_setting SET value = '"旧标题"'::jsonb WHERE key = 'system.title'`);
    expect((await title('zh-CN')).body.data).toBe('旧标题');
    expect((await title('en')).body.data).toBe(DEFAULT_SYSTEM_TITLES.en);
  });
});
