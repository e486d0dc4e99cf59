// A whole sales order typed with the keyboard alone: after login, no mouse event reaches the
// page (a listener proves it). Header fields one Tab apart, dates typed as text in the page
// language's forms, choices in drop-downs by typing and Enter, the calendar opened and used
// by the keyboard (next to its field, never over it), an impossible date refused with a
// message, prices typed over the shown "0.00", the colour × size grid filled with Tab, the
// arrow keys and Enter, saved with Enter on the Save button — then every value read back
// through the API.
import type { Browser, Page } from 'playwright-core';
import type { SaleOrder } from '../../contracts/orders';
import { ApiClient, findStyle, type GoodsDetail } from './support/api';
import { ACCOUNTS, launchBrowser, login, newUserContext, screenshot, type UiLanguage } from './support/browser';
import { chooseByKeyboard, forbidMouse, mouseEvents, optionLabel } from './support/prime';

interface Option {
  id: number;
  code?: string;
  name: string;
}

let browser: Browser;
let api: ApiClient;

beforeAll(async () => {
  browser = await launchBrowser();
  api = await ApiClient.login(ACCOUNTS.admin.username, ACCOUNTS.admin.password);
});

afterAll(async () => {
  await browser?.close();
});

/** A style with at least 2 colours and 3 sizes (the demo data has several). */
async function styleWithAGrid(): Promise<GoodsDetail> {
  const style = await findStyle(api, (detail) => detail.colors.length >= 2 && detail.sizes.length >= 3);
  if (!style) throw new Error('the demo data has no style with 2 colours and 3 sizes');
  return style;
}

const focusedId = (page: Page) => page.evaluate(() => document.activeElement?.id ?? '');

/**
 * Tab until the field with this id has the focus. At most `maxTabs` presses (a filled
 * drop-down has its clear button as a stop of its own); the focus must never fall to the page
 * body or into a popup on the way.
 */
async function tabTo(page: Page, id: string, maxTabs = 1): Promise<void> {
  for (let press = 0; press < maxTabs; press++) {
    await page.keyboard.press('Tab');
    const where = await page.evaluate(() => ({
      id: document.activeElement?.id ?? '',
      body: document.activeElement === document.body,
      popup: Boolean(document.activeElement?.closest('.date-input-popup, .p-dropdown-panel, .p-datepicker:not(.p-datepicker-inline)')),
    }));
    expect(where.body).toBe(false);
    expect(where.popup).toBe(false);
    if (where.id === id) return;
  }
  throw new Error(`${id} did not get the focus within ${maxTabs} Tab presses (focus on "${await focusedId(page)}")`);
}

/** Types over whatever the focused field shows (Tab selects the whole text of a text field). */
async function typeOver(page: Page, text: string): Promise<void> {
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(text);
}

const CASES: { language: UiLanguage; dates: { order: string; delivery: string; expected: string }; save: string; unit: string }[] = [
  // English: day-first numbers, ISO, and a month name.
  { language: 'en', dates: { order: '01/03/2027', delivery: '2027-04-15', expected: 'Apr 10 2027' }, save: 'Save', unit: 'carton' },
  // Chinese: the year-first forms.
  { language: 'zh-CN', dates: { order: '2027/3/1', delivery: '2027年4月15日', expected: '2027-4-10' }, save: '保存', unit: '箱' },
];

describe('keyboard-only sales order', () => {
  it.each(CASES)('is typed and saved with the keyboard alone ($language)', async ({ language, dates, save, unit }) => {
    const style = await styleWithAGrid();
    // The last option of each list, so that a default first choice could not pass for typing.
    const lastOf = async (entity: string) => (await api.get<Option[]>(`${entity}/options`)).at(-1)!;
    const references = {
      currency: await lastOf('currency'),
      payMethod: await lastOf('payMethod'),
      orderType: await lastOf('ordertype'),
      salesperson: await lastOf('salesperson'),
      designer: await lastOf('designer'),
      merchandiser: await lastOf('merchandiser'),
    };
    const customer = (await api.get<Option[]>('customer/options')).at(-1)!;
    const orderNo = `KB${language === 'en' ? 'EN' : 'ZH'}${Date.now().toString().slice(-8)}`;

    const context = await newUserContext(browser, { language, width: 1440, height: 900 });
    const page = await context.newPage();
    await login(page, ACCOUNTS.admin, '/production/saleOrder/index');
    await page.goto('/production/saleOrder/create');
    await page.getByTestId('sale-order-form').waitFor();
    // From here on, no mouse: any pointer event on the page fails the test at the end.
    await forbidMouse(page);

    // From the top of the page to the first field.
    await tabTo(page, 'so-orderNo', 80);
    await page.keyboard.type(orderNo);
    await tabTo(page, 'so-customer');
    await chooseByKeyboard(page, customer.code ?? customer.name, optionLabel(customer));
    await tabTo(page, 'so-customerOrderNo', 2);
    await page.keyboard.type('PO-7781/B');

    // Dates as text. Tab selects the prefilled order date, so typing replaces it.
    await tabTo(page, 'so-orderDate');
    await page.keyboard.type(dates.order);
    await tabTo(page, 'so-deliveryDate');
    // A day that does not exist: refused with a message, and Tab still goes on to the next field.
    await page.keyboard.type('2027-02-30');
    await tabTo(page, 'so-expectedDelivery');
    const refusal = page.locator('#so-deliveryDate-entry-error');
    await refusal.waitFor();
    await expect(refusal.innerText()).resolves.toContain('2027-02-30');
    await screenshot(page, `keyboard-sales-order-date-refused-${language}`, { fullPage: false });
    await page.keyboard.press('Shift+Tab');
    await expect(focusedId(page)).resolves.toBe('so-deliveryDate');
    await typeOver(page, dates.delivery);
    await tabTo(page, 'so-expectedDelivery');
    await expect(refusal.count()).resolves.toBe(0);
    await expect(page.locator('#so-orderDate').inputValue()).resolves.toBe('2027-03-01');
    await expect(page.locator('#so-deliveryDate').inputValue()).resolves.toBe('2027-04-15');
    await page.keyboard.type(dates.expected);
    await page.keyboard.press('Enter'); // reads the date, does not submit
    await expect(page.locator('#so-expectedDelivery').inputValue()).resolves.toBe('2027-04-10');

    // The calendar, by the keyboard: Alt+ArrowDown, beside the field and not over it; the
    // arrow keys move the day, Enter takes it and gives the focus back to the field.
    await page.keyboard.press('Alt+ArrowDown');
    const calendar = page.getByRole('dialog');
    await calendar.waitFor();
    const field = (await page.locator('#so-expectedDelivery').boundingBox())!;
    const popup = (await calendar.boundingBox())!;
    const overlaps = popup.x < field.x + field.width && field.x < popup.x + popup.width && popup.y < field.y + field.height && field.y < popup.y + popup.height;
    expect(overlaps).toBe(false);
    await expect(page.evaluate(() => document.activeElement?.textContent?.trim())).resolves.toBe('10');
    await screenshot(page, `keyboard-sales-order-calendar-${language}`, { fullPage: false });
    // A week on, a day back (PrimeReact's ArrowRight at a row's end jumps a month: avoided).
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('Enter');
    await calendar.waitFor({ state: 'detached' });
    await expect(focusedId(page)).resolves.toBe('so-expectedDelivery');
    await expect(page.locator('#so-expectedDelivery').inputValue()).resolves.toBe('2027-04-16');
    // Escape closes it without a change, focus back on the field.
    await page.keyboard.press('Alt+ArrowDown');
    await calendar.waitFor();
    await page.keyboard.press('Escape');
    await calendar.waitFor({ state: 'detached' });
    await expect(focusedId(page)).resolves.toBe('so-expectedDelivery');

    // The references, each chosen by typing.
    let previousFilled = false;
    for (const [name, option] of Object.entries(references)) {
      await tabTo(page, `so-${name}`, previousFilled ? 2 : 1);
      await chooseByKeyboard(page, option.code ?? option.name, optionLabel(option));
      previousFilled = true;
    }

    // Freight shows 0.00; Tab selects it and the typed digits replace it.
    await tabTo(page, 'so-freight', 2);
    await expect(page.locator('#so-freight').inputValue()).resolves.toBe('0.00');
    await page.keyboard.type('1234.5');
    await tabTo(page, 'so-shipmentPlace');
    await expect(page.locator('#so-freight').inputValue()).resolves.toBe('1,234.50');
    await page.keyboard.type('Ningbo port');
    await tabTo(page, 'so-note');
    await page.keyboard.type('typed with the keyboard only');

    // The style: the line appears and its first field takes the focus.
    await tabTo(page, 'so-add-style');
    await chooseByKeyboard(page, style.code ?? style.name, optionLabel(style));
    await page.getByTestId('line-0-matrix').waitFor();
    await page.waitForFunction(() => document.activeElement?.id === 'line-0-productName');
    await typeOver(page, `${style.name} keyboard`);
    await tabTo(page, 'line-0-costPrice');
    await page.keyboard.type('18.4');
    await tabTo(page, 'line-0-sellingPrice');
    await page.keyboard.type('42.8');
    await tabTo(page, 'line-0-packingUnit');
    await page.keyboard.type(unit);
    await tabTo(page, 'line-0-packingQuantity');
    await page.keyboard.type('12');

    // The grid: row 0 by Tab; row 1 by ArrowRight (caret at the end of the number moves on);
    // then back up with ArrowUp to type over a cell, and down a column with Enter.
    const sizes = Math.min(style.sizes.length, 4);
    const expected = new Map<string, number>();
    const put = (row: number, column: number, quantity: number) => expected.set(`${style.colors[row].id}:${style.sizes[column].id}`, quantity);
    await tabTo(page, 'line-0-cell-0-0');
    for (let column = 0; column < sizes; column++) {
      if (column > 0) await tabTo(page, `line-0-cell-0-${column}`);
      await page.keyboard.type(String(10 + column));
      put(0, column, 10 + column);
    }
    // Tab from the end of row 0 goes to the start of row 1 (unless the grid has more sizes).
    if (sizes === style.sizes.length) await tabTo(page, 'line-0-cell-1-0');
    else {
      // A wider grid: down, then left along row 1 (a selected cell lets the arrows move).
      await page.keyboard.press('ArrowDown');
      for (let column = sizes - 1; column > 0; column--) await page.keyboard.press('ArrowLeft');
    }
    await page.waitForFunction(() => document.activeElement?.id === 'line-0-cell-1-0');
    for (let column = 0; column < sizes; column++) {
      await page.keyboard.type(String(20 + column));
      put(1, column, 20 + column);
      if (column < sizes - 1) {
        await page.keyboard.press('ArrowRight');
        await expect(focusedId(page)).resolves.toBe(`line-0-cell-1-${column + 1}`);
      }
    }
    // Up one row: the cell is selected, so the typed quantity replaces 10 + (sizes − 1).
    await page.keyboard.press('ArrowUp');
    await expect(focusedId(page)).resolves.toBe(`line-0-cell-0-${sizes - 1}`);
    await page.keyboard.type('99');
    put(0, sizes - 1, 99);
    // Enter reads it and goes down.
    await page.keyboard.press('Enter');
    await expect(focusedId(page)).resolves.toBe(`line-0-cell-1-${sizes - 1}`);
    await expect(page.locator(`#line-0-cell-0-${sizes - 1}`).inputValue()).resolves.toBe('99');
    const total = [...expected.values()].reduce((sum, quantity) => sum + quantity, 0);
    await expect(page.getByTestId('line-0-grand-total').innerText()).resolves.toBe(String(total));
    await screenshot(page, `keyboard-sales-order-filled-${language}`);

    // To the Save button by Tab, and Enter.
    for (let press = 0; press < 60; press++) {
      const onSave = await page.evaluate((label) => {
        const active = document.activeElement as HTMLButtonElement | null;
        return active?.type === 'submit' && (active.textContent ?? '').includes(label);
      }, save);
      if (onSave) break;
      await page.keyboard.press('Tab');
      await expect(page.evaluate(() => document.activeElement === document.body)).resolves.toBe(false);
    }
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/production\/saleOrder\/update\/\d+/);
    await page.getByTestId('saved-totals').waitFor();
    await expect(mouseEvents(page)).resolves.toEqual([]);
    const id = Number(/update\/(\d+)/.exec(page.url())![1]);

    // Every value, as stored.
    const order = await api.get<SaleOrder>('saleOrder/detail', { id });
    expect(order).toMatchObject({
      orderNo,
      orderDate: '2027-03-01',
      deliveryDate: '2027-04-15',
      expectedDelivery: '2027-04-16',
      customer: customer.id,
      customerOrderNo: 'PO-7781/B',
      currency: references.currency.id,
      freight: 1234.5,
      payMethod: references.payMethod.id,
      orderType: references.orderType.id,
      shipmentPlace: 'Ningbo port',
      salesperson: references.salesperson.id,
      designer: references.designer.id,
      merchandiser: references.merchandiser.id,
      note: 'typed with the keyboard only',
      totalQuantity: total,
    });
    expect(order.lines).toHaveLength(1);
    const [line] = order.lines!;
    expect(line).toMatchObject({ goodsId: style.id, productName: `${style.name} keyboard`, costPrice: 18.4, sellingPrice: 42.8, packingUnit: unit, packingQuantity: 12 });
    const stored = new Map(line.cells.map((cell) => [`${cell.colorId}:${cell.sizeId}`, cell.quantity]));
    expect(stored).toEqual(expected);
    expect(order.totalAmount).toBeCloseTo(total * 42.8, 2);
    await context.close();
  });
});
