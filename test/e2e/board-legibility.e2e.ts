// TV legibility and the boards' language, measured in the browser: the per-process number is
// ≥ 3 % of the screen height at 1920×1080 and 3840×2160 (scale 1) in the default density, flags
// ≥ 2 %, no column head is clipped in English or Chinese, the density chosen on the settings
// screen re-lays an open board at once, 500 orders make fewer pages at a denser setting, and
// the boards follow the browser's language until someone picks one with the switch.
import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ApiClient } from './support/api';
import { ACCOUNTS, baseUrl, launchBrowser, login, screenshot } from './support/browser';

let browser: Browser;
let api: ApiClient;
let initial: Record<string, unknown>;

const TV_SIZES = [
  { width: 1920, height: 1080 },
  { width: 3840, height: 2160 },
] as const;

beforeAll(async () => {
  browser = await launchBrowser();
  api = await ApiClient.login(ACCOUNTS.admin.username, ACCOUNTS.admin.password);
  initial = await api.get('setting/getDashboardSetting');
  // Every open order (the demo's), pages flipping slowly enough to read them in a test.
  await api.post('setting/updateDashboardSetting', { refreshType: 0, displayMode: 'completion', refreshInterval: 600, density: 'default', processIds: '', customerIds: '' });
});

afterAll(async () => {
  const { refreshType, refreshInterval, displayMode } = initial as { refreshType: number; refreshInterval: number; displayMode: string };
  await api?.post('setting/updateDashboardSetting', { refreshType, refreshInterval, displayMode, density: 'default', processIds: '', customerIds: '' });
  await browser?.close();
});

/** axe-core's serious and critical findings on the page (ids and how many elements). */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical').map((violation) => `${violation.id} ×${violation.nodes.length}`);
}

/** A context whose browser speaks `locale` and has stored no language choice. */
async function tvContext(locale: 'en-US' | 'zh-CN', size: { width: number; height: number } = TV_SIZES[0]): Promise<BrowserContext> {
  return browser.newContext({ baseURL: baseUrl(), locale, viewport: size, deviceScaleFactor: 1 });
}

async function openBoard(page: Page, path: string): Promise<void> {
  if (new URL(page.url()).pathname !== path) await page.goto(path);
  await page.locator('[data-testid=board-root]').waitFor();
  await page.getByTestId('board-row').first().waitFor({ timeout: 30_000 });
  // The entrance animation of a page (0.45 s) moves rows while they are measured.
  await page.waitForTimeout(600);
}

interface Measured {
  numberPx: number;
  flagPx: number | null;
  viewportHeight: number;
  clippedHeads: string[];
  heads: string[];
  lang: string;
}

/** Font sizes as the browser computed them, and every column head that shows less than its text. */
function measure(page: Page): Promise<Measured> {
  return page.evaluate(() => {
    const number = document.querySelector('[data-testid=board-process-number]');
    const flag = document.querySelector('.board-tv .bflag');
    const heads = Array.from(document.querySelectorAll<HTMLElement>('[role=columnheader]'));
    return {
      numberPx: number ? Number.parseFloat(getComputedStyle(number).fontSize) : 0,
      flagPx: flag ? Number.parseFloat(getComputedStyle(flag).fontSize) : null,
      viewportHeight: window.innerHeight,
      clippedHeads: heads
        .filter((head) => {
          const style = getComputedStyle(head);
          // Wider than its cell, an ellipsis, or cut off below by a hidden overflow (a line clamp).
          return head.scrollWidth > head.clientWidth || style.textOverflow === 'ellipsis' || (style.overflowY !== 'visible' && head.scrollHeight > head.clientHeight + 2);
        })
        .map((head) => head.getAttribute('aria-label') ?? head.textContent ?? ''),
      heads: heads.map((head) => head.textContent ?? ''),
      lang: document.documentElement.lang,
    };
  });
}

describe('TV boards, legible across the room', () => {
  it.each(['en-US', 'zh-CN'] as const)('size the numbers by the screen height at 1080p and 4K, never clip a head (browser %s)', async (locale) => {
    const context = await tvContext(locale);
    const page = await context.newPage();
    await login(page, ACCOUNTS.admin, '/wholeDashboard');
    const language = locale === 'zh-CN' ? 'zh-CN' : 'en';

    for (const size of TV_SIZES) {
      await page.setViewportSize(size);
      await openBoard(page, '/wholeDashboard');
      const measured = await measure(page);
      expect(measured.lang).toBe(language);
      expect(measured.viewportHeight).toBe(size.height);
      expect(measured.numberPx / size.height).toBeGreaterThanOrEqual(0.03);
      if (measured.flagPx !== null) expect(measured.flagPx / size.height).toBeGreaterThanOrEqual(0.02);
      expect(measured.clippedHeads).toEqual([]);
      // The demo's bilingual process names show the part in the board's language.
      expect(measured.heads).toContain(language === 'en' ? 'Warehouse-in' : '入库');
      await expect(page.getByTestId('board-page').innerText()).resolves.toMatch(language === 'en' ? /^Page \d+ of \d+$/ : /^第 \d+ 页，共 \d+ 页$/);
      await screenshot(page, `board-whole-${language}-${size.width}x${size.height}`, { fullPage: false });
    }
    // Contrast of numbers, flags and muted text, names of the language switch.
    await expect(seriousViolations(page)).resolves.toEqual([]);

    // The other presentations share the grid: their heads do not clip either.
    await page.setViewportSize(TV_SIZES[0]);
    for (const path of ['/scrollDashboard', '/dropDashboard']) {
      await openBoard(page, path);
      const measured = await measure(page);
      expect(measured.numberPx / TV_SIZES[0].height).toBeGreaterThanOrEqual(0.03);
      expect(measured.clippedHeads).toEqual([]);
      await screenshot(page, `board-${path.slice(1, -9)}-${language}-1920x1080`, { fullPage: false });
    }
    await context.close();
  });

  it('re-lays an open board the moment the settings screen saves another density', async () => {
    const context = await tvContext('en-US');
    const tv = await context.newPage();
    await login(tv, ACCOUNTS.admin, '/wholeDashboard');
    await openBoard(tv, '/wholeDashboard');
    const root = tv.getByTestId('board-root');
    await expect(root.getAttribute('data-density')).resolves.toBe('default');
    const before = await measure(tv);

    const settings = await context.newPage();
    await settings.setViewportSize({ width: 1440, height: 900 });
    await settings.goto('/setting/dashboard');
    await settings.locator('label[data-density=dense]').click();
    await screenshot(settings, 'board-settings-density-en');
    await settings.locator('form button[type=submit]').click();

    await tv.locator('[data-testid=board-root][data-density=dense]').waitFor({ timeout: 10_000 });
    await tv.waitForTimeout(600);
    const after = await measure(tv);
    expect(after.numberPx).toBeLessThan(before.numberPx);
    await screenshot(tv, 'board-whole-en-1920x1080-dense', { fullPage: false });
    await api.post('setting/updateDashboardSetting', { density: 'default' });
    await tv.locator('[data-testid=board-root][data-density=default]').waitFor({ timeout: 10_000 });
    await context.close();
  });

  it('narrows a board to one customer chosen on the settings screen', async () => {
    const context = await tvContext('en-US');
    const tv = await context.newPage();
    await login(tv, ACCOUNTS.admin, '/wholeDashboard');
    await openBoard(tv, '/wholeDashboard');
    const customersBefore = new Set(await tv.locator('[data-testid=board-row] .bc-customer').allInnerTexts());
    expect(customersBefore.size).toBeGreaterThan(1);
    const ordersBefore = Number(await tv.locator('[data-total=orders] dd').innerText());

    const settings = await context.newPage();
    await settings.setViewportSize({ width: 1440, height: 900 });
    await settings.goto('/setting/dashboard');
    await settings.locator('.p-multiselect:has(#boardCustomers)').click();
    await settings.getByRole('option', { name: /Hailan/ }).click();
    await settings.keyboard.press('Escape');
    await screenshot(settings, 'board-settings-scope');
    await settings.locator('form button[type=submit]').click();

    // Pushed: the open board refetches and shows that customer's orders only.
    await tv.waitForFunction(() => {
      const cells = Array.from(document.querySelectorAll('[data-testid=board-row] .bc-customer'));
      return cells.length > 0 && cells.every((cell) => cell.textContent?.includes('Hailan'));
    }, undefined, { timeout: 10_000 });
    // The totals count the narrowed board too.
    const orders = Number(await tv.locator('[data-total=orders] dd').innerText());
    expect(orders).toBeLessThan(ordersBefore);
    expect(orders).toBeGreaterThanOrEqual(await tv.getByTestId('board-row').count());
    await screenshot(tv, 'board-whole-en-1920x1080-one-customer', { fullPage: false });
    await api.post('setting/updateDashboardSetting', { customerIds: '' });
    await context.close();
  });

  it('pages 500 orders in fewer pages the denser the setting, and says which page it shows', async () => {
    const context = await tvContext('en-US');
    const page = await context.newPage();
    // 500 orders: the demo's, repeated with their own ids and numbers (the board lays out what it gets).
    await page.route('**/api/board/snapshot', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { data: { rows: { id: number; orderNo: string }[]; totals: { orders: number } } };
      const source = body.data.rows;
      body.data.rows = Array.from({ length: 500 }, (_, index) => ({ ...source[index % source.length], id: 100_000 + index, orderNo: `LOAD-${String(index + 1).padStart(3, '0')}` }));
      body.data.totals.orders = 500;
      await route.fulfill({ response, json: body });
    });
    await login(page, ACCOUNTS.admin, '/wholeDashboard');

    const pages: Record<string, { count: number; rows: number }> = {};
    for (const density of ['comfortable', 'default', 'dense'] as const) {
      await api.post('setting/updateDashboardSetting', { density });
      await page.locator(`[data-testid=board-root][data-density=${density}]`).waitFor({ timeout: 10_000 });
      await openBoard(page, '/wholeDashboard');
      const pager = page.getByTestId('board-page');
      const count = Number(await pager.getAttribute('data-count'));
      const rows = await page.getByTestId('board-row').count();
      pages[density] = { count, rows };
      expect(count).toBe(Math.ceil(500 / rows));
      // Turning pages by key (a keyboard or a TV remote): page 2 shows the next orders.
      await page.keyboard.press('ArrowRight');
      await expect(pager.innerText()).resolves.toBe(`Page 2 of ${count}`);
      await expect(page.getByTestId('board-row').first().innerText()).resolves.toContain(`LOAD-${String(rows + 1).padStart(3, '0')}`);
      await page.keyboard.press('ArrowLeft');
      await screenshot(page, `board-whole-500-orders-${density}`, { fullPage: false });
    }
    expect(pages.comfortable.count).toBeGreaterThan(pages.default.count);
    expect(pages.default.count).toBeGreaterThan(pages.dense.count);
    console.log(`[board-legibility] 500 orders at 1920×1080: ${JSON.stringify(pages)}`);
    await api.post('setting/updateDashboardSetting', { density: 'default' });
    await context.close();
  });
});

describe('board language', () => {
  it('follows the browser until the switch stores a choice', async () => {
    const context = await tvContext('en-US');
    const page = await context.newPage();
    await login(page, ACCOUNTS.admin, '/wholeDashboard');
    await openBoard(page, '/wholeDashboard');
    await expect(page.evaluate(() => document.documentElement.lang)).resolves.toBe('en');
    await page.getByRole('columnheader', { name: 'Order no.' }).waitFor();

    // Keyboard only: focus the switch, open it, pick 简体中文.
    const switcher = page.locator('.board-tv .board-language');
    await switcher.locator('input').focus();
    await page.keyboard.press('Enter');
    await page.getByRole('option', { name: '简体中文' }).waitFor();
    // The list opens on the current language (English, second): up one, Enter; the page reloads.
    await page.keyboard.press('ArrowUp');
    await Promise.all([page.waitForNavigation(), page.keyboard.press('Enter')]);
    await openBoard(page, '/wholeDashboard');
    await expect(page.evaluate(() => document.documentElement.lang)).resolves.toBe('zh-CN');
    await page.getByRole('columnheader', { name: '订单号' }).waitFor();
    await expect(page.evaluate(() => window.localStorage.getItem('language'))).resolves.toBe('zh-CN');
    await context.close();
  });

  it('opens the mobile board in the browser language with the switch in its header', async () => {
    const { boardKey } = await api.get<{ boardKey: string }>('setting/getDashboardSetting');
    for (const locale of ['zh-CN', 'en-US'] as const) {
      const context = await browser.newContext({ baseURL: baseUrl(), locale, viewport: { width: 390, height: 844 }, deviceScaleFactor: 1 });
      const phone = await context.newPage();
      await phone.goto(`/mobile/dashboard?key=${boardKey}`);
      await phone.getByTestId('mobile-card').first().waitFor({ timeout: 30_000 });
      const language = locale === 'zh-CN' ? 'zh-CN' : 'en';
      await expect(phone.evaluate(() => document.documentElement.lang)).resolves.toBe(language);
      await phone.locator('.mobile-header .board-language').waitFor();
      await expect(phone.getByTestId('mobile-search').getAttribute('placeholder')).resolves.toBe(
        language === 'en' ? 'Search order no., customer, style' : '搜索订单号、客户、款式',
      );
      await expect(seriousViolations(phone)).resolves.toEqual([]);
      // Nothing wider than the phone.
      await expect(phone.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(390);
      await screenshot(phone, `board-mobile-${language}-390x844`, { fullPage: false });
      await context.close();
    }
  });
});
