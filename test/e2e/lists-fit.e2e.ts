// Lists that fit (issue 10, item 2): at 1440 × 900 and 1366 × 768, in both languages, every
// list shows its key columns without scrolling sideways and nothing covers their headers; at
// 1024 px (sidebar open) and 390 px the rows are cards with number, quantity and status; the
// row menu works from the keyboard; the column chooser remembers its choice.
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { ACCOUNTS, launchBrowser, login, newUserContext, screenshot, type UiLanguage } from './support/browser';

interface ListCase {
  name: string;
  path: string;
  /** DataList column keys that must be visible (th.dl-col-<key>). */
  keys: string[];
}

const SCAN_HISTORY = 'scan-history';
const ORDER_KEYS = ['orderNo', 'goods', 'customer', 'deliveryDate', 'totalQuantity'];
const LISTS: ListCase[] = [
  { name: 'sale-orders', path: '/production/saleOrder/index', keys: ['orderNo', 'customer', 'deliveryDate', 'totalQuantity', 'totalAmount'] },
  { name: 'production-orders', path: '/production/productionOrder/index', keys: [...ORDER_KEYS, 'reviewed', 'document'] },
  { name: 'documents', path: '/production/order/index', keys: [...ORDER_KEYS, 'document'] },
  { name: 'review', path: '/production/order/review', keys: [...ORDER_KEYS, 'reviewed', 'document'] },
  { name: 'hide', path: '/production/orderHide', keys: [...ORDER_KEYS, 'hidden', 'reviewed'] },
  { name: 'order-details', path: '/production/saleOrderSub', keys: ['orderNo', 'customer', 'goodsCode', 'colorName', 'sizeName', 'quantity', 'deliveryDate', 'amount', 'state'] },
  { name: 'customers', path: '/base/customer/index', keys: ['code', 'shortName'] },
  { name: 'goods', path: '/base/goods/index', keys: ['code', 'name', 'salesPrice'] },
  { name: 'schedule', path: '/production/schedule/index', keys: ['orderNo', 'style', 'quantity', 'deliveryDate', 'finishRate'] },
  // The first order's scan history (the order with the most progress comes from the schedule).
  { name: 'scan-history', path: SCAN_HISTORY, keys: ['time', 'process', 'quantity', 'colorSize', 'worker', 'flags'] },
];

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

async function openList(page: Page, path: string): Promise<void> {
  if (path === SCAN_HISTORY) {
    await page.goto('/production/schedule/index?keyword=');
    // An order with scans: a finish rate above 0.
    const link = page.locator('.data-list tr:has(.rate-value:not(:text-is("0%"))) .order-link, .data-card:has(.rate-value:not(:text-is("0%"))) .order-link').first();
    await link.waitFor({ timeout: 15000 });
    await page.goto((await link.getAttribute('href'))!);
  } else {
    await page.goto(path);
  }
  await page.locator('.data-list').first().waitFor({ timeout: 15000 });
  // Rows (or cards) loaded: the demo data fills every list.
  await page.locator('.data-list .p-datatable-tbody > tr:not(.p-datatable-emptymessage), .data-list .data-card').first().waitFor({ timeout: 15000 });
}

/**
 * Sideways overflow once the list has settled. Optional columns step aside after the table has
 * been measured (a ResizeObserver, then a render), which on a loaded CI machine can take longer
 * than the first look: so look again for up to 5 s, and report what is left then.
 */
async function settledOverflow(page: Page) {
  const deadline = Date.now() + 5000;
  let current = await overflow(page);
  while ((current.table > 1 || current.page > 1) && Date.now() < deadline) {
    await page.waitForTimeout(200);
    current = await overflow(page);
  }
  return current;
}

/** Sideways overflow of the list's own scroller and of the page. */
function overflow(page: Page) {
  return page.evaluate(() => {
    const wrapper = document.querySelector<HTMLElement>('.data-list .p-datatable-wrapper');
    return {
      table: wrapper ? wrapper.scrollWidth - wrapper.clientWidth : 0,
      page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
    };
  });
}

const LONG_NAME = 'Ningbo Peacebird Fashion Group International Trading Co. 宁波太平鸟时尚服饰股份有限公司';
/** The name fields the lists show (customer, colour, style, merchandiser), as the API names them. */
const NAME_FIELD = /^(customerLabel|customerName|colorName|productName|merchandiserLabel|shortName|name)$/;

function lengthenNames(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(lengthenNames);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, typeof inner === 'string' && NAME_FIELD.test(key) ? LONG_NAME : lengthenNames(inner)]));
  }
  return value;
}

/**
 * Names in the data can be longer than the demo's (another test's customer, a real factory's
 * "Ningbo Peacebird Fashion Group Trading Co."): a list must wrap them, not grow sideways. Open
 * the list again with every name in the API's answers made long, and report how far it scrolls.
 */
async function overflowWithLongNames(page: Page, list: ListCase) {
  await page.route('**/api/admin/**', async (route) => {
    try {
      const response = await route.fetch();
      const type = response.headers()['content-type'] ?? '';
      if (!type.includes('application/json')) await route.fulfill({ response });
      else await route.fulfill({ response, json: lengthenNames(await response.json()) });
    } catch {
      // The page moved on (next list) while this answer was in flight: nothing to fulfil.
    }
  });
  try {
    await openList(page, list.path);
    const shown = await page.locator('.data-list').first().innerText();
    return { shown: shown.includes('Ningbo Peacebird'), table: (await settledOverflow(page)).table };
  } finally {
    await page.unrouteAll({ behavior: 'ignoreErrors' });
  }
}

/** Keys whose header is missing, off-screen or covered by something else at its centre. */
function hiddenHeaders(page: Page, keys: string[]) {
  return page.evaluate((wanted) => {
    const problems: string[] = [];
    for (const key of wanted) {
      const header = document.querySelector<HTMLElement>(`.data-list th.dl-col-${key}`);
      if (!header) {
        problems.push(`${key}: missing`);
        continue;
      }
      const box = header.getBoundingClientRect();
      if (box.width < 8 || box.left < 0 || box.right > window.innerWidth + 1) {
        problems.push(`${key}: outside (${Math.round(box.left)}–${Math.round(box.right)} of ${window.innerWidth})`);
        continue;
      }
      header.scrollIntoView({ block: 'center', inline: 'nearest' });
      const again = header.getBoundingClientRect();
      const hit = document.elementFromPoint(again.left + again.width / 2, again.top + again.height / 2);
      if (!hit || hit.closest('th') !== header) problems.push(`${key}: covered by ${hit?.className || hit?.tagName}`);
    }
    return problems;
  }, keys);
}

describe.each<[UiLanguage]>([['en'], ['zh-CN']])('lists at laptop widths, %s', (language) => {
  it.each([
    [1440, 900],
    [1366, 768],
  ])('%i × %i: key columns visible, no sideways scroll', async (width, height) => {
    const context = await newUserContext(browser, { language, width, height });
    const page = await context.newPage();
    await login(page, ACCOUNTS.admin);
    const failures: string[] = [];
    for (const list of LISTS) {
      try {
        await openList(page, list.path);
        const view = await page.locator('.data-list').first().getAttribute('data-view');
        if (view !== 'table') failures.push(`${list.name}: ${view}, not a table`);
        const { table, page: pageOverflow } = await settledOverflow(page);
        if (table > 1) failures.push(`${list.name}: table scrolls ${table}px sideways`);
        if (pageOverflow > 1) failures.push(`${list.name}: page scrolls ${pageOverflow}px sideways`);
        for (const problem of await hiddenHeaders(page, list.keys)) failures.push(`${list.name}: ${problem}`);
        if (language === 'en') await screenshot(page, `lists-fit-${list.name}-${width}-en`, { fullPage: false });
        const longNames = await overflowWithLongNames(page, list);
        if (!longNames.shown && list.keys.some((key) => ['customer', 'colorName', 'name', 'shortName'].includes(key))) failures.push(`${list.name}: the long names did not reach the list`);
        if (longNames.table > 1) failures.push(`${list.name}: long names make the table scroll ${longNames.table}px sideways`);
      } catch (error) {
        failures.push(`${list.name}: ${(error as Error).message.split('\n')[0]}`);
      }
    }
    expect(failures).toEqual([]);
    await context.close();
  });
});

describe('lists as cards', () => {
  it.each([
    [1024, 768],
    [390, 844],
  ])('%i px: cards with number, quantity and status, no sideways scroll', async (width, height) => {
    const context = await newUserContext(browser, { language: 'en', width, height });
    const page = await context.newPage();
    await login(page, ACCOUNTS.admin);
    await openList(page, '/production/productionOrder/index');
    await expect(page.locator('.data-list').getAttribute('data-view')).resolves.toBe('cards');
    const card = page.locator('.data-card').first();
    for (const field of ['orderNo', 'totalQuantity', 'deliveryDate', 'customer']) {
      await expect(card.locator(`[data-field="${field}"]`).first().isVisible()).resolves.toBe(true);
    }
    await expect(card.locator('.data-card-status .p-tag').first().isVisible()).resolves.toBe(true);
    await expect(card.locator('[data-field="totalQuantity"] dd').innerText()).resolves.toMatch(/\d/);
    await expect(card.getByRole('button', { name: /^Actions for / }).isVisible()).resolves.toBe(true);
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, `lists-fit-production-orders-${width}-en`, { fullPage: false });
    const failures: string[] = [];
    for (const list of LISTS) {
      await openList(page, list.path);
      const view = await page.locator('.data-list').first().getAttribute('data-view');
      // At 1024 px a short list (base data, scan history) still fits as a table; order lists and phones get cards.
      if (view !== 'cards' && (width < 992 || !['customers', 'goods', 'scan-history'].includes(list.name))) failures.push(`${list.name}: ${view}`);
      const { table, page: pageOverflow } = await settledOverflow(page);
      if (table > 1 || pageOverflow > 1) failures.push(`${list.name}: scrolls sideways (table ${table}, page ${pageOverflow})`);
      await page.locator('.data-card, .data-list tbody tr').first().scrollIntoViewIfNeeded();
      await screenshot(page, `lists-fit-${list.name}-${width}-en`, { fullPage: false });
    }
    expect(failures).toEqual([]);
    await context.close();
  });
});

describe('row actions and column chooser', () => {
  it('opens the row menu by keyboard, closes it with Esc and edits through it', async () => {
    const context = await newUserContext(browser, { language: 'en', width: 1440, height: 900 });
    const page = await context.newPage();
    await login(page, ACCOUNTS.admin);
    await openList(page, '/production/productionOrder/index');
    const orderNo = (await page.locator('.data-list tbody tr').first().locator('.order-no').innerText()).trim();
    const toggle = page.getByRole('button', { name: `Actions for ${orderNo}` });
    await toggle.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu');
    await menu.waitFor();
    // The first item has the focus; arrows move it.
    await expect(menu.getAttribute('aria-activedescendant')).resolves.toMatch(/-edit$/);
    await page.keyboard.press('ArrowDown');
    await expect(menu.getAttribute('aria-activedescendant')).resolves.toMatch(/-print$/);
    // The list's own parts (table, row buttons, open menu) have no serious accessibility faults.
    // Tags' colours and the paginator's page-size select belong to the accessibility work
    // (issue 10, item 7: theme contrast, PrimeReact aria locale), checked there.
    const axe = await new AxeBuilder({ page }).include('.data-list').include('.row-actions-menu').exclude('.p-paginator').exclude('.p-tag').analyze();
    expect(axe.violations.filter((violation) => ['serious', 'critical'].includes(violation.impact ?? '')).map((violation) => `${violation.id}: ${violation.nodes[0]?.target}`)).toEqual([]);
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    await expect(page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).resolves.toBe(`Actions for ${orderNo}`);
    // Again, and Enter on "Edit" opens the order.
    await page.keyboard.press('Enter');
    await menu.waitFor();
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/production\/productionOrder\/update\/\d+$/);
    await context.close();
  });

  it('hides a secondary column and remembers it after a reload', async () => {
    const context = await newUserContext(browser, { language: 'en', width: 1440, height: 900 });
    const page = await context.newPage();
    await login(page, ACCOUNTS.admin);
    await openList(page, '/production/saleOrder/index');
    await expect(page.locator('th.dl-col-profit').count()).resolves.toBe(1);
    await page.getByRole('button', { name: 'Choose the columns to show' }).click();
    const option = page.getByRole('checkbox', { name: 'Profit', exact: true });
    // The panel takes the focus when it opens (its first checkbox).
    await page.waitForFunction(() => Boolean(document.activeElement?.closest('.column-chooser')), undefined, { timeout: 5000 });
    await option.click({ force: true });
    await expect(page.locator('th.dl-col-profit').count()).resolves.toBe(0);
    await page.keyboard.press('Escape');
    await page.reload();
    await openList(page, '/production/saleOrder/index');
    await expect(page.locator('th.dl-col-profit').count()).resolves.toBe(0);
    await expect(page.locator('th.dl-col-customerOrderNo').count()).resolves.toBe(0);
    await page.getByRole('button', { name: 'Choose the columns to show' }).click();
    await page.getByRole('button', { name: 'Default columns' }).click();
    await expect(page.locator('th.dl-col-profit').count()).resolves.toBe(1);
    await context.close();
  });
});
