// The permission screen: grant a user a screen and see their sidebar change at their next
// sign-in (in a second browser context, as that user).
import type { Browser, Page } from 'playwright-core';
import { ApiClient } from './support/api';
import { ACCOUNTS, launchBrowser, login, newUserContext, screenshot, toast, type UiLanguage } from './support/browser';

let browser: Browser;
let api: ApiClient;
const WORKER = { username: 'e2e-worker', password: 'worker123' };

beforeAll(async () => {
  browser = await launchBrowser();
  api = await ApiClient.login(ACCOUNTS.admin.username, ACCOUNTS.admin.password);
  const temporary = `${WORKER.password}-first`;
  const user = await api.post<{ id: number; version: number }>('user/create', { ...WORKER, password: temporary, nickname: '车间小王', enabled: true });
  // A user without any screen cannot sign in: start with the console only.
  await api.post('user/updatePermission', { id: user.id, version: user.version, permissions: 'Home' });
  // The first sign-in's forced change of the administrator-set password (account-security.e2e.ts).
  const worker = await ApiClient.login(WORKER.username, temporary);
  await worker.post('user/changePassword', { currentPassword: temporary, newPassword: WORKER.password });
});

afterAll(async () => {
  await browser?.close();
});

async function sidebarAs(account: { username: string; password: string }): Promise<string> {
  const context = await newUserContext(browser, { language: 'zh-CN' });
  const page = await context.newPage();
  await login(page, account);
  await page.locator('.layout-sidebar').getByText('控制台').waitFor();
  // Base data starts folded: unfold every group, as the user would, to see all their screens.
  const folded = page.locator('.layout-sidebar button[aria-expanded="false"]');
  while ((await folded.count()) > 0) await folded.first().click();
  const text = await page.locator('.layout-sidebar').innerText();
  await context.close();
  return text;
}

async function openWorker(page: Page, language: UiLanguage): Promise<void> {
  await login(page, ACCOUNTS.admin, '/setting/permission');
  await page.waitForURL(/\/setting\/permission$/);
  await page.getByRole('searchbox').fill('e2e-worker');
  await page.locator('.permission-user[data-username="e2e-worker"]').click();
  await page.getByTestId('permission-form').waitFor();
  await page.locator('.permission-tree').waitFor();
  if (language === 'en') await page.getByText('Extra pages', { exact: true }).waitFor();
}

const treeNode = (page: Page, label: string) =>
  page.locator('.p-treenode-content').filter({ has: page.locator('.p-treenode-label', { hasText: new RegExp(`^${label}$`) }) });

describe('permission screen', () => {
  it('grants a screen that then shows in the user’s sidebar', async () => {
    expect(await sidebarAs(WORKER)).not.toContain('商品');

    const context = await newUserContext(browser, { language: 'zh-CN' });
    const page = await context.newPage();
    await openWorker(page, 'zh-CN');
    await treeNode(page, '商品').locator('.p-checkbox').click();
    await treeNode(page, '颜色').locator('.p-checkbox').click();
    await screenshot(page, 'permission-zh-CN');
    await page.getByRole('button', { name: '保存权限' }).click();
    await toast(page).first().waitFor();
    await context.close();

    const sidebar = await sidebarAs(WORKER);
    expect(sidebar).toContain('基础资料');
    expect(sidebar).toContain('商品');
    expect(sidebar).toContain('颜色');
    expect(sidebar).not.toContain('客户');
  });

  it('looks right in English', async () => {
    const context = await newUserContext(browser, { language: 'en' });
    const page = await context.newPage();
    await openWorker(page, 'en');
    await treeNode(page, 'Goods').waitFor();
    await screenshot(page, 'permission-en');
    await context.close();
  });
});
