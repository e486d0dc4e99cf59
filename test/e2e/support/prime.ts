// Driving PrimeReact widgets the way a user does: open, type to filter, click the option — or,
// for keyboard-only tests, with keys alone while every pointer event is recorded.
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

/** From here on any pointer event on the page is recorded (a real click has detail > 0): keyboard-only tests. */
export async function forbidMouse(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { mouseEvents: string[] };
    w.mouseEvents = [];
    for (const type of ['mousedown', 'pointerdown', 'click']) {
      document.addEventListener(type, (event) => (event as MouseEvent).detail > 0 && w.mouseEvents.push(type), true);
    }
  });
}

/** The pointer events recorded since forbidMouse (none in a keyboard-only test). */
export const mouseEvents = (page: Page): Promise<string[]> => page.evaluate(() => (window as unknown as { mouseEvents: string[] }).mouseEvents);

/** The text a drop-down shows for a master-data option (as ReferenceDropdown labels it). */
export const optionLabel = (option: { code?: string; name: string }): string =>
  option.code && option.code !== option.name ? `${option.code} · ${option.name}` : option.name;

/**
 * Picks a drop-down option with keys alone, on the focused drop-down: Enter opens it; `typed`
 * goes to its filter field, which must take the focus (ReferenceDropdown focuses it), or to the
 * list itself when it has none; ArrowDown walks to exactly `label`; Enter takes it.
 */
export async function chooseByKeyboard(page: Page, typed: string, label: string, timeout = 15_000): Promise<void> {
  await page.keyboard.press('Enter');
  const panel = page.locator('.p-dropdown-panel');
  await panel.waitFor();
  await panel.locator('.p-dropdown-item', { hasText: label }).first().waitFor({ timeout });
  // A drop-down with a filter field (ReferenceDropdown) narrows the list; a plain one moves to
  // the first option starting with the typed text (PrimeReact's type-ahead).
  const filtered = typed !== '' && (await panel.locator('.p-dropdown-filter').count()) > 0;
  if (filtered) await page.waitForFunction(() => document.activeElement?.classList.contains('p-dropdown-filter'), undefined, { timeout });
  if (typed) await page.keyboard.type(typed);
  if (filtered) {
    await page.waitForFunction(
      (text) => [...document.querySelectorAll('.p-dropdown-panel .p-dropdown-item')].every((item) => item.textContent!.toLowerCase().includes(text.toLowerCase())),
      typed,
      { timeout },
    );
  }
  const focused = panel.locator('.p-dropdown-item.p-focus');
  for (let press = 0; press < 20 && ((await focused.count()) === 0 || (await focused.innerText()).trim() !== label); press++) {
    await page.keyboard.press('ArrowDown');
  }
  if ((await focused.innerText()).trim() !== label) throw new Error(`drop-down option "${label}" not reached by the keyboard`);
  await page.keyboard.press('Enter');
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
