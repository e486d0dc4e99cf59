import { DataSource } from 'typeorm';
import { bootTestApp, type TestApp } from '../testing/test-app.js';
import { DEFAULT_DASHBOARD_SETTINGS } from './setting.service.js';

describe('board settings (API)', () => {
  let t: TestApp;
  let admin: string;
  let viewer: string;

  beforeAll(async () => {
    t = await bootTestApp();
    admin = await t.login();
    viewer = await t.login('viewer', 'viewer123');
  });
  afterAll(() => t.close());

  const update = (token: string, body: Record<string, unknown>, language = 'zh-CN') =>
    t.http.post('/api/admin/setting/updateDashboardSetting').set('token', token).set('Accept-Language', language).type('form').send(body);

  it('returns the defaults, with the board key only for board-settings editors', async () => {
    const forAdmin = await t.http.get('/api/admin/setting/getDashboardSetting').set('token', admin);
    expect(forAdmin.body.data).toMatchObject(DEFAULT_DASHBOARD_SETTINGS);
    expect(forAdmin.body.data.boardKey).toMatch(/^[A-Za-z0-9_-]{24}$/);
    const forViewer = await t.http.get('/api/admin/setting/getDashboardSetting').set('token', viewer);
    expect(forViewer.body.data.refreshType).toBe(0);
    expect(forViewer.body.data).not.toHaveProperty('boardKey');
  });

  it('saves a partial form-encoded change and keeps the rest', async () => {
    const response = await update(admin, { refreshType: '1', refreshInterval: '20', boardKeyEnabled: 'false' });
    expect(response.body).toMatchObject({ code: 200, message: '保存成功' });
    expect(response.body.data).toMatchObject({ refreshType: 1, refreshInterval: 20, boardKeyEnabled: false, displayMode: 'delivery' });
    const read = await t.http.get('/api/admin/setting/getDashboardSetting').set('token', viewer);
    expect(read.body.data).toMatchObject({ refreshType: 1, refreshInterval: 20, boardKeyEnabled: false });
  });

  it('stores each of the three refresh types', async () => {
    for (const refreshType of [2, 0, 1]) {
      expect((await update(admin, { refreshType: String(refreshType) })).body.data.refreshType).toBe(refreshType);
    }
  });

  it.each([
    [{ refreshInterval: 'abc' }, '刷新间隔必须是整数', 'Refresh interval must be a whole number'],
    [{ refreshInterval: '1' }, '刷新间隔不能小于 3', 'Refresh interval must be at least 3'],
    [{ completedVisibleDays: '9999' }, '完成订单显示天数不能大于 365', 'Days completed orders stay visible must be at most 365'],
    [{ displayMode: 'weekly' }, expect.stringContaining('显示方式必须是以下之一'), expect.stringContaining('Display mode must be one of')],
    [{ boardKeyEnabled: 'maybe' }, '看板密钥必须是是或否', 'Board key must be true or false'],
    [{ refreshType: '7' }, '刷新方式必须是 0（整页）、1（滚动）或 2（下拉）', 'Refresh type must be 0 (whole page), 1 (scrolling) or 2 (drop-down)'],
    [{ refreshType: '-1' }, '刷新方式必须是 0（整页）、1（滚动）或 2（下拉）', 'Refresh type must be 0 (whole page), 1 (scrolling) or 2 (drop-down)'],
    [{ refreshType: 'x' }, '刷新方式必须是整数', 'Refresh type must be a whole number'],
  ])('refuses %j with a message naming the field, changing nothing', async (body, zh, en) => {
    const before = await t.http.get('/api/admin/setting/getDashboardSetting').set('token', admin);
    const zhResponse = await update(admin, body);
    expect(zhResponse.status).toBe(400);
    expect(zhResponse.body.message).toEqual(zh);
    expect((await update(admin, body, 'en')).body.message).toEqual(en);
    const after = await t.http.get('/api/admin/setting/getDashboardSetting').set('token', admin);
    expect(after.body.data).toEqual(before.body.data);
  });

  it('keeps both of two concurrent partial changes', async () => {
    await Promise.all([update(admin, { refreshInterval: '33' }), update(admin, { completedVisibleDays: '7' })]);
    const read = await t.http.get('/api/admin/setting/getDashboardSetting').set('token', admin);
    expect(read.body.data).toMatchObject({ refreshInterval: 33, completedVisibleDays: 7 });
  });

  it('rotates the board key', async () => {
    const before = (await t.http.get('/api/admin/setting/getDashboardSetting').set('token', admin)).body.data.boardKey;
    const rotated = await t.http.post('/api/admin/setting/rotateBoardKey').set('token', admin);
    expect(rotated.body.data.boardKey).not.toBe(before);
    expect((await t.http.post('/api/admin/setting/rotateBoardKey').set('token', viewer)).status).toBe(403);
  });

  it('records every change in the event log', async () => {
    const rows: { name: string; rooms: string[] }[] = await t.app.get(DataSource).query(`SELECT name, rooms FROM domain_event ORDER BY seq`);
    expect(rows.length).toBeGreaterThanOrEqual(3);
    expect(rows[0]).toEqual({ name: 'settings.dashboardUpdated', rooms: ['settings', 'board'] });
  });

  describe('the route catalogue', () => {
    const generate = (routes: string, language: string) =>
      t.http.post('/api/admin/setting/generateRoute').set('token', admin).set('Accept-Language', language).type('form').send({ routes });

    it.each([['{"name":"Home"}'], ['"Home"'], ['not json'], ['42']])('refuses %s, which is no list, saying it must be a list', async (routes) => {
      const zh = await generate(routes, 'zh-CN');
      expect(zh.status).toBe(400);
      expect(zh.body).toMatchObject({ code: 400, message: '路由表必须是列表', data: { field: 'routes', problem: 'list' } });
      expect((await generate(routes, 'en')).body.message).toBe('Routes must be a list');
    });

    it('still names the size limit for a list that is too long', async () => {
      const entry = { name: 'Home', group: '', title: { 'zh-CN': '控制台', en: 'Console' } };
      const response = await generate(JSON.stringify(Array.from({ length: 501 }, () => entry)), 'en');
      expect(response.status).toBe(400);
      expect(response.body.message).toBe('Routes must have at most 500 items');
    });
  });
});
