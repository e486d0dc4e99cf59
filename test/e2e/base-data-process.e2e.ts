// The process form: the generic fields (flags as switches) plus the sub-process steps editor.
import type { Browser } from 'playwright-core';
import { ACCOUNTS, launchBrowser, login, newUserContext, screenshot, type UiLanguage } from './support/browser';
import { tableRow, typeNumber } from './support/prime';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

const TEXT = {
  'zh-CN': { create: '新增', save: '保存', add: '添加子工序', up: '上移', name: '子工序名称', rate: '计件单价' },
  en: { create: 'New', save: 'Save', add: 'Add sub-process', up: 'Move up', name: 'Sub-process name', rate: 'Piece rate' },
} as const;

describe('process flow', () => {
  it.each<[UiLanguage, string]>([
    ['zh-CN', 'PR-E2E-ZH'],
    ['en', 'PR-E2E-EN'],
  ])('creates a process with ordered sub-processes (%s)', async (language, code) => {
    const text = TEXT[language];
    const context = await newUserContext(browser, { language });
    const page = await context.newPage();
    await login(page, ACCOUNTS.admin, '/base/process/index');
    await page.waitForURL(/\/base\/process\/index$/);
    await page.getByRole('button', { name: text.create, exact: true }).click();
    await page.waitForURL(/\/base\/process\/create$/);
    await page.locator('#field-code').fill(code);
    await page.locator('#field-name').fill(language === 'en' ? 'Sewing' : '车缝');
    await page.locator('#field-sortOrder').fill('30');
    await page.locator('[data-field="workshop"] .p-inputswitch').click();
    for (let i = 0; i < 3; i++) await page.getByRole('button', { name: text.add }).click();
    const names = ['上领', '上袖', '锁边'];
    for (let i = 0; i < 3; i++) await page.getByRole('textbox', { name: `${text.name} ${i + 1}`, exact: true }).fill(names[i]);
    await typeNumber(page.getByRole('spinbutton', { name: `${text.rate} 1` }), '0.35');
    // Move the last step to the middle.
    await page.locator('[data-testid="step-row"]').nth(2).getByRole('button', { name: text.up }).click();
    // The name inputs are the rows' textboxes (the piece rate is a spinbutton).
    const stepNames = page.locator('[data-testid="step-row"]').getByRole('textbox');
    const stepRates = page.locator('[data-testid="step-row"]').getByRole('spinbutton');
    const valuesOf = (inputs: typeof stepNames) => inputs.evaluateAll((elements) => elements.map((element) => (element as HTMLInputElement).value));
    expect(await valuesOf(stepNames)).toEqual(['上领', '锁边', '上袖']);
    expect(await valuesOf(stepRates)).toEqual(['0.35', '', '']);
    await screenshot(page, `process-form-${language}`);

    await page.getByRole('button', { name: text.save, exact: true }).click();
    await page.waitForURL(/\/base\/process\/index$/);
    await tableRow(page, code).getByRole('button').first().click();
    await page.waitForURL(/\/base\/process\/update\/\d+$/);
    await page.locator('[data-testid="step-row"]').first().waitFor();
    expect(await valuesOf(stepNames)).toEqual(['上领', '锁边', '上袖']);
    expect(await valuesOf(stepRates)).toEqual(['0.35', '', '']);
    await context.close();
  });
});
