import type { Browser } from 'playwright-core';
import { ACCOUNTS, launchBrowser, login, newUserContext, screenshot } from './support/browser';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe('route permissions', () => {
  it('hides the board settings from a viewer and answers the URL with the 404 page', async () => {
    const context = await newUserContext(browser, { language: 'zh-CN' });
    const page = await context.newPage();
    await login(page, ACCOUNTS.viewer);
    await page.waitForURL(/\/home\/index$/);
    await page.getByTestId('user-greeting').waitFor();
    const sidebar = await page.locator('.layout-sidebar').innerText();
    expect(sidebar).toContain('控制台');
    expect(sidebar).not.toContain('看板设置');

    await page.goto('/setting/dashboard');
    await page.getByTestId('not-found').waitFor();
    await page.getByRole('heading', { name: '页面不存在' }).waitFor();
    await screenshot(page, 'viewer-404-zh-CN');

    // The way back works.
    await page.getByRole('button', { name: '返回首页' }).click();
    await page.waitForURL(/\/home\/index$/);
    await context.close();
  });

  it('sends a visitor without a session to the login screen and back after signing in', async () => {
    const context = await newUserContext(browser, { language: 'zh-CN' });
    const page = await context.newPage();
    await page.goto('/setting/dashboard');
    await page.waitForURL(/\/login\?redirect=%2Fsetting%2Fdashboard$/);
    await page.locator('#login-username').fill(ACCOUNTS.admin.username);
    await page.locator('#login-password').fill(ACCOUNTS.admin.password);
    await page.locator('button[type=submit]').click();
    await page.waitForURL(/\/setting\/dashboard$/);
    await page.getByRole('heading', { name: '看板设置' }).waitFor();
    await context.close();
  });

  it('shows unknown paths as the 404 page', async () => {
    const context = await newUserContext(browser, { language: 'zh-CN' });
    const page = await context.newPage();
    await login(page, ACCOUNTS.admin);
    await page.goto('/no/such/screen');
    await page.getByTestId('not-found').waitFor();
    await context.close();
  });
});
