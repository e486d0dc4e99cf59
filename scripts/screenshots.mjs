#!/usr/bin/env node
// `npm run screenshots`: every screen in both languages at 1440×900, the floor screens at
// 390×844 and the boards at 1920×1080, from the built app with the demo factory, opened by a
// non-loopback host name (as a factory PC would). Pictures go to test-output/screenshots/look/.
// Besides the pictures it reports what a person would notice: console errors, failed
// requests, a page wider than the window, text cut off with an ellipsis, 404s.
// Builds first when a source is newer than the build. SCREENS=login,console limits the run to
// screens whose name contains one of the words.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { buildIfNeeded } from './build-if-needed.mjs';
import { startBuiltApp } from './built-app.mjs';
import { root } from './run-jest.mjs';

const HOST = 'look.test';
const LANGUAGES = ['zh-CN', 'en'];
const ADMIN = { username: 'admin', password: process.env.ADMIN_PASSWORD || 'admin123' };
const outDir = join(root, 'test-output/screenshots/look');
const only = (process.env.SCREENS || '').split(',').filter(Boolean);

const VIEWPORTS = {
  desktop: { width: 1440, height: 900 },
  phone: { width: 390, height: 844, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
  tv: { width: 1920, height: 1080 },
};

async function api(baseUrl, token, path, query = {}) {
  const response = await fetch(`${baseUrl}/api/admin/${path}?${new URLSearchParams(query)}`, { headers: { token } });
  const body = await response.json();
  if (body.code !== 200) throw new Error(`GET ${path}: ${body.message}`);
  return body.data;
}

async function apiLogin(baseUrl) {
  const response = await fetch(`${baseUrl}/api/admin/login/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(ADMIN),
  });
  const body = await response.json();
  if (body.code !== 200) throw new Error(`login failed: ${body.message}`);
  return body.data.token;
}

/** Screens that have no menu entry: forms of a record, boards, login, 404. */
async function extraScreens(baseUrl) {
  const token = await apiLogin(baseUrl);
  const firstId = async (path) => (await api(baseUrl, token, path, { page: 1, pageSize: 1 })).list[0]?.id;
  const saleOrder = await firstId('saleOrder/list');
  const productionOrder = await firstId('productionOrder/list');
  const settings = await api(baseUrl, token, 'setting/getDashboardSetting');
  const screens = [
    { name: 'sale-order-create', path: '/production/saleOrder/create' },
    { name: 'production-order-create', path: '/production/productionOrder/create' },
    { name: 'document-upload', path: '/production/order/create' },
    { name: 'goods-create', path: '/base/goods/create' },
    { name: 'not-found', path: '/no/such/page' },
    { name: 'board-whole', path: '/wholeDashboard', board: true },
    { name: 'board-scroll', path: '/scrollDashboard', board: true },
    { name: 'board-drop', path: '/dropDashboard', board: true },
    { name: 'board-mobile', path: `/mobile/dashboard?key=${encodeURIComponent(settings.boardKey ?? '')}`, board: true, phone: true },
  ];
  if (saleOrder) screens.push({ name: 'sale-order-update', path: `/production/saleOrder/update/${saleOrder}` });
  if (productionOrder) {
    screens.push({ name: 'production-order-update', path: `/production/productionOrder/update/${productionOrder}` });
    screens.push({ name: 'schedule-update', path: `/production/schedule/update/${productionOrder}`, phone: true });
    screens.push({ name: 'order-overview', path: `/production/orderOverview/${productionOrder}`, phone: true });
  }
  // A demo order cut into bundles (demo-bundles.ts): its cutting page and one bundle's trace.
  const bundle = (await api(baseUrl, token, 'bundle/list', { page: 1, pageSize: 1 })).list[0];
  if (bundle) {
    screens.push({ name: 'cutting', path: `/cutting/${bundle.orderId}`, phone: true });
    screens.push({ name: 'bundle-trace', path: `/bundle/${encodeURIComponent(bundle.code)}`, phone: true });
  }
  return screens;
}

/** The screens of the sidebar (every group unfolded), named after their path. */
async function menuScreens(page) {
  const links = await page.locator('.sidebar-menu a.sidebar-link').evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute('href')));
  // Also on the phone: the managers' screens, read on the floor walk.
  const floor = ['/home/index', '/production/scan', '/production/schedule/index', '/production/productionOrder/index', '/production/statistics/difference', '/production/performanceAppraisalDetails', '/setting/index', '/setting/dashboard', '/setting/clearData', '/setting/audit'];
  return links.map((path) => ({ name: path.replace(/^\//, '').replace(/\/index$/, '').replaceAll('/', '-'), path, phone: floor.includes(path) }));
}

/* global document, window, getComputedStyle, location -- inspect() runs in the page */
/** What a person would notice on the screen besides the picture. */
function inspect(page) {
  return page.evaluate(() => {
    const findings = [];
    const doc = document.documentElement;
    if (doc.scrollWidth > window.innerWidth + 1) findings.push(`page ${doc.scrollWidth}px wide in a ${window.innerWidth}px window`);
    const clipped = [...document.querySelectorAll('body *')].filter((element) => {
      const style = getComputedStyle(element);
      return style.textOverflow === 'ellipsis' && element.scrollWidth > element.clientWidth + 1 && element.offsetParent !== null && element.textContent.trim();
    });
    for (const element of clipped.slice(0, 5)) findings.push(`text cut off: "${element.textContent.trim().slice(0, 40)}"`);
    if (document.querySelector('[data-testid="not-found"]') && !location.pathname.startsWith('/no/')) findings.push('shows the 404 page');
    return findings;
  });
}

async function shoot(context, baseUrl, screen, file) {
  const page = await context.newPage();
  const problems = [];
  page.on('console', (message) => message.type() === 'error' && problems.push(`console: ${message.text().slice(0, 120)}`));
  page.on('pageerror', (error) => problems.push(`page error: ${error.message.slice(0, 120)}`));
  page.on('response', (response) => response.status() >= 400 && problems.push(`${response.status()} ${new URL(response.url()).pathname}`));
  await page.goto(`http://${HOST}:${new URL(baseUrl).port}${screen.path}`, { waitUntil: 'networkidle' }).catch((error) => problems.push(`load: ${error.message}`));
  // Lazy screens, live snapshots and fonts settle; boards animate their first page in.
  await page.waitForTimeout(screen.board ? 1500 : 600);
  problems.push(...(await inspect(page)));
  mkdirSync(join(outDir, file, '..'), { recursive: true });
  await page.screenshot({ path: join(outDir, `${file}.png`) });
  await page.close();
  return problems;
}

async function signedInContext(browser, baseUrl, viewport, language) {
  const context = await browser.newContext({ viewport: { width: viewport.width, height: viewport.height }, ...viewport, locale: language === 'en' ? 'en-US' : 'zh-CN' });
  await context.addInitScript((lang) => {
    localStorage.setItem('language', lang);
    localStorage.setItem('stitchboard.sidebar.folded', '[]');
  }, language);
  const page = await context.newPage();
  await page.goto(`http://${HOST}:${new URL(baseUrl).port}/login`);
  await page.locator('#login-username').fill(ADMIN.username);
  await page.locator('#login-password').fill(ADMIN.password);
  await page.locator('button[type=submit]').click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  await page.locator('.sidebar-menu').waitFor();
  return { context, page };
}

async function main() {
  buildIfNeeded();
  const app = await startBuiltApp();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', `--host-resolver-rules=MAP ${HOST} 127.0.0.1`],
  });
  const report = [];
  const record = (file, problems) => {
    report.push({ file, problems });
    console.log(`${problems.length ? '!' : '✓'} ${file}${problems.length ? `\n    ${problems.join('\n    ')}` : ''}`);
  };
  try {
    const extras = await extraScreens(app.baseUrl);
    for (const language of LANGUAGES) {
      const desktop = await signedInContext(browser, app.baseUrl, VIEWPORTS.desktop, language);
      const screens = [...(await menuScreens(desktop.page)), ...extras].filter((screen) => !only.length || only.some((name) => screen.name.includes(name)));
      await desktop.page.close();
      for (const screen of screens) record(`${language}/desktop/${screen.name}`, await shoot(desktop.context, app.baseUrl, screen, `${language}/desktop/${screen.name}`));
      await desktop.context.close();

      const phone = await signedInContext(browser, app.baseUrl, VIEWPORTS.phone, language);
      await phone.page.close();
      for (const screen of screens.filter((entry) => entry.phone)) record(`${language}/phone/${screen.name}`, await shoot(phone.context, app.baseUrl, screen, `${language}/phone/${screen.name}`));
      await phone.context.close();

      const tv = await signedInContext(browser, app.baseUrl, VIEWPORTS.tv, language);
      await tv.page.close();
      for (const screen of screens.filter((entry) => entry.board && !entry.phone)) record(`${language}/tv/${screen.name}`, await shoot(tv.context, app.baseUrl, screen, `${language}/tv/${screen.name}`));
      await tv.context.close();

      // Signed out: the login screen as a first visitor sees it.
      if (!only.length || only.some((name) => 'login'.includes(name))) {
        for (const [kind, viewport] of [['desktop', VIEWPORTS.desktop], ['phone', VIEWPORTS.phone]]) {
          const context = await browser.newContext({ ...viewport, locale: language === 'en' ? 'en-US' : 'zh-CN' });
          await context.addInitScript((lang) => localStorage.setItem('language', lang), language);
          record(`${language}/${kind}/login`, await shoot(context, app.baseUrl, { name: 'login', path: '/login' }, `${language}/${kind}/login`));
          await context.close();
        }
      }
    }
  } finally {
    await browser.close();
    await app.stop();
  }
  writeFileSync(join(outDir, 'report.json'), JSON.stringify(report, null, 2));
  const flagged = report.filter((entry) => entry.problems.length);
  console.log(`\n${report.length} screenshots in ${outDir}; ${flagged.length} with findings (report.json)`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
