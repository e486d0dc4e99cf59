// A style (goods) through the generic base-data screens: create with colours, sizes and an
// image, search, export, edit and delete, as a user clicks them.
import type { Browser, Page } from 'playwright-core';
import { ApiClient, TINY_PNG } from './support/api';
import { ACCOUNTS, launchBrowser, login, newUserContext, screenshot, toast } from './support/browser';
import { pickDropdownOption, pickMultiOptions, tableRow, typeNumber } from './support/prime';

let browser: Browser;
let api: ApiClient;

beforeAll(async () => {
  browser = await launchBrowser();
  api = await ApiClient.login(ACCOUNTS.admin.username, ACCOUNTS.admin.password);
  // What a style refers to: a category, colours and a size group with its sizes. The server
  // holds the demo factory (SEED_DEMO), so codes and names here must not match its data, not
  // even as a substring (options are picked by their text): the demo has 大红 Red, 藏青 Navy.
  await api.post('category/create', { code: 'CAT-E2E', name: '针织衫' });
  await api.post('color/create', { code: 'RED-E2E', name: '石榴红', hex: '#c81e1e' });
  await api.post('color/create', { code: 'NAVY-E2E', name: '深海蓝', hex: '#1e2a5a' });
  await api.post('size/create', { code: 'SZ-E2E', name: '常规码', sizes: JSON.stringify([{ name: 'S' }, { name: 'M' }, { name: 'L' }]) });
});

afterAll(async () => {
  await browser?.close();
});

async function fillStyleForm(page: Page, code: string): Promise<void> {
  await page.locator('#field-code').fill(code);
  await page.locator('#field-name').fill('圆领针织衫');
  await pickDropdownOption(page, 'category', '针织衫');
  await pickDropdownOption(page, 'sizeGroup', '常规码');
  await typeNumber(page.locator('#field-costPrice'), '35.5');
  await typeNumber(page.locator('#field-salesPrice'), '89');
}

describe('goods (styles)', () => {
  it('creates, searches, exports, edits and deletes a style with colours, sizes and an image', async () => {
    const context = await newUserContext(browser, { language: 'zh-CN' });
    const page = await context.newPage();
    await login(page, ACCOUNTS.admin);
    await page.goto('/base/goods/index');
    await page.getByRole('heading', { name: '商品' }).waitFor();

    await page.getByRole('button', { name: '新增' }).click();
    await page.waitForURL(/\/base\/goods\/create$/);
    await fillStyleForm(page, 'STY-E2E-1');

    // No colour yet: the form says so and stays.
    await page.getByRole('button', { name: '保存' }).click();
    await page.getByText('请先选择颜色').waitFor();
    expect(page.url()).toMatch(/\/base\/goods\/create$/);

    await pickMultiOptions(page, page.locator('[data-field="colorIds"] .p-multiselect'), ['石榴红', '深海蓝']);
    await page.locator('.size-check', { hasText: 'S' }).first().click();
    await page.locator('.size-check', { hasText: 'M' }).first().click();
    await page.locator('#field-image').setInputFiles({ name: 'style.png', mimeType: 'image/png', buffer: TINY_PNG });
    await page.locator('[data-field="image"] img[data-image-id]').waitFor();
    await screenshot(page, 'goods-form-zh-CN');

    await page.getByRole('button', { name: '保存' }).click();
    await page.waitForURL(/\/base\/goods\/index$/);
    // The list is sorted by code and the demo styles (SB26…) fill the first page: find the new
    // one by its code, as a user would.
    await page.getByRole('searchbox', { name: '搜索' }).fill('STY-E2E-1');
    const row = tableRow(page, 'STY-E2E-1');
    await row.waitFor();
    expect(await row.innerText()).toContain('针织衫');
    expect(await row.innerText()).toContain('35.50');
    expect(await row.innerText()).toContain('89.00');
    await row.locator('img.cell-thumbnail').waitFor();
    // The thumbnail really loads (the token cookie authorises it). It is a lazy image: wait for
    // its load (or error) rather than reading `complete` the moment the row appears.
    const thumbnail = await row.locator('img.cell-thumbnail').elementHandle();
    await page.waitForFunction((img) => (img as HTMLImageElement).complete, thumbnail, { timeout: 10000 });
    await expect(thumbnail!.evaluate((img) => (img as HTMLImageElement).naturalWidth > 0)).resolves.toBe(true);

    // Keyword search on the server.
    await page.getByRole('searchbox', { name: '搜索' }).fill('no-such-style');
    await page.getByText('没有符合条件的记录').waitFor();
    await page.getByRole('searchbox', { name: '搜索' }).fill('STY-E2E');
    await row.waitFor();
    await screenshot(page, 'goods-list-zh-CN');

    // Export of the current filter arrives as an .xlsx file.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: '导出 Excel' }).click()]);
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    expect(await download.failure()).toBeNull();

    // The list state survives a reload (session storage).
    await page.reload();
    await expect(page.getByRole('searchbox', { name: '搜索' }).inputValue()).resolves.toBe('STY-E2E');

    // Edit: the form comes back filled, colours in order, and saves a change.
    await row.getByRole('button', { name: '编辑' }).click();
    await page.waitForURL(/\/base\/goods\/update\/\d+$/);
    await page.locator('#field-salesPrice').waitFor();
    await expect(page.locator('#field-code').inputValue()).resolves.toBe('STY-E2E-1');
    // The chips show ids until the colour options have loaded: wait for the names.
    await page.locator('[data-field="colorIds"] .p-multiselect-token-label', { hasText: '石榴红' }).waitFor();
    const chips = await page.locator('[data-field="colorIds"] .p-multiselect-token-label').allInnerTexts();
    expect(chips.map((chip) => chip.replace(/^.*· /, ''))).toEqual(['石榴红', '深海蓝']);
    const sizeTicked = (size: string) => page.locator('.size-check', { hasText: size }).first().getByRole('checkbox').isChecked();
    await expect(sizeTicked('S')).resolves.toBe(true);
    await expect(sizeTicked('M')).resolves.toBe(true);
    await expect(sizeTicked('L')).resolves.toBe(false);

    const english = await newUserContext(browser, { language: 'en' });
    const englishPage = await english.newPage();
    await login(englishPage, ACCOUNTS.admin);
    await englishPage.goto(page.url().replace(/^https?:\/\/[^/]+/, ''));
    await englishPage.locator('#field-salesPrice').waitFor();
    await englishPage.locator('[data-field="image"] img[data-image-id]').waitFor();
    await screenshot(englishPage, 'goods-form-en');
    await englishPage.goto('/base/goods/index');
    await englishPage.getByRole('searchbox', { name: 'Search' }).fill('STY-E2E');
    await tableRow(englishPage, 'STY-E2E-1').waitFor();
    await screenshot(englishPage, 'goods-list-en');

    await typeNumber(page.locator('#field-salesPrice'), '99');
    await page.getByRole('button', { name: '保存' }).click();
    await page.waitForURL(/\/base\/goods\/index$/);
    await tableRow(page, '99.00').waitFor();

    // Delete asks first, then the row is gone.
    await tableRow(page, 'STY-E2E-1').getByRole('button', { name: /的操作$/ }).click();
    await page.getByRole('menuitem', { name: '删除' }).click();
    const dialog = page.locator('.p-confirm-dialog');
    await dialog.getByText('STY-E2E-1').or(dialog.getByText('圆领针织衫')).first().waitFor();
    await dialog.getByRole('button', { name: '删除' }).click();
    await toast(page).filter({ hasText: '删除' }).first().waitFor();
    await page.getByText('没有符合条件的记录').waitFor();
    await english.close();
    await context.close();
  });

  it('shows the server refusal under the field it names', async () => {
    await api.post('goods/create', {
      code: 'STY-DUP',
      name: 'Existing',
      category: (await api.get<{ id: number; name: string }[]>('category/options')).find((c) => c.name === '针织衫')!.id,
      sizeGroup: (await api.get<{ id: number; name: string }[]>('size/options')).find((s) => s.name === '常规码')!.id,
      colorIds: (await api.get<{ id: number; name: string }[]>('color/options'))
        .filter((c) => c.name === '石榴红')
        .map((c) => c.id)
        .join(','),
    });
    const context = await newUserContext(browser, { language: 'en' });
    const page = await context.newPage();
    await login(page, ACCOUNTS.admin, '/base/goods/create');
    await page.waitForURL(/\/base\/goods\/create$/);
    await page.locator('#field-code').waitFor();
    await fillStyleForm(page, 'sty-dup');
    await pickMultiOptions(page, page.locator('[data-field="colorIds"] .p-multiselect'), ['石榴红']);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.locator('[data-field="code"] .field-error').waitFor();
    expect(await page.locator('[data-field="code"] .field-error').innerText()).toMatch(/already exists/i);
    await context.close();
  });
});
