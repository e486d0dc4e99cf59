// Driving PrimeReact widgets the way a user does: open, type to filter, click the option.
import type { Locator, Page } from 'playwright-core';

/** A form field's Dropdown, by the field name (the form marks each field with data-field). */
export async function pickDropdownOption(page: Page, field: string, text: string): Promise<void> {
  await page.locator(`[data-field="${field}"] .p-dropdown`).click();
  const panel = page.locator('.p-dropdown-panel');
  await panel.waitFor();
  const filter = panel.locator('.p-dropdown-filter');
  if (await filter.count()) await filter.fill(text);
  await panel.locator('.p-dropdown-item', { hasText: text }).first().click();
  await panel.waitFor({ state: 'detached' });
}

/** Ticks options of a MultiSelect in the given order, then closes its panel. */
export async function pickMultiOptions(page: Page, trigger: Locator, texts: string[]): Promise<void> {
  await trigger.click();
  const panel = page.locator('.p-multiselect-panel');
  await panel.waitFor();
  for (const text of texts) await panel.locator('.p-multiselect-item', { hasText: text }).first().click();
  await page.keyboard.press('Escape');
  await panel.waitFor({ state: 'detached' });
}

/** The body row of a DataTable that shows `text`. */
export const tableRow = (page: Page, text: string): Locator => page.locator('.p-datatable-tbody > tr', { hasText: text });

/**
 * Types a number into a PrimeReact InputNumber key by key, as a user does. `fill` inserts the
 * whole text in one input event, which InputNumber rejects when it holds a non-digit (its guard
 * against dead-key accents turns "0.35" back into the previous value), so decimals would be lost.
 */
export async function typeNumber(input: Locator, text: string): Promise<void> {
  await input.click();
  await input.press('ControlOrMeta+a');
  await input.press('Backspace');
  await input.pressSequentially(text);
  await input.blur();
}
