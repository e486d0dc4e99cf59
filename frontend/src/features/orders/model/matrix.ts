// The colour × size quantity grid of one style: values keyed by colour and size, turned into
// the MatrixCell[] the API takes (cells with 0 are not sent) and summed by row and column.
import type { MatrixCell } from '@contracts/orders';

export interface MatrixColor {
  id: number;
  code: string;
  name: string;
  hex: string;
}

export interface MatrixSize {
  id: number;
  name: string;
}

/** `${colorId}:${sizeId}` → quantity. */
export type MatrixValues = Record<string, number>;

export const cellKey = (colorId: number, sizeId: number): string => `${colorId}:${sizeId}`;

export function valuesOf(cells: readonly MatrixCell[] | undefined): MatrixValues {
  const values: MatrixValues = {};
  for (const cell of cells ?? []) values[cellKey(cell.colorId, cell.sizeId)] = cell.quantity;
  return values;
}

/** Positive quantities of the grid's own colours and sizes, row by row. */
export function cellsOf(values: MatrixValues, colors: readonly MatrixColor[], sizes: readonly MatrixSize[]): MatrixCell[] {
  const cells: MatrixCell[] = [];
  for (const color of colors) {
    for (const size of sizes) {
      const quantity = values[cellKey(color.id, size.id)] ?? 0;
      if (quantity > 0) cells.push({ colorId: color.id, sizeId: size.id, quantity });
    }
  }
  return cells;
}

export const rowTotal = (values: MatrixValues, colorId: number, sizes: readonly MatrixSize[]): number =>
  sizes.reduce((sum, size) => sum + (values[cellKey(colorId, size.id)] ?? 0), 0);

export const columnTotal = (values: MatrixValues, sizeId: number, colors: readonly MatrixColor[]): number =>
  colors.reduce((sum, color) => sum + (values[cellKey(color.id, sizeId)] ?? 0), 0);

export const grandTotal = (values: MatrixValues, colors: readonly MatrixColor[], sizes: readonly MatrixSize[]): number =>
  colors.reduce((sum, color) => sum + rowTotal(values, color.id, sizes), 0);

/** Money rounded to cents, the way the server stores it. */
export const roundMoney = (value: number): number => Math.round(value * 100) / 100;
