// Browser helpers: the system Chromium through playwright-core, one context per user.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export type UiLanguage = 'zh-CN' | 'en';

export const ACCOUNTS = {
  admin: { username: 'admin', password: 'admin123' },
  viewer: { username: 'viewer', password: 'viewer123' },
} as const;

function screenshotDir(): string {
  return join(process.env.E2E_REPO_ROOT ?? process.cwd(), 'test-output/screenshots');
}

export function baseUrl(): string {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error('E2E_BASE_URL is not set: run through test/e2e/jest.config.js (global setup)');
  return url;
}

export interface LaunchOptions {
  /** Chromium `--host-resolver-rules`, e.g. `MAP stitch.test 127.0.0.1`: open the app by a non-loopback name. */
  hostResolverRules?: string;
}

export function launchBrowser(options: LaunchOptions = {}): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      ...(options.hostResolverRules ? [`--host-resolver-rules=${options.hostResolverRules}`] : []),
    ],
  });
}

export async function newUserContext(browser: Browser, options: { language?: UiLanguage; width?: number; height?: number } = {}): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: baseUrl(),
    viewport: { width: options.width ?? 1366, height: options.height ?? 860 },
  });
  if (options.language) {
    // The app keeps the language in localStorage; set it before the first script runs.
    await context.addInitScript((language) => {
      if (!window.localStorage.getItem('language')) window.localStorage.setItem('language', language);
    }, options.language);
  }
  return context;
}

export async function login(page: Page, account: { username: string; password: string }, startPath = '/'): Promise<void> {
  await page.goto(startPath);
  await page.waitForURL(/\/login/);
  await page.locator('#login-username').fill(account.username);
  await page.locator('#login-password').fill(account.password);
  await page.locator('button[type=submit]').click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

export async function screenshot(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  const dir = screenshotDir();
  mkdirSync(dir, { recursive: true });
  // Fixed and sticky parts (sidebar, top bar, overlays) are drawn where the viewport is: a
  // full-page picture of a scrolled page would show them mid-page.
  const fullPage = options.fullPage ?? true;
  if (fullPage) await page.evaluate(() => window.scrollTo(0, 0));
  // Let transitions (toasts, highlights) settle a moment so the picture shows a stable screen.
  await page.waitForTimeout(300);
  await page.screenshot({ path: join(dir, `${name}.png`), fullPage });
}

/** The text of the visible toast messages. */
export function toast(page: Page) {
  return page.locator('.p-toast-message');
}
