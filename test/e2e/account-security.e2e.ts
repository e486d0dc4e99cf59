// Accounts in the browser: a password an administrator reset must be changed before anything
// else opens, every user can change their own password from the top bar by keyboard alone, and
// a published default password is flagged on every screen.
import type { Browser, Page } from 'playwright-core';
import { ApiClient } from './support/api';
import { ACCOUNTS, baseUrl, launchBrowser, login, newUserContext, screenshot, toast } from './support/browser';

let browser: Browser;
let admin: ApiClient;

/** A user with the Home and Goods screens who has done the first-login change: password `password`. */
async function activeUser(username: string, password: string): Promise<number> {
  const temporary = `${password}-first`;
  const created = await admin.post<{ id: number; version: number }>('user/create', { username, nickname: username, password: temporary, enabled: true });
  await admin.post('user/updatePermission', { id: created.id, version: created.version, permissions: 'Home,Goods' });
  const login = await fetch(`${baseUrl()}/api/admin/login/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username, password: temporary }),
  }).then((r) => r.json() as Promise<{ data: { token: string } }>);
  const changed = await fetch(`${baseUrl()}/api/admin/user/changePassword`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', token: login.data.token },
    body: new URLSearchParams({ currentPassword: temporary, newPassword: password }),
  }).then((r) => r.json() as Promise<{ code: number }>);
  expect(changed.code).toBe(200);
  return created.id;
}

/** Tab until the input with `className` has the focus (at most a few steps). */
async function nextField(page: Page, className: string): Promise<void> {
  for (let step = 0; step < 4; step++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate((name) => document.activeElement?.classList.contains(name) ?? false, className)) return;
  }
  throw new Error(`Tab never reached .${className}`);
}

async function apiLoginStatus(username: string, password: string): Promise<number> {
  const response = await fetch(`${baseUrl()}/api/admin/login/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username, password }),
  });
  return response.status;
}

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await ApiClient.login(ACCOUNTS.admin.username, ACCOUNTS.admin.password);
});

afterAll(async () => {
  await browser?.close();
});

describe('account security', () => {
  it('makes a user whose password an administrator reset change it before anything else', async () => {
    const id = await activeUser('e2e.forced', 'Own-choice-101');
    await admin.post('user/resetPassword', { id, password: 'Reset-by-admin-202' });

    const context = await newUserContext(browser, { language: 'zh-CN' });
    const page = await context.newPage();
    await login(page, { username: 'e2e.forced', password: 'Reset-by-admin-202' });
    const forced = page.locator('.forced-password-change');
    await forced.getByRole('heading', { name: '请先修改密码' }).waitFor();
    // The first field has the focus: the user can type at once.
    await page.waitForFunction(() => document.activeElement?.classList.contains('change-password-currentPassword'));
    // Another screen from the menu still shows only the forced change.
    await page.goto('/base/goods/index');
    await forced.waitFor();
    await screenshot(page, 'account-forced-change-zh-CN');

    // A common password is refused by the server, under the field.
    await page.locator('.change-password-currentPassword').fill('Reset-by-admin-202');
    await page.locator('.change-password-newPassword').fill('password123');
    await page.locator('.change-password-confirmPassword').fill('password123');
    await page.locator('.change-password-confirmPassword').press('Enter');
    await forced.getByRole('alert').getByText('密码不符合要求：这是常见密码，很容易被猜到').waitFor();

    await page.locator('.change-password-newPassword').fill('Mine-again-303');
    await page.locator('.change-password-confirmPassword').fill('Mine-again-303');
    await page.locator('.change-password-confirmPassword').press('Enter');
    await toast(page).getByText('密码已修改，其他设备上的登录已退出').waitFor();
    await forced.waitFor({ state: 'detached' });
    // The screen itself is back (the goods list loads).
    await page.locator('.layout-content').getByRole('table').first().waitFor();
    await context.close();

    expect(await apiLoginStatus('e2e.forced', 'Reset-by-admin-202')).toBe(401);
    expect(await apiLoginStatus('e2e.forced', 'Mine-again-303')).toBe(200);
  });

  it('changes one\'s own password from the top bar with the keyboard alone', async () => {
    await activeUser('e2e.keys', 'Keyboard-pass-404');
    const context = await newUserContext(browser, { language: 'en' });
    const page = await context.newPage();
    await login(page, { username: 'e2e.keys', password: 'Keyboard-pass-404' });
    await page.waitForURL(/\/home\/index$/);
    // A chosen password: no default-password warning.
    expect(await page.locator('.default-password-warning').count()).toBe(0);

    const entry = page.getByRole('button', { name: 'Change password' });
    await entry.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Change password' });
    await dialog.waitFor();
    // Escape closes it without changing anything.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    await entry.focus();
    await page.keyboard.press('Enter');
    await dialog.waitFor();
    await page.waitForFunction(() => document.activeElement?.classList.contains('change-password-currentPassword'));
    await page.keyboard.type('not-my-password');
    // Tab passes the field's show/hide switch (itself keyboard-operable) on to the next field.
    await nextField(page, 'change-password-newPassword');
    await page.keyboard.type('Keyboard-new-505');
    await nextField(page, 'change-password-confirmPassword');
    await page.keyboard.type('Keyboard-new-505');
    await page.keyboard.press('Enter');
    await dialog.getByRole('alert').getByText('The current password is wrong').waitFor();
    await screenshot(page, 'account-change-password-dialog-en');

    await page.locator('.change-password-currentPassword').fill('');
    await page.locator('.change-password-currentPassword').focus();
    await page.keyboard.type('Keyboard-pass-404');
    await page.keyboard.press('Enter');
    await toast(page).getByText('Password changed; sign-ins on other devices were ended').waitFor();
    await dialog.waitFor({ state: 'detached' });
    await context.close();

    expect(await apiLoginStatus('e2e.keys', 'Keyboard-pass-404')).toBe(401);
    expect(await apiLoginStatus('e2e.keys', 'Keyboard-new-505')).toBe(200);
  });

  it('warns on every screen while a published default password is in use', async () => {
    const context = await newUserContext(browser, { language: 'en' });
    const page: Page = await context.newPage();
    await login(page, ACCOUNTS.viewer);
    const warning = page.locator('.default-password-warning');
    await warning.getByText('This account uses a published default password').waitFor();
    await warning.getByRole('button', { name: 'Change now' }).click();
    await page.getByRole('dialog', { name: 'Change password' }).waitFor();
    await screenshot(page, 'account-default-password-warning-en');
    await context.close();
  });
});
