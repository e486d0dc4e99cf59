#!/usr/bin/env node
// `npm run bench:web`: how fast the first visit is, measured in a real browser (PRODUCT issue 10
// item 6). Builds what is missing, starts the built app on a fresh data folder (or uses
// BENCH_URL), then with the system Chromium, cold cache each time:
//   - JavaScript bytes transferred (encoded, as on the wire, from CDP Network events) for the
//     login page, a board opened by its key, and the console when signed in;
//   - first paint / first contentful paint and "screen ready" on a throttled phone profile
//     (1.6 Mbps down, 750 kbps up, 150 ms RTT, 4× CPU, 390×844) and, in the same run, unthrottled.
// Exits 1 when a target is missed: /login ≤ 150 KB of JS, a board ≤ 250 KB, throttled FCP ≤ 2.5 s.
// BENCH_RUNS (default 3) throttled loads per route, the median is judged.
import { chromium } from 'playwright-core';
import { buildIfNeeded } from './build-if-needed.mjs';
import { startBuiltApp } from './built-app.mjs';

const KB = 1024;
export const TARGETS = { loginJs: 150 * KB, boardJs: 250 * KB, fcpMs: 2500 };
/** Slow 4G as a phone on a factory floor sees it (Lighthouse's "slow 4G" profile). */
const PHONE = { downloadKbps: 1600, uploadKbps: 750, rttMs: 150, cpuSlowdown: 4, width: 390, height: 844 };
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS || 3));

/** The built app with the demo factory, quiet. */
const startApp = () => startBuiltApp({ env: { LOG_LEVEL: 'warn' } });

async function api(baseUrl, path, { token, body } = {}) {
  const response = await fetch(`${baseUrl}/api/admin/${path}`, {
    method: body ? 'POST' : 'GET',
    headers: { ...(token ? { token } : {}), ...(body ? { 'Content-Type': 'application/x-www-form-urlencoded' } : {}) },
    body: body ? new URLSearchParams(body) : undefined,
  });
  const envelope = await response.json();
  if (envelope.code !== 200) throw new Error(`${path}: ${envelope.message}`);
  return envelope.data;
}

/** The admin's session (for the console) and the public board's key (enabled if it was not). */
async function prepare(baseUrl) {
  const session = await api(baseUrl, 'login/login', {
    body: { username: process.env.BENCH_USER || 'admin', password: process.env.BENCH_PASSWORD || 'admin123' },
  });
  const settings = await api(baseUrl, 'setting/getDashboardSetting', { token: session.token });
  if (!settings.boardKeyEnabled || !settings.boardKey) {
    const { refreshType, refreshInterval, completedVisibleDays, displayMode, sortBy } = settings;
    await api(baseUrl, 'setting/updateDashboardSetting', {
      token: session.token,
      body: { refreshType, refreshInterval, completedVisibleDays, displayMode, sortBy, boardKeyEnabled: 'true' },
    });
  }
  const { boardKey } = await api(baseUrl, 'setting/getDashboardSetting', { token: session.token });
  if (!boardKey) throw new Error('the board has no key');
  return { session, boardKey };
}

/**
 * The pages measured. `ready` is the selector of the first useful thing on the screen.
 * `budget` is the JS target (bytes), when the page has one; `fcpTarget`: the phone FCP target applies.
 */
function pagesOf(boardKey) {
  return [
    { name: 'login', path: '/login', ready: '#login-username', budget: TARGETS.loginJs, fcpTarget: true },
    // The public phone board, opened by its key as a floor lead would.
    { name: 'mobile board', path: `/mobile/dashboard?key=${encodeURIComponent(boardKey)}`, ready: '[data-testid=mobile-card]', budget: TARGETS.boardJs, fcpTarget: true },
    // The TV board of a signed-in screen.
    { name: 'whole board', path: '/wholeDashboard', ready: '.board-grid', budget: TARGETS.boardJs, signedIn: true },
    // No target: reported so a regression on the busiest screen is visible.
    { name: 'console', path: '/home/index', ready: '.layout-content', signedIn: true },
  ];
}

/** One cold visit in a fresh context: bytes by resource type (encoded) and paint timings. */
async function visit(browser, baseUrl, page, { throttled, session }) {
  const viewport = throttled ? { width: PHONE.width, height: PHONE.height } : { width: 1440, height: 900 };
  const context = await browser.newContext({ viewport, baseURL: baseUrl });
  if (page.signedIn) {
    // The session cookies the login screen would set (js-cookie reads them URI-encoded).
    await context.addCookies(
      ['token', 'permission', 'processList'].map((name) => ({ name, value: encodeURIComponent(String(session[name] ?? '')), url: baseUrl })),
    );
  }
  const tab = await context.newPage();
  const cdp = await context.newCDPSession(tab);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  if (throttled) {
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: PHONE.rttMs,
      downloadThroughput: (PHONE.downloadKbps * 1000) / 8,
      uploadThroughput: (PHONE.uploadKbps * 1000) / 8,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: PHONE.cpuSlowdown });
  }
  const types = new Map();
  const bytes = {};
  const encodings = {};
  cdp.on('Network.responseReceived', ({ requestId, type, response }) => {
    types.set(requestId, type);
    const encoding = Object.entries(response.headers).find(([key]) => key.toLowerCase() === 'content-encoding')?.[1] ?? 'none';
    encodings[type] = encodings[type] ?? {};
    encodings[type][encoding] = (encodings[type][encoding] ?? 0) + 1;
  });
  cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
    const type = types.get(requestId) ?? 'Other';
    bytes[type] = (bytes[type] ?? 0) + encodedDataLength;
  });
  const started = Date.now();
  await tab.goto(page.path, { waitUntil: 'commit' });
  await tab.waitForSelector(page.ready, { state: 'visible', timeout: 60_000 });
  const readyMs = Date.now() - started;
  // Let lazy chunks and the first API answers finish, so late JavaScript is counted too.
  await tab.waitForLoadState('networkidle', { timeout: 60_000 }).catch(() => undefined);
  const paints = await tab.evaluate(() =>
    Object.fromEntries(performance.getEntriesByType('paint').map((entry) => [entry.name, Math.round(entry.startTime)])),
  );
  await context.close();
  return { bytes, encodings, readyMs, fp: paints['first-paint'] ?? NaN, fcp: paints['first-contentful-paint'] ?? NaN };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};
const kb = (value) => `${(value / KB).toFixed(1)} KB`;
const ms = (value) => (Number.isFinite(value) ? `${Math.round(value)} ms` : 'n/a');

async function main() {
  let app;
  let baseUrl = process.env.BENCH_URL;
  if (!baseUrl) {
    buildIfNeeded();
    app = await startApp();
    baseUrl = app.baseUrl;
  }
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  const failures = [];
  try {
    const { session, boardKey } = await prepare(baseUrl);
    console.log(`bench:web against ${baseUrl} — phone profile ${PHONE.downloadKbps} kbps down, ${PHONE.rttMs} ms RTT, ${PHONE.cpuSlowdown}× CPU, ${PHONE.width}×${PHONE.height}; ${RUNS} throttled run(s) per page, median`);
    for (const page of pagesOf(boardKey)) {
      const fast = await visit(browser, baseUrl, page, { throttled: false, session });
      const slow = [];
      for (let run = 0; run < RUNS; run += 1) slow.push(await visit(browser, baseUrl, page, { throttled: true, session }));
      const js = fast.bytes.Script ?? 0;
      const css = fast.bytes.Stylesheet ?? 0;
      const all = Object.values(fast.bytes).reduce((sum, value) => sum + value, 0);
      const fcp = median(slow.map((result) => result.fcp));
      const fp = median(slow.map((result) => result.fp));
      const ready = median(slow.map((result) => result.readyMs));
      console.log(`\n${page.name} (${page.path.replace(/key=[^&]+/, 'key=…')})`);
      console.log(`  transferred: JS ${kb(js)}, CSS ${kb(css)}, fonts ${kb(fast.bytes.Font ?? 0)}, everything ${kb(all)}`);
      console.log(`  content-encoding: JS ${JSON.stringify(fast.encodings.Script ?? {})}, CSS ${JSON.stringify(fast.encodings.Stylesheet ?? {})}, document ${JSON.stringify(fast.encodings.Document ?? {})}`);
      console.log(`  unthrottled: first paint ${ms(fast.fp)}, FCP ${ms(fast.fcp)}, ready ${ms(fast.readyMs)}`);
      console.log(`  phone:       first paint ${ms(fp)}, FCP ${ms(fcp)}, ready ${ms(ready)}  (runs: FCP ${slow.map((r) => ms(r.fcp)).join(', ')})`);
      console.log(`  phone / unthrottled: FCP ×${(fcp / fast.fcp).toFixed(1)}, ready ×${(ready / fast.readyMs).toFixed(1)}`);
      if (page.budget !== undefined) {
        const verdict = js <= page.budget ? 'ok' : 'MISSED';
        console.log(`  JS budget ${kb(page.budget)}: ${verdict}`);
        if (js > page.budget) failures.push(`${page.name}: ${kb(js)} of JS > ${kb(page.budget)}`);
      }
      if (page.fcpTarget) {
        const fcpVerdict = fcp <= TARGETS.fcpMs ? 'ok' : 'MISSED';
        console.log(`  phone FCP target ${ms(TARGETS.fcpMs)}: ${fcpVerdict}`);
        if (!(fcp <= TARGETS.fcpMs)) failures.push(`${page.name}: phone FCP ${ms(fcp)} > ${ms(TARGETS.fcpMs)}`);
      }
    }
  } finally {
    await browser.close();
    await app?.stop();
  }
  if (failures.length) {
    console.error(`\nbench:web: ${failures.length} target(s) missed:\n  ${failures.join('\n  ')}`);
    process.exit(1);
  }
  console.log('\nbench:web: every target met');
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
