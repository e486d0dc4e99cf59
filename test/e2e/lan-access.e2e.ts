// The app opened the way a factory LAN opens it: plain http, by a host name that is not
// localhost (Chromium maps stitch.test to 127.0.0.1, so the browser treats it as any other
// LAN host: no localhost exemption from upgrade-insecure-requests or from mixed-content rules).
// Log in through the form, open a wall board, and require that it shows the factory's orders,
// goes live over the websocket, and that no request failed, no answer was an error and the
// console has no CSP violation or error.
import type { Browser, BrowserContext, ConsoleMessage, Page } from 'playwright-core';
import { ACCOUNTS, baseUrl, launchBrowser, screenshot } from './support/browser';

const LAN_HOST = 'stitch.test';

interface Problems {
  failed: string[];
  errorAnswers: string[];
  console: string[];
  pageErrors: string[];
  insecureUpgrades: string[];
}

function watch(page: Page): Problems {
  const problems: Problems = { failed: [], errorAnswers: [], console: [], pageErrors: [], insecureUpgrades: [] };
  page.on('requestfailed', (request) => {
    const reason = request.failure()?.errorText;
    // A read the page itself cancelled (it navigated on, or a newer load superseded it) is not a
    // blocked request: CSP, mixed content and unreachable hosts fail with their own reasons.
    if (reason === 'net::ERR_ABORTED' && request.method() === 'GET') return;
    problems.failed.push(`${request.method()} ${request.url()}: ${reason}`);
  });
  page.on('request', (request) => {
    if (request.url().startsWith('https:')) problems.insecureUpgrades.push(request.url());
  });
  page.on('response', (response) => {
    if (response.status() >= 400) problems.errorAnswers.push(`${response.status()} ${response.request().method()} ${response.url()}`);
  });
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'error' || /Content[- ]Security[- ]Policy|Refused to/i.test(message.text())) problems.console.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.pageErrors.push(error.message));
  return problems;
}

let browser: Browser;
let context: BrowserContext;
let lanUrl: string;

beforeAll(async () => {
  const port = new URL(baseUrl()).port;
  lanUrl = `http://${LAN_HOST}:${port}`;
  browser = await launchBrowser({ hostResolverRules: `MAP ${LAN_HOST} 127.0.0.1` });
  context = await browser.newContext({ baseURL: lanUrl, viewport: { width: 1366, height: 860 } });
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

it('opened as http://stitch.test:<port>: the security headers allow plain http', async () => {
  const response = await fetch(`${baseUrl()}/`, { headers: { Host: `${LAN_HOST}:${new URL(baseUrl()).port}` } });
  expect(response.status).toBe(200);
  const csp = response.headers.get('content-security-policy') ?? '';
  expect(csp).toContain("default-src 'self'");
  expect(csp).not.toContain('upgrade-insecure-requests');
  expect(response.headers.get('strict-transport-security')).toBeNull();
});

it('logs in through the form and opens a live board with data, with no failed request and no CSP error', async () => {
  const login = await fetch(`${baseUrl()}/api/admin/login/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(ACCOUNTS.admin),
  });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  const snapshotAnswer = await fetch(`${baseUrl()}/api/board/snapshot`, { headers: { token } });
  const snapshot = ((await snapshotAnswer.json()) as { data: { rows: { id: number }[] } }).data;
  expect(snapshot.rows.length).toBeGreaterThan(0);

  const page = await context.newPage();
  const problems = watch(page);

  await page.goto('/wholeDashboard');
  await page.waitForURL(/\/login/);
  expect(new URL(page.url()).host).toBe(new URL(lanUrl).host);
  await page.locator('#login-username').fill(ACCOUNTS.admin.username);
  await page.locator('#login-password').fill(ACCOUNTS.admin.password);
  await page.locator('button[type=submit]').click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  if (!new URL(page.url()).pathname.startsWith('/wholeDashboard')) await page.goto('/wholeDashboard');

  await page.locator('[data-testid=board-root][data-mode=whole]').waitFor({ timeout: 30_000 });
  // Live: the Socket.IO websocket to the same host connected (connect-src 'self' allows it).
  await page.locator('[data-testid=board-connection][data-liveness=live]').waitFor({ timeout: 30_000 });
  const rows = page.getByTestId('board-row');
  await rows.first().waitFor({ timeout: 30_000 });
  const shown = await rows.evaluateAll((elements) => elements.map((element) => Number(element.getAttribute('data-order-id'))));
  expect(shown.length).toBeGreaterThan(0);
  const known = new Set(snapshot.rows.map((row) => row.id));
  expect(shown.every((id) => known.has(id))).toBe(true);

  // Styles and fonts applied (a blocked stylesheet or icon font would leave these unstyled).
  const fontsLoaded = await page.evaluate(async () => {
    await document.fonts.ready;
    return [...document.fonts].filter((font) => font.status === 'loaded').map((font) => font.family);
  });
  const stylesheets = await page.evaluate(() => document.styleSheets.length);
  expect(stylesheets).toBeGreaterThan(0);

  // The console too (charts, KPI cards, the live badge): same checks.
  await page.goto('/home/index');
  await page.locator('[data-testid=kpi-cards]').waitFor({ timeout: 30_000 });
  await page.waitForLoadState('networkidle');

  await screenshot(page, 'lan-access-console-zh-CN', { fullPage: false });
  console.log(`lan-access: ${shown.length} board rows shown, fonts loaded: ${fontsLoaded.join(', ') || 'none'}`);
  expect(problems).toEqual({ failed: [], errorAnswers: [], console: [], pageErrors: [], insecureUpgrades: [] });
});

it('every main screen and the phone board by key load over the LAN name without a failed request or CSP error', async () => {
  const page = await context.newPage();
  const problems = watch(page);
  // Logged in by the previous test (same context): the session is in this origin's storage.
  const screens = [
    '/production/dashboardRedirect',
    '/dropDashboard',
    '/scrollDashboard',
    '/production/scan',
    '/production/schedule/index',
    '/production/productionOrder/index',
    '/production/saleOrder/index',
    '/production/order/index',
    '/base/company',
    '/setting/dashboard',
    '/setting/index',
    '/setting/clearData',
    '/setting/audit',
    '/production/order/create',
  ];
  const visited: string[] = [];
  for (const path of screens) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    expect(new URL(page.url()).pathname).not.toMatch(/^\/(login|404)/);
    visited.push(new URL(page.url()).pathname);
  }
  // The phone board: no login, the board key in the link (a fresh context, same LAN name).
  const phoneContext = await browser.newContext({ baseURL: lanUrl, viewport: { width: 390, height: 844 } });
  try {
    const login = await fetch(`${baseUrl()}/api/admin/login/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(ACCOUNTS.admin),
    });
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    const settings = await fetch(`${baseUrl()}/api/admin/setting/getDashboardSetting`, { headers: { token } });
    const { boardKey, boardKeyEnabled } = ((await settings.json()) as { data: { boardKey: string; boardKeyEnabled: boolean } }).data;
    // On by default (and the other browser tests put it back).
    expect(boardKeyEnabled).toBe(true);
    const phone = await phoneContext.newPage();
    const phoneProblems = watch(phone);
    await phone.goto(`/mobile?key=${encodeURIComponent(boardKey)}`);
    await phone.waitForURL((url) => url.pathname === '/mobile/dashboard');
    await phone.getByTestId('mobile-card').first().waitFor({ timeout: 30_000 });
    await phone.waitForLoadState('networkidle');
    expect(phoneProblems).toEqual({ failed: [], errorAnswers: [], console: [], pageErrors: [], insecureUpgrades: [] });
  } finally {
    await phoneContext.close();
  }
  console.log(`lan-access: screens visited over http://${LAN_HOST}: ${visited.join(' ')}`);
  expect(problems).toEqual({ failed: [], errorAnswers: [], console: [], pageErrors: [], insecureUpgrades: [] });
});
