import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import {
  DIFFERENCE_EXPORT_MAX_ORDERS,
  type DifferenceCell,
  type DifferenceGroup,
  type DifferenceNumbers,
  type DifferenceOrder,
  type DifferenceReport,
} from '../../../contracts/difference.js';
import { DEFAULT_PAGE_SIZE } from '../../../contracts/master-data.js';
import { DomainException } from '../common/errors/domain.exception.js';
import { DIFFERENCE_LABELS, type DifferenceQueryDto } from './difference.dto.js';
import {
  DifferenceRepository,
  STAGE_NAMES,
  type DifferenceFilter,
  type OrderHeaderRow,
  type StageCounts,
  type StageName,
  type SummaryRow,
} from './difference.repository.js';

/** Orders whose cells are read per round trip (an export reads many pages of these). */
const DETAIL_BATCH = 500;

type StageValues = Record<StageName, number | null>;

const difference = (a: number | null, b: number | null): number | null => (a === null || b === null ? null : a - b);

/** The contract's numbers from what a row measured at each stage (null: not on the route). */
export function numbersOf(ordered: number, stages: StageValues): DifferenceNumbers {
  const { cut, finished, stockIn, stockOut } = stages;
  // Without warehouse-out on the route nothing can have left: in stock is what came in.
  const inStock = stockIn === null ? null : stockIn - (stockOut ?? 0);
  return {
    ordered,
    cut,
    finished,
    inStock,
    shipped: stockOut,
    cutDiff: difference(cut, ordered),
    finishedDiff: difference(finished, cut),
    shippedDiff: difference(stockOut, ordered),
  };
}

const addNullable = (a: number | null, b: number | null): number | null => (a === null ? b : b === null ? a : a + b);

/** Sums of rows: a stage sums the rows that measure it (null when none does), like SQL sum. */
export function sumNumbers(rows: DifferenceNumbers[]): DifferenceNumbers {
  const total: DifferenceNumbers = { ordered: 0, cut: null, finished: null, inStock: null, shipped: null, cutDiff: null, finishedDiff: null, shippedDiff: null };
  for (const row of rows) {
    total.ordered += row.ordered;
    for (const key of ['cut', 'finished', 'inStock', 'shipped', 'cutDiff', 'finishedDiff', 'shippedDiff'] as const) total[key] = addNullable(total[key], row[key]);
  }
  return total;
}

const countsOf = (row: StageCounts): DifferenceNumbers => ({
  ordered: row.ordered,
  cut: row.cut,
  finished: row.finished,
  inStock: row.inStock,
  shipped: row.shipped,
  cutDiff: row.cutDiff,
  finishedDiff: row.finishedDiff,
  shippedDiff: row.shippedDiff,
});

/** What the export needs: every matching order and the same totals as the report. */
export interface DifferenceExport {
  orders: DifferenceOrder[];
  grandTotals: DifferenceNumbers;
  byCustomer: DifferenceGroup[];
  byGoods: DifferenceGroup[];
}

/**
 * Difference statistics (contracts/difference.ts): per order × colour × size, ordered vs cut vs
 * finished vs in stock vs shipped. Totals over the whole filter are counted in SQL from the step
 * counters; the rows of a page are built here from the cells, with the pieces scanned without
 * colour/size on a row of their own so that every order total equals its step counters.
 */
@Injectable()
export class DifferenceService {
  private readonly repository = new DifferenceRepository();

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async report(query: DifferenceQueryDto): Promise<DifferenceReport> {
    const filter = filterOf(query);
    const page = query.page ?? 1;
    const pageSize = query.pageSize ?? DEFAULT_PAGE_SIZE;
    // One snapshot for the totals and the page: a scan landing in between must not make the
    // page disagree with the totals printed above it.
    return this.dataSource.transaction('REPEATABLE READ', async (tx) => {
      const summary = summaryOf(await this.repository.summary(tx, filter));
      const headers = await this.repository.orderPage(tx, filter, pageSize, (page - 1) * pageSize);
      return { rows: await this.orders(tx, headers), total: summary.orders, page, pageSize, ...summary.totals };
    });
  }

  async exportData(query: DifferenceQueryDto): Promise<DifferenceExport> {
    const filter = filterOf(query);
    return this.dataSource.transaction('REPEATABLE READ', async (tx) => {
      const summary = summaryOf(await this.repository.summary(tx, filter));
      if (summary.orders > DIFFERENCE_EXPORT_MAX_ORDERS) throw new DomainException('exportTooLarge', { count: summary.orders, max: DIFFERENCE_EXPORT_MAX_ORDERS });
      const orders: DifferenceOrder[] = [];
      for (let offset = 0; offset < summary.orders; offset += DETAIL_BATCH) {
        orders.push(...(await this.orders(tx, await this.repository.orderPage(tx, filter, DETAIL_BATCH, offset))));
      }
      return { orders, ...summary.totals };
    });
  }

  /** The orders with their rows: three queries however many orders. */
  private async orders(manager: EntityManager, headers: OrderHeaderRow[]): Promise<DifferenceOrder[]> {
    if (headers.length === 0) return [];
    const ids = headers.map((header) => header.orderId);
    const steps = await this.repository.stageSteps(manager, ids);
    const grid = await this.repository.gridCells(manager, ids);
    const progress = await this.repository.cellProgress(manager, ids);
    const group = <T extends { orderId: number }>(rows: T[]) => {
      const byOrder = new Map<number, T[]>();
      for (const row of rows) {
        const list = byOrder.get(row.orderId);
        if (list) list.push(row);
        else byOrder.set(row.orderId, [row]);
      }
      return byOrder;
    };
    const stepsOf = group(steps);
    const gridOf = group(grid);
    const progressOf = group(progress);
    return headers.map((header) => orderOf(header, stepsOf.get(header.orderId) ?? [], gridOf.get(header.orderId) ?? [], progressOf.get(header.orderId) ?? []));
  }
}

function orderOf(
  header: OrderHeaderRow,
  steps: { stage: StageName; processId: number; done: number }[],
  grid: { colorId: number; colorName: string; sizeId: number; sizeName: string; quantity: number }[],
  progress: { processId: number; colorId: number; colorName: string; sizeId: number; sizeName: string; done: number }[],
): DifferenceOrder {
  const stepOf = new Map(steps.map((step) => [step.stage, step]));
  // The cells: the grid, then colour × size with progress no longer on the grid (ordered 0).
  const cellKey = (colorId: number, sizeId: number) => `${colorId}:${sizeId}`;
  const cells = new Map<string, { colorId: number; colorName: string; sizeId: number; sizeName: string; ordered: number }>();
  for (const cell of grid) cells.set(cellKey(cell.colorId, cell.sizeId), { ...cell, ordered: cell.quantity });
  const doneByCell = new Map<string, number>();
  const doneAtProcess = new Map<number, number>();
  for (const entry of progress) {
    const key = cellKey(entry.colorId, entry.sizeId);
    if (!cells.has(key)) cells.set(key, { colorId: entry.colorId, colorName: entry.colorName, sizeId: entry.sizeId, sizeName: entry.sizeName, ordered: 0 });
    doneByCell.set(`${entry.processId}:${key}`, entry.done);
    doneAtProcess.set(entry.processId, (doneAtProcess.get(entry.processId) ?? 0) + entry.done);
  }
  const stageValues = (valueAt: (step: { processId: number; done: number }) => number): StageValues =>
    Object.fromEntries(
      STAGE_NAMES.map((stage) => {
        const step = stepOf.get(stage);
        return [stage, step ? valueAt(step) : null];
      }),
    ) as StageValues;

  const rows: DifferenceCell[] = [...cells.entries()].map(([key, cell]) => ({
    colorId: cell.colorId,
    colorName: cell.colorName,
    sizeId: cell.sizeId,
    sizeName: cell.sizeName,
    notByCell: false,
    ...numbersOf(
      cell.ordered,
      stageValues((step) => doneByCell.get(`${step.processId}:${key}`) ?? 0),
    ),
  }));
  // Pieces scanned without colour/size: what the step counted beyond its cells.
  const unassigned = stageValues((step) => step.done - (doneAtProcess.get(step.processId) ?? 0));
  if (STAGE_NAMES.some((stage) => (unassigned[stage] ?? 0) !== 0)) {
    rows.push({ colorId: null, colorName: null, sizeId: null, sizeName: null, notByCell: true, ...numbersOf(0, unassigned) });
  }
  return { ...header, totals: sumNumbers(rows), cells: rows };
}

/** The grand total and the groups from the summary rows. */
function summaryOf(rows: SummaryRow[]): { orders: number; totals: Pick<DifferenceReport, 'grandTotals' | 'byCustomer' | 'byGoods'> } {
  const all = rows.find((row) => row.grouping === 'all');
  const groups = (grouping: SummaryRow['grouping']): DifferenceGroup[] =>
    rows.filter((row) => row.grouping === grouping).map((row) => ({ key: row.key, label: row.label ?? '', orders: row.orders, totals: countsOf(row) }));
  return {
    orders: all?.orders ?? 0,
    totals: { grandTotals: countsOf(all ?? { ordered: 0, cut: null, finished: null, inStock: null, shipped: null, cutDiff: null, finishedDiff: null, shippedDiff: null }), byCustomer: groups('customer'), byGoods: groups('goods') },
  };
}

/** The query as the repository's filter; a from-day after its to-day is a 400 naming the to-field. */
function filterOf(query: DifferenceQueryDto): DifferenceFilter {
  for (const [from, to] of [
    ['orderDateFrom', 'orderDateTo'],
    ['deliveryFrom', 'deliveryTo'],
  ] as const) {
    const fromDay = query[from];
    const toDay = query[to];
    if (fromDay && toDay && fromDay > toDay) {
      throw new DomainException('validation', {}, { field: to, problem: 'min', params: { min: fromDay }, label: DIFFERENCE_LABELS[to] });
    }
  }
  return {
    status: query.status ?? 'open',
    onlyDifferences: query.onlyDifferences ?? false,
    customerId: query.customerId,
    goodsId: query.goodsId,
    orderNo: query.orderNo,
    orderDateFrom: query.orderDateFrom,
    orderDateTo: query.orderDateTo,
    deliveryFrom: query.deliveryFrom,
    deliveryTo: query.deliveryTo,
    orderId: query.orderId,
  };
}
