import type { Browser } from 'playwright-core';
import { ACCOUNTS, launchBrowser, login, newUserContext, screenshot, toast } from './support/browser';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe('logout', () => {
  it('asks to confirm, says so when cancelled, and ends the session when confirmed', async () => {
    const context = await newUserContext(browser, { language: 'zh-CN' });
    const page = await context.newPage();
    await login(page, ACCOUNTS.admin);
    await page.waitForURL(/\/home\/index$/);

    await page.getByRole('button', { name: '退出登录' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('确定要退出登录吗？').waitFor();
    await screenshot(page, 'logout-confirm-zh-CN');
    await dialog.getByRole('button', { name: '取消' }).click();
    await toast(page).getByText('已取消退出登录').waitFor();
    expect(page.url()).toMatch(/\/home\/index$/);

    await page.getByRole('button', { name: '退出登录' }).click();
    await page.getByRole('dialog').getByRole('button', { name: '退出' }).click();
    await page.waitForURL(/\/login/);
    await toast(page).getByText('已退出登录').waitFor();
    const cookies = await context.cookies();
    expect(cookies.find((cookie) => cookie.name === 'token')).toBeUndefined();

    // The session is over: protected screens send back to the login screen.
    await page.goto('/home/index');
    await page.waitForURL(/\/login\?redirect=/);
    await context.close();
  });
});
