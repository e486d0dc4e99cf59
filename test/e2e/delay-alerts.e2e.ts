// Delay alerts, live: a merchandiser follows an order (its progress page's button); when one of its steps is put past its due
// date, a toast and the bell's unread count appear in their open browser without a reload, and
// the bell's list links to the order's progress.
//
// The built server has no test hook to move its clock (the API specs move `AlertClock` in
// process), so the due date is moved instead: the order's change event makes the server evaluate
// it at once — the same path a due date passing at midnight takes on the minute timer.
import type { Browser, Page } from 'playwright-core';
import { ApiClient, findStyle } from './support/api';
import { ACCOUNTS, launchBrowser, login, newUserContext, screenshot, toast } from './support/browser';

const MERCHANDISER = { username: 'merchandiser', password: 'demo1234' } as const;
const LIVE_MS = 15_000;

interface Option {
  id: number;
  code: string;
  name: string;
}
interface OrderDetail {
  id: number;
  orderNo: string;
  version: number;
  route: { processId: number; sequence: number; dueDate: string }[];
}

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

let browser: Browser;
let admin: ApiClient;
let order: OrderDetail | undefined;

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await ApiClient.login(ACCOUNTS.admin.username, ACCOUNTS.admin.password);
});

afterAll(async () => {
  await browser?.close();
  // Shared server: the order (and its alerts, notifications and followers with it) goes away.
  if (order) {
    const current = await admin.get<OrderDetail>('productionOrder/detail', { id: order.id });
    await admin.post('productionOrder/delete', { id: order.id, version: current.version });
  }
});

async function unreadCount(page: Page): Promise<number> {
  const badge = page.getByTestId('notification-unread');
  if ((await badge.count()) === 0) return 0;
  return Number((await badge.textContent())?.replace('+', '') ?? 0);
}

describe('delay alerts', () => {
  it('a followed order whose step is put past due shows a toast and the unread count without a reload', async () => {
    const customers = await admin.get<Option[]>('customer/options');
    const style = await findStyle(admin, (detail) => detail.colors.length >= 1 && detail.sizes.length >= 1);
    if (!style) throw new Error('no demo style');
    const made = await admin.post<{ id: number }>('productionOrder/create', {
      orderNo: `E2E-ALERT-${Date.now().toString(36).toUpperCase()}`,
      customer: customers[0].id,
      goodsId: style.id,
      orderDate: day(0),
      deliveryDate: day(60),
      cells: JSON.stringify([{ colorId: style.colors[0].id, sizeId: style.sizes[0].id, quantity: 30 }]),
    });
    order = await admin.get<OrderDetail>('productionOrder/detail', { id: made.id });

    const context = await newUserContext(browser, { language: 'en' });
    const page = await context.newPage();
    // The merchandiser follows the order from its progress page.
    await login(page, MERCHANDISER, `/production/schedule/update/${order.id}`);
    const follow = page.getByTestId('follow-order');
    await follow.click();
    await page.waitForFunction(() => document.querySelector('[data-testid=follow-order]')?.getAttribute('aria-pressed') === 'true');
    expect(await follow.textContent()).toContain('Following');

    await page.goto('/home/index');
    const bell = page.getByTestId('notification-bell');
    await bell.waitFor();
    // Listening on the user's room (pushes arrive from here on).
    await page.locator('[data-testid=notification-bell-wrap][data-live=true]').waitFor();
    await page.evaluate(() => ((window as unknown as { __noReload?: boolean }).__noReload = true));
    // The demo merchandiser starts with a few alerts of the late demo orders: read them all first, by keyboard.
    if ((await unreadCount(page)) > 0) {
      await bell.focus();
      await page.keyboard.press('Enter');
      const readAll = page.getByTestId('notification-read-all');
      await readAll.waitFor();
      await readAll.focus();
      await page.keyboard.press('Enter');
      await page.getByTestId('notification-unread').waitFor({ state: 'detached', timeout: LIVE_MS });
      await page.keyboard.press('Escape');
      await page.locator('.notification-panel').waitFor({ state: 'hidden' });
    }
    const before = await unreadCount(page);

    // The first step was due yesterday: one step-overdue alert, pushed to the follower.
    const route = order.route.map((step, index) => ({ processId: step.processId, sequence: step.sequence, dueDate: index === 0 ? day(-1) : step.dueDate }));
    await admin.post('productionOrder/update', { id: order.id, version: order.version, orderDate: day(-5), route: JSON.stringify(route) });

    await toast(page).filter({ hasText: order.orderNo }).first().waitFor({ timeout: LIVE_MS });
    await page.waitForFunction((previous) => Number(document.querySelector('[data-testid=notification-unread]')?.textContent?.replace('+', '') ?? 0) > previous, before, {
      timeout: LIVE_MS,
    });
    expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);
    expect(await bell.getAttribute('aria-label')).toMatch(/^Notifications, \d+ unread$/);

    // Keyboard: the bell opens the list with the focus on its newest entry, a link to the order.
    await bell.focus();
    await page.keyboard.press('Enter');
    const newest = page.getByTestId('notification-item').first();
    await expect(newest.textContent()).resolves.toContain(order.orderNo);
    await expect(newest.textContent()).resolves.toContain('Step overdue');
    await page.waitForFunction(() => document.activeElement?.classList.contains('notification-link'));
    await screenshot(page, 'delay-alerts-bell', { fullPage: false });
    const unreadBefore = await unreadCount(page);
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/production/schedule/update/${order.id}`);
    await page.waitForFunction((previous) => Number(document.querySelector('[data-testid=notification-unread]')?.textContent?.replace('+', '') ?? 0) < previous, unreadBefore, {
      timeout: LIVE_MS,
    });

    // A phone: the bell fits the top bar beside the language and logout, nothing wider than the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await bell.waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const box = await bell.boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(390);
    await screenshot(page, 'delay-alerts-phone', { fullPage: false });
    await context.close();
  });
});
