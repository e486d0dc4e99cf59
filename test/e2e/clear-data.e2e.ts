// Clear all, in the browser: a board is open in one tab; in another the administrator types a
// wrong system title (the button stays disabled), then the right one, clears — and the board
// empties by itself, without a reload. The suite shares one server: the data is backed up
// first and restored afterwards (which also drives backup and restore end to end).
import type { Browser } from 'playwright-core';
import { ApiClient } from './support/api';
import { ACCOUNTS, baseUrl, launchBrowser, login, newUserContext, screenshot, toast } from './support/browser';

let browser: Browser;
let token: string;
let backup: ArrayBuffer | null = null;

async function adminToken(): Promise<string> {
  const response = await fetch(`${baseUrl()}/api/admin/login/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: ACCOUNTS.admin.username, password: ACCOUNTS.admin.password }),
  });
  return ((await response.json()) as { data: { token: string } }).data.token;
}

beforeAll(async () => {
  browser = await launchBrowser();
  token = await adminToken();
  const response = await fetch(`${baseUrl()}/api/admin/setting/backup`, { headers: { token } });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-disposition')).toMatch(/stitchboard-backup-\d{8}-\d{4}\.json\.gz/);
  backup = await response.arrayBuffer();
});

afterAll(async () => {
  if (backup) {
    // Put the demo data back for the other browser tests (same server).
    const form = new FormData();
    form.append('confirm', 'RESTORE');
    form.append('file', new Blob([backup]), 'backup.json.gz');
    const response = await fetch(`${baseUrl()}/api/admin/setting/restore`, { method: 'POST', headers: { token: await adminToken() }, body: form });
    const body = (await response.json()) as { code: number; message: string };
    if (body.code !== 200) throw new Error(`restore failed: ${body.message}`);
  }
  await browser?.close();
});

describe('clear data', () => {
  it('shows what clearing documents removes, asks, deletes exactly that, and the files are gone', async () => {
    const admin = await ApiClient.login(ACCOUNTS.admin.username, ACCOUNTS.admin.password);
    // Today, as the server's day (the screen allows no later date).
    const today = new Date().toLocaleDateString('sv');
    type Counts = { orders: number; files: number; bytes: number };
    const expected = await admin.get<Counts>('setting/clearDocuments/preview', { before: today });
    // The demo's completed orders carry their scanned order sheets.
    expect(expected.files).toBeGreaterThan(0);

    const context = await newUserContext(browser, { language: 'en' });
    const page = await context.newPage();
    await login(page, ACCOUNTS.admin, '/setting/clearData');
    const date = page.locator('#clear-documents-before');
    await date.click();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type(today);
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Preview' }).click();
    const preview = page.getByTestId('clear-documents-preview');
    await preview.waitFor();
    await expect(preview.innerText()).resolves.toContain(`${expected.files} files of ${expected.orders} orders will be deleted`);
    // Nothing happens before the confirmation, whose default answer is "Cancel".
    const dialog = page.locator('.clear-documents-confirm');
    // Which elements the click's press and release reached, for the warning below.
    await page.evaluate(() => {
      const trail: string[] = ((window as unknown as { clickTrail: string[] }).clickTrail = []);
      for (const type of ['pointerdown', 'pointerup', 'click']) {
        document.addEventListener(type, (event) => trail.push(`${type}@${(event.target as Element).tagName}.${(event.target as Element).className}`), { capture: true });
      }
    });
    await page.getByRole('button', { name: 'Delete these files' }).click();
    // One full run in three (never alone) saw no dialog after this click, cause not found: the
    // click is repeated once after 5 s and that is reported, so it stays visible in the log. The
    // trail tells apart a release that landed elsewhere (the page moved under the pointer) from a
    // click that reached the button and opened nothing (confirmDialog unheard by the app-wide
    // host). Neither showed in runs of this file alone, with the CPU slowed 6-10x, or with the
    // requests that follow a sign-in held back until the preview was shown.
    if (!(await dialog.waitFor({ timeout: 5000 }).then(() => true, () => false))) {
      const trail = await page.evaluate(() => (window as unknown as { clickTrail: string[] }).clickTrail.join(' '));
      console.warn(`clear-data: no confirmation after the first click on "Delete these files" (${trail}); clicking again`);
      await page.getByRole('button', { name: 'Delete these files' }).click();
      await dialog.waitFor();
    }
    await expect(admin.get<Counts>('setting/clearDocuments/preview', { before: today })).resolves.toEqual(expected);
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await toast(page).filter({ hasText: `${expected.files} files deleted` }).waitFor();
    await expect(admin.get<Counts>('setting/clearDocuments/preview', { before: today })).resolves.toEqual({ orders: 0, files: 0, bytes: 0 });
    await screenshot(page, 'clear-documents');
    await context.close();
  });

  it('clears everything after the typed system title; an open board empties without a reload', async () => {
    const admin = await ApiClient.login(ACCOUNTS.admin.username, ACCOUNTS.admin.password);
    await admin.post('setting/updateDashboardSetting', { refreshType: 0 });
    const titles = await admin.get<{ 'zh-CN': string; en: string }>('setting/getSystemTitles');

    const boardContext = await newUserContext(browser, { language: 'en' });
    const adminContext = await newUserContext(browser, { language: 'en' });
    const boardPage = await boardContext.newPage();
    const page = await adminContext.newPage();

    await login(boardPage, ACCOUNTS.viewer, '/wholeDashboard');
    await boardPage.locator('[data-testid=board-connection][data-liveness=live]').waitFor();
    await boardPage.getByTestId('board-row').first().waitFor({ timeout: 30_000 });
    // A mark on the page: it survives only if the page is not reloaded.
    await boardPage.evaluate(() => ((window as unknown as { clearDataMark: number }).clearDataMark = 42));

    await login(page, ACCOUNTS.admin, '/setting/clearData');
    await page.getByRole('heading', { name: 'Clear data', level: 1 }).waitFor();
    const field = page.locator('#clear-all-title');
    const button = page.getByTestId('clear-all-submit');
    await field.fill(`${titles.en} (wrong)`);
    await expect(button.isDisabled()).resolves.toBe(true);
    await field.fill('');
    await expect(button.isDisabled()).resolves.toBe(true);
    await field.fill(titles.en);
    await expect(button.isEnabled()).resolves.toBe(true);
    await screenshot(page, 'clear-data-typed-en');
    await button.click();

    await toast(page).getByText(/^Cleared:/).waitFor();
    await page.getByTestId('clear-all-result').waitFor();
    await expect(page.getByTestId('clear-all-result').innerText()).resolves.toMatch(/production orders/);
    await screenshot(page, 'clear-data-done-en');

    // The board: no orders, and still the same page (no reload), still live.
    await boardPage.waitForFunction(() => document.querySelectorAll('[data-testid=board-row]').length === 0, undefined, { timeout: 15_000 });
    await expect(boardPage.evaluate(() => (window as unknown as { clearDataMark?: number }).clearDataMark)).resolves.toBe(42);
    await boardPage.locator('[data-testid=board-connection][data-liveness=live]').waitFor();
    await screenshot(boardPage, 'clear-data-board-empty-en');
    expect((await admin.get<{ total: number }>('productionOrder/list', { page: 1, pageSize: 10 })).total).toBe(0);

    await boardContext.close();
    await adminContext.close();
  });
});
