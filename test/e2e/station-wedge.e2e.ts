// The scan station with a keyboard-wedge scanner on a 1366 px PC, and on a 390 px phone
// (issue 10): scan → the quantity field focused with the remaining selected → a person's
// quantity + Enter records → the scan field again; a second scan while a quantity waits is a
// scan, never a number; "all remaining" records plan − done, never the over-production tolerance;
// on a plain-HTTP LAN address (no camera API) a photo of the ticket is read by the ZXing fallback.
import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import QRCode from 'qrcode';
import { ApiClient } from './support/api';
import { ACCOUNTS, baseUrl, launchBrowser, login, newUserContext, screenshot } from './support/browser';

/** The demo cutting lead: executes P01 (the first process, so scan-in-order never holds it back). */
const CUTTING = { username: 'cutting', password: 'demo1234' } as const;
/** The order: 520 planned, 5 % tolerance → 546 allowed, "all remaining" must be 520 − done. */
const PLANNED = 520;
const TOLERANCE_PERCENT = 5;
const ANSWER_MS = 15_000;
/** A LAN host name (Chromium maps it to 127.0.0.1): plain http that is not localhost, so no getUserMedia. */
const LAN_HOST = 'station.test';

interface ProductionSettings {
  scanInOrder: boolean;
  overProductionPercent: number;
  refuseFlaggedOrders: boolean;
}
interface Option {
  id: number;
  code: string;
  name: string;
}
interface StepLookup {
  row: { id: number; steps: Record<string, { done: number; planned: number }> };
  remaining: number;
  tolerance: number;
}

let browser: Browser;
let admin: ApiClient;
let cutting: ApiClient;
let savedProduction: ProductionSettings;
let cuttingProcessId: number;

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  browser = await launchBrowser({ hostResolverRules: `MAP ${LAN_HOST} 127.0.0.1` });
  admin = await ApiClient.login(ACCOUNTS.admin.username, ACCOUNTS.admin.password);
  cutting = await ApiClient.login(CUTTING.username, CUTTING.password);
  savedProduction = await admin.get<ProductionSettings>('setting/getProductionSetting');
  await admin.post('setting/updateProductionSetting', { scanInOrder: true, overProductionPercent: TOLERANCE_PERCENT, refuseFlaggedOrders: false });
  cuttingProcessId = (await admin.get<Option[]>('process/options')).find((process) => process.code === 'P01')!.id;
});

afterAll(async () => {
  await browser?.close();
  if (savedProduction) await admin.post('setting/updateProductionSetting', { ...savedProduction });
});

/** A production order of PLANNED pieces in one colour × size of the first demo style that has both. */
async function makeOrder(tag: string): Promise<{ id: number; orderNo: string }> {
  const customers = await admin.get<Option[]>('customer/options');
  const goods = await admin.get<{ list: { id: number }[] }>('goods/list', { page: 1, pageSize: 50 });
  for (const row of goods.list) {
    const style = await admin.get<{ id: number; colors: { id: number }[]; sizes: { id: number }[] }>('goods/detail', { id: row.id });
    if (!style.colors.length || !style.sizes.length) continue;
    return admin.post<{ id: number; orderNo: string }>('productionOrder/create', {
      orderNo: `E2E-WEDGE-${tag}-${Date.now().toString(36).toUpperCase()}`,
      customer: customers[0].id,
      goodsId: style.id,
      orderDate: day(0),
      deliveryDate: day(7),
      cells: JSON.stringify([{ colorId: style.colors[0].id, sizeId: style.sizes[0].id, quantity: PLANNED }]),
    });
  }
  throw new Error('no demo style with a colour and a size');
}

async function doneAt(orderId: number): Promise<number> {
  const lookup = await admin.get<StepLookup>('scan/lookup', { orderId, processId: cuttingProcessId });
  return lookup.row.steps[String(cuttingProcessId)].done;
}

const focusedId = (page: Page) => page.evaluate(() => document.activeElement?.id ?? '');
/** The quantity field's value and whether all of it is selected (typing replaces it). */
const quantityState = (page: Page) =>
  page.evaluate(() => {
    const field = document.getElementById('scan-quantity-input') as HTMLInputElement;
    return { focused: document.activeElement === field, value: field.value, allSelected: field.selectionStart === 0 && field.selectionEnd === field.value.length };
  });

/** Waits until `read` gives `expected` (focus moves a moment after a React commit), then asserts it. */
async function eventually<T>(read: () => Promise<T>, expected: T, timeout = 5_000): Promise<void> {
  const until = Date.now() + timeout;
  let value = await read();
  while (JSON.stringify(value) !== JSON.stringify(expected) && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    value = await read();
  }
  expect(value).toEqual(expected);
}

async function openStation(page: Page): Promise<void> {
  await login(page, CUTTING, '/production/scan');
  await page.getByTestId('scan-station').waitFor();
  const process = page.getByTestId('process-P01');
  await process.waitFor();
  if ((await process.getAttribute('aria-checked')) !== 'true') await process.click();
  await page.locator('[data-testid=process-P01][aria-checked=true]').waitFor();
}

/** A keyboard-wedge scanner: the ticket's text, a character every 5 ms, then Enter. */
async function wedgeScan(page: Page, text: string): Promise<void> {
  await page.keyboard.type(text, { delay: 5 });
  await page.keyboard.press('Enter');
}

async function waitForOrder(page: Page, orderNo: string): Promise<void> {
  await page.locator('[data-testid=scan-order-no]', { hasText: orderNo }).waitFor({ timeout: ANSWER_MS });
  await page.locator('[data-testid=scan-station][data-phase=ready]').waitFor({ timeout: ANSWER_MS });
}

describe('scan station with a keyboard-wedge scanner', () => {
  it('at a 1366 px PC: scan, a typed quantity + Enter records, and a second scan during a pending quantity is a scan', async () => {
    const first = await makeOrder('A');
    const second = await makeOrder('B');
    const context = await newUserContext(browser, { language: 'en', width: 1366, height: 768 });
    const page = await context.newPage();
    try {
      await openStation(page);
      await expect(focusedId(page)).resolves.toBe('scan-code');

      await wedgeScan(page, `SB1|${first.orderNo}`);
      await waitForOrder(page, first.orderNo);
      await expect(page.getByTestId('scan-remaining').innerText()).resolves.toBe(String(PLANNED));
      await expect(page.getByTestId('scan-tolerance').innerText()).resolves.toBe('May exceed by 26');
      // The quantity field took the focus with the remaining selected.
      await eventually(() => quantityState(page), { focused: true, value: String(PLANNED), allSelected: true });
      await screenshot(page, 'station-wedge-pending-en', { fullPage: false });

      // A person types 37 slowly, then Enter.
      await page.keyboard.type('37', { delay: 160 });
      await page.waitForTimeout(200);
      await page.keyboard.press('Enter');
      await page.locator('[data-testid=scan-result][data-kind=success]').waitFor({ timeout: ANSWER_MS });
      await expect(page.getByTestId('scan-result').innerText()).resolves.toContain('Recorded +37');
      await expect(doneAt(first.id)).resolves.toBe(37);
      await eventually(() => focusedId(page), 'scan-code');

      // The same ticket again: the rest is offered; then the next ticket is scanned before Enter.
      await wedgeScan(page, `SB1|${first.orderNo}`);
      await waitForOrder(page, first.orderNo);
      await eventually(() => quantityState(page), { focused: true, value: String(PLANNED - 37), allSelected: true });
      await wedgeScan(page, `SB1|${second.orderNo}`);
      await waitForOrder(page, second.orderNo);
      await expect(page.getByTestId('scan-dropped').innerText()).resolves.toContain(`The pending ${PLANNED - 37} for ${first.orderNo} was not recorded`);
      await eventually(() => quantityState(page), { focused: true, value: String(PLANNED), allSelected: true });
      // Nothing was recorded for either order by that scan.
      await expect(doneAt(first.id)).resolves.toBe(37);
      await expect(doneAt(second.id)).resolves.toBe(0);
      await screenshot(page, 'station-wedge-second-scan-en', { fullPage: false });

      // Esc: the pending quantity goes, the scan field waits.
      await page.keyboard.press('Escape');
      await eventually(() => focusedId(page), 'scan-code');
      await expect(page.getByTestId('scan-dropped').innerText()).resolves.toContain(`Cancelled: ${PLANNED} for ${second.orderNo} not recorded`);
      await expect(doneAt(second.id)).resolves.toBe(0);
    } finally {
      await context.close();
    }
  });

  it('on a 390 px phone: "all remaining" records plan − done, not the tolerance', async () => {
    const order = await makeOrder('P');
    await cutting.post('scan/record', { scanId: randomUUID(), orderId: order.id, processId: cuttingProcessId, quantity: 100 });
    const context = await browser.newContext({ baseURL: baseUrl(), viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await context.addInitScript(() => {
      if (!window.localStorage.getItem('language')) window.localStorage.setItem('language', 'en');
    });
    const page = await context.newPage();
    try {
      await openStation(page);
      await page.getByTestId('scan-code').fill(order.orderNo);
      await page.getByTestId('scan-code').press('Enter');
      await waitForOrder(page, order.orderNo);
      await expect(page.getByTestId('scan-remaining').innerText()).resolves.toBe(String(PLANNED - 100));
      await expect(page.getByTestId('scan-tolerance').innerText()).resolves.toBe('May exceed by 26');
      const all = page.getByTestId('scan-all');
      await expect(all.innerText()).resolves.toBe(`All remaining (${PLANNED - 100})`);
      // Big touch targets on the phone.
      const box = await all.boundingBox();
      expect(box!.height).toBeGreaterThanOrEqual(44);
      await page.getByRole('button', { name: 'Clear' }).tap();
      await all.tap();
      await expect(page.locator('#scan-quantity-input').inputValue()).resolves.toBe(String(PLANNED - 100));
      await screenshot(page, 'station-phone-all-remaining-en', { fullPage: false });
      await page.getByTestId('scan-confirm').tap();
      await page.locator('[data-testid=scan-result][data-kind=success]').waitFor({ timeout: ANSWER_MS });
      // Exactly the plan: 520, not 546.
      await expect(doneAt(order.id)).resolves.toBe(PLANNED);
      await expect(page.getByTestId('scan-remaining').innerText()).resolves.toBe('0');
      await expect(page.getByTestId('scan-all').isDisabled()).resolves.toBe(true);
      // No horizontal scrolling at 390 px.
      await expect(page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).resolves.toBe(true);
    } finally {
      await context.close();
    }
  });

  it('on a phone at a plain-HTTP LAN address: a photo of the ticket is decoded by the lazily loaded ZXing', async () => {
    const order = await makeOrder('Q');
    const port = new URL(baseUrl()).port;
    const context = await browser.newContext({ baseURL: `http://${LAN_HOST}:${port}`, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await context.addInitScript(() => {
      if (!window.localStorage.getItem('language')) window.localStorage.setItem('language', 'en');
    });
    const page = await context.newPage();
    const decoderChunks: string[] = [];
    page.on('request', (request) => {
      if (/\/assets\/ticket-decoder-[^/]+\.js$/.test(request.url())) decoderChunks.push(request.url());
    });
    try {
      await openStation(page);
      // The condition of the fallback: no camera API on an insecure origin.
      await expect(page.evaluate(() => typeof navigator.mediaDevices?.getUserMedia)).resolves.toBe('undefined');
      expect(decoderChunks).toEqual([]);
      await page.getByTestId('scan-camera').tap();
      const input = page.getByTestId('scan-photo-input');
      await input.waitFor({ state: 'attached' });
      await expect(input.getAttribute('accept')).resolves.toBe('image/*');
      await expect(input.getAttribute('capture')).resolves.toBe('environment');
      await screenshot(page, 'station-phone-photo-fallback-en', { fullPage: false });
      // The ticket as printed (qrcode, error correction M), photographed.
      const ticket = await QRCode.toBuffer(`SB1|${order.orderNo}|P01`, { type: 'png', errorCorrectionLevel: 'M', margin: 4, scale: 8 });
      await input.setInputFiles({ name: 'ticket.png', mimeType: 'image/png', buffer: ticket });
      await waitForOrder(page, order.orderNo);
      await expect(page.locator('#scan-quantity-input').inputValue()).resolves.toBe(String(PLANNED));
      // ZXing came in its own chunk, only when the camera was opened.
      expect(decoderChunks).toHaveLength(1);
    } finally {
      await context.close();
    }
  });
});
