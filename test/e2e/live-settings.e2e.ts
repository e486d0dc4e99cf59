import type { Browser } from 'playwright-core';
import { ACCOUNTS, launchBrowser, login, newUserContext, screenshot, toast } from './support/browser';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe('board settings, live', () => {
  it('updates the console in tab A the moment tab B saves the settings', async () => {
    const contextA = await newUserContext(browser, { language: 'zh-CN' });
    const contextB = await newUserContext(browser, { language: 'zh-CN' });
    const consolePage = await contextA.newPage();
    const settingsPage = await contextB.newPage();

    await login(consolePage, ACCOUNTS.viewer);
    await consolePage.locator('[data-testid=connection-status][data-status=connected]').waitFor();
    await consolePage.getByTestId('board-settings').waitFor();
    const before = await consolePage.getByTestId('board-refreshInterval').innerText();
    const current = Number.parseInt(before, 10);
    const next = current >= 60 ? 5 : current + 7;

    await login(settingsPage, ACCOUNTS.admin, '/setting/dashboard');
    await settingsPage.getByRole('heading', { name: '看板设置' }).waitFor();

    // A value the server refuses: its message is shown next to the form.
    await settingsPage.locator('#refreshInterval').fill('1');
    await settingsPage.locator('#refreshInterval').blur();
    await settingsPage.getByRole('button', { name: '保存' }).click();
    await settingsPage.getByTestId('settings-server-error').waitFor();
    await expect(settingsPage.getByTestId('settings-server-error').innerText()).resolves.toMatch(/刷新间隔|3/);
    await screenshot(settingsPage, 'settings-server-error-zh-CN');

    await settingsPage.locator('#refreshInterval').fill(String(next));
    await settingsPage.locator('#refreshInterval').blur();
    await settingsPage.locator('label[data-mode=scroll]').click();
    await settingsPage.getByRole('button', { name: '保存' }).click();
    await toast(settingsPage).getByText('看板设置已保存').waitFor();
    await screenshot(settingsPage, 'settings-saved-zh-CN');

    // Tab A: pushed, not polled.
    await consolePage.getByTestId('board-refreshInterval').getByText(`${next} 秒`).waitFor({ timeout: 5000 });
    await expect(consolePage.getByTestId('board-refreshType').innerText()).resolves.toBe('滚动刷新');
    await expect(consolePage.getByTestId('board-last-event').innerText()).resolves.toMatch(/最近推送：#\d+/);
    await expect(consolePage.locator('.setting-row.is-changed[data-field=refreshInterval]').count()).resolves.toBe(1);
    await screenshot(consolePage, 'console-live-update-zh-CN');

    await contextA.close();
    await contextB.close();
  });
});
