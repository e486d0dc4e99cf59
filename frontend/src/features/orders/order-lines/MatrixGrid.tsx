// The colour × size quantity matrix: a small spreadsheet. Rows are the style's colours (with a
// swatch), columns its sizes; row, column and grand totals update as one types. Tab moves
// through the cells row by row; the arrow keys move like in a spreadsheet (left/right once the
// caret reaches the edge of the number), Enter goes down. Every cell is selected when it gets
// the focus (NumberInput), so typing replaces the quantity in it.
import { useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_CELL_QUANTITY } from '@contracts/orders';
import { NumberInput } from '../../../components/form/NumberInput';
import { formatQuantity } from '../model/format';
import { cellKey, columnTotal, grandTotal, rowTotal, type MatrixColor, type MatrixSize, type MatrixValues } from '../model/matrix';

export interface MatrixGridProps {
  colors: readonly MatrixColor[];
  sizes: readonly MatrixSize[];
  values: MatrixValues;
  onChange?: (values: MatrixValues) => void;
  readOnly?: boolean;
  /** Prefix of the cell ids, unique on the page (one grid per order line). */
  idPrefix: string;
  invalid?: boolean;
}

export function MatrixGrid({ colors, sizes, values, onChange, readOnly = false, idPrefix, invalid = false }: MatrixGridProps) {
  const { t, i18n } = useTranslation('orders');
  const inputs = useRef(new Map<string, HTMLInputElement>());
  const number = (value: number) => formatQuantity(value, i18n.language);

  const setCell = (colorId: number, sizeId: number, quantity: number | null | undefined) => {
    const key = cellKey(colorId, sizeId);
    const next = Math.max(0, Math.min(MAX_CELL_QUANTITY, Math.trunc(quantity ?? 0)));
    if ((values[key] ?? 0) === next) return;
    const updated = { ...values };
    if (next > 0) updated[key] = next;
    else delete updated[key];
    onChange?.(updated);
  };

  const focusCell = (row: number, column: number): boolean => {
    const target = inputs.current.get(`${row}:${column}`);
    if (!target) return false;
    target.focus();
    target.select();
    return true;
  };

  const onKeyDown = (row: number, column: number) => (event: KeyboardEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const atStart = input.selectionStart === 0 && input.selectionEnd === 0;
    const atEnd = input.selectionStart === input.value.length && input.selectionEnd === input.value.length;
    const wholeSelected = input.selectionStart === 0 && input.selectionEnd === input.value.length;
    let moved = false;
    switch (event.key) {
      case 'ArrowUp':
        moved = focusCell(row - 1, column);
        break;
      case 'ArrowDown':
        moved = focusCell(row + 1, column);
        break;
      case 'Enter':
        // NumberInput has read the typed value before this runs; go down, then to the next column.
        moved = focusCell(row + 1, column) || focusCell(0, column + 1);
        break;
      case 'ArrowLeft':
        if (atStart || wholeSelected) moved = focusCell(row, column - 1);
        break;
      case 'ArrowRight':
        if (atEnd || wholeSelected) moved = focusCell(row, column + 1);
        break;
      default:
        return;
    }
    // Arrows never spin the number: they move, or stay put at the grid's edge.
    if (moved || event.key === 'ArrowUp' || event.key === 'ArrowDown' || event.key === 'Enter') event.preventDefault();
  };

  const total = grandTotal(values, colors, sizes);

  return (
    <div className={`matrix-scroll${invalid ? ' is-invalid' : ''}`}>
      <table className="matrix-grid" aria-label={t('matrix.label')} data-testid={`${idPrefix}-matrix`}>
        <thead>
          <tr>
            <th scope="col" className="matrix-corner">
              {t('matrix.color')}
            </th>
            {sizes.map((size) => (
              <th key={size.id} scope="col" className="matrix-size">
                {size.name}
              </th>
            ))}
            <th scope="col" className="matrix-total-head">
              {t('matrix.total')}
            </th>
          </tr>
        </thead>
        <tbody>
          {colors.map((color, row) => (
            <tr key={color.id}>
              <th scope="row" className="matrix-color">
                <span className="swatch" style={{ background: color.hex || 'transparent' }} aria-hidden="true" />
                <span className="matrix-color-name">{color.name}</span>
                <span className="matrix-color-code">{color.code}</span>
              </th>
              {sizes.map((size, column) => {
                const quantity = values[cellKey(color.id, size.id)] ?? 0;
                const label = t('matrix.cell', { color: color.name, size: size.name });
                return (
                  <td key={size.id} className={`matrix-cell${quantity > 0 ? ' has-value' : ''}`}>
                    {readOnly ? (
                      <span className="matrix-readonly" aria-label={label}>
                        {quantity > 0 ? number(quantity) : ''}
                      </span>
                    ) : (
                      <NumberInput
                        inputId={`${idPrefix}-cell-${row}-${column}`}
                        inputRef={(element: HTMLInputElement | null) => {
                          if (element) inputs.current.set(`${row}:${column}`, element);
                          else inputs.current.delete(`${row}:${column}`);
                        }}
                        value={quantity > 0 ? quantity : null}
                        onValueChange={(event) => setCell(color.id, size.id, event.value)}
                        onKeyDown={onKeyDown(row, column)}
                        min={0}
                        max={MAX_CELL_QUANTITY}
                        aria-label={label}
                        inputClassName="matrix-input"
                      />
                    )}
                  </td>
                );
              })}
              <td className="matrix-row-total" data-testid={`${idPrefix}-row-total-${row}`}>
                {number(rowTotal(values, color.id, sizes))}
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" className="matrix-color">
              {t('matrix.total')}
            </th>
            {sizes.map((size, column) => (
              <td key={size.id} className="matrix-column-total" data-testid={`${idPrefix}-column-total-${column}`}>
                {number(columnTotal(values, size.id, colors))}
              </td>
            ))}
            <td className="matrix-grand-total" data-testid={`${idPrefix}-grand-total`}>
              {number(total)}
            </td>
          </tr>
        </tfoot>
      </table>
      {!readOnly && <p className="field-hint matrix-hint">{t('matrix.hint')}</p>}
    </div>
  );
}
