import { useState } from 'react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { cellsOf, type MatrixValues } from '../model/matrix';
import { MatrixGrid } from './MatrixGrid';

const colors = [
  { id: 1, code: 'BLK', name: '黑色', hex: '#111111' },
  { id: 2, code: 'WHT', name: '白色', hex: '#ffffff' },
  { id: 3, code: 'RED', name: '红色', hex: '#dd2222' },
];
const sizes = [
  { id: 11, name: 'S' },
  { id: 12, name: 'M' },
  { id: 13, name: 'L' },
];

function Harness({ initial = {}, onValues }: { initial?: MatrixValues; onValues?: (values: MatrixValues) => void }) {
  const [values, setValues] = useState<MatrixValues>(initial);
  return (
    <MatrixGrid
      idPrefix="t"
      colors={colors}
      sizes={sizes}
      values={values}
      onChange={(next) => {
        setValues(next);
        onValues?.(next);
      }}
    />
  );
}

const cell = (row: number, column: number) => document.getElementById(`t-cell-${row}-${column}`) as HTMLInputElement;

function enter(row: number, column: number, text: string) {
  const input = cell(row, column);
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value: text } });
  fireEvent.blur(input);
}

describe('colour × size matrix', () => {
  it('lays out colours as rows with swatches and sizes as columns, with row, column and grand totals', () => {
    render(<Harness initial={{ '1:11': 10, '1:13': 5, '2:12': 7, '3:13': 3 }} />);
    expect(screen.getByRole('table', { name: '颜色 × 尺码数量' })).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['颜色 / 尺码', 'S', 'M', 'L', '合计']);
    expect(screen.getByText('黑色')).toBeInTheDocument();
    expect(document.querySelectorAll('tbody .swatch')).toHaveLength(3);
    expect(screen.getByTestId('t-row-total-0')).toHaveTextContent('15');
    expect(screen.getByTestId('t-row-total-1')).toHaveTextContent('7');
    expect(screen.getByTestId('t-column-total-2')).toHaveTextContent('8');
    expect(screen.getByTestId('t-grand-total')).toHaveTextContent('25');
  });

  it('updates the totals as quantities are typed and turns the cells into the payload', () => {
    let latest: MatrixValues = {};
    render(<Harness onValues={(values) => (latest = values)} />);
    enter(0, 0, '12');
    enter(2, 1, '30');
    enter(0, 2, '8');
    expect(screen.getByTestId('t-row-total-0')).toHaveTextContent('20');
    expect(screen.getByTestId('t-column-total-1')).toHaveTextContent('30');
    expect(screen.getByTestId('t-grand-total')).toHaveTextContent('50');
    // Cleared cells leave the payload; order is row by row.
    enter(0, 2, '');
    expect(cellsOf(latest, colors, sizes)).toEqual([
      { colorId: 1, sizeId: 11, quantity: 12 },
      { colorId: 3, sizeId: 12, quantity: 30 },
    ]);
    expect(screen.getByTestId('t-grand-total')).toHaveTextContent('42');
  });

  it('moves between cells with the arrow keys and Enter, like a spreadsheet', () => {
    render(<Harness />);
    act(() => cell(0, 0).focus());
    fireEvent.keyDown(cell(0, 0), { key: 'ArrowDown', code: 'ArrowDown' });
    expect(document.activeElement).toBe(cell(1, 0));
    fireEvent.keyDown(cell(1, 0), { key: 'ArrowRight', code: 'ArrowRight' });
    expect(document.activeElement).toBe(cell(1, 1));
    fireEvent.keyDown(cell(1, 1), { key: 'ArrowUp', code: 'ArrowUp' });
    expect(document.activeElement).toBe(cell(0, 1));
    fireEvent.keyDown(cell(0, 1), { key: 'ArrowLeft', code: 'ArrowLeft' });
    expect(document.activeElement).toBe(cell(0, 0));
    fireEvent.keyDown(cell(0, 0), { key: 'Enter', code: 'Enter' });
    expect(document.activeElement).toBe(cell(1, 0));
    // At the grid's edge the focus stays.
    fireEvent.keyDown(cell(1, 0), { key: 'ArrowLeft', code: 'ArrowLeft' });
    expect(document.activeElement).toBe(cell(1, 0));
    // Tab order is row by row (no other focusable element between cells).
    const inputs = Array.from(document.querySelectorAll('input'));
    expect(inputs.map((input) => input.id)).toEqual(['t-cell-0-0', 't-cell-0-1', 't-cell-0-2', 't-cell-1-0', 't-cell-1-1', 't-cell-1-2', 't-cell-2-0', 't-cell-2-1', 't-cell-2-2']);
  });

  it('selects a cell when it gets the focus, so typing replaces its quantity; Enter reads it and goes down', () => {
    let latest: MatrixValues = {};
    render(<Harness initial={{ '1:11': 5 }} onValues={(values) => (latest = values)} />);
    act(() => cell(0, 0).focus());
    const input = cell(0, 0);
    expect(input.value.slice(input.selectionStart ?? 0, input.selectionEnd ?? 0)).toBe('5');
    fireEvent.change(input, { target: { value: '40' } });
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter' });
    expect(latest).toEqual({ '1:11': 40 });
    expect(document.activeElement).toBe(cell(1, 0));
    // The next cell is selected too: a typed quantity replaces the empty one.
    fireEvent.change(cell(1, 0), { target: { value: '7' } });
    fireEvent.keyDown(cell(1, 0), { key: 'ArrowRight', code: 'ArrowRight' });
    expect(document.activeElement).toBe(cell(1, 1));
    expect(screen.getByTestId('t-grand-total')).toHaveTextContent('47');
    // A quantity over the cell limit is clamped with a note, not silently cut.
    fireEvent.change(cell(1, 1), { target: { value: '2000000' } });
    act(() => cell(1, 1).blur());
    expect(latest['2:12']).toBe(1_000_000);
    expect(screen.getByRole('status')).toHaveTextContent('最大为 1000000');
  });

  it('shows quantities read-only when asked', () => {
    render(<MatrixGrid idPrefix="r" colors={colors} sizes={sizes} values={{ '2:12': 40 }} readOnly />);
    expect(document.querySelectorAll('input')).toHaveLength(0);
    expect(screen.getByLabelText('白色 M 数量')).toHaveTextContent('40');
    expect(screen.getByTestId('r-grand-total')).toHaveTextContent('40');
  });
});
