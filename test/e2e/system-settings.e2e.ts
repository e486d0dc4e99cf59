import type { Browser } from 'playwright-core';
import { ApiClient } from './support/api';
import { ACCOUNTS, launchBrowser, login, newUserContext, screenshot, toast } from './support/browser';

let browser: Browser;
let admin: ApiClient;
const ORIGINAL_TITLE = '订单跟踪系统';

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await ApiClient.login(ACCOUNTS.admin.username, ACCOUNTS.admin.password);
});

afterAll(async () => {
  // Leave the shared app as the other browser tests expect it.
  await admin?.post('setting/updateSystemTitle', { 'zh-CN': ORIGINAL_TITLE }).catch(() => undefined);
  await admin?.post('setting/upload_update', { maxBytes: 8 * 1024 * 1024 }).catch(() => undefined);
  await browser?.close();
});

describe('system settings', () => {
  it('a title saved on the settings screen reaches the page title and an open board without a reload', async () => {
    const boardContext = await newUserContext(browser, { language: 'zh-CN' });
    const settingsContext = await newUserContext(browser, { language: 'zh-CN' });
    const boardPage = await boardContext.newPage();
    const settingsPage = await settingsContext.newPage();

    await login(boardPage, ACCOUNTS.viewer, '/wholeDashboard');
    await boardPage.locator('[data-testid=board-connection][data-liveness=live]').waitFor();
    await boardPage.waitForFunction((title) => document.title.includes(title), ORIGINAL_TITLE);
    // A mark on this document: still there afterwards means no page load happened.
    await boardPage.evaluate(() => ((window as unknown as { stayedOpen: boolean }).stayedOpen = true));

    await login(settingsPage, ACCOUNTS.admin, '/setting/index');
    await settingsPage.getByRole('heading', { level: 2, name: '数据库' }).waitFor();
    for (const name of ['系统', '生产规则', '上传', '图片']) await settingsPage.getByRole('heading', { level: 2, name }).waitFor();
    await settingsPage.getByTestId('settings-database').getByText('内置数据库', { exact: true }).waitFor();
    await screenshot(settingsPage, 'system-settings-zh-CN', { fullPage: true });

    const title = `河畔制衣 ${Date.now() % 100000}`;
    await settingsPage.locator('#system-title-zh').fill(title);
    await settingsPage.getByRole('button', { name: '保存名称' }).click();
    await toast(settingsPage).getByText('系统名称已保存').waitFor();
    await settingsPage.waitForFunction((expected) => document.title === `系统设置 · ${expected}`, title, { timeout: 10_000 });

    // The open board: its tab title and heading follow the event, with no new page load.
    await boardPage.waitForFunction((expected) => document.title.endsWith(expected), title, { timeout: 10_000 });
    await boardPage.locator('.board-brand', { hasText: title }).waitFor({ timeout: 10_000 });
    await expect(boardPage.evaluate(() => (window as unknown as { stayedOpen?: boolean }).stayedOpen === true)).resolves.toBe(true);
    await screenshot(boardPage, 'board-system-title-zh-CN');

    await boardContext.close();
    await settingsContext.close();
  });

  it('keeps an upload setting across a reload, and fits a phone', async () => {
    const context = await newUserContext(browser, { language: 'zh-CN' });
    const page = await context.newPage();
    await login(page, ACCOUNTS.admin, '/setting/index');
    const size = page.locator('#upload-max-kb');
    await size.waitFor();

    // Out of range: refused on the page before anything is sent.
    await size.fill('');
    await size.blur();
    await page.getByTestId('uploads-save').click();
    await page.getByTestId('settings-uploads').getByRole('alert').waitFor();

    await size.fill('4096');
    await size.blur();
    await page.getByTestId('uploads-save').click();
    await toast(page).getByText('上传设置已保存').waitFor();
    await page.reload();
    await page.locator('#upload-max-kb').waitFor();
    await expect(page.locator('#upload-max-kb').inputValue()).resolves.toBe('4096 KB');
    const saved = await admin.get<{ upload: { maxBytes: number } }>('setting/init');
    expect(saved.upload.maxBytes).toBe(4096 * 1024);

    // Keyboard: the image quality field is reachable and editable without a mouse.
    await page.locator('#image-imageQuality').focus();
    await page.keyboard.press('ArrowUp');
    await expect(page.locator('#image-imageQuality').evaluate((element) => element === document.activeElement)).resolves.toBe(true);

    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('heading', { level: 2, name: '数据库' }).scrollIntoViewIfNeeded();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(1);
    await screenshot(page, 'system-settings-phone-zh-CN', { fullPage: true });
    await context.close();
  });
});
