// The boards' pure rules: where each refreshType lives, how a pushed scan changes a snapshot,
// how rows are ordered, split into pages and compared. No React, no I/O: all of it is tested.
import type { BoardSortOption, DashboardSettings, RefreshType } from '@contracts/api';
import type { ProgressRecorded } from '@contracts/events';
import { orderMetrics } from '@contracts/order-metrics';
import { activityAt, applyProgressToRow, type BoardSnapshot, type ProgressRow, type ProgressTotals, type StepProgress } from '@contracts/production';
import { PRODUCTION_PATHS } from '../../../config/paths';
import { refreshModeOf, type RefreshMode } from '../../../lib/board-vocabulary';
import { localDay } from './presentation';

// ——— routes ———

const BOARD_PATHS: Record<RefreshMode, string> = {
  whole: PRODUCTION_PATHS.wholeDashboard,
  scroll: PRODUCTION_PATHS.scrollDashboard,
  drop: PRODUCTION_PATHS.dropDashboard,
};

/** The one place that maps refreshType to a board: 0 whole page, 1 scrolling, else drop-down. */
export function boardPathFor(refreshType: RefreshType): string {
  return BOARD_PATHS[refreshModeOf(refreshType)];
}

/** The mode a TV board path shows, or null for any other path. */
export function boardModeOfPath(pathname: string): RefreshMode | null {
  const entry = Object.entries(BOARD_PATHS).find(([, path]) => path === pathname);
  return entry ? (entry[0] as RefreshMode) : null;
}

/** True when a settings change moves the TV boards to another presentation. */
export function refreshModeChanged(previous: DashboardSettings | null | undefined, next: DashboardSettings): boolean {
  return previous !== null && previous !== undefined && refreshModeOf(previous.refreshType) !== refreshModeOf(next.refreshType);
}

// ——— live updates ———

export type ApplyResult =
  | { kind: 'applied'; snapshot: BoardSnapshot; rowIndex: number }
  /** The order is not on the board (new, filtered out or hidden): the caller refetches. */
  | { kind: 'missing' };

export interface ApplyOptions {
  /** Apply the step's numbers (false when a newer event for that step was already applied). */
  step?: boolean;
  /** Apply the order's summary (false when a newer event for that order was already applied). */
  order?: boolean;
  /** The board's calendar day (YYYY-MM-DD) for the totals; defaults to today. */
  today?: string;
  /**
   * Leave the totals as they were: the caller applies a frame of events and computes them once
   * after the last (withTotals). Totals go over every row, so per event they were most of the
   * work of a frame on a 500-row board.
   */
  deferTotals?: boolean;
}

/**
 * A scan landed: the row's step takes the pushed numbers and the row the order's summary; only
 * that row (and the totals) become new objects, so every other row keeps its identity and its
 * memoised rendering. Rows sorted by finish rate move to their new place; other sorts do not
 * depend on progress and keep the server's order.
 */
export function applyProgress(snapshot: BoardSnapshot, event: ProgressRecorded, options: ApplyOptions = {}): ApplyResult {
  const index = snapshot.rows.findIndex((row) => row.id === event.orderId);
  if (index < 0) return { kind: 'missing' };
  const applyStep = options.step ?? true;
  const applyOrder = options.order ?? true;
  const current = snapshot.rows[index];
  const row = applyProgressToRow(current, event, { step: applyStep, order: applyOrder });
  let rows = snapshot.rows.slice();
  rows[index] = row;
  let rowIndex = index;
  if (applyOrder && isProgressSort(snapshot.settings.sortBy) && row.finishRate !== current.finishRate) {
    rows.splice(index, 1);
    rowIndex = insertionIndex(rows, row, snapshot.settings.sortBy);
    rows = [...rows.slice(0, rowIndex), row, ...rows.slice(rowIndex)];
  }
  return { kind: 'applied', snapshot: { ...snapshot, rows, totals: options.deferTotals ? snapshot.totals : computeTotals(rows, options.today) }, rowIndex };
}

/** The snapshot with its totals recomputed over its rows (after deferred applications). */
export function withTotals(snapshot: BoardSnapshot, today?: string): BoardSnapshot {
  return { ...snapshot, totals: computeTotals(snapshot.rows, today) };
}

function isProgressSort(sortBy: BoardSortOption): boolean {
  return sortBy === 'finishRateAsc' || sortBy === 'finishRateDesc';
}

/** Where `row` goes among already sorted `rows` (after its equals, so a tie does not jump). */
function insertionIndex(rows: readonly ProgressRow[], row: ProgressRow, sortBy: BoardSortOption): number {
  const compare = comparatorFor(sortBy);
  let low = 0;
  let high = rows.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (compare(rows[middle], row) <= 0) low = middle + 1;
    else high = middle;
  }
  return low;
}

// ——— totals ———

/**
 * Board totals over its rows, recomputed after each pushed scan with the contract's definitions
 * (contracts/order-metrics.ts) — the very function the server's snapshot used.
 */
export function computeTotals(rows: readonly ProgressRow[], today: string = localDay()): ProgressTotals {
  return orderMetrics(rows, today, 'board');
}

// ——— ordering ———

type Comparator = (a: ProgressRow, b: ProgressRow) => number;

const byText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
const byOrderNo: Comparator = (a, b) => byText(a.orderNo, b.orderNo) || a.id - b.id;

/** The comparator of a board sort option (ties as the server breaks them). */
export function comparatorFor(sortBy: BoardSortOption): Comparator {
  switch (sortBy) {
    case 'deliveryAsc':
      return (a, b) => byText(a.deliveryDate, b.deliveryDate) || byOrderNo(a, b);
    case 'deliveryDesc':
      return (a, b) => byText(b.deliveryDate, a.deliveryDate) || byOrderNo(a, b);
    case 'orderDateAsc':
      return (a, b) => byText(a.orderDate, b.orderDate) || byOrderNo(a, b);
    case 'orderDateDesc':
      return (a, b) => byText(b.orderDate, a.orderDate) || byOrderNo(a, b);
    case 'orderNumberAsc':
      return byOrderNo;
    // As the server: rates sorted over rows already in delivery order (ties keep it, then id).
    case 'finishRateAsc':
      return (a, b) => a.finishRate - b.finishRate || byText(a.deliveryDate, b.deliveryDate) || a.id - b.id;
    case 'finishRateDesc':
      return (a, b) => b.finishRate - a.finishRate || byText(a.deliveryDate, b.deliveryDate) || a.id - b.id;
    default:
      return byOrderNo;
  }
}

export function sortRows(rows: readonly ProgressRow[], sortBy: BoardSortOption): ProgressRow[] {
  return [...rows].sort(comparatorFor(sortBy));
}

/**
 * Drop-down boards: the latest activity first — the last scan, or for an order never scanned its
 * creation or last change (activityAt) — as the server picks the rows. ISO times compare as text.
 */
export function sortByActivity(rows: readonly ProgressRow[]): ProgressRow[] {
  return [...rows].sort((a, b) => byText(activityAt(b), activityAt(a)) || byOrderNo(a, b));
}

// ——— pages ———

/** How many rows of `rowHeight` fit into `height` (at least one). */
export function rowsThatFit(height: number, rowHeight: number, fallback = 10): number {
  if (!(height > 0) || !(rowHeight > 0)) return fallback;
  return Math.max(1, Math.floor(height / rowHeight));
}

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / Math.max(1, pageSize)));
}

/** Rows of page `page` (0-based; wraps around, so a shrinking board never shows an empty page). */
export function pageOf<T>(rows: readonly T[], pageSize: number, page: number): T[] {
  const size = Math.max(1, pageSize);
  const count = pageCount(rows.length, size);
  const index = ((page % count) + count) % count;
  return rows.slice(index * size, index * size + size);
}

/** Every page, for tests and indicators. */
export function splitPages<T>(rows: readonly T[], pageSize: number): T[][] {
  const count = pageCount(rows.length, pageSize);
  return Array.from({ length: count }, (_, page) => pageOf(rows, pageSize, page));
}

/** Seconds one copy of the scrolling rows takes to pass: a screenful every `refreshInterval`. */
export function scrollDurationSeconds(contentHeight: number, viewportHeight: number, refreshInterval: number): number {
  if (!(contentHeight > 0) || !(viewportHeight > 0)) return 0;
  const interval = Math.max(1, refreshInterval);
  return Math.max(interval, (contentHeight / viewportHeight) * interval);
}

// ——— identity ———

function sameStep(a: StepProgress | undefined, b: StepProgress | undefined): boolean {
  if (a === b) return true;
  if (!a || !b) return false;
  return (
    a.processId === b.processId &&
    a.sequence === b.sequence &&
    a.dueDate === b.dueDate &&
    a.planned === b.planned &&
    a.done === b.done &&
    a.status === b.status &&
    a.firstScanAt === b.firstScanAt &&
    a.lastScanAt === b.lastScanAt
  );
}

const ROW_FIELDS = [
  'id',
  'orderNo',
  'customerLabel',
  'goodsCode',
  'productName',
  'goodsImage',
  'orderDate',
  'deliveryDate',
  'totalQuantity',
  'reviewed',
  'hasDocument',
  'flagged',
  'completed',
  'completedAt',
  'finishRate',
  'delayDays',
  'status',
  'lastActivityAt',
  'lastScanAt',
] as const satisfies readonly (keyof ProgressRow)[];

export function sameRow(a: ProgressRow, b: ProgressRow): boolean {
  if (a === b) return true;
  if (ROW_FIELDS.some((field) => a[field] !== b[field])) return false;
  const keys = Object.keys(a.steps);
  if (keys.length !== Object.keys(b.steps).length) return false;
  return keys.every((key) => sameStep(a.steps[key], b.steps[key]));
}

export interface Reconciled {
  rows: ProgressRow[];
  /** Ids of rows that were not on the previous snapshot. */
  added: number[];
  /** Ids of rows whose content changed. */
  changed: number[];
}

/**
 * A reloaded snapshot keeps the previous row objects where nothing changed, so a refetch
 * re-renders only the rows that really differ.
 */
export function reconcileRows(previous: readonly ProgressRow[] | null, next: readonly ProgressRow[]): Reconciled {
  if (!previous) return { rows: [...next], added: [], changed: [] };
  const byId = new Map(previous.map((row) => [row.id, row]));
  const added: number[] = [];
  const changed: number[] = [];
  const rows = next.map((row) => {
    const old = byId.get(row.id);
    if (!old) {
      added.push(row.id);
      return row;
    }
    if (sameRow(old, row)) return old;
    changed.push(row.id);
    return row;
  });
  return { rows, added, changed };
}

// ——— search (mobile) ———

/** Rows whose order number, customer, style code or product name contain every word typed. */
export function filterRows(rows: readonly ProgressRow[], query: string): readonly ProgressRow[] {
  const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return rows;
  return rows.filter((row) => {
    const text = `${row.orderNo} ${row.customerLabel} ${row.goodsCode} ${row.productName}`.toLowerCase();
    return words.every((word) => text.includes(word));
  });
}

/**
 * Pieces waiting at a process of one order (work in progress): what the previous step of its
 * route (by sequence) has done and this one has not. Null for the first step or a step the order
 * does not have.
 */
export function waitingAt(row: Pick<ProgressRow, 'steps'>, processId: number): number | null {
  const step = row.steps[String(processId)];
  if (!step) return null;
  let previous: StepProgress | undefined;
  for (const candidate of Object.values(row.steps)) {
    if (candidate && candidate.sequence < step.sequence && (!previous || candidate.sequence > previous.sequence)) previous = candidate;
  }
  return previous ? Math.max(0, previous.done - step.done) : null;
}
