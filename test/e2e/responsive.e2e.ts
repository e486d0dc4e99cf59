import type { Browser, Page } from 'playwright-core';
import { ApiClient } from './support/api';
import { ACCOUNTS, baseUrl, launchBrowser, login, newUserContext, screenshot, type UiLanguage } from './support/browser';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe('layout', () => {
  it('collapses the sidebar below 992 px and opens it as an overlay', async () => {
    const context = await newUserContext(browser, { language: 'zh-CN', width: 800, height: 900 });
    const page = await context.newPage();
    await login(page, ACCOUNTS.admin);
    await page.waitForURL(/\/home\/index$/);
    const layout = page.locator('.layout');
    await expect(layout.getAttribute('data-device')).resolves.toBe('mobile');
    await expect(layout.getAttribute('data-sidebar')).resolves.toBe('collapsed');
    // Off-canvas: the sidebar lies left of the viewport.
    await page.waitForFunction(() => document.querySelector('.layout-sidebar')!.getBoundingClientRect().right <= 0);
    await screenshot(page, 'console-800px-zh-CN');

    await page.getByRole('button', { name: '展开/收起菜单' }).click();
    await expect(layout.getAttribute('data-sidebar')).resolves.toBe('open');
    await page.waitForFunction(() => document.querySelector('.layout-sidebar')!.getBoundingClientRect().left >= 0);
    await screenshot(page, 'console-800px-menu-open-zh-CN', { fullPage: false });

    // Choosing a screen closes the overlay.
    await page.locator('.layout-sidebar').getByText('看板设置').click();
    await page.waitForURL(/\/setting\/dashboard$/);
    await expect(layout.getAttribute('data-sidebar')).resolves.toBe('collapsed');
    await context.close();
  });

  it('keeps the desktop sidebar state in a cookie', async () => {
    const context = await newUserContext(browser, { language: 'zh-CN' });
    const page = await context.newPage();
    await login(page, ACCOUNTS.admin);
    const layout = page.locator('.layout');
    await expect(layout.getAttribute('data-sidebar')).resolves.toBe('open');
    await page.getByRole('button', { name: '展开/收起菜单' }).click();
    await expect(layout.getAttribute('data-sidebar')).resolves.toBe('collapsed');
    // An icon rail once the width transition has finished.
    await page.waitForFunction(() => document.querySelector('.layout-sidebar')!.getBoundingClientRect().width < 100);
    await page.reload();
    await expect(page.locator('.layout').getAttribute('data-sidebar')).resolves.toBe('collapsed');
    expect((await context.cookies()).find((cookie) => cookie.name === 'sidebarStatus')?.value).toBe('0');
    await context.close();
  });
});

/**
 * How the top bar shows the screen's name: the name's text, the part of it that is painted
 * (inside every box that clips it, left of the actions, inside the bar), and the widths of the
 * menu button and the action buttons.
 */
function topBarLook(page: Page) {
  return page.evaluate(() => {
    const current = document.querySelector('.app-breadcrumb .p-menuitem:last-child')!;
    const bar = document.querySelector('.layout-topbar')!.getBoundingClientRect();
    const actions = document.querySelector('.topbar-actions')!.getBoundingClientRect();
    const range = document.createRange();
    range.selectNodeContents(current);
    // The text's line boxes (and its inline elements', which repeat them).
    const lines = [...range.getClientRects()].filter((rect) => rect.width > 0);
    // Every ancestor that clips (overflow other than visible) up to the bar.
    const clips: DOMRect[] = [];
    for (let node: Element | null = current; node && node !== document.body; node = node.parentElement) {
      const style = getComputedStyle(node);
      if (style.overflowX !== 'visible' || style.overflowY !== 'visible') clips.push(node.getBoundingClientRect());
      if (node.classList.contains('layout-topbar')) break;
    }
    const inside = (rect: DOMRect, box: { left: number; right: number; top: number; bottom: number }) => rect.left >= box.left - 0.5 && rect.right <= box.right + 0.5 && rect.top >= box.top - 0.5 && rect.bottom <= box.bottom + 0.5;
    const box = (rect: DOMRect) => `${Math.round(rect.left)},${Math.round(rect.top)}–${Math.round(rect.right)},${Math.round(rect.bottom)}`;
    // Described, so that a failure says which line went where.
    const cut = lines.filter((line) => !inside(line, bar) || line.right > actions.left + 0.5 || clips.some((clip) => !inside(line, clip))).map((line) => `${box(line)} in ${clips.map(box).join(' / ')}`);
    const ellipsis = [current, ...current.querySelectorAll('*')].some((element) => getComputedStyle(element).textOverflow === 'ellipsis' && element.scrollWidth > element.clientWidth + 1);
    // Buttons shown on a phone (the key button gives way to the account menu's entry there).
    const shown = [...document.querySelectorAll('.topbar-actions button, .topbar-actions .p-dropdown')].filter((element) => getComputedStyle(element).display !== 'none');
    const buttons = [document.querySelector('.topbar-toggle')!, ...shown].map((element) => Math.round(element.getBoundingClientRect().width));
    return { text: current.textContent?.trim() ?? '', lines: new Set(lines.map((line) => Math.round(line.top))).size, cut, ellipsis, buttons, overflow: document.documentElement.scrollWidth - document.documentElement.clientWidth };
  });
}

describe('the top bar on a 390 px phone', () => {
  const titles: Record<UiLanguage, string[]> = {
    en: ['Difference statistics', 'Performance appraisal', 'Order overview', 'Scan station'],
    'zh-CN': ['差异统计', '绩效考核明细', '订单总览', '扫描工位'],
  };

  it.each(['en', 'zh-CN'] as const)('names the managers’ screens and the order overview in full (%s)', async (language) => {
    const admin = await ApiClient.login(ACCOUNTS.admin.username, ACCOUNTS.admin.password);
    const order = (await admin.get<{ list: { id: number }[] }>('productionOrder/list', { page: 1, pageSize: 1 })).list[0];
    const paths = ['/production/statistics/difference', '/production/performanceAppraisalDetails', `/production/orderOverview/${order.id}`, '/production/scan'];
    const context = await browser.newContext({ baseURL: baseUrl(), viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await context.addInitScript((chosen) => {
      if (!window.localStorage.getItem('language')) window.localStorage.setItem('language', chosen);
    }, language);
    const page = await context.newPage();
    try {
      await login(page, ACCOUNTS.admin, paths[0]);
      for (const [index, path] of paths.entries()) {
        if (index > 0) await page.goto(path);
        await page.locator('.app-breadcrumb .crumb-current', { hasText: titles[language][index] }).waitFor();
        const look = await topBarLook(page);
        // The whole name is painted: every line inside the bar, left of the actions, not clipped.
        expect({ path, text: look.text, cut: look.cut, ellipsis: look.ellipsis }).toEqual({ path, text: titles[language][index], cut: [], ellipsis: false });
        // At most two lines (the bar is 56 px high), and nothing made the page wider than the phone.
        expect(look.lines).toBeLessThanOrEqual(2);
        expect(look.overflow).toBeLessThanOrEqual(0);
        // The menu and the actions stay large enough for a finger (the menu button had been squeezed to 18 px).
        for (const width of look.buttons) expect(width).toBeGreaterThanOrEqual(36);
      }
      await page.goto(paths[0]);
      await page.locator('.app-breadcrumb .crumb-current').waitFor();
      await screenshot(page, `topbar-390-difference-${language}`, { fullPage: false });
    } finally {
      await context.close();
    }
  });
});
