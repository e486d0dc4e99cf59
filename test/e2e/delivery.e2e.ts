// Fast first load (issue 10, item 6) as the browser sees it: every text response compressed
// (br or gzip), hashed assets cached for a year and index.html revalidated, a second visit
// downloads no script, and the JavaScript on the wire stays within budget. Timings are measured
// by `npm run bench:web`, not here (they depend on the machine).
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { ACCOUNTS, launchBrowser, login, newUserContext } from './support/browser';

const KB = 1024;
/** The targets; `npm run bench:web` fails when they are missed. */
const BOARD_JS_TARGET = 250 * KB;
/**
 * The login page's target is 150 KB (enforced by bench:web); this regression ceiling is what the
 * page ships today (~173 KB: React + PrimeReact core + i18next + axios ≈ 122 KB of it), so a
 * change that adds a library to the login page fails here.
 */
const LOGIN_JS_CEILING = 185 * KB;

interface Seen {
  url: string;
  type: string;
  status: number;
  headers: Record<string, string>;
  bytes: number;
  fromCache: boolean;
}

/** Records every response of `page` (headers lower-cased, bytes as transferred). */
async function record(context: BrowserContext, page: Page): Promise<{ seen: Seen[]; cdp: CDPSession }> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const seen = new Map<string, Seen>();
  // Chromium reports "served from cache" before the response itself.
  const cached = new Set<string>();
  cdp.on('Network.requestServedFromCache', ({ requestId }) => cached.add(requestId));
  cdp.on('Network.responseReceived', ({ requestId, type, response }) => {
    seen.set(requestId, {
      url: response.url,
      type,
      status: response.status,
      headers: Object.fromEntries(Object.entries(response.headers).map(([key, value]) => [key.toLowerCase(), String(value)])),
      bytes: 0,
      fromCache: cached.has(requestId) || Boolean(response.fromDiskCache || response.fromPrefetchCache || response.fromServiceWorker),
    });
  });
  cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
    const entry = seen.get(requestId);
    if (entry) entry.bytes = encodedDataLength;
  });
  return {
    cdp,
    get seen() {
      return [...seen.values()];
    },
  };
}

const scripts = (seen: Seen[]) => seen.filter((entry) => entry.type === 'Script' && !entry.fromCache);
const sum = (entries: Seen[]) => entries.reduce((total, entry) => total + entry.bytes, 0);
const path = (entry: Seen) => new URL(entry.url).pathname;

async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle', { timeout: 20_000 }).catch(() => undefined);
}

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe('delivery of the first load', () => {
  it('login page: compressed HTML, JS and CSS; hashed assets immutable, index.html revalidated; JS within budget; nothing re-downloaded on the next visit', async () => {
    const context = await newUserContext(browser);
    const page = await context.newPage();
    const log = await record(context, page);
    await page.goto('/login');
    await page.locator('#login-username').waitFor();
    await settle(page);

    const document = log.seen.find((entry) => entry.type === 'Document')!;
    expect(document.headers['content-encoding']).toMatch(/^(br|gzip)$/);
    expect(document.headers['cache-control']).toBe('no-cache');
    expect(document.headers['content-security-policy']).toContain("script-src 'self'");

    const assets = log.seen.filter((entry) => path(entry).startsWith('/assets/') && (entry.type === 'Script' || entry.type === 'Stylesheet'));
    expect(assets.some((entry) => entry.type === 'Stylesheet')).toBe(true);
    for (const asset of assets) {
      expect([path(asset), asset.headers['cache-control']]).toEqual([path(asset), 'public, max-age=31536000, immutable']);
      // The build precompresses every asset over 1 KB; smaller ones are not worth it.
      const size = Number(asset.headers['content-length'] ?? asset.bytes);
      if (size >= KB) expect([path(asset), asset.headers['content-encoding']]).toEqual([path(asset), expect.stringMatching(/^(br|gzip)$/)]);
    }

    const js = sum(scripts(log.seen));
    console.log(`delivery: /login transferred ${(js / KB).toFixed(1)} KB of JavaScript in ${scripts(log.seen).length} files`);
    expect(js).toBeGreaterThan(50 * KB);
    expect(js).toBeLessThanOrEqual(LOGIN_JS_CEILING);

    // A second visit: every hashed script comes from the cache, only index.html is asked again.
    const again = await record(context, page);
    await page.goto('/login');
    await page.locator('#login-username').waitFor();
    await settle(page);
    const downloaded = again.seen.filter((entry) => entry.type === 'Script' && !entry.fromCache && path(entry).startsWith('/assets/'));
    expect(downloaded.map(path)).toEqual([]);
    await context.close();
  });

  it('signed in: API JSON over 1 KB is compressed and never cached; the TV board ships ≤ 250 KB of JavaScript', async () => {
    const context = await newUserContext(browser);
    const page = await context.newPage();
    await login(page, ACCOUNTS.admin);
    await settle(page);

    const cold = await browser.newContext({ baseURL: process.env.E2E_BASE_URL, storageState: await context.storageState() });
    const board = await cold.newPage();
    const log = await record(cold, board);
    await board.goto('/wholeDashboard');
    await board.locator('.board-grid').waitFor({ timeout: 30_000 });
    await settle(board);

    const api = log.seen.filter((entry) => path(entry).startsWith('/api/') && entry.headers['content-type']?.startsWith('application/json'));
    expect(api.length).toBeGreaterThan(0);
    for (const answer of api) expect([path(answer), answer.headers['cache-control']]).toEqual([path(answer), 'no-store']);
    const large = api.filter((entry) => Number(entry.headers['content-length'] ?? Infinity) >= KB || entry.headers['content-encoding']);
    expect(large.length).toBeGreaterThan(0);
    for (const answer of large) expect([path(answer), answer.headers['content-encoding']]).toEqual([path(answer), expect.stringMatching(/^(br|gzip)$/)]);

    const js = sum(scripts(log.seen));
    console.log(`delivery: /wholeDashboard transferred ${(js / KB).toFixed(1)} KB of JavaScript`);
    expect(js).toBeLessThanOrEqual(BOARD_JS_TARGET);
    // Charts belong to the console: the board never downloads them.
    expect(scripts(log.seen).map(path).filter((name) => /recharts|ConsolePage/i.test(name))).toEqual([]);
    await cold.close();
    await context.close();
  });
});
