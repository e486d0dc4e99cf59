// Kiosk TVs and board profiles (issue 13 item 6), in the browser: an administrator creates a
// profile and pairs a TV on /setting/dashboard; the TV opens the link in a context with no login,
// shows the board, switches presentation live when the profile changes, and says it is unpaired
// the moment it is revoked.
import type { Browser, Page } from 'playwright-core';
import { ACCOUNTS, launchBrowser, login, newUserContext, screenshot, toast } from './support/browser';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

async function openSettings(page: Page): Promise<void> {
  await login(page, ACCOUNTS.admin, '/setting/dashboard');
  await page.getByTestId('board-profiles').waitFor();
}

describe('kiosk TVs', () => {
  it('creates a profile, pairs a TV that runs without a login, follows the profile live and is revoked at once', async () => {
    const adminContext = await newUserContext(browser, { language: 'en', width: 1440, height: 900 });
    const admin = await adminContext.newPage();
    await openSettings(admin);
    const name = `Line ${Date.now() % 100000}`;

    // A profile: whole-page presentation.
    await admin.getByTestId('profile-create').click();
    const profileForm = admin.getByTestId('profile-form');
    await profileForm.locator('#profile-name').fill(name);
    await profileForm.locator('label[data-mode=whole]').click();
    await profileForm.getByRole('button', { name: 'Save' }).click();
    await toast(admin).getByText('Board profile saved').waitFor();
    await admin.getByTestId('profile-list').getByRole('cell', { name, exact: true }).waitFor();

    // Pairing, by keyboard: the button, the name, Enter.
    await admin.getByTestId('device-pair').focus();
    await admin.keyboard.press('Enter');
    const pairForm = admin.getByTestId('pair-form');
    await pairForm.locator('#device-name').focus();
    await admin.keyboard.type(`${name} TV`);
    await pairForm.locator('.p-dropdown').click();
    await admin.locator('.p-dropdown-panel').getByRole('option', { name, exact: true }).click();
    await admin.locator('.p-dropdown-panel').waitFor({ state: 'detached' });
    await pairForm.locator('#device-name').focus();
    await admin.keyboard.press('Enter');
    await admin.getByTestId('pair-result').waitFor();
    await admin.locator('[data-testid=pair-qr][data-ready=true]').waitFor();
    const link = await admin.getByTestId('pair-link').inputValue();
    expect(link).toMatch(/\/kiosk\?device=[\w-]{20,}$/);
    await screenshot(admin, 'kiosk-pair-en-1440');
    await admin.getByRole('button', { name: 'Done' }).click();
    const deviceRow = admin.getByTestId('device-list').getByRole('row').filter({ hasText: `${name} TV` });
    await deviceRow.waitFor();

    // The TV: a fresh browser context, no login, opens the link once.
    const tvContext = await newUserContext(browser, { width: 1920, height: 1080 });
    const tv = await tvContext.newPage();
    await tv.goto(link);
    await tv.waitForURL(/\/kiosk$/);
    await tv.locator('[data-testid=board-root][data-mode=whole]').waitFor();
    await tv.locator('[data-testid=board-connection][data-liveness=live]').waitFor();
    expect(await tv.evaluate(() => window.localStorage.getItem('stitchboard.deviceKey'))).toBe(new URL(link).searchParams.get('device'));
    await screenshot(tv, 'kiosk-board-whole');
    // The device list now says when the TV was last seen.
    await admin.reload();
    await deviceRow.waitFor();
    await expect(deviceRow.innerText()).resolves.not.toContain('Never connected');

    // Changing the profile's presentation moves the TV live, without a reload.
    await tv.evaluate(() => ((window as unknown as { kioskMarker: number }).kioskMarker = 42));
    await admin.getByRole('button', { name: `Edit profile ${name}` }).click();
    await admin.getByTestId('profile-form').locator('label[data-mode=scroll]').click();
    await admin.getByTestId('profile-form').getByRole('button', { name: 'Save' }).click();
    await toast(admin).getByText('Board profile saved').first().waitFor();
    await tv.locator('[data-testid=board-root][data-mode=scroll]').waitFor({ timeout: 10_000 });
    expect(await tv.evaluate(() => (window as unknown as { kioskMarker?: number }).kioskMarker)).toBe(42);
    await screenshot(tv, 'kiosk-board-scroll');

    // Revoke: the TV is disconnected at once and says it is unpaired.
    await deviceRow.getByRole('button', { name: `Revoke TV ${name} TV` }).click();
    await admin.locator('.p-confirm-dialog').getByRole('button', { name: 'Revoke' }).click();
    await toast(admin).getByText('TV revoked').waitFor();
    await tv.getByTestId('kiosk-unpaired').waitFor({ timeout: 10_000 });
    await screenshot(tv, 'kiosk-unpaired');

    // The settings screen on a phone: no page-wide sideways scroll.
    await admin.setViewportSize({ width: 390, height: 844 });
    await admin.getByTestId('board-profiles').scrollIntoViewIfNeeded();
    expect(await admin.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(1);
    await screenshot(admin, 'kiosk-settings-en-390');

    await tvContext.close();
    await adminContext.close();
  });
});
