// The order overview (issue 11): opened from the production-order list, it shows the order's
// sections, and a scan recorded elsewhere (and its correction) moves the route progress and the
// scan history without a reload. Fits a 1366 × 768 laptop and a 390 px phone.
import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { ApiClient, findStyle } from './support/api';
import { ACCOUNTS, launchBrowser, login, newUserContext, screenshot } from './support/browser';

const CUTTING = { username: 'cutting', password: 'demo1234' } as const;
const CELL_QUANTITY = 10;
/** Waits for pushed updates: generous, the machine may be loaded. */
const LIVE_MS = 15_000;
const TEST_MS = 120_000;

interface Option {
  id: number;
  code: string;
  name: string;
}

let browser: Browser;
let api: ApiClient;

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  browser = await launchBrowser();
  api = await ApiClient.login(ACCOUNTS.admin.username, ACCOUNTS.admin.password);
});

afterAll(async () => {
  await browser?.close();
});

/** A fresh production order of demo data (the newest, so the first row of the list). */
async function makeOrder(): Promise<{ id: number; orderNo: string; planned: number }> {
  const customers = await api.get<Option[]>('customer/options');
  const style = await findStyle(api, (detail) => detail.colors.length >= 2 && detail.sizes.length >= 2);
  if (!style) throw new Error('no demo style with two colours and two sizes');
  const cells = style.colors.slice(0, 2).flatMap((color) => style.sizes.slice(0, 2).map((size) => ({ colorId: color.id, sizeId: size.id, quantity: CELL_QUANTITY })));
  const made = await api.post<{ id: number; orderNo: string }>('productionOrder/create', {
    orderNo: `E2E-OV-${Date.now().toString(36).toUpperCase()}`,
    customer: customers[0].id,
    goodsId: style.id,
    orderDate: day(0),
    deliveryDate: day(10),
    cells: JSON.stringify(cells),
  });
  return { id: made.id, orderNo: made.orderNo, planned: cells.length * CELL_QUANTITY };
}

async function widerThanWindow(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1);
}

describe('order overview', () => {
  it(
    'opens from the production-order list, shows its sections, and follows a scan and its correction live',
    async () => {
      const order = await makeOrder();
      const processes = await api.get<Option[]>('process/options');
      const cutting = processes.find((process) => process.code === 'P01')!;

      const context = await newUserContext(browser, { language: 'en', width: 1366, height: 768 });
      const page = await context.newPage();
      await login(page, ACCOUNTS.admin, '/production/productionOrder/index');
      await page.getByTestId('production-order-list').waitFor();
      // The order number is the way in (newest first: our order is on the first page).
      await page.getByTestId(`overview-link-${order.id}`).first().click();
      await page.waitForURL(`**/production/orderOverview/${order.id}`);

      await page.getByTestId('overview-order-no').filter({ hasText: order.orderNo }).waitFor();
      for (const section of ['overview-order', 'overview-sale-order', 'overview-review', 'overview-grid', 'overview-route', 'overview-scans']) {
        await page.getByTestId(section).waitFor();
      }
      expect(await page.getByTestId('overview-sale-order').textContent()).toContain('no sales order');
      expect(await page.getByTestId('grid-total').textContent()).toBe(String(order.planned));
      expect(await page.getByTestId('overview-review-state').textContent()).toContain('Not reviewed');
      expect(await page.getByTestId('overview-document-state').textContent()).toContain('Not uploaded');
      expect(await page.getByTestId(`route-done-${cutting.id}`).textContent()).toBe('0');
      expect(await page.getByTestId('overview-scan-count').textContent()).toContain('0 entries');
      await page.getByTestId('live-badge').and(page.locator('.is-live')).waitFor({ timeout: LIVE_MS });
      expect(await widerThanWindow(page)).toBe(false);
      await screenshot(page, 'order-overview-1366');

      // Recorded elsewhere (the cutting lead, through the API): the page was not reloaded.
      await page.evaluate(() => ((window as unknown as { __noReload?: boolean }).__noReload = true));
      const lead = await ApiClient.login(CUTTING.username, CUTTING.password);
      const scanId = randomUUID();
      await lead.post('scan/record', { scanId, orderId: order.id, processId: cutting.id, quantity: 7, deviceId: 'e2e-phone' });
      await page.getByTestId(`route-done-${cutting.id}`).filter({ hasText: /^7$/ }).waitFor({ timeout: LIVE_MS });
      const scans = page.getByTestId('overview-scans');
      await scans.getByText('Zhang Qiang').first().waitFor({ timeout: LIVE_MS });
      expect(await page.getByTestId('overview-scan-count').textContent()).toContain('1 entries');

      // A correcting entry takes it back: the history keeps both, the route drops to 0.
      await api.post('scan/reverse', { scanId: randomUUID(), reversesScanId: scanId, note: 'e2e correction' });
      await page.getByTestId(`route-done-${cutting.id}`).filter({ hasText: /^0$/ }).waitFor({ timeout: LIVE_MS });
      await scans.getByText('Correction').first().waitFor({ timeout: LIVE_MS });
      await scans.getByText('Taken back').first().waitFor();
      expect(await page.getByTestId('overview-scan-count').textContent()).toContain('2 entries');
      expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);

      // A phone: one column, nothing wider than the screen.
      await page.setViewportSize({ width: 390, height: 844 });
      await page.getByTestId('overview-route').waitFor();
      await page.waitForTimeout(300);
      expect(await widerThanWindow(page)).toBe(false);
      await screenshot(page, 'order-overview-390');

      // Keyboard: the jump links take the focus to a section.
      await page.setViewportSize({ width: 1366, height: 768 });
      const jump = page.locator('.overview-jump a').last();
      await jump.focus();
      await page.keyboard.press('Enter');
      await page.waitForURL(/#overview-scans-section$/);
      await context.close();
    },
    TEST_MS,
  );

  it('says an unknown order does not exist', async () => {
    const context = await newUserContext(browser, { language: 'en' });
    const page = await context.newPage();
    await login(page, ACCOUNTS.admin, '/production/orderOverview/2000000000');
    await page.getByText('The production order does not exist').waitFor();
    await context.close();
  }, TEST_MS);
});
