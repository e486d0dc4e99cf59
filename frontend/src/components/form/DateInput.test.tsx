import { jest } from '@jest/globals';
import { useState } from 'react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { DateInput, placePopup } from './DateInput';
import { parseDateText } from './date-text';

function Harness({ initial = '', onValue, minDate }: { initial?: string; onValue?: (value: string) => void; minDate?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <form onSubmit={(event) => event.preventDefault()}>
      <input id="before" aria-label="before" />
      <DateInput
        id="d"
        value={value}
        minDate={minDate}
        onChange={(next) => {
          setValue(next);
          onValue?.(next);
        }}
      />
      <input id="after" aria-label="after" />
      <output data-testid="value">{value}</output>
    </form>
  );
}

const field = () => document.getElementById('d') as HTMLInputElement;

function type(text: string) {
  fireEvent.focus(field());
  fireEvent.change(field(), { target: { value: text } });
  fireEvent.blur(field());
}

afterEach(() => act(() => void i18next.changeLanguage('zh-CN')));

describe('reading typed dates', () => {
  it.each([
    ['2027-02-15', 'zh-CN'],
    ['2027-2-15', 'zh-CN'],
    ['2027/2/15', 'zh-CN'],
    ['2027/02/15', 'zh-CN'],
    ['2027.2.15', 'zh-CN'],
    ['20270215', 'zh-CN'],
    ['2027年2月15日', 'zh-CN'],
    [' 2027 年 02 月 15 日 ', 'zh-CN'],
    ['2027-02-15', 'en'],
    ['15/02/2027', 'en'],
    ['15/2/2027', 'en'],
    ['15.02.2027', 'en'],
    ['15 Feb 2027', 'en'],
    ['Feb 15 2027', 'en'],
    ['feb 15, 2027', 'en'],
    ['15 February 2027', 'en'],
    ['FEBRUARY 15 2027', 'en'],
    ['2027年2月15日', 'en'],
  ])('reads %s in %s as 2027-02-15', (text, language) => {
    expect(parseDateText(text, language)).toEqual({ kind: 'date', value: '2027-02-15' });
  });

  it('tells a day that does not exist from a text that is no date', () => {
    expect(parseDateText('2027-02-30', 'zh-CN')).toEqual({ kind: 'impossible' });
    expect(parseDateText('2027-13-01', 'en')).toEqual({ kind: 'impossible' });
    expect(parseDateText('31/04/2027', 'en')).toEqual({ kind: 'impossible' });
    expect(parseDateText('2207-02-15', 'en')).toEqual({ kind: 'impossible' });
    expect(parseDateText('2026-02-29', 'en')).toEqual({ kind: 'impossible' });
    expect(parseDateText('2028-02-29', 'en')).toEqual({ kind: 'date', value: '2028-02-29' });
    expect(parseDateText('tomorrow', 'en')).toEqual({ kind: 'unreadable' });
    expect(parseDateText('15 Fbr 2027', 'en')).toEqual({ kind: 'impossible' });
    // Day-first and month names are English forms; US month-first is never read.
    expect(parseDateText('15/02/2027', 'zh-CN')).toEqual({ kind: 'unreadable' });
    expect(parseDateText('02/15/2027', 'en')).toEqual({ kind: 'impossible' });
    expect(parseDateText('   ', 'en')).toEqual({ kind: 'empty' });
  });
});

describe('DateInput', () => {
  it('takes a typed date on blur and shows it back as YYYY-MM-DD', () => {
    const onValue = jest.fn();
    render(<Harness onValue={onValue} />);
    type('2027年2月15日');
    expect(onValue).toHaveBeenLastCalledWith('2027-02-15');
    expect(field().value).toBe('2027-02-15');
    expect(field()).not.toHaveAttribute('aria-invalid');
  });

  it('reads the English forms when the page is in English', () => {
    act(() => void i18next.changeLanguage('en'));
    const onValue = jest.fn();
    render(<Harness onValue={onValue} />);
    type('15/02/2027');
    expect(onValue).toHaveBeenLastCalledWith('2027-02-15');
    type('Mar 3 2027');
    expect(onValue).toHaveBeenLastCalledWith('2027-03-03');
    expect(field().value).toBe('2027-03-03');
  });

  it('reads the date on Enter without submitting the form; a second Enter submits', () => {
    const submitted = jest.fn((event: Event) => event.preventDefault());
    render(<Harness />);
    field().closest('form')!.addEventListener('submit', submitted);
    fireEvent.change(field(), { target: { value: '2027/3/9' } });
    const first = fireEvent.keyDown(field(), { key: 'Enter', code: 'Enter' });
    expect(first).toBe(false); // default prevented: no implicit submission
    expect(field().value).toBe('2027-03-09');
    expect(screen.getByTestId('value')).toHaveTextContent('2027-03-09');
    expect(fireEvent.keyDown(field(), { key: 'Enter', code: 'Enter' })).toBe(true);
  });

  it('says so for an impossible or unreadable date, keeps the text and the old value', () => {
    const onValue = jest.fn();
    render(<Harness initial="2027-01-10" onValue={onValue} />);
    type('2027-02-30');
    expect(onValue).not.toHaveBeenCalled();
    expect(field().value).toBe('2027-02-30');
    expect(field()).toHaveAttribute('aria-invalid', 'true');
    expect(field()).toHaveAttribute('data-entry-error', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent('没有这一天：2027-02-30');
    expect(field()).toHaveAccessibleDescription('没有这一天：2027-02-30');
    expect(screen.getByTestId('value')).toHaveTextContent('2027-01-10');

    type('next friday');
    expect(screen.getByRole('alert')).toHaveTextContent('无法识别“next friday”');
    // Fixing it clears the message.
    type('2027-02-28');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(onValue).toHaveBeenLastCalledWith('2027-02-28');
  });

  it('translates the message in English', () => {
    act(() => void i18next.changeLanguage('en'));
    render(<Harness />);
    type('31/02/2027');
    expect(screen.getByRole('alert')).toHaveTextContent('There is no such day: 31/02/2027');
  });

  it('refuses a day before the earliest allowed one', () => {
    const onValue = jest.fn();
    render(<Harness minDate="2027-03-01" onValue={onValue} />);
    type('2027-02-15');
    expect(onValue).not.toHaveBeenCalled();
    expect(screen.getByRole('alert')).toHaveTextContent('不能早于 2027-03-01');
  });

  it('empties the value when the text is cleared', () => {
    const onValue = jest.fn();
    render(<Harness initial="2027-01-10" onValue={onValue} />);
    type('');
    expect(onValue).toHaveBeenLastCalledWith('');
  });

  it('keeps the Tab order: field to field, the calendar button is not a Tab stop and nothing opens on focus', () => {
    render(<Harness />);
    const tabbable = Array.from(document.querySelectorAll<HTMLElement>('input, button')).filter((element) => element.tabIndex >= 0);
    expect(tabbable.map((element) => element.id)).toEqual(['before', 'd', 'after']);
    field().focus();
    fireEvent.focus(field());
    expect(document.activeElement).toBe(field());
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('opens the calendar from its button and from Alt+ArrowDown; Escape closes it and gives the focus back', () => {
    const onValue = jest.fn();
    render(<Harness initial="2027-02-15" onValue={onValue} />);
    const button = screen.getByRole('button', { name: '打开日历（Alt+↓）' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(button);
    const dialog = screen.getByRole('dialog', { name: '日历' });
    expect(button).toHaveAttribute('aria-expanded', 'true');
    // The chosen day has the focus, ready for the arrow keys.
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    expect(document.activeElement).toHaveTextContent('15');
    fireEvent.keyDown(document.activeElement!, { key: 'Escape', code: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(field());

    fireEvent.keyDown(field(), { key: 'ArrowDown', code: 'ArrowDown', altKey: true });
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    // Picking a day with the keyboard writes it and returns to the field.
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight', code: 'ArrowRight' });
    fireEvent.keyDown(document.activeElement!, { key: 'Enter', code: 'Enter' });
    expect(onValue).toHaveBeenLastCalledWith('2027-02-16');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(field());
    expect(field().value).toBe('2027-02-16');
  });

  it('places the calendar below, above or beside the field, never over it', () => {
    const fieldAt = (top: number, left = 100) => ({ top, bottom: top + 40, left, right: left + 200, width: 200, height: 40, x: left, y: top, toJSON: () => ({}) }) as DOMRect;
    const popup = { width: 320, height: 380 };
    const viewport = { width: 1440, height: 900 };
    expect(placePopup(fieldAt(100), popup, viewport)).toEqual({ top: 144, left: 100 });
    expect(placePopup(fieldAt(800), popup, viewport)).toEqual({ top: 416, left: 100 });
    // A short window (a laptop with the devtools open): beside the field.
    const beside = placePopup(fieldAt(300), popup, { width: 1440, height: 700 });
    expect(beside.left).toBe(304);
    // Near the right edge the calendar shifts left to stay on screen.
    expect(placePopup(fieldAt(100, 1300), popup, viewport).left).toBe(1440 - 320 - 4);
  });
});
