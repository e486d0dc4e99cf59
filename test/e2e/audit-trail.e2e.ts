// The audit trail: what an administrator just did (delete a colour on its list, hide an order on
// the hiding screen) is at the top of /setting/audit under their name, with the record it touched;
// the action filter narrows the list; the screen fits a phone. And an avatar uploaded from the
// top bar's account menu shows in the top bar and on the console.
import type { Browser, Page } from 'playwright-core';
import { ApiClient, TINY_PNG } from './support/api';
import { ACCOUNTS, launchBrowser, login, newUserContext, screenshot, toast } from './support/browser';
import { tableRow } from './support/prime';

interface ListedOrder {
  id: number;
  orderNo: string;
  hidden: boolean;
}

let browser: Browser;
let api: ApiClient;

beforeAll(async () => {
  browser = await launchBrowser();
  api = await ApiClient.login(ACCOUNTS.admin.username, ACCOUNTS.admin.password);
});

afterAll(async () => {
  await browser?.close();
});

/**
 * Searches a list and waits until it shows the answer (`total` records). A row ticked or opened
 * before that is one of the unsearched list's: when the answer lands it moves under the pointer
 * (rows are keyed by id) and the click between press and release is lost.
 */
async function search(page: Page, keyword: string, total: number, submit: boolean) {
  const box = page.getByRole('searchbox', { name: '搜索' });
  await box.fill(keyword);
  if (submit) await box.press('Enter');
  await page.getByTestId('list-total').getByText(new RegExp(`^共 ${total} 条记录`)).waitFor();
}

/** The audit table's body rows, once the list has answered. */
async function auditRows(page: Page) {
  await page.getByTestId('audit-table').waitFor();
  const rows = page.locator('[data-testid=audit-table] .p-datatable-tbody > tr');
  await rows.first().waitFor();
  return rows;
}

describe('audit trail', () => {
  it("shows the admin's delete and hide at the top with user and target, and filters by action", async () => {
    const code = `AUD-${Date.now().toString(36).toUpperCase()}`;
    const color = await api.post<{ id: number }>('color/create', { code, name: '审计测试色', hex: '#336699' });
    const orders = await api.get<{ list: ListedOrder[] }>('productionOrder/list', { page: 1, pageSize: 20, sortField: 'id', sortOrder: 'desc', 'filter.hidden': 'all' });
    const order = orders.list.find((candidate) => !candidate.hidden)!;
    expect(order).toBeDefined();
    const colorMatches = await api.get<{ total: number }>('color/list', { page: 1, pageSize: 20, keyword: code });
    const orderMatches = await api.get<{ total: number }>('productionOrder/list', { page: 1, pageSize: 20, keyword: order.orderNo, 'filter.hidden': 'all' });

    const context = await newUserContext(browser, { language: 'zh-CN', width: 1366, height: 768 });
    const page = await context.newPage();
    await login(page, ACCOUNTS.admin, '/base/color/index');

    // 1. Delete the colour on its list.
    await search(page, code, colorMatches.total, false);
    await tableRow(page, code).getByRole('button', { name: /的操作$/ }).click();
    await page.getByRole('menuitem', { name: '删除' }).click();
    await page.locator('.p-confirm-dialog').getByRole('button', { name: '删除' }).click();
    await toast(page).filter({ hasText: '删除' }).first().waitFor();

    // 2. Hide the order on the hiding screen.
    await page.goto('/production/orderHide');
    await page.getByTestId('hide-list').waitFor();
    await search(page, order.orderNo, orderMatches.total, true);
    await tableRow(page, order.orderNo).locator('.p-checkbox').first().click();
    await page.getByRole('button', { name: '隐藏', exact: true }).click();
    await toast(page).getByText(/已隐藏 1 张/).waitFor();

    // 3. Both at the top of the trail, newest first, with who and what.
    await page.goto('/setting/audit');
    const rows = await auditRows(page);
    const hideRow = rows.nth(0);
    const deleteRow = rows.nth(1);
    await expect(hideRow.getByTestId(/^audit-action-/).innerText()).resolves.toBe('隐藏生产单');
    await expect(hideRow.getByTestId(/^audit-target-/).innerText()).resolves.toBe(`生产单 #${order.id}`);
    await expect(hideRow.getByTestId(/^audit-user-/).innerText()).resolves.toContain('(admin)');
    await expect(hideRow.getByTestId(/^audit-result-/).innerText()).resolves.toBe('成功');
    await expect(deleteRow.getByTestId(/^audit-action-/).innerText()).resolves.toBe('删除记录');
    await expect(deleteRow.getByTestId(/^audit-target-/).innerText()).resolves.toBe(`颜色 #${color.id}`);
    await expect(deleteRow.getByTestId(/^audit-user-/).innerText()).resolves.toContain('(admin)');
    // Fits the laptop: no sideways scrolling.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1366);
    await screenshot(page, 'audit-trail-zh-CN', { fullPage: false });

    // 4. Filter by action: only deletes, as many as the server counts.
    const deletes = await api.get<{ total: number }>('setting/audit', { action: 'record.delete' });
    const actionFilter = page.locator('.order-filter', { has: page.locator('.order-filter-label', { hasText: '操作' }) });
    await actionFilter.locator('.p-dropdown').click();
    await page.locator('.p-dropdown-panel .p-dropdown-item', { hasText: '删除记录' }).first().click();
    await page.getByTestId('audit-total').getByText(`共 ${deletes.total} 条`).waitFor();
    const filtered = await auditRows(page);
    const actions = await filtered.locator('[data-testid^=audit-action-]').allInnerTexts();
    expect(actions.length).toBe(Math.min(deletes.total, 20));
    expect(new Set(actions)).toEqual(new Set(['删除记录']));
    await expect(filtered.nth(0).getByTestId(/^audit-target-/).innerText()).resolves.toBe(`颜色 #${color.id}`);
    await context.close();

    // 5. On a phone: cards, nothing wider than the screen, in English.
    const phoneContext = await newUserContext(browser, { language: 'en', width: 390, height: 844 });
    const phone = await phoneContext.newPage();
    await login(phone, ACCOUNTS.admin, '/setting/audit');
    await phone.getByRole('heading', { name: 'Audit trail' }).waitFor();
    await phone.getByText('Orders hidden').first().waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(phone, 'audit-trail-phone-en', { fullPage: false });
    await phoneContext.close();
  });

  it('shows an avatar uploaded from the account menu in the top bar and on the console', async () => {
    const context = await newUserContext(browser, { language: 'zh-CN', width: 1366, height: 768 });
    const page = await context.newPage();
    await login(page, ACCOUNTS.admin, '/home/index');
    await page.getByTestId('user-menu-button').click();
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('menuitem', { name: '上传头像' }).click();
    await (await chooser).setFiles({ name: 'me.png', mimeType: 'image/png', buffer: TINY_PNG });
    await toast(page).getByText('头像已更新').waitFor();
    const info = await api.get<{ avatar: string }>('user/info');
    expect(info.avatar).toMatch(/^[0-9a-f]{32}$/);
    // Both pictures load (the browser sends the session cookie with <img>).
    for (const testId of ['topbar-avatar', 'console-avatar']) {
      const image = page.getByTestId(testId).locator('img');
      await image.waitFor();
      await expect(image.getAttribute('src')).resolves.toBe(`/api/admin/upload/image/${info.avatar}/thumbnail`);
      await page.waitForFunction((id) => {
        const img = document.querySelector<HTMLImageElement>(`[data-testid="${id}"] img`);
        return Boolean(img && img.complete && img.naturalWidth > 0);
      }, testId);
    }
    await screenshot(page, 'avatar-console-zh-CN', { fullPage: false });
    // Put it back as it was for the other tests.
    await api.post('user/updateAvatar', { avatar: '' });
    await context.close();
  });
});
