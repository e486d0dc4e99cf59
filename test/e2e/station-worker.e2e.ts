// A scan station PC shared by many workers (issue 11): the worker badges in with the station's
// wedge scanner (keyboard only), the scans are credited to them, a worker not allowed the
// process is refused with the translated message, the pick list works by keyboard, and badges
// are printed (and renewed) from the user list.
import type { Browser, Page } from 'playwright-core';
import { ApiClient } from './support/api';
import { ACCOUNTS, baseUrl, launchBrowser, login, newUserContext, screenshot } from './support/browser';

/** The demo cutting lead: executes P01 (the first process, so scan-in-order never holds it back). */
const CUTTING = { username: 'cutting', password: 'demo1234' } as const;
const ANSWER_MS = 15_000;
const tag = Date.now().toString(36).toUpperCase();

interface Option {
  id: number;
  code: string;
  name: string;
}
interface ScheduleDetail {
  scans: { scanId: string; workerId: number | null; workerName: string | null; quantity: number; processId: number }[];
}

let browser: Browser;
let admin: ApiClient;
let p01: number;
let p02: number;
/** Allowed at P01 (cutting), and a sewer who is not. */
const workers = { cutter: { id: 0, name: `E2E 阿强 ${tag}`, badge: '' }, sewer: { id: 0, name: `E2E 阿芳 ${tag}`, badge: '' } };

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

async function createWorker(username: string, nickname: string, processId: number): Promise<{ id: number; badge: string }> {
  const created = await admin.post<{ id: number; version: number }>('user/create', { username, nickname, password: `Badge-${tag}-pass` });
  await admin.post('user/updatePermission', { id: created.id, version: created.version, processIds: String(processId) });
  const detail = await admin.get<{ badgeCode: string }>('user/detail', { id: created.id });
  return { id: created.id, badge: detail.badgeCode };
}

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await ApiClient.login(ACCOUNTS.admin.username, ACCOUNTS.admin.password);
  const processes = await admin.get<Option[]>('process/options');
  p01 = processes.find((process) => process.code === 'P01')!.id;
  p02 = processes.find((process) => process.code === 'P02')!.id;
  Object.assign(workers.cutter, await createWorker(`e2e-cutter-${tag.toLowerCase()}`, workers.cutter.name, p01));
  Object.assign(workers.sewer, await createWorker(`e2e-sewer-${tag.toLowerCase()}`, workers.sewer.name, p02));
});

afterAll(async () => {
  await browser?.close();
});

async function makeOrder(suffix: string): Promise<{ id: number; orderNo: string }> {
  const customers = await admin.get<Option[]>('customer/options');
  const goods = await admin.get<{ list: { id: number }[] }>('goods/list', { page: 1, pageSize: 50 });
  for (const row of goods.list) {
    const style = await admin.get<{ id: number; colors: { id: number }[]; sizes: { id: number }[] }>('goods/detail', { id: row.id });
    if (!style.colors.length || !style.sizes.length) continue;
    const order = await admin.post<{ id: number; orderNo: string }>('productionOrder/create', {
      orderNo: `E2E-WORKER-${suffix}-${tag}`,
      customer: customers[0].id,
      goodsId: style.id,
      orderDate: day(0),
      deliveryDate: day(7),
      cells: JSON.stringify([{ colorId: style.colors[0].id, sizeId: style.sizes[0].id, quantity: 200 }]),
    });
    return order;
  }
  throw new Error('no demo style with a colour and a size');
}

const scansOf = async (orderId: number) => (await admin.get<ScheduleDetail>('schedule/detail', { id: orderId })).scans.filter((scan) => scan.processId === p01);
const focusedId = (page: Page) => page.evaluate(() => document.activeElement?.id ?? '');

/** A keyboard-wedge scanner: the code's text, a character every 5 ms, then Enter. */
async function wedgeScan(page: Page, text: string): Promise<void> {
  await page.keyboard.type(text, { delay: 5 });
  await page.keyboard.press('Enter');
}

async function openStation(page: Page): Promise<void> {
  await login(page, CUTTING, '/production/scan');
  await page.getByTestId('scan-station').waitFor();
  const process = page.getByTestId('process-P01');
  await process.waitFor();
  if ((await process.getAttribute('aria-checked')) !== 'true') await process.click();
  await page.locator('[data-testid=process-P01][aria-checked=true]').waitFor();
  // A device that was used before: start without a worker.
  if (await page.getByTestId('scan-worker-sign-out').count()) await page.getByTestId('scan-worker-sign-out').click();
}

/** Scan a ticket, type a quantity like a person, Enter: the station's answer. */
async function recordAtStation(page: Page, orderNo: string, quantity: number): Promise<{ kind: string | null; text: string }> {
  await wedgeScan(page, `SB1|${orderNo}`);
  await page.locator('[data-testid=scan-station][data-phase=ready]').waitFor({ timeout: ANSWER_MS });
  await page.waitForFunction(() => document.activeElement?.id === 'scan-quantity-input');
  await page.keyboard.type(String(quantity), { delay: 160 });
  await page.waitForTimeout(200);
  await page.keyboard.press('Enter');
  const result = page.locator('[data-testid=scan-result][data-kind=success], [data-testid=scan-result][data-kind=refused]');
  await result.waitFor({ timeout: ANSWER_MS });
  return { kind: await result.getAttribute('data-kind'), text: await result.innerText() };
}

describe('a shared scan station: the worker', () => {
  it('badges in with the wedge scanner, the scan is credited to them, a worker not allowed the process is refused', async () => {
    const order = await makeOrder('A');
    const context = await newUserContext(browser, { language: 'en', width: 1366, height: 768 });
    const page = await context.newPage();
    try {
      await openStation(page);
      await expect(page.getByTestId('scan-worker-name').innerText()).resolves.toContain('not chosen');
      await expect(focusedId(page)).resolves.toBe('scan-code');

      // The worker's badge, typed by the wedge scanner into the scan field.
      await wedgeScan(page, `SBW1:${workers.cutter.badge}`);
      await page.locator('[data-testid=scan-worker-name]', { hasText: workers.cutter.name }).waitFor({ timeout: ANSWER_MS });
      await expect(page.getByTestId('scan-result').innerText()).resolves.toContain(`Worker: ${workers.cutter.name}`);
      await expect(page.getByTestId('scan-worker-warning').count()).resolves.toBe(0);
      await page.waitForFunction(() => document.activeElement?.id === 'scan-code');

      const first = await recordAtStation(page, order.orderNo, 7);
      expect(first.kind).toBe('success');
      expect(first.text).toContain('Recorded +7');
      // Credited to the worker, not to the station's account.
      expect((await scansOf(order.id)).map(({ workerId, workerName, quantity }) => ({ workerId, workerName, quantity }))).toEqual([
        { workerId: workers.cutter.id, workerName: workers.cutter.name, quantity: 7 },
      ]);
      // The worker's own count after this scan (a new worker: these 7 pieces are all of today).
      await page.locator('[data-testid=scan-worker-today]', { hasText: 'Today: 7 pieces' }).waitFor({ timeout: ANSWER_MS });
      await screenshot(page, 'station-worker-badged-en', { fullPage: false });

      // The choice survives a reload of the station.
      await page.reload();
      await page.locator('[data-testid=scan-worker-name]', { hasText: workers.cutter.name }).waitFor();

      // A sewer's badge at the cutting station: warned at once, refused when recorded.
      await page.waitForFunction(() => document.activeElement?.id === 'scan-code');
      await wedgeScan(page, `SBW1:${workers.sewer.badge}`);
      await page.locator('[data-testid=scan-worker-name]', { hasText: workers.sewer.name }).waitFor({ timeout: ANSWER_MS });
      await expect(page.getByTestId('scan-worker-warning').innerText()).resolves.toContain(`${workers.sewer.name} may not execute`);
      await page.waitForFunction(() => document.activeElement?.id === 'scan-code');
      const refused = await recordAtStation(page, order.orderNo, 3);
      expect(refused.kind).toBe('refused');
      expect(refused.text).toContain('The selected worker may not execute this process');
      await screenshot(page, 'station-worker-refused-en', { fullPage: false });
      expect(await scansOf(order.id)).toHaveLength(1);

      // Keyboard only: back from the scan field to Change, the pick list filtered by typing.
      await page.keyboard.press('Escape');
      await page.waitForFunction(() => document.activeElement?.id === 'scan-code');
      await page.keyboard.press('Shift+Tab');
      await page.keyboard.press('Shift+Tab');
      await expect(page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).resolves.toBe('scan-worker-change');
      await page.keyboard.press('Enter');
      const panel = page.locator('.p-dropdown-panel');
      await panel.waitFor();
      await panel.locator('.p-dropdown-item', { hasText: workers.cutter.name }).waitFor({ timeout: ANSWER_MS });
      // The keys go to the list's filter (focused when the panel has finished opening): only the cutter is left.
      await page.waitForFunction(() => document.activeElement?.classList.contains('p-dropdown-filter'));
      await page.keyboard.type(`阿强 ${tag}`);
      await page.waitForFunction(() => document.querySelectorAll('.p-dropdown-panel .p-dropdown-item').length === 1);
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      await page.locator('[data-testid=scan-worker-name]', { hasText: workers.cutter.name }).waitFor();
      await page.waitForFunction(() => document.activeElement?.id === 'scan-code');
      const again = await recordAtStation(page, order.orderNo, 5);
      expect(again.kind).toBe('success');
      expect((await scansOf(order.id)).map((scan) => [scan.workerId, scan.quantity])).toEqual([
        [workers.cutter.id, 5],
        [workers.cutter.id, 7],
      ]);
    } finally {
      await context.close();
    }
  });

  it('on a 390 px phone the worker bar fits and Sign out returns the scans to the account', async () => {
    const context = await browser.newContext({ baseURL: baseUrl(), viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await context.addInitScript(() => {
      if (!window.localStorage.getItem('language')) window.localStorage.setItem('language', 'en');
      window.localStorage.setItem('stitchboard.scan.worker', 'null');
    });
    const page = await context.newPage();
    try {
      await openStation(page);
      await page.getByTestId('scan-code').fill(`SBW1:${workers.cutter.badge}`);
      await page.getByTestId('scan-code').press('Enter');
      await page.locator('[data-testid=scan-worker-name]', { hasText: workers.cutter.name }).waitFor({ timeout: ANSWER_MS });
      await expect(page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).resolves.toBe(true);
      const signOut = page.getByTestId('scan-worker-sign-out');
      expect((await signOut.boundingBox())!.height).toBeGreaterThanOrEqual(44);
      await screenshot(page, 'station-worker-phone-en', { fullPage: false });
      await signOut.tap();
      await expect(page.getByTestId('scan-worker-name').innerText()).resolves.toContain('not chosen');
      await expect(page.evaluate(() => window.localStorage.getItem('stitchboard.scan.worker'))).resolves.toBeNull();
    } finally {
      await context.close();
    }
  });

  it('prints a badge from the user list, and renewing it makes the old one stop working', async () => {
    const context = await newUserContext(browser, { language: 'en', width: 1366, height: 768 });
    const page = await context.newPage();
    try {
      await login(page, ACCOUNTS.admin, '/base/user/index');
      await page.getByRole('searchbox', { name: 'Search' }).fill(`e2e-cutter-${tag.toLowerCase()}`);
      const row = page.locator('.p-datatable-tbody > tr', { hasText: workers.cutter.name });
      await row.waitFor({ timeout: ANSWER_MS });
      // The unfiltered first page may show the row before the (debounced) search answers; the
      // search's re-render would then close the row menu under the click. Wait for the search.
      await page.waitForFunction(() => document.querySelectorAll('.p-datatable-tbody > tr').length === 1, undefined, { timeout: ANSWER_MS });
      await row.getByRole('button', { name: `Actions for ${workers.cutter.name}` }).click();
      await page.getByRole('menuitem', { name: 'Print badge' }).click();
      const dialog = page.getByTestId('badge-dialog');
      await dialog.waitFor();
      const qr = dialog.locator('.qr-code[data-ready=true]');
      await qr.waitFor();
      const payload = await qr.getAttribute('data-payload');
      expect(payload).toBe(`SBW1:${(await admin.get<{ badgeCode: string }>('user/detail', { id: workers.cutter.id })).badgeCode}`);
      await expect(dialog.innerText()).resolves.toContain(workers.cutter.name);
      // Print shows the card alone, at ID-card size.
      await page.emulateMedia({ media: 'print' });
      const card = page.locator('.worker-badge-print .worker-badge');
      const box = (await card.boundingBox())!;
      expect(Math.round(box.width)).toBe(Math.round((85.6 / 25.4) * 96));
      expect(await page.locator('.layout-sidebar, .p-dialog').evaluateAll((nodes) => nodes.filter((node) => (node as HTMLElement).offsetParent !== null).length)).toBe(0);
      await screenshot(page, 'user-badge-print-en', { fullPage: false });
      await page.emulateMedia({ media: 'screen' });

      await dialog.getByTestId('badge-renew').click();
      await page.locator('.p-confirm-dialog').getByRole('button', { name: 'Renew badge' }).click();
      await page.waitForFunction((old) => document.querySelector('[data-testid=badge-dialog] .qr-code')?.getAttribute('data-payload') !== old, payload);
      const renewed = await dialog.locator('.qr-code').getAttribute('data-payload');
      expect(renewed).toMatch(/^SBW1:[0-9A-F]{20}$/);
      // The old badge names no one any more; the new one names the worker.
      const station = await ApiClient.login(CUTTING.username, CUTTING.password);
      await expect(station.get('scan/worker', { badge: payload! })).rejects.toThrow('(404)');
      await expect(station.get<{ id: number }>('scan/worker', { badge: renewed! })).resolves.toMatchObject({ id: workers.cutter.id });
      workers.cutter.badge = renewed!.slice('SBW1:'.length);
    } finally {
      await context.close();
    }
  });
});
