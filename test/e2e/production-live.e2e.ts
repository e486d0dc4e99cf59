// Production on the floor, live: a scan at the phone station reaches an open drop-down board and
// the schedule without a reload; a refresh-type change moves an open TV board to the new
// presentation; the public mobile board opens with the board key alone; the schedule's update
// page records progress and lists it in the history.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ApiClient, findStyle } from './support/api';
import { ACCOUNTS, baseUrl, launchBrowser, login, newUserContext, screenshot, toast } from './support/browser';
import { tableRow } from './support/prime';

const CUTTING = { username: 'cutting', password: 'demo1234' } as const;
/** Quantities of the order's colour × size cells: 80 pieces planned at every process. */
const CELL_QUANTITY = 20;
/** What the station records: +10 +5 +1 on the big buttons. */
const SCANNED = 16;
/** Waits for pushed updates: generous, the machine may be loaded. */
const LIVE_MS = 15_000;
/** Three browser contexts with their logins: well over jest's 60 s default on a busy 2-core box. */
const TEST_MS = 120_000;

interface DashboardSettings {
  refreshType: number;
  refreshInterval: number;
  completedVisibleDays: number;
  displayMode: string;
  sortBy: string;
  boardKeyEnabled: boolean;
  boardKey?: string;
}
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
interface MadeOrder {
  id: number;
  orderNo: string;
  planned: number;
}

let browser: Browser;
let api: ApiClient;
let savedDashboard: DashboardSettings;
let savedProduction: ProductionSettings;
let cuttingProcessId: number;
let order: MadeOrder | undefined;
/** Pieces recorded at cutting by test 1 (0 when it did not get that far). */
let cutDone = 0;

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** The board settings these tests start from (test 2 changes the refresh type itself). */
const DROP_BOARD = { refreshType: 2, displayMode: 'completion', sortBy: 'deliveryAsc', completedVisibleDays: 3, refreshInterval: 10, boardKeyEnabled: true };

beforeAll(async () => {
  browser = await launchBrowser();
  api = await ApiClient.login(ACCOUNTS.admin.username, ACCOUNTS.admin.password);
  // Shared server: put back what other test files may rely on.
  savedDashboard = await api.get<DashboardSettings>('setting/getDashboardSetting');
  savedProduction = await api.get<ProductionSettings>('setting/getProductionSetting');
  const processes = await api.get<Option[]>('process/options');
  cuttingProcessId = processes.find((process) => process.code === 'P01')!.id;
});

afterAll(async () => {
  await browser?.close();
  if (savedDashboard) {
    const { refreshType, refreshInterval, completedVisibleDays, displayMode, sortBy, boardKeyEnabled } = savedDashboard;
    await api.post('setting/updateDashboardSetting', { refreshType, refreshInterval, completedVisibleDays, displayMode, sortBy, boardKeyEnabled });
  }
  if (savedProduction) await api.post('setting/updateProductionSetting', { ...savedProduction });
});

/** A fresh production order of demo data: the first customer, a style with colours and sizes. */
async function makeOrder(): Promise<MadeOrder> {
  const customers = await api.get<Option[]>('customer/options');
  const style = await findStyle(api, (detail) => detail.colors.length >= 2 && detail.sizes.length >= 2);
  if (!style) throw new Error('no demo style with two colours and two sizes');
  const cells = style.colors.slice(0, 2).flatMap((color) => style.sizes.slice(0, 2).map((size) => ({ colorId: color.id, sizeId: size.id, quantity: CELL_QUANTITY })));
  const orderNo = `E2E-LIVE-${Date.now().toString(36).toUpperCase()}`;
  const made = await api.post<{ id: number; orderNo: string }>('productionOrder/create', {
    orderNo,
    customer: customers[0].id,
    goodsId: style.id,
    orderDate: day(0),
    deliveryDate: day(5),
    cells: JSON.stringify(cells),
  });
  return { id: made.id, orderNo: made.orderNo, planned: cells.length * CELL_QUANTITY };
}

async function sharedOrder(): Promise<MadeOrder> {
  order ??= await makeOrder();
  return order;
}

/** A phone: 390 × 844, touch, Chinese UI (the floor's language). */
async function phoneContext(): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: baseUrl(), viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  await context.addInitScript(() => {
    if (!window.localStorage.getItem('language')) window.localStorage.setItem('language', 'zh-CN');
  });
  return context;
}

async function markNoReload(page: Page): Promise<void> {
  await page.evaluate(() => ((window as unknown as { __noReload?: boolean }).__noReload = true));
}

async function stillSamePage(page: Page): Promise<boolean | undefined> {
  return page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload);
}

describe('production, live', () => {
  it('a scan at the station shows on an open board and the schedule without reload', async () => {
    await api.post('setting/updateDashboardSetting', DROP_BOARD);
    // Scans of an order not yet reviewed are flagged, not refused; 5 % over-production allowed.
    await api.post('setting/updateProductionSetting', { scanInOrder: true, overProductionPercent: 5, refuseFlaggedOrders: false });
    const made = await sharedOrder();
    const cell = `board-cell-${cuttingProcessId}`;

    // (a) the drop-down board on a TV.
    const boardContext = await newUserContext(browser, { language: 'zh-CN', width: 1600, height: 900 });
    const board = await boardContext.newPage();
    await login(board, ACCOUNTS.admin, '/dropDashboard');
    await board.locator('[data-testid=board-root][data-mode=drop]').waitFor();
    await board.locator('[data-testid=board-connection][data-liveness=live]').waitFor({ timeout: LIVE_MS });
    const boardRow = board.locator(`[data-testid=board-row][data-order-id="${made.id}"]`);
    await boardRow.getByTestId(cell).locator('b', { hasText: /^0$/ }).waitFor({ timeout: LIVE_MS });
    await markNoReload(board);

    // (b) the schedule, filtered by the order number.
    const scheduleContext = await newUserContext(browser, { language: 'zh-CN', width: 1440, height: 900 });
    const schedule = await scheduleContext.newPage();
    await login(schedule, ACCOUNTS.admin, '/production/schedule/index');
    await schedule.getByTestId('schedule-list').waitFor();
    await schedule.locator('.schedule-search input').fill(made.orderNo);
    const scheduleRow = tableRow(schedule, made.orderNo);
    await scheduleRow.getByTestId(`cell-${cuttingProcessId}`).locator('strong', { hasText: /^0$/ }).waitFor({ timeout: LIVE_MS });
    await schedule.locator('.p-datatable-tbody > tr').nth(1).waitFor({ state: 'detached', timeout: LIVE_MS });
    await schedule.locator('[data-testid=live-badge].is-live').waitFor({ timeout: LIVE_MS });
    await markNoReload(schedule);

    // (c) the cutting lead's phone at the station.
    const phone = await phoneContext();
    const station = await phone.newPage();
    await login(station, CUTTING, '/production/scan');
    await station.getByTestId('scan-station').waitFor();
    // One executable process: chosen by itself (a tap does no harm if not yet).
    const cutting = station.getByTestId('process-P01');
    await cutting.waitFor();
    if ((await cutting.getAttribute('aria-checked')) !== 'true') await cutting.click();
    await station.locator('[data-testid=process-P01][aria-checked=true]').waitFor();
    await expect(station.locator('.scan-process-button').count()).resolves.toBe(1);

    await station.getByTestId('scan-code').fill(made.orderNo);
    await station.getByTestId('scan-code').press('Enter');
    await station.locator('[data-testid=scan-station][data-phase=ready]').waitFor({ timeout: LIVE_MS });
    await expect(station.getByTestId('scan-order-no').innerText()).resolves.toBe(made.orderNo);
    const quantity = station.getByTestId('scan-quantity');
    const clear = quantity.getByRole('button', { name: '清零' });
    if (await clear.isEnabled()) await clear.click();
    for (const step of ['+10', '+5', '+1']) await quantity.getByRole('button', { name: step, exact: true }).click();
    await expect(station.locator('#scan-quantity-input').inputValue()).resolves.toBe(String(SCANNED));
    await station.getByTestId('scan-confirm').click();
    const answer = station.locator('[data-testid=scan-result][data-kind=success]');
    await answer.waitFor({ timeout: LIVE_MS });
    cutDone = SCANNED;
    await expect(answer.innerText()).resolves.toContain(`${SCANNED} / ${made.planned}`);
    await expect(station.getByTestId('scan-done').innerText()).resolves.toMatch(new RegExp(`^${SCANNED}\\s*/\\s*${made.planned}$`));
    await screenshot(station, 'production-live-station-recorded-zh-CN', { fullPage: false });

    // Pushed to both open pages: same documents, new numbers.
    await boardRow.getByTestId(cell).locator('b', { hasText: new RegExp(`^${SCANNED}$`) }).waitFor({ timeout: LIVE_MS });
    await expect(boardRow.getByTestId(cell).innerText()).resolves.toMatch(new RegExp(`${SCANNED}\\s*/${made.planned}`));
    // The drop-down board lists the order just changed first.
    await expect(board.getByTestId('board-row').first().getAttribute('data-order-id')).resolves.toBe(String(made.id));
    await scheduleRow.getByTestId(`cell-${cuttingProcessId}`).locator('strong', { hasText: new RegExp(`^${SCANNED}$`) }).waitFor({ timeout: LIVE_MS });
    await expect(stillSamePage(board)).resolves.toBe(true);
    await expect(stillSamePage(schedule)).resolves.toBe(true);
    await screenshot(board, 'production-live-drop-board-zh-CN', { fullPage: false });
    await screenshot(schedule, 'production-live-schedule-zh-CN');

    // Refused by the server: more than the plan (+5 %) leaves room for. The number is typed.
    const room = Math.floor((made.planned * 105) / 100) - SCANNED;
    await station.locator('#scan-quantity-input').fill(String(room + 1));
    await station.locator('.scan-over').waitFor();
    await station.getByTestId('scan-confirm').click();
    const refused = station.locator('[data-testid=scan-result][data-kind=refused]');
    await refused.waitFor({ timeout: LIVE_MS });
    await expect(refused.innerText()).resolves.toContain(`最多还能登记 ${room} 件`);
    await screenshot(station, 'production-live-station-refused-zh-CN', { fullPage: false });

    // An order number nobody knows: the lookup's answer, in red.
    const unknown = `${made.orderNo}-X`;
    await station.getByTestId('scan-code').fill(unknown);
    await station.getByTestId('scan-code').press('Enter');
    await station.locator('[data-testid=scan-result][data-kind=refused]', { hasText: `生产单 ${unknown} 不存在` }).waitFor({ timeout: LIVE_MS });
    await screenshot(station, 'production-live-station-unknown-zh-CN', { fullPage: false });

    // Nothing more was counted.
    const lookup = await api.get<{ row: { steps: Record<string, { done: number }> } }>('scan/lookup', { orderNo: made.orderNo, processId: cuttingProcessId });
    expect(lookup.row.steps[String(cuttingProcessId)].done).toBe(SCANNED);
    await expect(boardRow.getByTestId(cell).locator('b').innerText()).resolves.toBe(String(SCANNED));

    await phone.close();
    await scheduleContext.close();
    await boardContext.close();
  }, TEST_MS);

  it('refreshType change moves an open board to the new presentation', async () => {
    await api.post('setting/updateDashboardSetting', { ...DROP_BOARD, refreshType: 0 });

    const tvContext = await newUserContext(browser, { language: 'zh-CN', width: 1366, height: 768 });
    const tv = await tvContext.newPage();
    await login(tv, ACCOUNTS.admin, '/wholeDashboard');
    await tv.locator('[data-testid=board-root][data-mode=whole]').waitFor();
    await tv.locator('[data-testid=board-connection][data-liveness=live]').waitFor({ timeout: LIVE_MS });
    await markNoReload(tv);

    const adminContext = await newUserContext(browser, { language: 'zh-CN' });
    const settings = await adminContext.newPage();
    await login(settings, ACCOUNTS.admin, '/setting/dashboard');
    await settings.getByRole('heading', { name: '看板设置' }).waitFor();
    // The form shows the saved settings before it is changed.
    await settings.locator('label[data-mode=whole].is-selected').waitFor();
    await settings.locator('label[data-mode=scroll]').click();
    await settings.getByRole('button', { name: '保存' }).click();
    await toast(settings).getByText('看板设置已保存').waitFor({ timeout: LIVE_MS });

    await tv.waitForURL((url) => url.pathname === '/scrollDashboard', { timeout: LIVE_MS });
    await tv.locator('[data-testid=board-root][data-mode=scroll]').waitFor();
    await expect(stillSamePage(tv)).resolves.toBe(true);
    await screenshot(tv, 'production-live-tv-scroll-zh-CN', { fullPage: false });

    await api.post('setting/updateDashboardSetting', { refreshType: 2 });
    await tv.waitForURL((url) => url.pathname === '/dropDashboard', { timeout: LIVE_MS });
    await tv.locator('[data-testid=board-root][data-mode=drop]').waitFor();
    await expect(stillSamePage(tv)).resolves.toBe(true);
    await screenshot(tv, 'production-live-tv-drop-zh-CN', { fullPage: false });

    await adminContext.close();
    await tvContext.close();
  }, TEST_MS);

  it('the mobile board opens with the board key, no login', async () => {
    await api.post('setting/updateDashboardSetting', DROP_BOARD);
    const made = await sharedOrder();
    const { boardKey } = await api.get<DashboardSettings>('setting/getDashboardSetting');
    expect(boardKey).toBeTruthy();

    const phone = await phoneContext();
    const page = await phone.newPage();
    await page.goto(`/mobile?key=${encodeURIComponent(boardKey!)}`);
    await page.waitForURL((url) => url.pathname === '/mobile/dashboard');
    await page.getByTestId('mobile-card').first().waitFor({ timeout: LIVE_MS });
    expect(await page.getByTestId('mobile-card').count()).toBeGreaterThan(1);
    await page.locator('[data-testid=board-connection][data-liveness=live]').waitFor({ timeout: LIVE_MS });
    await screenshot(page, 'production-live-mobile-board-zh-CN', { fullPage: false });

    await page.getByTestId('mobile-search').fill(made.orderNo);
    const card = page.locator(`[data-testid=mobile-card][data-order-id="${made.id}"]`);
    await card.waitFor();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=mobile-card]').length === 1, undefined, { timeout: LIVE_MS });
    await expect(card.locator('.mcard-no').innerText()).resolves.toBe(made.orderNo);
    // The cutting chip shows what the station recorded (0 when run alone).
    await expect(card.locator('.mchip').first().locator('.mchip-nums').innerText()).resolves.toBe(`${cutDone}/${made.planned}`);
    await screenshot(page, 'production-live-mobile-search-zh-CN');
    await phone.close();

    // A wrong key: the key form with the explanation, no cards.
    const stranger = await phoneContext();
    const wrong = await stranger.newPage();
    await wrong.goto('/mobile?key=not-the-board-key');
    await wrong.getByTestId('board-key-form').waitFor({ timeout: LIVE_MS });
    await wrong.getByRole('heading', { name: '看板密钥无效或已停用' }).waitFor();
    await expect(wrong.getByTestId('mobile-card').count()).resolves.toBe(0);
    await screenshot(wrong, 'production-live-mobile-wrong-key-zh-CN');
    await stranger.close();
  }, TEST_MS);

  it('the schedule update page records progress and lists it in the history', async () => {
    const made = await sharedOrder();
    const context = await newUserContext(browser, { language: 'zh-CN', width: 1440, height: 900 });
    const page = await context.newPage();
    await login(page, ACCOUNTS.admin, `/production/schedule/update/${made.id}`);
    await page.getByTestId('schedule-detail').waitFor();
    const done = page.getByTestId(`done-${cuttingProcessId}`);
    await done.locator('strong', { hasText: new RegExp(`^${cutDone}$`) }).waitFor({ timeout: LIVE_MS });
    const history = page.getByTestId('scan-history');
    const rowsBefore = cutDone > 0 ? 1 : 0;
    await expect(history.locator('[data-testid^=scan-qty-]').count()).resolves.toBe(rowsBefore);

    const prefix = `record-${cuttingProcessId}`;
    for (let i = 0; i < 3; i += 1) await page.getByTestId(`${prefix}-plus`).click();
    await expect(page.locator(`#${prefix}-quantity`).inputValue()).resolves.toBe('3');
    await page.getByTestId(`${prefix}-submit`).click();
    await toast(page).getByText(`（${cutDone + 3}/${made.planned}）`).first().waitFor({ timeout: LIVE_MS });

    await done.locator('strong', { hasText: new RegExp(`^${cutDone + 3}$`) }).waitFor({ timeout: LIVE_MS });
    await history.locator('[data-testid^=scan-qty-]').nth(rowsBefore).waitFor({ timeout: LIVE_MS });
    await expect(history.locator('[data-testid^=scan-qty-]').first().innerText()).resolves.toBe('+3');
    if (cutDone > 0) {
      // The station's scan, by the cutting lead, below the newest.
      await history.locator('.p-datatable-tbody > tr', { hasText: `+${cutDone}` }).filter({ hasText: '张强' }).waitFor();
    }
    await screenshot(page, 'production-live-schedule-update-zh-CN');
    await context.close();
  }, TEST_MS);
});
