import { MAX_CELL_QUANTITY, type MatrixCell, type OrderTotals } from '../../../contracts/orders.js';
import { DomainException } from '../common/errors/domain.exception.js';
import { MAX_MONEY } from './sale-order.dto.js';

export const MAX_LINES = 200;
export const MAX_CELLS_PER_LINE = 2_000;

/** A line as checked for shape (not yet against the database). Derived fields the client may send are dropped here. */
export interface ParsedLine {
  id?: number;
  goodsId: number;
  productName?: string;
  costPrice?: number;
  sellingPrice?: number;
  packingUnit: string;
  packingQuantity: number | null;
  note: string;
  cells: MatrixCell[];
}

const invalid = (field: string, problem = 'invalid', params: Record<string, string | number> = {}) =>
  new DomainException('validation', {}, { field, problem, params });

function optionalText(value: unknown, field: string, max: number): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw invalid(field, 'string');
  const text = value.trim();
  if (text.length > max) throw invalid(field, 'maxLength', { max });
  return text;
}

function toNumber(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(value)) return Number(value);
  return Number.NaN;
}

function money(value: unknown, field: string): number | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const number = toNumber(value);
  if (!Number.isFinite(number)) throw invalid(field, 'number');
  if (number < 0) throw invalid(field, 'min', { min: 0 });
  if (number > MAX_MONEY) throw invalid(field, 'max', { max: MAX_MONEY });
  if (Math.round(number * 100) / 100 !== number) throw invalid(field, 'invalid');
  return number;
}

function integer(value: unknown, field: string, min: number, max: number): number {
  const number = toNumber(value);
  if (!Number.isInteger(number)) throw invalid(field, 'integer');
  if (number < min) throw invalid(field, 'min', { min });
  if (number > max) throw invalid(field, 'max', { max });
  return number;
}

/**
 * Parses the `lines` JSON string: shape, types and ranges, cells with quantity 0 dropped. Refuses
 * with "no child detail" when there is no line, "no colour or size selected" when a line has no
 * positive quantity, "goods code invalid" for a line without a style, and "item already exists"
 * for a style that comes twice. Unknown fields (quantity, amount, …) are ignored.
 */
export function parseLines(json: string): ParsedLine[] {
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    throw invalid('lines');
  }
  if (!Array.isArray(raw)) throw invalid('lines');
  if (raw.length === 0) throw new DomainException('noChildDetail', {}, { field: 'lines' });
  if (raw.length > MAX_LINES) throw invalid('lines', 'maxItems', { max: MAX_LINES });
  const seenGoods = new Set<number>();
  const seenIds = new Set<number>();
  return raw.map((item: unknown, index): ParsedLine => {
    const line = index + 1;
    const at = (field: string) => `lines[${index}].${field}`;
    if (typeof item !== 'object' || item === null || Array.isArray(item)) throw invalid(`lines[${index}]`);
    const input = item as Record<string, unknown>;
    let id: number | undefined;
    if (input.id !== undefined && input.id !== null && input.id !== '') {
      id = integer(input.id, at('id'), 1, 2_147_483_647);
      if (seenIds.has(id)) throw invalid(at('id'));
      seenIds.add(id);
    }
    const goodsId = toNumber(input.goodsId);
    if (!Number.isInteger(goodsId) || goodsId < 1 || goodsId > 2_147_483_647) throw new DomainException('goodsCodeInvalid', { line }, { field: at('goodsId'), line });
    if (seenGoods.has(goodsId)) throw new DomainException('itemAlreadyExists', { line }, { field: at('goodsId'), line });
    seenGoods.add(goodsId);

    if (!Array.isArray(input.cells)) {
      if (input.cells === undefined || input.cells === null) throw new DomainException('noColorOrSizeSelected', { line }, { field: at('cells'), line });
      throw invalid(at('cells'));
    }
    if (input.cells.length > MAX_CELLS_PER_LINE) throw invalid(at('cells'), 'maxItems', { max: MAX_CELLS_PER_LINE });
    const cells: MatrixCell[] = [];
    const seenCells = new Set<string>();
    input.cells.forEach((cell: unknown, cellIndex) => {
      const cellAt = (field: string) => `lines[${index}].cells[${cellIndex}].${field}`;
      if (typeof cell !== 'object' || cell === null) throw invalid(`lines[${index}].cells[${cellIndex}]`);
      const { colorId, sizeId, quantity } = cell as Record<string, unknown>;
      const parsed = {
        colorId: integer(colorId, cellAt('colorId'), 1, 2_147_483_647),
        sizeId: integer(sizeId, cellAt('sizeId'), 1, 2_147_483_647),
        quantity: integer(quantity ?? 0, cellAt('quantity'), 0, MAX_CELL_QUANTITY),
      };
      const key = `${parsed.colorId}:${parsed.sizeId}`;
      if (seenCells.has(key)) throw invalid(cellAt('sizeId'));
      seenCells.add(key);
      if (parsed.quantity > 0) cells.push(parsed);
    });
    if (cells.length === 0) throw new DomainException('noColorOrSizeSelected', { line }, { field: at('cells'), line });

    const packingQuantity = input.packingQuantity === undefined || input.packingQuantity === null || input.packingQuantity === '' ? null : integer(input.packingQuantity, at('packingQuantity'), 0, MAX_CELL_QUANTITY);
    return {
      id,
      goodsId,
      productName: optionalText(input.productName, at('productName'), 128) || undefined,
      costPrice: money(input.costPrice, at('costPrice')),
      sellingPrice: money(input.sellingPrice, at('sellingPrice')),
      packingUnit: optionalText(input.packingUnit, at('packingUnit'), 16) ?? '',
      packingQuantity,
      note: optionalText(input.note, at('note'), 500) ?? '',
      cells,
    };
  });
}

/** Money in cents as a bigint: exact sums whatever the sizes. */
const cents = (value: number) => BigInt(Math.round(value * 100));
const fromCents = (value: bigint) => Number(value) / 100;

export interface LineFigures {
  quantity: number;
  amount: number;
  cost: number;
}

/** Quantity, amount and cost of one line from its cells and prices. */
export function lineFigures(cells: MatrixCell[], costPrice: number, sellingPrice: number): LineFigures {
  const quantity = cells.reduce((sum, cell) => sum + cell.quantity, 0);
  return {
    quantity,
    amount: fromCents(BigInt(quantity) * cents(sellingPrice)),
    cost: fromCents(BigInt(quantity) * cents(costPrice)),
  };
}

/** The order's totals: derived from the lines and the freight, never taken from the client. */
export function orderTotals(lines: LineFigures[], freight: number): OrderTotals {
  const amount = lines.reduce((sum, line) => sum + cents(line.amount), 0n);
  const cost = lines.reduce((sum, line) => sum + cents(line.cost), 0n);
  const profit = amount - cost - cents(freight);
  return {
    totalQuantity: lines.reduce((sum, line) => sum + line.quantity, 0),
    totalAmount: fromCents(amount),
    totalCost: fromCents(cost),
    profit: fromCents(profit),
    profitRate: amount === 0n ? 0 : Math.round((Number(profit) / Number(amount)) * 1_000_000) / 1_000_000,
  };
}
