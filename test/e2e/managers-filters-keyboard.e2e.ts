// The filters of the managers' screens (issue 11) with the keyboard alone: Tab to each filter,
// a customer or a worker picked by typing, a date range typed, the status chosen with the arrow
// keys and "only differences" switched with Space; after that no mouse event has reached the
// page, and the table shows exactly the rows the API returns for the same filter. The filters
// are chosen from the demo data so that each one changes the answer (else the test could pass
// with a filter that does nothing).
import type { Browser, Page } from 'playwright-core';
import { ApiClient } from './support/api';
import { ACCOUNTS, launchBrowser, login, newUserContext, screenshot } from './support/browser';
import { chooseByKeyboard, forbidMouse, mouseEvents, optionLabel } from './support/prime';

const ANSWER_MS = 15_000;

interface Option {
  id: number;
  code?: string;
  name: string;
}
interface DiffNumbers {
  cutDiff: number | null;
  finishedDiff: number | null;
  shippedDiff: number | null;
}
interface DifferenceReport {
  rows: { orderId: number; orderDate: string; totals: DiffNumbers }[];
  total: number;
}
interface AppraisalReport {
  rows: { workerId: number; processId: number; stepId: number | null; day: string }[];
  total: number;
  totals: { pieces: number; pay: number };
}

let browser: Browser;
let admin: ApiClient;

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await ApiClient.login(ACCOUNTS.admin.username, ACCOUNTS.admin.password);
});

afterAll(async () => {
  await browser?.close();
});

/** What the focused element is called: its aria-label, else the label of the filter it sits in. */
const focusedName = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return '';
    return (element.getAttribute('aria-label') ?? element.closest('.order-filter')?.querySelector('.order-filter-label')?.textContent ?? '').trim();
  });

/** Tab (never into a popup) until the focused element is called `name`. */
async function tabTo(page: Page, name: string, maxTabs = 1): Promise<void> {
  for (let press = 0; press < maxTabs; press++) {
    await page.keyboard.press('Tab');
    // The focus may pass the end of the page (body) and come round to the top; never into a popup.
    const where = await page.evaluate(() => ({ popup: Boolean(document.activeElement?.closest('.date-input-popup, .p-dropdown-panel, .p-datepicker:not(.p-datepicker-inline)')) }));
    expect(where.popup).toBe(false);
    if ((await focusedName(page)) === name) return;
  }
  throw new Error(`"${name}" did not get the focus within ${maxTabs} Tab presses (focus on "${await focusedName(page)}")`);
}

/** Types a date into the focused DateInput and reads it with Enter. */
async function typeDate(page: Page, date: string): Promise<void> {
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(date);
  await page.keyboard.press('Enter');
  await page.waitForFunction((value) => (document.activeElement as HTMLInputElement | null)?.value === value, date);
}

/** Waits until `read` gives `expected` (the list refetches after each filter), then asserts it. */
async function eventually<T>(read: () => Promise<T>, expected: T, timeout = ANSWER_MS): Promise<void> {
  const until = Date.now() + timeout;
  let value = await read();
  while (JSON.stringify(value) !== JSON.stringify(expected) && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 150));
    value = await read();
  }
  expect(value).toEqual(expected);
}

const hasDifference = (totals: DiffNumbers) => [totals.cutDiff, totals.finishedDiff, totals.shippedDiff].some((value) => value !== null && value !== 0);

/**
 * A customer and an order-date window of the demo data where each filter matters: the window
 * leaves out some of the customer's orders, and holds orders with and without a difference.
 */
async function discriminatingDifferenceFilter(): Promise<{ customer: Option; from: string; to: string }> {
  const customers = await admin.get<Option[]>('customer/options');
  for (const customer of customers) {
    const report = await admin.get<DifferenceReport>('statistics/difference', { customerId: customer.id, status: 'all', pageSize: 100 });
    const days = [...new Set(report.rows.map((row) => row.orderDate))].sort();
    for (let first = 0; first < days.length; first++) {
      for (let last = days.length - 1; last >= first; last--) {
        const inside = report.rows.filter((row) => row.orderDate >= days[first] && row.orderDate <= days[last]);
        const mixed = inside.some((row) => hasDifference(row.totals)) && inside.some((row) => !hasDifference(row.totals));
        if (mixed && inside.length < report.rows.length) return { customer, from: days[first], to: days[last] };
      }
    }
  }
  throw new Error('no demo customer with orders both with and without a difference');
}

describe('the managers’ filters with the keyboard alone', () => {
  it('difference statistics: customer, order dates, status and "only differences" give the API’s rows', async () => {
    const { customer, from, to } = await discriminatingDifferenceFilter();
    const filter = { customerId: customer.id, orderDateFrom: from, orderDateTo: to, status: 'all', page: 1, pageSize: 20 };
    const expected = await admin.get<DifferenceReport>('statistics/difference', { ...filter, onlyDifferences: 'true' });
    const withoutSwitch = await admin.get<DifferenceReport>('statistics/difference', filter);
    // The switch takes rows away, and every row left has a difference.
    expect(expected.total).toBeGreaterThan(0);
    expect(expected.total).toBeLessThan(withoutSwitch.total);
    expect(expected.rows.every((row) => hasDifference(row.totals))).toBe(true);

    const context = await newUserContext(browser, { language: 'en', width: 1366, height: 900 });
    const page = await context.newPage();
    try {
      await login(page, ACCOUNTS.admin, '/production/statistics/difference');
      await page.getByTestId('difference-page').waitFor();
      await page.locator('[data-testid^=diff-order-]').first().waitFor({ timeout: ANSWER_MS });
      await forbidMouse(page);
      const shownOrders = () => page.locator('[data-testid^=diff-order-]').evaluateAll((nodes) => nodes.map((node) => Number(node.getAttribute('data-testid')!.slice('diff-order-'.length))));

      await tabTo(page, 'Customer', 80);
      await chooseByKeyboard(page, customer.name.split(' ').at(-1)!, optionLabel(customer));
      await tabTo(page, 'Order date From', 4);
      await typeDate(page, from);
      await tabTo(page, 'Order date To');
      await typeDate(page, to);
      await tabTo(page, 'Status', 4);
      await chooseByKeyboard(page, '', 'All', ANSWER_MS);
      await tabTo(page, 'Only with a difference');
      // Without the switch first: the customer, dates and status alone.
      await eventually(shownOrders, withoutSwitch.rows.map((row) => row.orderId));
      await page.keyboard.press('Space');
      await page.waitForFunction(() => (document.activeElement as HTMLInputElement | null)?.checked === true);

      await eventually(shownOrders, expected.rows.map((row) => row.orderId));
      await eventually(async () => Number(/\d+/.exec(await page.getByTestId('diff-total').innerText())?.[0]), expected.total);
      await screenshot(page, 'managers-difference-filtered-by-keyboard-en', { fullPage: false });
      await expect(mouseEvents(page)).resolves.toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('performance appraisal: worker and a typed date range give the API’s rows and totals', async () => {
    // A worker with scans on several days of the last 60 (not this month: on its first days there
    // may be none); the typed range leaves out the first and last of those days.
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const wideFrom = day(-60);
    const wideTo = day(0);
    const all = await admin.get<AppraisalReport>('statistics/appraisal', { from: wideFrom, to: wideTo, pageSize: 500 });
    const users = await admin.get<Option[]>('user/options');
    let choice: { worker: Option; from: string; to: string } | null = null;
    for (const user of users) {
      const days = [...new Set(all.rows.filter((row) => row.workerId === user.id).map((row) => row.day))].sort();
      if (days.length >= 3) {
        choice = { worker: user, from: days[1], to: days[days.length - 2] };
        break;
      }
    }
    if (!choice) throw new Error('no demo worker with scans on three days of the last 60');
    const { worker, from, to } = choice;
    const expected = await admin.get<AppraisalReport>('statistics/appraisal', { workerId: worker.id, from, to, page: 1, pageSize: 100 });
    const wider = await admin.get<AppraisalReport>('statistics/appraisal', { workerId: worker.id, from: wideFrom, to: wideTo, page: 1, pageSize: 100 });
    expect(expected.total).toBeGreaterThan(0);
    expect(expected.total).toBeLessThan(wider.total);
    expect(expected.rows.every((row) => row.workerId === worker.id && row.day >= from && row.day <= to)).toBe(true);
    const rowKey = (row: AppraisalReport['rows'][number]) => `${row.workerId}-${row.processId}-${row.stepId ?? 0}-${row.day}`;

    const context = await newUserContext(browser, { language: 'en', width: 1366, height: 900 });
    const page = await context.newPage();
    try {
      await login(page, ACCOUNTS.admin, '/production/performanceAppraisalDetails');
      await page.getByTestId('appraisal-page').waitFor();
      await page.getByTestId('appraisal-total-pay').waitFor();
      await page.locator('[data-testid^=appraisal-pieces-]').first().waitFor({ timeout: ANSWER_MS });
      await forbidMouse(page);
      const shownRows = () => page.locator('[data-testid^=appraisal-pieces-]').evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-testid')!.slice('appraisal-pieces-'.length)));

      await tabTo(page, 'Worker', 80);
      await chooseByKeyboard(page, worker.name.split(' ').at(-1)!, optionLabel(worker));
      await tabTo(page, 'Date range From', 4);
      await typeDate(page, from);
      await tabTo(page, 'Date range To');
      await typeDate(page, to);

      await eventually(shownRows, expected.rows.map(rowKey));
      const numberIn = async (testId: string) => Number((await page.getByTestId(testId).innerText()).replace(/[^\d.-]/g, ''));
      await eventually(() => numberIn('appraisal-total-pieces'), expected.totals.pieces);
      await eventually(() => numberIn('appraisal-total-pay'), expected.totals.pay);
      await screenshot(page, 'managers-appraisal-filtered-by-keyboard-en', { fullPage: false });
      await expect(mouseEvents(page)).resolves.toEqual([]);
    } finally {
      await context.close();
    }
  });
});
