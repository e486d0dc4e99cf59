// Cut bundles (菲号, issue 14) end to end against the real backend: a lay typed on the cutting page
// makes bundles and moves the cut-vs-ordered grid (and the open difference statistics, without
// reload); the bundle tickets render for an A4 sheet and a label printer; at the sewing station a
// keyboard-wedge scan of a ticket records the whole bundle by itself, a second scan names who
// recorded it and when, and an open TV board and the worker's pay move without reload; at QC a
// defect goes back to sewing for rework, sewing records "rework returned", and the bundle's trace
// shows the scan, the defect and the rework.
import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { ApiClient, findStyle } from './support/api';
import { ACCOUNTS, baseUrl, launchBrowser, login, screenshot } from './support/browser';
import { chooseByKeyboard } from './support/prime';

const SEWER = { username: 'sew01', password: 'demo1234' } as const;
const INSPECTOR = { username: 'qc01', password: 'demo1234' } as const;
const BUTTONHOLER = { username: 'sew03', password: 'demo1234' } as const;
const PRESSER = { username: 'fin01', password: 'demo1234' } as const;
/** Ordered per colour × size. */
const CELL_QUANTITY = 20;
/** The lay: 10 plies, ratio 2 of the first size and 1 of the second, 8 pieces a bundle. */
const PLIES = 10;
const RATIOS = [2, 1];
const BUNDLE_SIZE = 8;
/** 20 pieces → 8 + 8 + 4; 10 pieces → 8 + 2. */
const BUNDLES = [
  [8, 8, 4],
  [8, 2],
];
const DEFECTIVE = 2;
const LIVE_MS = 15_000;
/** A LAN host name (Chromium maps it to 127.0.0.1): the floor opens the app by name, plain http. */
const LAN_HOST = 'stitch.test';

interface Option {
  id: number;
  code: string;
  name: string;
}
interface ProductionSettings {
  scanInOrder: boolean;
  overProductionPercent: number;
  refuseFlaggedOrders: boolean;
  reworkChargeBack?: boolean;
}
interface DashboardSettings {
  refreshType: number;
  refreshInterval: number;
  completedVisibleDays: number;
  displayMode: string;
  sortBy: string;
  boardKeyEnabled: boolean;
}
interface BundleRow {
  code: string;
  sizeId: number;
  quantity: number;
  bundleNo: number;
}
interface AppraisalTotals {
  byWorker: { key: string; pieces: number; pay: number }[];
}

let browser: Browser;
let admin: ApiClient;
let lanUrl: string;
let savedProduction: ProductionSettings;
let savedDashboard: DashboardSettings;
let processes: Option[];
const processId = (code: string) => processes.find((process) => process.code === code)!.id;

/** Shared between the tests, in order: the order, its colours/sizes and the bundles the lay made. */
let order: { id: number; orderNo: string; colors: Option[]; sizes: { id: number; name: string }[] } | undefined;
let bundles: BundleRow[] = [];

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  lanUrl = `http://${LAN_HOST}:${new URL(baseUrl()).port}`;
  browser = await launchBrowser({ hostResolverRules: `MAP ${LAN_HOST} 127.0.0.1` });
  admin = await ApiClient.login(ACCOUNTS.admin.username, ACCOUNTS.admin.password);
  savedProduction = await admin.get<ProductionSettings>('setting/getProductionSetting');
  savedDashboard = await admin.get<DashboardSettings>('setting/getDashboardSetting');
  await admin.post('setting/updateProductionSetting', { scanInOrder: true, overProductionPercent: 5, refuseFlaggedOrders: false });
  processes = await admin.get<Option[]>('process/options');
});

afterAll(async () => {
  await browser?.close();
  if (savedProduction) await admin.post('setting/updateProductionSetting', { ...savedProduction });
  if (savedDashboard) {
    const { refreshType, refreshInterval, completedVisibleDays, displayMode, sortBy, boardKeyEnabled } = savedDashboard;
    await admin.post('setting/updateDashboardSetting', { refreshType, refreshInterval, completedVisibleDays, displayMode, sortBy, boardKeyEnabled });
  }
});

async function context(language: 'en' | 'zh-CN', width = 1366, height = 860): Promise<BrowserContext> {
  const made = await browser.newContext({ baseURL: lanUrl, viewport: { width, height } });
  await made.addInitScript((lang) => {
    if (!window.localStorage.getItem('language')) window.localStorage.setItem('language', lang);
  }, language);
  return made;
}

async function makeOrder(): Promise<NonNullable<typeof order>> {
  const customers = await admin.get<Option[]>('customer/options');
  const style = await findStyle(admin, (detail) => detail.colors.length >= 2 && detail.sizes.length >= 2);
  if (!style) throw new Error('no demo style with two colours and two sizes');
  const colors = style.colors.slice(0, 2);
  const sizes = style.sizes.slice(0, 2);
  const cells = colors.flatMap((color) => sizes.map((size) => ({ colorId: color.id, sizeId: size.id, quantity: CELL_QUANTITY })));
  const made = await admin.post<{ id: number; orderNo: string }>('productionOrder/create', {
    orderNo: `E2E-CUT-${Date.now().toString(36).toUpperCase()}`,
    customer: customers[0].id,
    goodsId: style.id,
    orderDate: day(0),
    deliveryDate: day(9),
    cells: JSON.stringify(cells),
  });
  // The names the cutting page shows for the order's colours.
  const cutting = await admin.get<{ colors: Option[] }>(`cutting/order/${made.id}`);
  return { id: made.id, orderNo: made.orderNo, colors: cutting.colors, sizes };
}

/** The number a cell shows ("1,234.50" → 1234.5, "-10 short" → -10). */
async function numberIn(locator: Locator): Promise<number | null> {
  if ((await locator.count()) === 0) return null;
  const text = (await locator.first().innerText()).replace(/[,\s¥]/g, '');
  const match = /[-+−]?\d+(\.\d+)?/.exec(text);
  return match ? Number(match[0].replace('−', '-')) : null;
}

async function eventuallyShows(locator: Locator, expected: number, timeout = LIVE_MS): Promise<void> {
  const until = Date.now() + timeout;
  let value = await numberIn(locator).catch(() => null);
  while ((value === null || Math.abs(value - expected) >= 0.005) && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    value = await numberIn(locator).catch(() => null);
  }
  expect(value).toBeCloseTo(expected, 2);
}

const markNoReload = (page: Page) => page.evaluate(() => ((window as unknown as { __noReload?: boolean }).__noReload = true));
const stillSamePage = (page: Page) => page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload);

/** A keyboard-wedge scanner: the code's text, a character every 5 ms, then Enter. */
async function wedgeScan(page: Page, text: string): Promise<void> {
  await page.keyboard.type(text, { delay: 5 });
  await page.keyboard.press('Enter');
}

async function openStation(page: Page, account: { username: string; password: string }, processCode: string): Promise<void> {
  await login(page, account, '/production/scan');
  await page.getByTestId('scan-station').waitFor();
  const button = page.getByTestId(`process-${processCode}`);
  await button.waitFor();
  if ((await button.getAttribute('aria-checked')) !== 'true') await button.click();
  await page.locator(`[data-testid=process-${processCode}][aria-checked=true]`).waitFor();
  await page.waitForFunction(() => document.activeElement?.id === 'scan-code', undefined, { timeout: LIVE_MS });
}

/** Types into an InputNumber (focused by id) the way a person does: select all, type. */
async function typeInto(page: Page, id: string, text: string): Promise<void> {
  await page.locator(`#${id}`).focus();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(text);
}

describe('cut bundles, end to end', () => {
  it('cutting: a lay typed with the keyboard makes bundles, moves the grid and the open difference statistics; its tickets render as A4 sheet and labels', async () => {
    order = await makeOrder();
    const [colorA] = order.colors;
    const [sizeS, sizeM] = order.sizes;

    // The difference statistics, open before the lay (office, Chinese), filtered to the order.
    const office = await context('zh-CN');
    const difference = await office.newPage();
    await login(difference, ACCOUNTS.admin, '/production/statistics/difference');
    await difference.getByTestId('difference-page').waitFor();
    await difference.getByTestId('diff-filter-orderNo').fill(order.orderNo);
    await difference.getByTestId(`diff-order-${order.id}`).waitFor({ timeout: LIVE_MS });
    await eventuallyShows(difference.getByTestId(`diff-${order.id}-cut`), 0);
    await difference.locator('[data-testid=live-badge].is-live').waitFor({ timeout: LIVE_MS });
    await markNoReload(difference);

    const cutter = await context('en');
    const page = await cutter.newPage();
    try {
      await login(page, ACCOUNTS.admin, `/cutting/${order.id}`);
      await page.getByTestId('cutting-page').locator('h1', { hasText: order.orderNo }).waitFor({ timeout: LIVE_MS });
      await page.getByTestId('cut-grid').waitFor();
      await screenshot(page, 'cut-bundles-cutting-empty-en');

      // The lay, keys only: the "New lay" button, colour, plies, bundle size, the ratios, Enter.
      await page.getByTestId('add-lay').focus();
      await page.keyboard.press('Enter');
      await page.getByTestId('lay-form-dialog').waitFor();
      // The form puts the focus on its first field once shown (a keyboard user starts typing there).
      await page.waitForFunction(() => document.activeElement?.id === 'lay-colorId-input', undefined, { timeout: LIVE_MS });
      await chooseByKeyboard(page, '', colorA.name);
      await typeInto(page, 'lay-plies-input', String(PLIES));
      await typeInto(page, 'lay-bundleSize-input', String(BUNDLE_SIZE));
      await expect(page.getByTestId('lay-mode').locator('[aria-pressed=true], .p-highlight').first().innerText()).resolves.toMatch(/ratio/i);
      await typeInto(page, 'lay-sizes-input', String(RATIOS[0]));
      await typeInto(page, `lay-size-${sizeM.id}`, String(RATIOS[1]));
      await page.getByTestId('lay-preview-summary').waitFor();
      await expect(page.getByTestId('lay-preview-summary').innerText()).resolves.toMatch(/5 bundles.*30 pieces|30 pieces.*5 bundles/i);
      await page.locator('#lay-note-input').focus();
      await page.keyboard.type('e2e lay');
      await page.keyboard.press('Enter');
      await page.getByTestId('lay-form-dialog').waitFor({ state: 'detached', timeout: LIVE_MS });

      // The grid: colour A cut 20 / 20 (exact) and 10 / 20 (short 10); colour B untouched.
      const cutting = await admin.get<{ cells: { colorId: number; sizeId: number; cut: number }[]; lays: { id: number; bundleCount: number; quantity: number }[] }>(`cutting/order/${order.id}`);
      expect(cutting.lays).toHaveLength(1);
      expect(cutting.lays[0]).toMatchObject({ bundleCount: 5, quantity: 30 });
      expect(cutting.cells.find((cell) => cell.colorId === colorA.id && cell.sizeId === sizeS.id)!.cut).toBe(20);
      expect(cutting.cells.find((cell) => cell.colorId === colorA.id && cell.sizeId === sizeM.id)!.cut).toBe(10);
      const grid = page.getByTestId('cut-grid');
      await grid.locator('.cut-cell.is-exact', { hasText: '20' }).first().waitFor({ timeout: LIVE_MS });
      await grid.locator('.cut-cell.is-short', { hasText: /10\s*\/\s*20/ }).first().waitFor({ timeout: LIVE_MS });
      await expect(page.locator('.cutting-tabs').innerText()).resolves.toContain('(1)');

      const list = await admin.get<{ list: BundleRow[]; total: number }>('bundle/list', { orderId: order.id, page: 1, size: 50 });
      expect(list.total).toBe(5);
      bundles = [...list.list].sort((a, b) => a.bundleNo - b.bundleNo);
      expect(bundles.map((bundle) => bundle.quantity)).toEqual(BUNDLES.flat());
      expect(bundles.map((bundle) => bundle.code)).toEqual([1, 2, 3, 4, 5].map((no) => `${order!.orderNo}-${String(no).padStart(3, '0')}`));
      // The bundle tab lists them.
      await page.getByRole('tab', { name: /bundles/i }).click();
      await page.getByTestId(`bundle-link-${bundles[0].code}`).waitFor({ timeout: LIVE_MS });
      await expect(page.locator('[data-testid^=bundle-link-]').count()).resolves.toBe(5);
      await screenshot(page, 'cut-bundles-cutting-after-lay-en');

      // The difference statistics moved without reload: 30 cut of 80.
      await eventuallyShows(difference.getByTestId(`diff-${order.id}-cut`), 30);
      await eventuallyShows(difference.getByTestId(`diff-${order.id}-cutDiff`), 30 - 4 * CELL_QUANTITY);
      await expect(stillSamePage(difference)).resolves.toBe(true);

      // The tickets of the lay: 5, each with its QR (SB1B|code) drawn and its code.
      await page.getByRole('tab', { name: /lays/i }).click();
      await page.getByTestId(`lay-print-${cutting.lays[0].id}`).click();
      const preview = page.locator('.bundle-ticket-dialog .bundle-ticket-preview');
      await preview.locator('.bundle-ticket-sheet').waitFor({ timeout: LIVE_MS });
      const sheet = preview.locator('.bundle-ticket-sheet');
      const checkTickets = async (layout: 'sheet' | 'label') => {
        await preview.locator(`.bundle-ticket-sheet[data-layout=${layout}]`).waitFor();
        await expect(sheet.locator('.bundle-ticket').count()).resolves.toBe(5);
        await sheet.locator('.qr-code[data-ready=true] svg').nth(4).waitFor();
        for (const bundle of bundles) {
          const ticket = sheet.locator(`.bundle-ticket[data-ticket="${bundle.code}"]`);
          await expect(ticket.locator('.qr-code').getAttribute('data-payload')).resolves.toBe(`SB1B|${bundle.code}`);
          await expect(ticket.locator('.bundle-ticket-code').innerText()).resolves.toBe(bundle.code);
          await expect(ticket.locator('.bundle-ticket-quantity').innerText()).resolves.toBe(String(bundle.quantity));
        }
        // The print copy (what window.print() prints) holds the same tickets in the same layout.
        await expect(page.locator(`.print-copy .bundle-ticket-sheet[data-layout=${layout}] .bundle-ticket`).count()).resolves.toBe(5);
      };
      await checkTickets('sheet');
      const qrBox = await sheet.locator('.qr-code svg').first().boundingBox();
      expect(qrBox!.width).toBeGreaterThan(40);
      await screenshot(page, 'cut-bundles-tickets-sheet-en', { fullPage: false });
      await page.getByTestId('ticket-layout').getByText(/label/i).click();
      await checkTickets('label');
      await page.getByTestId('ticket-coupons').click();
      await sheet.locator('.bundle-coupon').first().waitFor();
      // One coupon per process after cutting.
      await expect(sheet.locator(`.bundle-ticket[data-ticket="${bundles[0].code}"] .bundle-coupon`).count()).resolves.toBeGreaterThanOrEqual(5);
      await screenshot(page, 'cut-bundles-tickets-label-en', { fullPage: false });
    } finally {
      await cutter.close();
      await office.close();
    }
  });

  it('station: a wedge scan of a bundle ticket records it by itself; again names who and when; the TV board and the worker’s pay move without reload', async () => {
    if (!order || bundles.length === 0) throw new Error('the cutting test made no bundles');
    const sewing = processId('P02');
    const bundle = bundles[0];
    await admin.post('setting/updateDashboardSetting', { refreshType: 2, displayMode: 'completion', sortBy: 'deliveryAsc', completedVisibleDays: 3, refreshInterval: 10, boardKeyEnabled: true });
    const worker = (await admin.get<Option[]>('user/options')).find((user) => user.code === SEWER.username)!;
    const rate = Number((await admin.get<{ pieceRate: number | null }>('process/detail', { id: sewing })).pieceRate ?? 0);
    expect(rate).toBeGreaterThan(0);

    // (a) the TV board.
    const tv = await context('zh-CN', 1600, 900);
    const board = await tv.newPage();
    // (b) the appraisal, this month, filtered to the sewer.
    const office = await context('zh-CN');
    const appraisal = await office.newPage();
    // (c) the sewing station, English, a PC with a wedge scanner.
    const floor = await context('en', 1366, 768);
    const station = await floor.newPage();
    try {
      await login(board, ACCOUNTS.admin, '/dropDashboard');
      await board.locator('[data-testid=board-connection][data-liveness=live]').waitFor({ timeout: LIVE_MS });
      const boardCell = board.locator(`[data-testid=board-row][data-order-id="${order.id}"]`).getByTestId(`board-cell-${sewing}`);
      await boardCell.locator('b', { hasText: /^0$/ }).waitFor({ timeout: LIVE_MS });
      await markNoReload(board);

      const month = new Date().toISOString().slice(0, 7);
      const now = new Date();
      const lastDay = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 0)).toISOString().slice(0, 10);
      const before = await admin.get<AppraisalTotals>('statistics/appraisal', { from: `${month}-01`, to: lastDay, workerId: worker.id });
      const mine = before.byWorker.find((total) => Number(total.key) === worker.id);
      await login(appraisal, ACCOUNTS.admin, '/production/performanceAppraisalDetails');
      await appraisal.getByTestId('appraisal-page').waitFor();
      await appraisal.locator('[data-testid=live-badge].is-live').waitFor({ timeout: LIVE_MS });
      await appraisal.locator('.order-filter', { hasText: '工人' }).locator('.p-dropdown').click();
      const panel = appraisal.locator('.p-dropdown-panel');
      await panel.waitFor();
      await panel.locator('.p-dropdown-filter').fill(worker.name.split(' ')[0]);
      await panel.locator('.p-dropdown-item', { hasText: worker.name }).first().click();
      await panel.waitFor({ state: 'detached' });
      const workerPieces = appraisal.getByTestId(`appraisal-by-worker-pieces-${worker.id}`);
      const workerPay = appraisal.getByTestId(`appraisal-by-worker-pay-${worker.id}`);
      if (mine) {
        await eventuallyShows(workerPieces, mine.pieces);
        await eventuallyShows(workerPay, mine.pay);
      }
      await markNoReload(appraisal);

      await openStation(station, SEWER, 'P02');
      await expect(station.getByTestId('scan-auto-record').locator('input').isChecked()).resolves.toBe(true);
      await wedgeScan(station, `SB1B|${bundle.code}`);
      // Recorded by the scan alone: no key pressed.
      const success = station.locator('[data-testid=scan-result][data-kind=success]');
      await success.waitFor({ timeout: LIVE_MS });
      await expect(success.innerText()).resolves.toContain(`Recorded +${bundle.quantity}`);
      await expect(station.getByTestId('scan-bundle-code').innerText()).resolves.toBe(bundle.code);
      const detail = await admin.get<{ steps: { processId: number; done: number; open: number }[] }>(`bundle/${bundle.code}`);
      expect(detail.steps.find((step) => step.processId === sewing)).toMatchObject({ done: bundle.quantity, open: 0 });
      // The quantity just recorded is not called "over the limit" once the bundle is refreshed.
      await station.getByTestId('scan-bundle-open').locator('strong', { hasText: /^0$/ }).waitFor({ timeout: LIVE_MS });
      await expect(station.getByTestId('scan-over').count()).resolves.toBe(0);
      await screenshot(station, 'cut-bundles-station-recorded-en', { fullPage: false });
      await screenshot(station, 'cut-bundles-station-bundle-card-en');

      // The board and the pay, pushed.
      await boardCell.locator('b', { hasText: new RegExp(`^${bundle.quantity}$`) }).waitFor({ timeout: LIVE_MS });
      await eventuallyShows(workerPieces, (mine?.pieces ?? 0) + bundle.quantity);
      await eventuallyShows(workerPay, Math.round(((mine?.pay ?? 0) + bundle.quantity * rate) * 100) / 100);
      await expect(stillSamePage(board)).resolves.toBe(true);
      await expect(stillSamePage(appraisal)).resolves.toBe(true);
      await screenshot(board, 'cut-bundles-board-zh-CN', { fullPage: false });

      // The same ticket again: who recorded it and when.
      await station.waitForFunction(() => document.activeElement?.id === 'scan-code', undefined, { timeout: LIVE_MS });
      await wedgeScan(station, `SB1B|${bundle.code}`);
      const refused = station.locator('[data-testid=scan-result][data-kind=refused]');
      await refused.waitFor({ timeout: LIVE_MS });
      const text = await refused.innerText();
      expect(text).toContain(`Bundle ${bundle.code} is already recorded here`);
      expect(text).toMatch(new RegExp(`already recorded here by ${worker.name}.* at \\S+`));
      await screenshot(station, 'cut-bundles-station-already-en', { fullPage: false });
      // Nothing more recorded.
      const again = await admin.get<{ steps: { processId: number; done: number }[] }>(`bundle/${bundle.code}`);
      expect(again.steps.find((step) => step.processId === sewing)!.done).toBe(bundle.quantity);
    } finally {
      await floor.close();
      await office.close();
      await tv.close();
    }
  });

  it('QC: a defect goes back to sewing, sewing records the rework returned, the trace shows scan, defect and rework', async () => {
    if (!order || bundles.length === 0) throw new Error('the cutting test made no bundles');
    const bundle = bundles[0];
    const sewing = processId('P02');
    const qc = processId('P05');
    // Every process between sewing and QC on this order's route, through the API: the demo
    // buttonholer and presser; a process another browser test added to the shared app
    // (base-data-process makes one that sorts after sewing) is given to the buttonholer here.
    const route = (await admin.get<{ steps: { processId: number }[] }>(`bundle/${bundle.code}`)).steps.map((step) => step.processId);
    const between = route.slice(route.indexOf(sewing) + 1, route.indexOf(qc));
    const known: Record<number, { username: string; password: string }> = { [processId('P03')]: BUTTONHOLER, [processId('P04')]: PRESSER };
    const others = between.filter((id) => !known[id]);
    if (others.length > 0) {
      const buttonholer = (await admin.get<Option[]>('user/options')).find((user) => user.code === BUTTONHOLER.username)!;
      const held = await admin.get<{ version: number; processIds: number[] }>('user/detail', { id: buttonholer.id });
      await admin.post('user/updatePermission', { id: buttonholer.id, version: held.version, processIds: [...new Set([...held.processIds, ...others])].join(',') });
      for (const id of others) known[id] = BUTTONHOLER;
    }
    for (const id of between) {
      const api = await ApiClient.login(known[id].username, known[id].password);
      await api.post('bundle/scan', { scanId: randomUUID(), code: bundle.code, processId: id });
    }
    const defectType = await admin.post<{ id: number }>('defectType/create', { code: `E2E${Date.now().toString(36).toUpperCase().slice(-6)}`, name: 'Skipped stitch E2E' });
    expect(defectType.id).toBeGreaterThan(0);

    const floor = await context('en', 1366, 768);
    const inspector = await floor.newPage();
    const sewerContext = await context('en', 1366, 768);
    const sewer = await sewerContext.newPage();
    try {
      await openStation(inspector, INSPECTOR, 'P05');
      await wedgeScan(inspector, `SB1B|${bundle.code}`);
      const panel = inspector.getByTestId('scan-inspect');
      await panel.waitFor({ timeout: LIVE_MS });
      await expect(inspector.getByTestId('scan-bundle').getAttribute('data-mode')).resolves.toBe('inspect');
      await expect(inspector.getByTestId('scan-inspect-passed').inputValue()).resolves.toBe(String(bundle.quantity));
      await inspector.getByTestId('scan-inspect-add').click();
      const row = panel.getByTestId('scan-defect-row').first();
      await row.locator('select').first().selectOption({ label: 'Skipped stitch E2E' });
      const quantity = row.locator('input.scan-defect-quantity');
      await quantity.fill(String(DEFECTIVE));
      await row.locator('select').nth(1).selectOption('rework');
      await row.locator('select').nth(2).selectOption(String(sewing));
      await expect(inspector.getByTestId('scan-inspect-passed').inputValue()).resolves.toBe(String(bundle.quantity - DEFECTIVE));
      await screenshot(inspector, 'cut-bundles-station-inspect-en', { fullPage: false });
      await inspector.getByTestId('scan-inspect-record').click();
      const inspected = inspector.locator('[data-testid=scan-result][data-kind=success]');
      await inspected.waitFor({ timeout: LIVE_MS });
      await expect(inspected.innerText()).resolves.toContain(`Inspection recorded: ${bundle.quantity - DEFECTIVE} passed, ${DEFECTIVE} defective`);
      const afterQc = await admin.get<{ steps: { processId: number; done: number; atRework: number }[]; rework: { reworkProcessId: number; quantity: number }[] }>(`bundle/${bundle.code}`);
      expect(afterQc.steps.find((step) => step.processId === qc)).toMatchObject({ done: bundle.quantity - DEFECTIVE, atRework: DEFECTIVE });
      expect(afterQc.rework).toEqual([expect.objectContaining({ reworkProcessId: sewing, quantity: DEFECTIVE })]);

      // At sewing: the ticket again is the rework returned (nothing else open there).
      await openStation(sewer, SEWER, 'P02');
      await wedgeScan(sewer, `SB1B|${bundle.code}`);
      await sewer.locator('[data-testid=scan-bundle][data-mode=rework]').waitFor({ timeout: LIVE_MS });
      await sewer.getByTestId('scan-bundle-rework').waitFor();
      await expect(sewer.getByTestId('scan-bundle-open').innerText()).resolves.toContain(String(DEFECTIVE));
      await screenshot(sewer, 'cut-bundles-station-rework-en', { fullPage: false });
      await sewer.getByTestId('scan-confirm').click();
      const reworked = sewer.locator('[data-testid=scan-result][data-kind=success]');
      await reworked.waitFor({ timeout: LIVE_MS });
      await expect(reworked.innerText()).resolves.toContain(`Rework recorded +${DEFECTIVE}`);
      const afterRework = await admin.get<{ steps: { processId: number; open: number; atRework: number }[]; rework: unknown[] }>(`bundle/${bundle.code}`);
      expect(afterRework.rework).toEqual([]);
      expect(afterRework.steps.find((step) => step.processId === qc)).toMatchObject({ open: DEFECTIVE, atRework: 0 });

    } finally {
      await floor.close();
      await sewerContext.close();
    }

    const office = await context('en');
    const trace = await office.newPage();
    try {
      await login(trace, ACCOUNTS.admin, `/bundle/${encodeURIComponent(bundle.code)}`);
      await trace.getByTestId('bundle-page').locator('.bundle-title-code', { hasText: bundle.code }).waitFor({ timeout: LIVE_MS });
      const timeline = trace.getByTestId('bundle-timeline');
      await timeline.waitFor();
      const scanAtSewing = timeline.locator('li[data-kind=scan]', { hasText: 'Sewing' });
      await expect(scanAtSewing.count()).resolves.toBeGreaterThanOrEqual(1);
      await expect(scanAtSewing.first().innerText()).resolves.toContain('+8');
      const defect = timeline.locator('li[data-kind=defect]');
      await expect(defect.count()).resolves.toBe(1);
      await expect(defect.innerText()).resolves.toMatch(/Skipped stitch E2E/);
      await expect(defect.innerText()).resolves.toMatch(/Rework/);
      await expect(defect.innerText()).resolves.toMatch(/Sewing/);
      const rework = timeline.locator('li[data-kind=rework]');
      await expect(rework.count()).resolves.toBe(1);
      await expect(rework.innerText()).resolves.toContain(`+${DEFECTIVE}`);
      await expect(rework.innerText()).resolves.toContain('Sewing');
      await expect(timeline.locator('li[data-kind=scan]', { hasText: 'QC' }).first().innerText()).resolves.toContain(`+${bundle.quantity - DEFECTIVE}`);
      await screenshot(trace, 'cut-bundles-trace-en');
    } finally {
      await office.close();
    }

    // On a 390 px phone the per-process rows are cards: nothing scrolls sideways, the page nor a box in it.
    const phoneContext = await context('en', 390, 844);
    const phone = await phoneContext.newPage();
    try {
      await login(phone, ACCOUNTS.admin, `/bundle/${encodeURIComponent(bundle.code)}`);
      const steps = phone.getByTestId('bundle-steps');
      await steps.waitFor({ timeout: LIVE_MS });
      await expect(steps.getAttribute('data-view')).resolves.toBe('cards');
      await expect(steps.getByTestId(`step-${qc}`).innerText()).resolves.toContain('QC');
      expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      const sideways = await phone.getByTestId('bundle-page').evaluate((page) =>
        [page, ...page.querySelectorAll<HTMLElement>('*')].filter((element) => element.scrollWidth > element.clientWidth + 1 && ['auto', 'scroll'].includes(getComputedStyle(element).overflowX)).map((element) => element.className),
      );
      expect(sideways).toEqual([]);
      await screenshot(phone, 'cut-bundles-trace-phone-en');
    } finally {
      await phoneContext.close();
    }
  });

  it('cutting: a scanned lay is locked; another lay is edited (quantities, the cutter from the picker) and deleted through the page', async () => {
    if (!order || bundles.length === 0) throw new Error('the cutting test made no bundles');
    const [, colorB] = order.colors;
    const [sizeS] = order.sizes;
    const cutterUser = (await admin.get<Option[]>('user/options')).find((user) => user.code === 'cut01')!;
    const second = await admin.post<{ id: number; layNo: number; bundleCount: number }>('cutting/lay', {
      orderId: order.id,
      colorId: colorB.id,
      plies: 1,
      sizes: JSON.stringify([{ sizeId: sizeS.id, quantity: 12 }]),
      bundleSize: 6,
    });
    expect(second).toMatchObject({ layNo: 2, bundleCount: 2 });
    type Cutting = { cells: { colorId: number; sizeId: number; cut: number }[]; lays: { id: number; locked: boolean; quantity: number; bundleCount: number; cutterName: string | null; version: number }[] };
    const first = (await admin.get<Cutting>(`cutting/order/${order.id}`)).lays.find((lay) => lay.id !== second.id)!;
    expect(first.locked).toBe(true);

    const office = await context('en');
    const page = await office.newPage();
    try {
      await login(page, ACCOUNTS.admin, `/cutting/${order.id}`);
      await page.getByTestId(`lay-edit-${second.id}`).waitFor({ timeout: LIVE_MS });
      // The scanned lay: locked, edit and delete refused on the page.
      await page.getByTestId(`lay-locked-${first.id}`).waitFor();
      await expect(page.getByTestId(`lay-edit-${first.id}`).isDisabled()).resolves.toBe(true);
      await expect(page.getByTestId(`lay-delete-${first.id}`).isDisabled()).resolves.toBe(true);

      // Edit lay 2: 18 pieces, credited to a cutter of the picker (GET /scan/workers?processId=).
      await page.getByTestId(`lay-edit-${second.id}`).click();
      await page.getByTestId('lay-form-dialog').waitFor();
      // The dialog puts the focus in its first field once it is shown (after its animation): typed
      // before that, the keys could land there instead of in the size (seen once in a CI run).
      await page.waitForFunction(() => document.activeElement?.id === 'lay-plies-input', undefined, { timeout: LIVE_MS });
      await expect(page.getByTestId('lay-mode').locator('.p-highlight').innerText()).resolves.toMatch(/quantity/i);
      await typeInto(page, 'lay-sizes-input', '18');
      await expect(page.locator('#lay-sizes-input').inputValue()).resolves.toBe('18');
      // The picker's label: "name · department" (StationWorker).
      const pick = (await admin.get<{ id: number; name: string; departmentName: string | null }[]>('scan/workers', { processId: processId('P01') })).find((worker) => worker.id === cutterUser.id)!;
      expect(pick).toBeDefined();
      await page.locator('.p-dropdown', { has: page.locator('#lay-cutter-input') }).click();
      const cutterPanel = page.locator('.p-dropdown-panel');
      await cutterPanel.locator('.p-dropdown-item', { hasText: pick.departmentName ? `${pick.name} · ${pick.departmentName}` : pick.name }).first().click();
      await cutterPanel.waitFor({ state: 'detached' });
      await page.getByTestId('lay-save').click();
      await page.getByTestId('lay-form-dialog').waitFor({ state: 'detached', timeout: LIVE_MS });
      let cutting = await admin.get<Cutting>(`cutting/order/${order.id}`);
      const edited = cutting.lays.find((lay) => lay.id === second.id)!;
      expect(edited).toMatchObject({ quantity: 18, bundleCount: 3, cutterName: cutterUser.name });
      expect(cutting.cells.find((cell) => cell.colorId === colorB.id && cell.sizeId === sizeS.id)!.cut).toBe(18);
      // New bundles with new numbers (after the voided 6 and 7).
      const list = await admin.get<{ list: BundleRow[] }>('bundle/list', { orderId: order.id, page: 1, size: 50 });
      expect(list.list.map((bundle) => bundle.bundleNo).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 8, 9, 10]);
      await page.locator('.cut-cell', { hasText: /18\s*\/\s*20/ }).first().waitFor({ timeout: LIVE_MS });

      // Delete it (DELETE …/lay/:id?version=): its bundles and cut pieces go.
      await page.getByTestId(`lay-delete-${second.id}`).click();
      await page.locator('.p-confirm-dialog').getByRole('button', { name: 'Delete' }).click();
      await page.getByTestId(`lay-edit-${second.id}`).waitFor({ state: 'detached', timeout: LIVE_MS });
      await expect(page.getByTestId('cutting-action-error').count()).resolves.toBe(0);
      cutting = await admin.get<Cutting>(`cutting/order/${order.id}`);
      expect(cutting.lays.map((lay) => lay.id)).toEqual([first.id]);
      expect(cutting.cells.find((cell) => cell.colorId === colorB.id && cell.sizeId === sizeS.id)!.cut).toBe(0);
    } finally {
      await office.close();
    }
  });
});
