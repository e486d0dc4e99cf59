// The managers' screens of issue 11, live: the difference statistics and the performance
// appraisal open in two pages (over a LAN host name, plain http); at the scan station, in another
// browser logged in as the cutting lead, the worker badges in with the wedge scanner, scans the
// order's ticket, picks colour and size and types the quantity + Enter; the order's difference
// row and cell and the worker's pieces and pay change on both managers' pages without a reload,
// and the worker bar's "today" moves by the same pieces and pay; the month's payroll export
// carries the same total as the screen.
import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { ApiClient, findStyle } from './support/api';
import { ACCOUNTS, baseUrl, launchBrowser, login, screenshot } from './support/browser';

/** The demo cutting lead: executes P01 (cutting, the first process, so scan-in-order never holds it back). */
const CUTTING = { username: 'cutting', password: 'demo1234' } as const;
/** A LAN host name (Chromium maps it to 127.0.0.1): the app must work on plain http that is not localhost. */
const LAN_HOST = 'managers.test';
const CELL_QUANTITY = 20;
const SCANNED = 7;
/** Scanned earlier today on another cell (through the API): the screens start from non-zero numbers. */
const EARLIER = 3;
/** Waits for pushed updates and the coalesced refetch (≤ 1 s): generous, the machine may be loaded. */
const LIVE_MS = 15_000;
const TEST_MS = 150_000;

interface Option {
  id: number;
  code: string;
  name: string;
}
interface ProductionSettings {
  scanInOrder: boolean;
  overProductionPercent: number;
  refuseFlaggedOrders: boolean;
}
interface AppraisalTotals {
  totals: { pieces: number; pay: number };
  byWorker: { key: number | string; pieces: number; pay: number }[];
}
interface WorkerToday {
  pieces: number;
  pay: number;
}
interface ScanLookup {
  colors: { id: number; name: string }[];
  sizes: { id: number; name: string }[];
}
interface PayrollTotals {
  totals: { pieces: number; pay: number };
}

let browser: Browser;
let admin: ApiClient;
let cutting: ApiClient;
let savedProduction: ProductionSettings;
let lanUrl: string;

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  lanUrl = `http://${LAN_HOST}:${new URL(baseUrl()).port}`;
  browser = await launchBrowser({ hostResolverRules: `MAP ${LAN_HOST} 127.0.0.1` });
  admin = await ApiClient.login(ACCOUNTS.admin.username, ACCOUNTS.admin.password);
  cutting = await ApiClient.login(CUTTING.username, CUTTING.password);
  // Shared server: put back what other test files rely on.
  savedProduction = await admin.get<ProductionSettings>('setting/getProductionSetting');
  await admin.post('setting/updateProductionSetting', { scanInOrder: true, overProductionPercent: 5, refuseFlaggedOrders: false });
});

afterAll(async () => {
  await browser?.close();
  if (savedProduction) await admin.post('setting/updateProductionSetting', { ...savedProduction });
});

/** A laptop at the factory office: 1366 × 768, Chinese UI, the app opened by host name. */
async function officeContext(): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: lanUrl, viewport: { width: 1366, height: 768 } });
  await context.addInitScript(() => {
    if (!window.localStorage.getItem('language')) window.localStorage.setItem('language', 'zh-CN');
  });
  return context;
}

/** The number a cell shows ("1,234.50" → 1234.5, "-73 短缺" → -73). */
async function numberIn(locator: Locator): Promise<number> {
  const text = (await locator.innerText()).replace(/[,\s¥]/g, '');
  const match = /[-+−]?\d+(\.\d+)?/.exec(text);
  if (!match) throw new Error(`no number in "${text}"`);
  return Number(match[0].replace('−', '-'));
}

/** Waits until the locator shows `expected` (pushed update + coalesced refetch), then asserts it. */
async function eventuallyShows(locator: Locator, expected: number, timeout = LIVE_MS): Promise<void> {
  const until = Date.now() + timeout;
  let value: number | null = null;
  while (Date.now() < until) {
    value = (await locator.count()) > 0 ? await numberIn(locator).catch(() => null) : null;
    if (value !== null && Math.abs(value - expected) < 0.005) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  expect(value).toBeCloseTo(expected, 2);
}

async function markNoReload(page: Page): Promise<void> {
  await page.evaluate(() => ((window as unknown as { __noReload?: boolean }).__noReload = true));
}

const stillSamePage = (page: Page) => page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload);

/** Money as the screens round it: to the cent. */
const cents = (value: number) => Math.round(value * 100) / 100;

/** A keyboard-wedge scanner: the code's text, a character every 5 ms, then Enter. */
async function wedgeScan(page: Page, text: string): Promise<void> {
  await page.keyboard.type(text, { delay: 5 });
  await page.keyboard.press('Enter');
}

/** The worker bar's "Today: N pieces · ¥X" as numbers (the pay may carry thousands separators). */
async function workerToday(page: Page): Promise<{ pieces: number; pay: number } | null> {
  const bar = page.getByTestId('scan-worker-today');
  if ((await bar.count()) === 0) return null;
  const match = /Today:\s*([\d,]+)\s*pieces?\s*·\s*[^\d-]*(-?[\d,]+(?:\.\d+)?)/.exec(await bar.innerText());
  return match ? { pieces: Number(match[1].replace(/,/g, '')), pay: Number(match[2].replace(/,/g, '')) } : null;
}

async function eventuallyToday(page: Page, expected: { pieces: number; pay: number }): Promise<void> {
  const until = Date.now() + LIVE_MS;
  let shown = await workerToday(page);
  while (JSON.stringify(shown) !== JSON.stringify(expected) && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    shown = await workerToday(page);
  }
  expect(shown).toEqual(expected);
}

const sidewaysOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** The first cell of a sheet row whose text is `wanted`-like, with the numbers of that row. */
function numbersOfRow(sheet: ExcelJS.Worksheet, label: RegExp): number[] | null {
  let found: number[] | null = null;
  sheet.eachRow((row) => {
    if (found) return;
    const values = (row.values as unknown[]).slice(1);
    const text = (value: unknown) => (value && typeof value === 'object' && 'richText' in value ? (value as { richText: { text: string }[] }).richText.map((part) => part.text).join('') : String(value ?? ''));
    if (!values.some((value) => label.test(text(value)))) return;
    found = values
      .map((value) => (value && typeof value === 'object' && 'result' in value ? (value as { result: unknown }).result : value))
      .filter((value): value is number | string => typeof value === 'number' || (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value)))
      .map(Number);
  });
  return found;
}

describe('managers’ screens, live', () => {
  it('a scan typed at the station by a badged worker, with colour/size, changes the difference row and the worker’s pay without reload; the payroll export matches the screen', async () => {
    // A fresh order: 2 colours × 2 sizes of 20, so its cells start at 0 cut (but for the earlier scan).
    const customers = await admin.get<Option[]>('customer/options');
    const style = await findStyle(admin, (detail) => detail.colors.length >= 2 && detail.sizes.length >= 2);
    if (!style) throw new Error('no demo style with two colours and two sizes');
    const cells = style.colors.slice(0, 2).flatMap((color) => style.sizes.slice(0, 2).map((size) => ({ colorId: color.id, sizeId: size.id, quantity: CELL_QUANTITY })));
    const ordered = cells.length * CELL_QUANTITY;
    const order = await admin.post<{ id: number; orderNo: string }>('productionOrder/create', {
      orderNo: `E2E-DIFF-${Date.now().toString(36).toUpperCase()}`,
      customer: customers[0].id,
      goodsId: style.id,
      orderDate: day(0),
      deliveryDate: day(10),
      cells: JSON.stringify(cells),
    });
    const cuttingProcess = (await admin.get<Option[]>('process/options')).find((process) => process.code === 'P01')!;
    const worker = (await admin.get<Option[]>('user/options')).find((user) => user.code === CUTTING.username)!;
    const rate = Number((await admin.get<{ pieceRate: number | null }>('process/detail', { id: cuttingProcess.id })).pieceRate ?? 0);
    // Without a piece rate the pay checks below would hold for any scan.
    expect(rate).toBeGreaterThan(0);
    const { colorId, sizeId } = cells[0];
    const month = new Date().toISOString().slice(0, 7);
    // Earlier today the same worker cut 3 pieces of the last colour × size of this order.
    const earlierCell = cells[cells.length - 1];
    await cutting.post('scan/record', { scanId: randomUUID(), orderId: order.id, processId: cuttingProcess.id, quantity: EARLIER, colorId: earlierCell.colorId, sizeId: earlierCell.sizeId, workerId: worker.id });

    const context = await officeContext();
    // (a) the difference statistics, filtered to the new order.
    const difference = await context.newPage();
    await login(difference, ACCOUNTS.admin, '/production/statistics/difference');
    await difference.getByTestId('difference-page').waitFor();
    expect(new URL(difference.url()).host).toBe(new URL(lanUrl).host);
    const orderNo = difference.getByTestId('diff-filter-orderNo');
    await orderNo.fill(order.orderNo);
    await orderNo.press('Enter');
    // The new order is also on the unfiltered first page, so its row alone does not prove the filter applied.
    await eventuallyShows(difference.getByTestId('diff-total'), 1);
    await expect(difference.getByTestId('diff-total').innerText()).resolves.toBe('共 1 张生产单');
    await difference.getByTestId(`diff-order-${order.id}`).waitFor({ timeout: LIVE_MS });
    await eventuallyShows(difference.getByTestId(`diff-${order.id}-ordered`), ordered);
    await eventuallyShows(difference.getByTestId(`diff-${order.id}-cut`), EARLIER);
    await eventuallyShows(difference.getByTestId(`diff-${order.id}-cutDiff`), EARLIER - ordered);
    await expect(difference.getByTestId(`diff-${order.id}-cutDiff`).getAttribute('data-kind')).resolves.toBe('short');
    // Opened by keyboard: the toggle is a button in the Tab order.
    await difference.getByTestId(`diff-toggle-${order.id}`).focus();
    await difference.keyboard.press('Enter');
    const cell = difference.getByTestId(`diff-cell-${order.id}-${colorId}-${sizeId}-cut`);
    await eventuallyShows(cell, 0);
    await difference.locator('[data-testid=live-badge].is-live').waitFor({ timeout: LIVE_MS });
    expect(await sidewaysOverflow(difference)).toBeLessThanOrEqual(0);
    await markNoReload(difference);

    // (b) the appraisal, this month, in a second page of the same session.
    const appraisal = await context.newPage();
    await appraisal.goto('/production/performanceAppraisalDetails');
    await appraisal.getByTestId('appraisal-page').waitFor();
    await appraisal.getByTestId('appraisal-total-pay').waitFor();
    await appraisal.locator('[data-testid=live-badge].is-live').waitFor({ timeout: LIVE_MS });
    // The screen's default range: this calendar month.
    const from = `${month}-01`;
    const now = new Date();
    const lastDay = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 0)).toISOString().slice(0, 10);
    const before = await admin.get<AppraisalTotals>('statistics/appraisal', { from, to: lastDay, workerId: worker.id });
    const piecesBefore = before.byWorker.find((total) => Number(total.key) === worker.id)?.pieces ?? 0;
    const payBefore = before.byWorker.find((total) => Number(total.key) === worker.id)?.pay ?? 0;
    // Filtered to the worker the way a manager does it: the worker picker, typed to filter.
    await appraisal.locator('.order-filter', { hasText: '工人' }).locator('.p-dropdown').click();
    const panel = appraisal.locator('.p-dropdown-panel');
    await panel.waitFor();
    await panel.locator('.p-dropdown-filter').fill(worker.name.split(' ')[0]);
    await panel.locator('.p-dropdown-item', { hasText: worker.name }).first().click();
    await panel.waitFor({ state: 'detached' });
    await appraisal.locator(`[data-testid^=appraisal-by-worker-pieces-]:not([data-testid$='-${worker.id}'])`).first().waitFor({ state: 'detached', timeout: LIVE_MS });
    const workerPieces = appraisal.getByTestId(`appraisal-by-worker-pieces-${worker.id}`);
    const workerPay = appraisal.getByTestId(`appraisal-by-worker-pay-${worker.id}`);
    // The earlier scan is in there: the screen starts from the API's non-zero numbers.
    expect(piecesBefore).toBeGreaterThanOrEqual(EARLIER);
    await eventuallyShows(workerPieces, piecesBefore);
    await eventuallyShows(workerPay, payBefore);
    expect(await sidewaysOverflow(appraisal)).toBeLessThanOrEqual(0);
    await markNoReload(appraisal);
    await screenshot(difference, 'managers-difference-before-zh-CN', { fullPage: false });

    // The station: a PC at cutting, logged in as the cutting lead, English UI, keyboard-wedge scanner.
    const stationContext = await browser.newContext({ baseURL: lanUrl, viewport: { width: 1366, height: 768 } });
    await stationContext.addInitScript(() => {
      if (!window.localStorage.getItem('language')) window.localStorage.setItem('language', 'en');
    });
    const station = await stationContext.newPage();
    await login(station, CUTTING, '/production/scan');
    await station.getByTestId('scan-station').waitFor();
    const p01 = station.getByTestId('process-P01');
    await p01.waitFor();
    if ((await p01.getAttribute('aria-checked')) !== 'true') await p01.click();
    await station.locator('[data-testid=process-P01][aria-checked=true]').waitFor();
    if (await station.getByTestId('scan-worker-sign-out').count()) await station.getByTestId('scan-worker-sign-out').click();
    await station.waitForFunction(() => document.activeElement?.id === 'scan-code');
    // The worker badges in: the badge's code, typed by the wedge scanner into the scan field.
    const { badgeCode } = await admin.get<{ badgeCode: string | null }>('user/detail', { id: worker.id });
    if (!badgeCode) throw new Error(`the demo user ${CUTTING.username} has no badge`);
    const todayBefore = await cutting.get<WorkerToday>('scan/worker-today', { workerId: worker.id });
    await wedgeScan(station, `SBW1:${badgeCode}`);
    await station.locator('[data-testid=scan-worker-name]', { hasText: worker.name }).waitFor({ timeout: LIVE_MS });
    expect(todayBefore.pieces).toBeGreaterThanOrEqual(EARLIER);
    await eventuallyToday(station, { pieces: todayBefore.pieces, pay: cents(todayBefore.pay) });
    await station.waitForFunction(() => document.activeElement?.id === 'scan-code');

    // The scan: the order's ticket, then the colour and size chips (tapped), then 7 typed + Enter.
    const lookup = await cutting.get<ScanLookup>('scan/lookup', { orderId: order.id, processId: cuttingProcess.id });
    const colorName = lookup.colors.find((color) => color.id === colorId)!.name;
    const sizeName = lookup.sizes.find((size) => size.id === sizeId)!.name;
    await wedgeScan(station, `SB1|${order.orderNo}`);
    await station.locator('[data-testid=scan-order-no]', { hasText: order.orderNo }).waitFor({ timeout: LIVE_MS });
    await station.locator('[data-testid=scan-station][data-phase=ready]').waitFor({ timeout: LIVE_MS });
    await station.getByTestId('scan-colors').getByRole('radio', { name: colorName, exact: true }).click();
    await station.getByTestId('scan-colors').locator('[aria-checked=true]', { hasText: colorName }).waitFor();
    await station.getByTestId('scan-sizes').getByRole('radio', { name: sizeName, exact: true }).click();
    await station.getByTestId('scan-sizes').locator('[aria-checked=true]', { hasText: sizeName }).waitFor();
    // The quantity field has the focus again, with the cell's remaining (all of it) selected.
    await station.waitForFunction(
      (remaining) => {
        const field = document.activeElement as HTMLInputElement | null;
        return field?.id === 'scan-quantity-input' && field.value === remaining && field.selectionStart === 0 && field.selectionEnd === field.value.length;
      },
      String(CELL_QUANTITY),
      { timeout: LIVE_MS },
    );
    // A person's typing: slower than a scanner, so it is a quantity and not a code.
    await station.keyboard.type(String(SCANNED), { delay: 160 });
    await station.waitForTimeout(200);
    await station.keyboard.press('Enter');
    await station.locator('[data-testid=scan-result][data-kind=success]').waitFor({ timeout: LIVE_MS });
    await expect(station.getByTestId('scan-result').innerText()).resolves.toContain(`Recorded +${SCANNED}`);
    // The worker bar: today's pieces and pay moved by this scan.
    await eventuallyToday(station, { pieces: todayBefore.pieces + SCANNED, pay: cents(todayBefore.pay + SCANNED * rate) });
    await screenshot(station, 'managers-station-scanned-en', { fullPage: false });

    // Pushed, then refetched: the order's row and its cell, without reload.
    await eventuallyShows(difference.getByTestId(`diff-${order.id}-cut`), EARLIER + SCANNED);
    await eventuallyShows(difference.getByTestId(`diff-${order.id}-cutDiff`), EARLIER + SCANNED - ordered);
    await eventuallyShows(cell, SCANNED);
    await eventuallyShows(difference.getByTestId(`diff-cell-${order.id}-${colorId}-${sizeId}-cutDiff`), SCANNED - CELL_QUANTITY);
    await expect(stillSamePage(difference)).resolves.toBe(true);
    await screenshot(difference, 'managers-difference-after-zh-CN', { fullPage: false });

    // The worker's pieces and pay, at the rate in force when the scan was recorded.
    await eventuallyShows(workerPieces, piecesBefore + SCANNED);
    await eventuallyShows(workerPay, cents(payBefore + SCANNED * rate));
    const after = await admin.get<AppraisalTotals>('statistics/appraisal', { from, to: lastDay, workerId: worker.id });
    expect(after.totals.pieces).toBe(before.totals.pieces + SCANNED);
    await expect(stillSamePage(appraisal)).resolves.toBe(true);
    await screenshot(appraisal, 'managers-appraisal-after-zh-CN', { fullPage: false });

    // The month's payroll: the screen's total and the Excel file's total are the same.
    await appraisal.getByRole('tab', { name: '月度工资（计件工资）' }).click();
    await appraisal.getByTestId('payroll-month').waitFor();
    const payroll = await admin.get<PayrollTotals>('statistics/payroll', { month });
    await eventuallyShows(appraisal.getByTestId('payroll-total-pay'), payroll.totals.pay);
    await eventuallyShows(appraisal.getByTestId('payroll-total-pieces'), payroll.totals.pieces);
    await eventuallyShows(appraisal.getByTestId(`payroll-pieces-${worker.id}`), (await admin.get<{ lines: { workerId: number; pieces: number }[] }>('statistics/payroll', { month })).lines.find((line) => line.workerId === worker.id)!.pieces);
    const screenPay = await numberIn(appraisal.getByTestId('payroll-total-pay'));
    const screenPieces = await numberIn(appraisal.getByTestId('payroll-total-pieces'));
    expect(await sidewaysOverflow(appraisal)).toBeLessThanOrEqual(0);
    await screenshot(appraisal, 'managers-payroll-month-zh-CN', { fullPage: false });

    const [download] = await Promise.all([appraisal.waitForEvent('download', { timeout: LIVE_MS }), appraisal.getByTestId('payroll-month').getByRole('button', { name: '导出 Excel' }).click()]);
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile((await download.path())!);
    expect(workbook.worksheets).toHaveLength(1);
    const totalRow = numbersOfRow(workbook.worksheets[0], /^(合计|总计|Total)/);
    expect(totalRow).not.toBeNull();
    expect(totalRow).toContain(screenPieces);
    expect(totalRow!.some((value) => Math.abs(value - screenPay) < 0.005)).toBe(true);

    await context.close();
    await stationContext.close();
  }, TEST_MS);

  it('opens the difference statistics at the top: the rollup tabs below the fold do not pull the page down when their data arrives', async () => {
    // A short laptop window, so the rollups (under the filters and the order list) start below it.
    const context = await browser.newContext({ baseURL: lanUrl, viewport: { width: 1366, height: 420 } });
    const page = await context.newPage();
    await login(page, ACCOUNTS.admin, '/production/statistics/difference');
    const tabs = page.locator('.diff-rollups .p-tabview-nav');
    await tabs.waitFor();
    // The rollups' own effects have run once the first rollup list is there.
    await page.getByTestId('diff-by-customer').waitFor();
    const where = await page.evaluate(() => ({
      tabsTop: document.querySelector('.diff-rollups .p-tabview-nav')!.getBoundingClientRect().top + window.scrollY,
      viewport: window.innerHeight,
      page: window.scrollY,
      content: document.querySelector('.layout-content')?.scrollTop ?? 0,
    }));
    expect(where.tabsTop).toBeGreaterThan(where.viewport);
    expect({ page: where.page, content: where.content }).toEqual({ page: 0, content: 0 });
    await context.close();
  }, TEST_MS);
});
