import type { Browser } from 'playwright-core';
import { ApiClient } from './support/api';
import { ACCOUNTS, launchBrowser, login, newUserContext, screenshot, toast } from './support/browser';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe('board settings, live', () => {
  // The console no longer shows the board settings (issue 10: developer furniture); an open TV
  // board is where a settings change must arrive live.
  it('updates an open board in tab A the moment tab B saves the settings', async () => {
    const contextA = await newUserContext(browser, { language: 'zh-CN' });
    const contextB = await newUserContext(browser, { language: 'zh-CN' });
    const boardPage = await contextA.newPage();
    const settingsPage = await contextB.newPage();

    const admin = await ApiClient.login(ACCOUNTS.admin.username, ACCOUNTS.admin.password);
    await admin.post('setting/updateDashboardSetting', { refreshType: 0 });
    await login(boardPage, ACCOUNTS.viewer, '/wholeDashboard');
    await boardPage.locator('[data-testid=board-connection][data-liveness=live]').waitFor();
    await expect(boardPage.getByTestId('board-root').getAttribute('data-mode')).resolves.toBe('whole');
    const next = 5 + Math.floor(Math.random() * 50);

    await login(settingsPage, ACCOUNTS.admin, '/setting/dashboard');
    await settingsPage.getByRole('heading', { name: '看板设置' }).waitFor();

    // The form keeps to the server's bounds: 1 second becomes its minimum, 3, when the field is left.
    await settingsPage.locator('#refreshInterval').fill('1');
    await settingsPage.locator('#refreshInterval').blur();
    await expect(settingsPage.locator('#refreshInterval').inputValue()).resolves.toMatch(/^3/);

    // A value the server refuses (sent by an older page or another client: rewritten in flight
    // here) is refused with its translated message next to the form.
    const endpoint = '**/api/admin/setting/updateDashboardSetting';
    await settingsPage.route(endpoint, (route) => {
      const body = new URLSearchParams(route.request().postData() ?? '');
      body.set('refreshInterval', '1');
      return route.continue({ postData: body.toString() });
    });
    await settingsPage.getByRole('button', { name: '保存' }).click();
    await settingsPage.getByTestId('settings-server-error').waitFor();
    await expect(settingsPage.getByTestId('settings-server-error').innerText()).resolves.toMatch(/刷新间隔|3/);
    await screenshot(settingsPage, 'settings-server-error-zh-CN');
    await settingsPage.unroute(endpoint);

    await settingsPage.locator('#refreshInterval').fill(String(next));
    await settingsPage.locator('#refreshInterval').blur();
    await settingsPage.locator('label[data-mode=scroll]').click();
    await settingsPage.getByRole('button', { name: '保存' }).click();
    await toast(settingsPage).getByText('看板设置已保存').waitFor();
    await screenshot(settingsPage, 'settings-saved-zh-CN');

    // Tab A: pushed, not polled — the board moves to the scrolling presentation by itself.
    await boardPage.waitForURL(/\/scrollDashboard$/, { timeout: 10_000 });
    await boardPage.locator('[data-testid=board-root][data-mode=scroll]').waitFor();
    await screenshot(boardPage, 'board-live-settings-zh-CN');
    await admin.post('setting/updateDashboardSetting', { refreshType: 0 });

    await contextA.close();
    await contextB.close();
  });
});
