// Roles (issue 10, item 3): the demo merchandiser opens sales orders through the seeded
// merchandiser role; an administrator, in another browser, takes the sales-order screen out of
// that role on the permission screen; the merchandiser's open sidebar loses it without a reload
// and the server refuses the screen's next request — no new login anywhere.
import type { Browser, Page } from 'playwright-core';
import { ApiClient } from './support/api';
import { ACCOUNTS, launchBrowser, login, newUserContext, screenshot, toast } from './support/browser';

const MERCHANDISER = { username: 'merchandiser', password: 'demo1234' };
const ROLE_NAME = '跟单员 Merchandiser';
const SALES_ORDERS = '/production/saleOrder/index';

interface Role {
  id: number;
  version: number;
  name: string;
  permissions: string[];
}

let browser: Browser;
let api: ApiClient;
let original: Role;

beforeAll(async () => {
  browser = await launchBrowser();
  api = await ApiClient.login(ACCOUNTS.admin.username, ACCOUNTS.admin.password);
  original = (await api.get<Role[]>('role/list')).find((role) => role.name === ROLE_NAME)!;
  expect(original.permissions).toContain('SaleOrder');
});

afterAll(async () => {
  // Other browser tests use the demo merchandiser: give the role its screens back.
  const current = (await api.get<Role[]>('role/list')).find((role) => role.id === original.id);
  if (current) await api.post('role/update', { id: current.id, version: current.version, permissions: original.permissions.join(',') });
  await browser?.close();
});

const sidebarLink = (page: Page, path: string) => page.locator(`.layout-sidebar a[href="${path}"]`);

describe('roles', () => {
  it('a role change reaches the merchandiser’s open screen live and the server refuses the lost screen', async () => {
    const merchandiserContext = await newUserContext(browser, { language: 'en' });
    const merchandiser = await merchandiserContext.newPage();
    await login(merchandiser, MERCHANDISER, SALES_ORDERS);
    await merchandiser.waitForURL(new RegExp(`${SALES_ORDERS}$`));
    // The list loaded (not the 404 page) and the menu offers it.
    await merchandiser.getByRole('heading', { name: 'Sales orders' }).first().waitFor();
    expect(await merchandiser.getByTestId('not-found').count()).toBe(0);
    await sidebarLink(merchandiser, SALES_ORDERS).waitFor();
    await screenshot(merchandiser, 'roles-merchandiser-sales-orders-en');

    // The administrator, elsewhere, unticks Sales orders in the merchandiser role.
    const adminContext = await newUserContext(browser, { language: 'en' });
    const admin = await adminContext.newPage();
    await login(admin, ACCOUNTS.admin, '/setting/permission');
    await admin.getByRole('tab', { name: /Roles/ }).click();
    await admin.locator(`.permission-user[data-role="${ROLE_NAME}"]`).click();
    const form = admin.getByTestId('role-form');
    await form.waitFor();
    expect(await admin.locator('#role-name').inputValue()).toBe(ROLE_NAME);
    const salesNode = form.locator('.p-treenode-content').filter({ has: admin.locator('.p-treenode-label', { hasText: /^Sales orders$/ }) });
    await salesNode.locator('.p-checkbox').click();
    await screenshot(admin, 'roles-admin-role-editor-en');
    await admin.getByRole('button', { name: 'Save role' }).click();
    await toast(admin).filter({ hasText: 'Role saved' }).waitFor();

    // Live on the merchandiser's screen: the menu entry goes, a notice says why, and the open
    // sales-order route now shows the not-found page.
    await sidebarLink(merchandiser, SALES_ORDERS).waitFor({ state: 'detached', timeout: 10_000 });
    await toast(merchandiser).filter({ hasText: 'An administrator changed your permissions' }).waitFor();
    await sidebarLink(merchandiser, '/production/saleOrderSub').waitFor();
    await merchandiser.getByTestId('not-found').waitFor();
    await screenshot(merchandiser, 'roles-merchandiser-after-change-en');

    // The server refuses the screen's next request with the same session (no new login).
    const answer = await merchandiser.evaluate(async (path) => {
      const token = document.cookie.split('; ').find((cookie) => cookie.startsWith('token='))?.slice('token='.length) ?? '';
      const response = await fetch(path, { headers: { token: decodeURIComponent(token) } });
      return { status: response.status, body: (await response.json()) as { code: number; data: { errorKey: string } } };
    }, '/api/admin/saleOrder/list');
    expect(answer.status).toBe(403);
    expect(answer.body.data.errorKey).toBe('forbidden');
    // Navigating there again: still the not-found page; the pages they kept still open.
    await merchandiser.goto('/production/saleOrderSub');
    await merchandiser.getByRole('heading', { name: 'Order details' }).first().waitFor();
    await merchandiser.goto(SALES_ORDERS);
    await merchandiser.getByTestId('not-found').waitFor();

    await adminContext.close();
    await merchandiserContext.close();
  });

  it('shows a user’s roles, extra pages and effective screens (English, 1366 px)', async () => {
    const context = await newUserContext(browser, { language: 'en', width: 1366, height: 860 });
    const page = await context.newPage();
    await login(page, ACCOUNTS.admin, '/setting/permission');
    await page.getByRole('searchbox').fill('merchandiser');
    await page.locator('.permission-user[data-username="merchandiser"]').click();
    await page.getByTestId('permission-form').waitFor();
    expect(await page.getByLabel(new RegExp(ROLE_NAME)).isChecked()).toBe(true);
    await page.getByTestId('permission-effective').getByText('Order details').waitFor();
    // Nothing sticks out sideways at 1366 px.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, 'roles-user-access-en');
    // A phone: one column, nothing of the screen sticks out sideways. (Only the screen's own
    // content: the shared top bar is the layout's business.)
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByTestId('permission-effective').waitFor();
    await screenshot(page, 'roles-user-access-phone-en', { fullPage: false });
    const sticking = await page.evaluate(() =>
      [...document.querySelectorAll('.permission-page *')]
        .filter((element) => element.getBoundingClientRect().right > document.documentElement.clientWidth + 1)
        .slice(0, 8)
        .map((element) => {
          const chain: string[] = [];
          for (let node: Element | null = element; node && chain.length < 5; node = node.parentElement) chain.push(`${node.tagName}.${String(node.className).slice(0, 40)}`);
          return `${chain.join(' < ')} ${Math.round(element.getBoundingClientRect().right)}`;
        }),
    );
    expect(sticking).toEqual([]);
    await context.close();
  });

  it('creates a role with the keyboard alone (Chinese)', async () => {
    const context = await newUserContext(browser, { language: 'zh-CN' });
    const page = await context.newPage();
    await login(page, ACCOUNTS.admin, '/setting/permission');
    const rolesTab = page.getByRole('tab', { name: /角色/ });
    await rolesTab.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: '新建角色' }).focus();
    await page.keyboard.press('Enter');
    // The name field takes the focus; Tab moves to the description, then into the screen tree.
    await page.waitForFunction(() => document.activeElement?.id === 'role-name');
    await page.keyboard.type('包装组 Packing');
    await page.keyboard.press('Tab');
    await page.keyboard.type('包装与出货');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space'); // 控制台 (Console)
    await page.keyboard.press('ArrowDown'); // 基础资料 (the group)
    await page.keyboard.press('ArrowDown'); // its first screen
    await page.keyboard.press('Space');
    await page.getByText('已选 2 个页面').waitFor();
    await screenshot(page, 'roles-keyboard-new-role-zh-CN');
    // Back to a field (out of the tree) and Enter submits the form.
    for (let step = 0; step < 6; step++) {
      if (await page.evaluate(() => document.activeElement?.id === 'role-description')) break;
      await page.keyboard.press('Shift+Tab');
    }
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('role-description');
    await page.keyboard.press('Enter');
    await toast(page).filter({ hasText: '角色已保存' }).waitFor();
    await page.locator('.permission-user[data-role="包装组 Packing"]').getByText('0 个用户 · 2 个页面').waitFor();
    const saved = (await api.get<Role[]>('role/list')).find((role) => role.name === '包装组 Packing');
    expect(saved?.permissions).toHaveLength(2);
    expect(saved?.permissions).toContain('Home');
    await context.close();
  });
});
