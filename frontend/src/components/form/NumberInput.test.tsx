import { jest } from '@jest/globals';
import { useState } from 'react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { NumberInput, readNumber, type NumberInputProps } from './NumberInput';

function Harness({ initial, onValue, ...props }: { initial: number | null; onValue?: (value: number | null) => void } & Partial<NumberInputProps>) {
  const [value, setValue] = useState<number | null>(initial);
  return (
    <form onSubmit={(event) => event.preventDefault()}>
      <NumberInput
        inputId="n"
        aria-label="price"
        value={value}
        onValueChange={(event) => {
          setValue(event.value);
          onValue?.(event.value);
        }}
        {...props}
      />
      <span data-testid="value">{String(value)}</span>
    </form>
  );
}

const field = () => document.getElementById('n') as HTMLInputElement;
const selected = (input: HTMLInputElement) => input.value.slice(input.selectionStart ?? 0, input.selectionEnd ?? 0);

afterEach(() => act(() => void i18next.changeLanguage('zh-CN')));

describe('NumberInput', () => {
  it('selects "0.00" on focus, so typing replaces it, and passes the value on while typing', () => {
    const onValue = jest.fn();
    render(<Harness initial={0} decimals={2} min={0} onValue={onValue} />);
    expect(field().value).toBe('0.00');
    act(() => field().focus());
    expect(selected(field())).toBe('0.00');
    // What the browser does with a selection when a key is typed: the selection is replaced.
    fireEvent.change(field(), { target: { value: '1' } });
    fireEvent.change(field(), { target: { value: '12' } });
    fireEvent.change(field(), { target: { value: '12.5' } });
    expect(onValue).toHaveBeenLastCalledWith(12.5);
    act(() => field().blur());
    expect(field().value).toBe('12.50');
    expect(screen.getByTestId('value')).toHaveTextContent('12.5');
  });

  it('also selects everything when the field is focused by a mouse click', () => {
    render(<Harness initial={45} decimals={2} />);
    const input = field();
    fireEvent.mouseDown(input);
    act(() => input.focus());
    input.setSelectionRange(2, 2); // where the click landed
    const mouseUp = fireEvent.mouseUp(input);
    expect(mouseUp).toBe(false); // the browser must not move the caret afterwards
    expect(selected(input)).toBe('45.00');
    // A second click inside a focused field places the caret as usual.
    fireEvent.mouseDown(input);
    expect(fireEvent.mouseUp(input)).toBe(true);
  });

  it('edits the bare number and shows grouping, currency and suffix when not editing', () => {
    act(() => void i18next.changeLanguage('en'));
    const { unmount } = render(<Harness initial={1234.5} decimals={2} useGrouping currency="USD" />);
    expect(field().value).toBe('$1,234.50');
    act(() => field().focus());
    expect(field().value).toBe('1234.50');
    expect(selected(field())).toBe('1234.50');
    unmount();
    render(<Harness initial={30} suffix=" s" />);
    expect(field().value).toBe('30 s');
  });

  it('clamps to min and max with a note instead of dropping the digits', () => {
    const onValue = jest.fn();
    render(<Harness initial={5} min={1} max={100} onValue={onValue} />);
    act(() => field().focus());
    fireEvent.change(field(), { target: { value: '150' } });
    // Out of range while typing: nothing passed on yet, the text stays as typed.
    expect(onValue).not.toHaveBeenCalledWith(150);
    expect(field().value).toBe('150');
    act(() => field().blur());
    expect(onValue).toHaveBeenLastCalledWith(100);
    expect(field().value).toBe('100');
    expect(screen.getByRole('status')).toHaveTextContent('最大为 100，已改为 100');
    expect(field()).toHaveAccessibleDescription('最大为 100，已改为 100');

    act(() => field().focus());
    fireEvent.change(field(), { target: { value: '0' } });
    act(() => field().blur());
    expect(onValue).toHaveBeenLastCalledWith(1);
    expect(screen.getByRole('status')).toHaveTextContent('最小为 1，已改为 1');

    // A minus is not dropped (that would turn -5 into 5): it is the minimum, with the note.
    act(() => field().focus());
    fireEvent.change(field(), { target: { value: '-5' } });
    expect(field().value).toBe('-5');
    act(() => field().blur());
    expect(field().value).toBe('1');
    expect(screen.getByRole('status')).toHaveTextContent('最小为 1');
  });

  it('rounds extra decimals with a note, and refuses letters', () => {
    act(() => void i18next.changeLanguage('en'));
    const onValue = jest.fn();
    render(<Harness initial={0} decimals={2} onValue={onValue} />);
    act(() => field().focus());
    fireEvent.change(field(), { target: { value: '12.345' } });
    act(() => field().blur());
    expect(onValue).toHaveBeenLastCalledWith(12.35);
    expect(screen.getByRole('status')).toHaveTextContent('At most 2 decimals: rounded');
    act(() => field().focus());
    fireEvent.change(field(), { target: { value: '7a' } });
    expect(field().value).toBe('7');
  });

  it('rounds a decimal in a whole-number field, saying so', () => {
    render(<Harness initial={null} />);
    act(() => field().focus());
    fireEvent.change(field(), { target: { value: '2.5' } });
    act(() => field().blur());
    expect(field().value).toBe('3');
    expect(screen.getByRole('status')).toHaveTextContent('只能输入整数，已四舍五入');
  });

  it('says so when the text is no number and keeps the previous value', () => {
    const onValue = jest.fn();
    render(<Harness initial={8} onValue={onValue} />);
    act(() => field().focus());
    fireEvent.change(field(), { target: { value: '1.2.3' } });
    act(() => field().blur());
    expect(field().value).toBe('8');
    expect(screen.getByRole('status')).toHaveTextContent('请输入数字');
    expect(onValue).not.toHaveBeenCalledWith(Number.NaN);
  });

  it('commits on Enter; Enter on a settled value submits the form', () => {
    render(<Harness initial={0} min={0} max={10} />);
    act(() => field().focus());
    fireEvent.change(field(), { target: { value: '99' } });
    expect(fireEvent.keyDown(field(), { key: 'Enter', code: 'Enter' })).toBe(false);
    expect(screen.getByTestId('value')).toHaveTextContent('10');
    expect(fireEvent.keyDown(field(), { key: 'Enter', code: 'Enter' })).toBe(true);
  });

  it('steps with the arrow keys within the limits, unless the caller took the key', () => {
    const { unmount } = render(<Harness initial={9} min={0} max={10} />);
    act(() => field().focus());
    fireEvent.keyDown(field(), { key: 'ArrowUp', code: 'ArrowUp' });
    fireEvent.keyDown(field(), { key: 'ArrowUp', code: 'ArrowUp' });
    expect(screen.getByTestId('value')).toHaveTextContent('10');
    fireEvent.keyDown(field(), { key: 'ArrowDown', code: 'ArrowDown' });
    expect(screen.getByTestId('value')).toHaveTextContent('9');
    unmount();
    render(<Harness initial={9} onKeyDown={(event) => event.preventDefault()} />);
    act(() => field().focus());
    fireEvent.keyDown(field(), { key: 'ArrowUp', code: 'ArrowUp' });
    expect(screen.getByTestId('value')).toHaveTextContent('9');
  });

  it('passes an emptied field on as null', () => {
    const onValue = jest.fn();
    render(<Harness initial={3} onValue={onValue} />);
    act(() => field().focus());
    fireEvent.change(field(), { target: { value: '' } });
    act(() => field().blur());
    expect(onValue).toHaveBeenLastCalledWith(null);
  });

  it('is a spinbutton with its value and limits', () => {
    render(<Harness initial={4} min={1} max={9} />);
    const spin = screen.getByRole('spinbutton', { name: 'price' });
    expect(spin).toHaveAttribute('aria-valuenow', '4');
    expect(spin).toHaveAttribute('aria-valuemin', '1');
    expect(spin).toHaveAttribute('aria-valuemax', '9');
  });

  it('reads grouped and signed numbers', () => {
    expect(readNumber('1,234.50')).toBe(1234.5);
    expect(readNumber(' -3 ')).toBe(-3);
    expect(readNumber('.5')).toBe(0.5);
    expect(readNumber('')).toBeNull();
    expect(readNumber('1.2.3')).toBeNaN();
  });
});
