import type { Browser } from 'playwright-core';
import { ACCOUNTS, launchBrowser, login, newUserContext, screenshot } from './support/browser';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe('sign in and language', () => {
  it('signs in in Chinese, then switches to English and keeps it after the reload', async () => {
    const context = await newUserContext(browser);
    const page = await context.newPage();

    await page.goto('/home/index');
    await page.waitForURL(/\/login\?redirect=%2Fhome%2Findex/);
    await page.getByRole('heading', { name: '欢迎登录' }).waitFor();
    // The tab names the page first, then the system.
    await expect(page.title()).resolves.toBe('登录 · 订单跟踪系统');
    await screenshot(page, 'login-zh-CN');

    // An empty form is refused before anything is sent.
    await page.locator('button[type=submit]').click();
    await page.getByText('请输入用户名').waitFor();

    await page.locator('#login-username').fill('  admin ');
    await page.locator('#login-password').fill(ACCOUNTS.admin.password);
    await page.locator('button[type=submit]').click();
    await page.waitForURL(/\/home\/index$/);
    await page.getByRole('heading', { name: '控制台' }).waitFor();
    await page.locator('[data-testid=live-badge].is-live').waitFor();
    await page.getByTestId('list-late').waitFor();
    await expect(page.locator('.layout-sidebar').innerText()).resolves.toContain('看板设置');
    await screenshot(page, 'console-zh-CN');

    await page.locator('.layout-topbar .language-dropdown').click();
    await Promise.all([page.waitForEvent('load'), page.getByRole('option', { name: 'English' }).click()]);
    await page.getByRole('heading', { name: 'Console' }).waitFor();
    await page.getByText('Delayed orders, most late first').waitFor();
    await expect(page.title()).resolves.toBe('Console · Order Tracking System');
    await page.locator('[data-testid=live-badge].is-live').waitFor();
    await expect(page.locator('.layout-sidebar').innerText()).resolves.toContain('Board settings');
    await expect(page.evaluate(() => window.localStorage.getItem('language'))).resolves.toBe('en');
    await screenshot(page, 'console-en');

    await page.reload();
    await page.getByRole('heading', { name: 'Console' }).waitFor();
    await context.close();
  });

  it('shows the login screen in English when English was chosen', async () => {
    const context = await newUserContext(browser, { language: 'en' });
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await screenshot(page, 'login-en');
    await login(page, ACCOUNTS.admin);
    await page.goto('/setting/dashboard');
    await page.getByRole('heading', { name: 'Board settings' }).waitFor();
    await page.locator('#boardKey').waitFor();
    await screenshot(page, 'settings-en');
    await context.close();
  });

  it('sends a signed-in user from /login to the console', async () => {
    const context = await newUserContext(browser, { language: 'zh-CN' });
    const page = await context.newPage();
    await login(page, ACCOUNTS.viewer);
    await page.goto('/login');
    await page.waitForURL(/\/home\/index$/);
    await context.close();
  });
});
