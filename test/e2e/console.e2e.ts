// The console's numbers lead somewhere: clicking "Delayed orders" opens the schedule showing
// exactly that many orders, every one of them late; the rates say which orders they are over; the
// lower half lists what needs attention instead of developer cards — in both languages.
import type { Browser, Page } from 'playwright-core';
import { ApiClient } from './support/api';
import { ACCOUNTS, launchBrowser, login, newUserContext, screenshot } from './support/browser';

interface ConsoleKpis {
  delayed: number;
  dueThisWeek: number;
  metrics: { inProduction: number; population: string };
  lateOrders: { orderNo: string; delayDays: number }[];
}

let browser: Browser;
let api: ApiClient;

beforeAll(async () => {
  browser = await launchBrowser();
  api = await ApiClient.login(ACCOUNTS.admin.username, ACCOUNTS.admin.password);
});

afterAll(async () => {
  await browser?.close();
});

/** The number a KPI card shows, once loaded. */
async function kpiValue(page: Page, key: string): Promise<number> {
  const value = page.getByTestId(`kpi-value-${key}`);
  await value.waitFor();
  return Number((await value.innerText()).replace(/[^\d]/g, ''));
}

/** The schedule's rows, once the list answered (at least one row, or the empty message). */
async function scheduleOrderLinks(page: Page) {
  await page.getByTestId('schedule-list').waitFor();
  await page.getByTestId('schedule-totals').locator('[data-testid=total-orders]').waitFor();
  return page.locator('[data-testid^=order-link-]');
}

describe('console', () => {
  it('leads from "Delayed orders" to the schedule showing exactly those orders, all late', async () => {
    const context = await newUserContext(browser, { language: 'zh-CN', width: 1440, height: 900 });
    const page = await context.newPage();
    await login(page, ACCOUNTS.admin, '/home/index');
    await page.getByTestId('kpi-cards').waitFor();
    const delayed = await kpiValue(page, 'delayed');
    const fromApi = await api.get<ConsoleKpis>('statistics/console');
    expect(delayed).toBe(fromApi.delayed);
    // The demo factory has late orders, so the test proves something.
    expect(delayed).toBeGreaterThan(0);
    await expect(page.getByTestId('kpi-population-delayRate').innerText()).resolves.toBe(`在产订单 ${fromApi.metrics.inProduction} 个中`);

    // The lists instead of developer furniture.
    await expect(page.getByTestId('list-late').getByTestId('late-order').count()).resolves.toBe(Math.min(delayed, fromApi.lateOrders.length));
    await expect(page.getByTestId('list-late').getByTestId('days-late').first().innerText()).resolves.toBe(`延期 ${fromApi.lateOrders[0].delayDays} 天`);
    await expect(page.getByText('尚未收到推送').count()).resolves.toBe(0);
    await expect(page.getByText('可访问模块').count()).resolves.toBe(0);
    await screenshot(page, 'console-lists-zh-CN', { fullPage: false });

    await page.getByTestId('kpi-delayed').click();
    await page.waitForURL(/\/production\/schedule\/index\?status=delayed/);
    const links = await scheduleOrderLinks(page);
    await expect(page.getByTestId('total-orders').locator('strong').innerText()).resolves.toBe(String(delayed));
    await expect(page.getByTestId('total-delayed').locator('strong').innerText()).resolves.toBe(String(delayed));
    // Every order counted is on the list (one page holds them in the demo), each with days late.
    const shown = await links.count();
    expect(shown).toBe(Math.min(delayed, 20));
    const lateCells = page.locator('[data-testid^=delay-]');
    await expect(lateCells.count()).resolves.toBe(shown);
    // Most late first.
    const days = (await lateCells.allInnerTexts()).map((text) => Number(text.replace(/[^\d]/g, '')));
    expect(days).toEqual([...days].sort((a, b) => b - a));
    await screenshot(page, 'console-delayed-schedule-zh-CN', { fullPage: false });
    await context.close();
  });

  it('links "Due this week" to the orders due this week, and names populations in English', async () => {
    const context = await newUserContext(browser, { language: 'en', width: 1440, height: 900 });
    const page = await context.newPage();
    await login(page, ACCOUNTS.admin, '/home/index');
    const due = await kpiValue(page, 'dueThisWeek');
    await expect(page.getByTestId('kpi-delayed').innerText()).resolves.toContain('Delayed orders');
    await expect(page.getByTestId('kpi-population-finishRate').innerText()).resolves.toMatch(/^of \d+ orders? in production$/);
    await page.getByTestId('list-processes').waitFor();
    await screenshot(page, 'console-en', { fullPage: false });

    await page.getByTestId('kpi-dueThisWeek').click();
    await page.waitForURL(/deliveryFrom=\d{4}-\d{2}-\d{2}&deliveryTo=/);
    const links = await scheduleOrderLinks(page);
    await expect(page.getByTestId('total-orders').locator('strong').innerText()).resolves.toBe(String(due));
    expect(await links.count()).toBe(Math.min(due, 20));
    await expect(page.getByTestId('population-delayRate').innerText()).resolves.toMatch(/matching the filter$/);
    await context.close();
  });
});
