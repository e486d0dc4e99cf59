// Accessibility (issue 10, item 7): axe-core on the screens people use all day, in both
// languages — login, console, the sales-order form, a list, the scan station and the boards —
// with no serious or critical violation (WCAG 2.1 A/AA rules: contrast, names, labels, ARIA).
import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ACCOUNTS, launchBrowser, login, newUserContext, type UiLanguage } from './support/browser';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** Serious and critical findings, one line each with the elements they concern. */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(WCAG).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes
          .slice(0, 6)
          .map((node) => `${node.target.join(' ')}${node.failureSummary ? ` [${node.failureSummary.split('\n').slice(1).join(' ').trim()}]` : ''}`)
          .join(' | ')}${violation.nodes.length > 6 ? ` … +${violation.nodes.length - 6}` : ''}`,
    );
}

/** Opens `path` and waits until its content (not the loader) is on screen and settled. */
async function open(page: Page, path: string, ready: string): Promise<void> {
  await page.goto(path);
  await page.locator(ready).first().waitFor({ state: 'visible', timeout: 30_000 });
  await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => undefined);
  await page.locator('.page-loader, .p-skeleton').first().waitFor({ state: 'detached', timeout: 10_000 }).catch(() => undefined);
  // Toast and highlight transitions: axe measures colours as they are painted.
  await page.waitForTimeout(400);
}

const SCREENS: { name: string; path: string; ready: string }[] = [
  { name: 'console', path: '/home/index', ready: '.layout-content h1, .layout-content h2' },
  { name: 'sales-order form', path: '/production/saleOrder/create', ready: '.layout-content form, .layout-content .p-inputtext' },
  { name: 'production-order list', path: '/production/productionOrder/index', ready: '.p-datatable' },
  { name: 'scan station', path: '/production/scan', ready: '.layout-content input' },
  { name: 'TV board', path: '/wholeDashboard', ready: '.board-grid' },
  { name: 'phone board', path: '/mobile/dashboard', ready: '[data-testid=mobile-card]' },
];

describe.each<UiLanguage>(['zh-CN', 'en'])('accessibility in %s', (language) => {
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    context = await newUserContext(browser, { language, width: 1440, height: 900 });
    page = await context.newPage();
  });

  afterAll(async () => {
    await context?.close();
  });

  it('login page: no serious or critical violation', async () => {
    await open(page, '/login', '#login-username');
    await expect(page.evaluate(() => document.documentElement.lang)).resolves.toBe(language);
    expect(await seriousViolations(page)).toEqual([]);
  });

  describe('signed in', () => {
    beforeAll(async () => {
      await login(page, ACCOUNTS.admin);
    });

    it.each(SCREENS)('$name: no serious or critical violation', async ({ path, ready }) => {
      await open(page, path, ready);
      expect(await seriousViolations(page)).toEqual([]);
    });

    it('PrimeReact speaks the page language (its aria labels included)', async () => {
      await open(page, '/production/productionOrder/index', '.p-datatable');
      const labels = await page.evaluate(() =>
        [...document.querySelectorAll('.p-paginator [aria-label]')].map((element) => element.getAttribute('aria-label') ?? ''),
      );
      expect(labels.length).toBeGreaterThan(0);
      const english = ['First Page', 'Previous Page', 'Next Page', 'Last Page'];
      if (language === 'zh-CN') {
        expect(labels).toEqual(expect.arrayContaining(['下一页']));
        for (const label of english) expect(labels).not.toContain(label);
      } else {
        expect(labels).toEqual(expect.arrayContaining(['Next Page']));
      }
    });
  });
});
