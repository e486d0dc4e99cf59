import type { EntityManager } from 'typeorm';
import { deriveDueDates, MAX_CELL_QUANTITY, type MatrixCell, type RouteStep } from '../../../contracts/orders.js';
import { DomainException } from '../common/errors/domain.exception.js';
import { PRODUCTION_ORDER_LABELS } from './production-order.dto.js';

// Rules shared by direct entry, update, create-from-sales-order and the Excel import.

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar date written YYYY-MM-DD (2025-02-30 is not). */
export function isDate(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const match = DATE.exec(value);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === value && Number(match[1]) >= 1900 && Number(match[1]) <= 2999;
}

export function invalid(field: string, problem = 'invalid', params: Record<string, unknown> = {}): DomainException {
  return new DomainException('validation', {}, { field, problem, params, label: PRODUCTION_ORDER_LABELS[field] });
}

export function assertDate(value: unknown, field: string): string {
  if (!isDate(value)) throw invalid(field);
  return value;
}

export function assertDates(orderDate: string, deliveryDate: string): void {
  assertDate(orderDate, 'orderDate');
  assertDate(deliveryDate, 'deliveryDate');
  if (deliveryDate < orderDate) throw new DomainException('deliveryBeforeOrderDate', {}, { field: 'deliveryDate' });
}

function parseJsonArray(text: string, field: string): unknown[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw invalid(field);
  }
  if (!Array.isArray(parsed)) throw invalid(field);
  if (parsed.length > 10_000) throw invalid(field, 'maxItems', { max: 10_000 });
  return parsed;
}

const isId = (value: unknown): value is number => Number.isInteger(value) && (value as number) >= 1 && (value as number) <= 2_147_483_647;

/** Cells from their JSON string: whole numbers, no duplicate colour/size, zeros dropped. */
export function parseCells(text: string): MatrixCell[] {
  const seen = new Set<string>();
  const cells: MatrixCell[] = [];
  for (const item of parseJsonArray(text, 'cells')) {
    const cell = item as Partial<MatrixCell> | null;
    if (!cell || typeof cell !== 'object' || !isId(cell.colorId) || !isId(cell.sizeId)) throw invalid('cells');
    const quantity = cell.quantity;
    if (!Number.isInteger(quantity) || (quantity as number) < 0) throw invalid('cells', 'min', { min: 0 });
    if ((quantity as number) > MAX_CELL_QUANTITY) throw invalid('cells', 'max', { max: MAX_CELL_QUANTITY });
    const key = `${cell.colorId}:${cell.sizeId}`;
    if (seen.has(key)) throw invalid('cells');
    seen.add(key);
    if ((quantity as number) > 0) cells.push({ colorId: cell.colorId, sizeId: cell.sizeId, quantity: quantity as number });
  }
  return cells;
}

/** A style's colours and sizes: what its grid may contain. */
export interface StyleGrid {
  id: number;
  code: string;
  name: string;
  colorIds: Set<number>;
  sizeIds: Set<number>;
}

/** The grids of the given styles (by id), in one query each for colours and sizes. */
export async function loadStyleGrids(manager: EntityManager, goodsIds: number[]): Promise<Map<number, StyleGrid>> {
  const grids = new Map<number, StyleGrid>();
  if (goodsIds.length === 0) return grids;
  const goods: { id: number; code: string; name: string }[] = await manager.query(`SELECT id, code, name FROM goods WHERE id = ANY ($1::int[])`, [goodsIds]);
  for (const row of goods) grids.set(row.id, { ...row, colorIds: new Set(), sizeIds: new Set() });
  const colors: { goodsId: number; colorId: number }[] = await manager.query(
    `SELECT goods_id AS "goodsId", color_id AS "colorId" FROM goods_color WHERE goods_id = ANY ($1::int[])`,
    [goodsIds],
  );
  for (const row of colors) grids.get(row.goodsId)?.colorIds.add(row.colorId);
  // The sizes a style comes in: those selected, or every size of its group when none are.
  const sizes: { goodsId: number; sizeId: number }[] = await manager.query(
    `SELECT g.id AS "goodsId", s.id AS "sizeId" FROM goods g JOIN size s ON s.size_group_id = g.size_group_id
      WHERE g.id = ANY ($1::int[])
        AND (NOT EXISTS (SELECT 1 FROM goods_size WHERE goods_id = g.id) OR s.id IN (SELECT size_id FROM goods_size WHERE goods_id = g.id))`,
    [goodsIds],
  );
  for (const row of sizes) grids.get(row.goodsId)?.sizeIds.add(row.sizeId);
  return grids;
}

/** Cells must be of the style's colours and sizes, with at least one positive quantity. */
export function assertCellsFitStyle(cells: MatrixCell[], grid: StyleGrid, line = 1): void {
  if (cells.length === 0) throw new DomainException('noColorOrSizeSelected', { line }, { field: 'cells' });
  const wrongColor = cells.find((cell) => !grid.colorIds.has(cell.colorId));
  if (wrongColor) throw new DomainException('colorNotOfStyle', { line }, { field: 'cells', colorId: wrongColor.colorId });
  const wrongSize = cells.find((cell) => !grid.sizeIds.has(cell.sizeId));
  if (wrongSize) throw new DomainException('sizeNotOfStyle', { line }, { field: 'cells', sizeId: wrongSize.sizeId });
}

export function totalOf(cells: MatrixCell[]): number {
  return cells.reduce((sum, cell) => sum + cell.quantity, 0);
}

/** The default route: every process of the flow in sort order, due dates spread to delivery. */
export function defaultRoute(flow: { id: number; name: string }[], orderDate: string, deliveryDate: string): RouteStep[] {
  const dueDates = deriveDueDates(deliveryDate, orderDate, flow.length);
  return flow.map((process, index) => ({ processId: process.id, processName: process.name, sequence: index + 1, dueDate: dueDates[index] }));
}

/**
 * A route from its JSON string: steps in `sequence` order (renumbered 1…n), each process once,
 * due dates as given or derived from the delivery date.
 */
export async function parseRoute(manager: EntityManager, text: string, orderDate: string, deliveryDate: string): Promise<RouteStep[]> {
  const items = parseJsonArray(text, 'route').map((item, index) => {
    const step = item as Partial<RouteStep> | null;
    if (!step || typeof step !== 'object' || !isId(step.processId)) throw invalid('route');
    if (step.sequence !== undefined && !Number.isInteger(step.sequence)) throw invalid('route');
    if (step.dueDate !== undefined && step.dueDate !== null && step.dueDate !== '' && !isDate(step.dueDate)) throw invalid('route');
    return { processId: step.processId, sequence: step.sequence ?? index + 1, dueDate: step.dueDate || null, index };
  });
  if (items.length === 0) throw invalid('route', 'required');
  if (new Set(items.map((step) => step.processId)).size !== items.length) throw invalid('route');
  const ids = items.map((step) => step.processId);
  const rows: { id: number }[] = await manager.query(`SELECT id FROM process WHERE id = ANY ($1::int[])`, [ids]);
  if (rows.length !== ids.length) throw new DomainException('referenceInvalid', {}, { field: 'route' });
  items.sort((a, b) => a.sequence - b.sequence || a.index - b.index);
  const derived = deriveDueDates(deliveryDate, orderDate, items.length);
  return items.map((step, index) => ({ processId: step.processId, sequence: index + 1, dueDate: step.dueDate ?? derived[index] }));
}

/** Ids from "3,4, 7": distinct, in order; anything else is a validation error naming the field. */
export function parseIdList(text: string | undefined, field: string): number[] {
  const parts = (text ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
  if (parts.some((part) => !/^\d{1,10}$/.test(part) || !isId(Number(part)))) throw invalid(field, 'integer');
  if (parts.length > 1000) throw invalid(field, 'maxItems', { max: 1000 });
  return [...new Set(parts.map(Number))];
}
