import type { Browser } from 'playwright-core';
import { ACCOUNTS, launchBrowser, login, newUserContext, screenshot } from './support/browser';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe('layout', () => {
  it('collapses the sidebar below 992 px and opens it as an overlay', async () => {
    const context = await newUserContext(browser, { language: 'zh-CN', width: 800, height: 900 });
    const page = await context.newPage();
    await login(page, ACCOUNTS.admin);
    await page.waitForURL(/\/home\/index$/);
    const layout = page.locator('.layout');
    await expect(layout.getAttribute('data-device')).resolves.toBe('mobile');
    await expect(layout.getAttribute('data-sidebar')).resolves.toBe('collapsed');
    // Off-canvas: the sidebar lies left of the viewport.
    await page.waitForFunction(() => document.querySelector('.layout-sidebar')!.getBoundingClientRect().right <= 0);
    await screenshot(page, 'console-800px-zh-CN');

    await page.getByRole('button', { name: '展开/收起菜单' }).click();
    await expect(layout.getAttribute('data-sidebar')).resolves.toBe('open');
    await page.waitForFunction(() => document.querySelector('.layout-sidebar')!.getBoundingClientRect().left >= 0);
    await screenshot(page, 'console-800px-menu-open-zh-CN', { fullPage: false });

    // Choosing a screen closes the overlay.
    await page.locator('.layout-sidebar').getByText('看板设置').click();
    await page.waitForURL(/\/setting\/dashboard$/);
    await expect(layout.getAttribute('data-sidebar')).resolves.toBe('collapsed');
    await context.close();
  });

  it('keeps the desktop sidebar state in a cookie', async () => {
    const context = await newUserContext(browser, { language: 'zh-CN' });
    const page = await context.newPage();
    await login(page, ACCOUNTS.admin);
    const layout = page.locator('.layout');
    await expect(layout.getAttribute('data-sidebar')).resolves.toBe('open');
    await page.getByRole('button', { name: '展开/收起菜单' }).click();
    await expect(layout.getAttribute('data-sidebar')).resolves.toBe('collapsed');
    // An icon rail once the width transition has finished.
    await page.waitForFunction(() => document.querySelector('.layout-sidebar')!.getBoundingClientRect().width < 100);
    await page.reload();
    await expect(page.locator('.layout').getAttribute('data-sidebar')).resolves.toBe('collapsed');
    expect((await context.cookies()).find((cookie) => cookie.name === 'sidebarStatus')?.value).toBe('0');
    await context.close();
  });
});
