// The order flow end to end: a sales order entered as a 3 × 5 colour × size matrix, a
// production order made from it, its document uploaded, reviewed and hidden — while a second
// page on the production-order list follows every step live, without reloading.
import type { Browser, Page } from 'playwright-core';
import { ApiClient, findStyle, TINY_PNG, type GoodsDetail } from './support/api';
import { ACCOUNTS, launchBrowser, login, newUserContext, screenshot, toast, type UiLanguage } from './support/browser';
import { tableRow } from './support/prime';


let browser: Browser;
let api: ApiClient;

beforeAll(async () => {
  browser = await launchBrowser();
  api = await ApiClient.login(ACCOUNTS.admin.username, ACCOUNTS.admin.password);
});

afterAll(async () => {
  await browser?.close();
});

/** A demo style with 3 colours in the ALPHA group (S–XXL); made through the API when none has. */
async function styleWithThreeColoursAndFiveSizes(): Promise<GoodsDetail> {
  const found = await findStyle(api, (detail) => detail.colors.length === 3 && detail.sizes.length === 5);
  if (found) return found;
  const sizeGroups = await api.get<{ id: number; code: string }[]>('size/options');
  const alpha = sizeGroups.find((group) => group.code === 'ALPHA')!;
  const colors = await api.get<{ id: number; code: string }[]>('color/options');
  const categories = await api.get<{ id: number }[]>('category/options');
  const created = await api.post<{ id: number }>('goods/create', {
    code: 'E2E-3X5',
    name: 'E2E 3×5 style',
    category: categories[0].id,
    sizeGroup: alpha.id,
    costPrice: 20,
    salesPrice: 45,
    colorIds: colors.slice(0, 3).map((color) => color.id).join(','),
    sizeIds: '',
  });
  return api.get<GoodsDetail>('goods/detail', { id: created.id });
}

async function pickInDropdown(page: Page, dropdown: ReturnType<Page['locator']>, text: string): Promise<void> {
  await dropdown.click();
  const panel = page.locator('.p-dropdown-panel');
  await panel.waitFor();
  const filter = panel.locator('.p-dropdown-filter');
  if (await filter.count()) await filter.fill(text);
  await panel.locator('.p-dropdown-item', { hasText: text }).first().click();
  await panel.waitFor({ state: 'detached' });
}

async function typeDate(page: Page, inputId: string, date: string): Promise<void> {
  const input = page.locator(`#${inputId}`);
  await input.click();
  await input.fill(date);
  await page.keyboard.press('Escape');
  await input.blur();
}

const QUANTITIES = [
  [10, 20, 30, 20, 10],
  [5, 15, 25, 15, 5],
  [8, 12, 16, 12, 8],
];

describe('orders', () => {
  it('sales order → production order → document → review → hide, followed live on a second page', async () => {
    const style = await styleWithThreeColoursAndFiveSizes();
    const context = await newUserContext(browser, { language: 'zh-CN', width: 1440, height: 900 });
    const watcher = await context.newPage();
    const page = await context.newPage();

    await login(watcher, ACCOUNTS.admin, '/production/productionOrder/index');
    await watcher.getByTestId('production-order-list').waitFor();
    await watcher.locator('[data-testid=connection-status][data-status=connected]').waitFor().catch(() => undefined);

    // ——— the sales order ———
    await page.goto('/production/saleOrder/create');
    await page.getByTestId('sale-order-form').waitFor();
    await screenshot(page, 'orders-sale-order-empty-zh-CN');
    // Saving with no line: the client says what the server would.
    await pickInDropdown(page, page.locator('.form-field:has(#so-customer) .p-dropdown'), 'C001');
    const delivery = new Date(Date.now() + 45 * 86_400_000).toISOString().slice(0, 10);
    await typeDate(page, 'so-deliveryDate', delivery);
    await page.getByRole('button', { name: '保存' }).click();
    await expect(page.getByTestId('lines-error').innerText()).resolves.toContain('没有子明细');

    await pickInDropdown(page, page.locator('.order-line-add .p-dropdown'), style.code);
    const matrix = page.getByTestId('line-0-matrix');
    await matrix.waitFor();
    await expect(matrix.locator('tbody tr').count()).resolves.toBe(3);
    await expect(matrix.locator('thead th.matrix-size').count()).resolves.toBe(5);

    // Type the grid as a user does: Tab from cell to cell, row by row.
    await page.locator('#line-0-cell-0-0').click();
    for (const row of QUANTITIES) {
      for (const quantity of row) {
        await page.keyboard.type(String(quantity));
        await page.keyboard.press('Tab');
      }
    }
    const total = QUANTITIES.flat().reduce((sum, quantity) => sum + quantity, 0);
    await expect(page.getByTestId('line-0-grand-total').innerText()).resolves.toBe(String(total));
    await expect(page.getByTestId('line-0-row-total-1').innerText()).resolves.toBe('65');
    await expect(page.getByTestId('line-0-column-total-2').innerText()).resolves.toBe('71');
    // Arrow keys move like a spreadsheet.
    await page.locator('#line-0-cell-0-1').click();
    await page.keyboard.press('ArrowDown');
    await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe('line-0-cell-1-1');
    await page.keyboard.press('ArrowRight');
    await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe('line-0-cell-1-2');
    await screenshot(page, 'orders-sale-order-matrix-zh-CN');

    await page.getByRole('button', { name: '保存' }).click();
    await page.waitForURL(/\/production\/saleOrder\/update\/\d+/);
    await page.getByTestId('saved-totals').waitFor();
    await expect(page.getByTestId('saved-profit-rate').innerText()).resolves.toMatch(/%/);
    const saleOrderId = Number(/update\/(\d+)/.exec(page.url())![1]);
    const saleOrder = await api.get<{ orderNo: string; totalQuantity: number }>('saleOrder/detail', { id: saleOrderId });
    expect(saleOrder.totalQuantity).toBe(total);
    await screenshot(page, 'orders-sale-order-saved-zh-CN');

    // ——— the production order, from the sales order ———
    await page.goto('/production/productionOrder/create');
    await page.getByTestId('production-order-create').waitFor();
    await pickInDropdown(page, page.locator('.form-field:has(#po-saleOrder) .p-dropdown'), saleOrder.orderNo);
    await page.getByTestId('sale-order-lines').waitFor();
    await screenshot(page, 'orders-production-from-sale-order-zh-CN');
    await page.getByRole('button', { name: '生成生产单' }).click();
    await page.waitForURL(/\/production\/productionOrder\/index/);
    const made = await api.get<{ list: { id: number; orderNo: string }[] }>('productionOrder/list', { 'filter.saleOrder': saleOrderId });
    expect(made.list).toHaveLength(1);
    const order = made.list[0];

    // The watcher sees it arrive, flagged: not reviewed, no document.
    const watchedRow = tableRow(watcher, order.orderNo);
    await watchedRow.waitFor({ timeout: 5000 });
    await expect(watcher.getByTestId(`review-${order.id}`).innerText()).resolves.toBe('未审核');
    await expect(watchedRow.locator('[data-flag=noDocument]').count()).resolves.toBe(1);
    await screenshot(watcher, 'orders-production-list-live-zh-CN');

    // ——— the production document ———
    await page.goto(`/production/order/create?id=${order.id}`);
    await page.getByTestId('document-upload').waitFor();
    await page.getByTestId('document-file').setInputFiles({ name: 'sheet.png', mimeType: 'image/png', buffer: TINY_PNG });
    const documentImage = page.getByTestId('document-files').locator('img').first();
    await documentImage.waitFor();
    await expect(documentImage.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).resolves.toBe(true);
    await screenshot(page, 'orders-document-uploaded-zh-CN');
    await watchedRow.locator('[data-flag=noDocument]').waitFor({ state: 'detached', timeout: 5000 });

    // ——— review ———
    await page.goto('/production/order/review');
    await page.getByTestId(`review-button-${order.id}`).click();
    await page.locator('#review-note').fill('e2e');
    await screenshot(page, 'orders-review-dialog-zh-CN');
    await page.getByTestId('review-submit').click();
    await toast(page).getByText('已审核').first().waitFor();
    await watcher.getByTestId(`review-${order.id}`).getByText('已审核').waitFor({ timeout: 5000 });
    await screenshot(watcher, 'orders-production-list-reviewed-zh-CN');

    // ——— hide ———
    await page.goto('/production/orderHide');
    await page.getByTestId('hide-list').waitFor();
    const hideRow = tableRow(page, order.orderNo);
    await hideRow.locator('.p-checkbox').first().click();
    await page.getByRole('button', { name: '隐藏', exact: true }).click();
    await toast(page).getByText(/已隐藏 1 张/).waitFor();
    await watchedRow.waitFor({ state: 'detached', timeout: 5000 });
    await screenshot(page, 'orders-hide-zh-CN');

    await context.close();
  });

  it.each<UiLanguage>(['zh-CN', 'en'])('shows every order screen in %s', async (language) => {
    const context = await newUserContext(browser, { language, width: 1440, height: 900 });
    const page = await context.newPage();
    await login(page, ACCOUNTS.admin, '/production/saleOrder/index');
    const anyOrder = await api.get<{ list: { id: number }[] }>('saleOrder/list', { page: 1, pageSize: 1 });
    const anyProduction = await api.get<{ list: { id: number }[] }>('productionOrder/list', { page: 1, pageSize: 1, 'filter.hidden': 'all' });
    const screens: [string, string][] = [
      ['/production/saleOrder/index', 'sale-order-list'],
      ['/production/saleOrder/create', 'sale-order-create'],
      ['/production/productionOrder/index', 'production-order-list'],
      ['/production/productionOrder/create', 'production-order-create'],
      ['/production/order/index', 'document-list'],
      ['/production/order/review', 'review-list'],
      ['/production/orderHide', 'hide-list'],
      ['/production/saleOrderSub', 'order-details'],
    ];
    if (anyOrder.list[0]) screens.push([`/production/saleOrder/update/${anyOrder.list[0].id}`, 'sale-order-update']);
    if (anyProduction.list[0]) {
      screens.push([`/production/productionOrder/update/${anyProduction.list[0].id}`, 'production-order-update']);
      screens.push([`/production/order/create?id=${anyProduction.list[0].id}`, 'document-upload']);
    }
    for (const [path, name] of screens) {
      await page.goto(path);
      await page.locator('.page h1').first().waitFor();
      await page.locator('.p-datatable-loading-overlay, .p-skeleton').first().waitFor({ state: 'detached', timeout: 5000 }).catch(() => undefined);
      await page.waitForTimeout(400);
      await screenshot(page, `orders-screen-${name}-${language}`);
    }
    // The direct-entry and import tabs of the create screen.
    await page.goto('/production/productionOrder/create');
    await page.locator('.p-tabview-nav li').nth(1).click();
    await screenshot(page, `orders-screen-production-direct-${language}`);
    await page.locator('.p-tabview-nav li').nth(2).click();
    await screenshot(page, `orders-screen-production-import-${language}`);
    await context.close();
  });
});
