import type { EntityManager } from 'typeorm';
import type { DifferenceNumbers, DifferenceStatus } from '../../../contracts/difference.js';
import { likePattern, SqlParams } from '../sale-order/order-list-query.js';

// The difference report reads only the counters the scan transaction keeps (never the scan
// history): the order's grid (production_order_cell), production_order_step.done_quantity per
// order × process, production_order_cell_progress per order × process × colour × size.

/** Which orders (every condition given applies). Dates are checked YYYY-MM-DD days. */
export interface DifferenceFilter {
  status: DifferenceStatus;
  onlyDifferences: boolean;
  customerId?: number;
  goodsId?: number;
  orderNo?: string;
  orderDateFrom?: string;
  orderDateTo?: string;
  deliveryFrom?: string;
  deliveryTo?: string;
  orderId?: number;
}

/** The process flag of each measured stage: stockOut is both "shipped" and what left the stock. */
export const STAGE_FLAGS = { cut: 'cutting', finished: 'end_process', stockIn: 'warehouse_in', stockOut: 'warehouse_out' } as const;
export type StageName = keyof typeof STAGE_FLAGS;
export const STAGE_NAMES = Object.keys(STAGE_FLAGS) as StageName[];

/** Done at each stage of an order as the SQL summary counts it (contracts/difference.ts). */
export type StageCounts = DifferenceNumbers;

export interface SummaryRow extends StageCounts {
  grouping: 'all' | 'customer' | 'goods';
  key: number | null;
  label: string | null;
  orders: number;
}

export interface OrderHeaderRow {
  orderId: number;
  orderNo: string;
  saleOrderId: number | null;
  saleOrderNo: string | null;
  customerId: number;
  customerName: string;
  goodsId: number;
  goodsCode: string;
  goodsName: string;
  orderDate: string;
  deliveryDate: string;
  completed: boolean;
  /** Pieces QC scrapped: Σ rejected of the order's live bundles. */
  rejected: number;
}

/** The step of one stage of one order: its process and done. */
export interface StageStepRow {
  orderId: number;
  stage: StageName;
  processId: number;
  done: number;
}

export interface GridCellRow {
  orderId: number;
  colorId: number;
  colorName: string;
  sizeId: number;
  sizeName: string;
  quantity: number;
}

export interface CellProgressRow {
  orderId: number;
  processId: number;
  colorId: number;
  colorName: string;
  sizeId: number;
  sizeName: string;
  done: number;
}

const ANY_STAGE_FLAG = Object.values(STAGE_FLAGS)
  .map((flag) => `pr.${flag}`)
  .join(' OR ');

/**
 * Per order of `orderIds` (SQL giving ids), the first step (by route sequence) of each stage as
 * an int[] {sequence, process id, done}: min() of arrays compares element by element, so the
 * lowest sequence wins. For the orders of a page; the totals read the order's stage_* columns, chosen alike.
 */
function stageStepsSql(orderIds: string): string {
  const columns = STAGE_NAMES.map((stage) => `min(ARRAY[s.sequence, s.process_id, s.done_quantity]) FILTER (WHERE pr.${STAGE_FLAGS[stage]}) AS "${stage}"`);
  return `SELECT s.order_id, ${columns.join(', ')}
            FROM production_order_step s JOIN process pr ON pr.id = s.process_id
           WHERE s.order_id IN (${orderIds}) AND (${ANY_STAGE_FLAG})
           GROUP BY s.order_id`;
}

/**
 * The orders of a filter with their numbers (CTE `numbers`; only orders with a difference when
 * the filter asks for that). The stage numbers are the order's stage_* columns, which the
 * database keeps as steps and process flags change (migration 1764288500000: the first step by
 * route sequence of each stage, as stageStepsSql chooses it): aggregating every order's steps
 * here took most of the report's time at 50,000 orders. Referenced once,
 * PostgreSQL plans it inline. The definitions are the contract's (contracts/difference.ts); the
 * service computes the same from cells, and the API spec checks that both agree.
 */
function numbersCte(filter: DifferenceFilter, params: SqlParams): string {
  const onlyDifferences = filter.onlyDifferences
    ? `WHERE COALESCE(cut_diff <> 0, false) OR COALESCE(finished_diff <> 0, false) OR COALESCE(shipped_diff <> 0, false)`
    : '';
  return `numbers AS (
      SELECT * FROM (
        SELECT *, cut - ordered AS cut_diff, finished - cut AS finished_diff, shipped - ordered AS shipped_diff
          FROM (SELECT p.id, p.customer_id, p.goods_id, p.total_quantity AS ordered, p.stage_cut AS cut, p.stage_finished AS finished,
                       p.stage_stock_in - COALESCE(p.stage_stock_out, 0) AS in_stock, p.stage_stock_out AS shipped
                  FROM production_order p
                 ${whereOf(filter, params)}) measured
      ) d
      ${onlyDifferences}
    )`;
}

/** Hidden orders never count; then the filter's conditions on production_order `p`. */
function whereOf(filter: DifferenceFilter, params: SqlParams): string {
  const conditions = ['NOT p.hidden'];
  if (filter.status === 'open') conditions.push('NOT p.completed');
  if (filter.status === 'completed') conditions.push('p.completed');
  if (filter.orderId !== undefined) conditions.push(`p.id = ${params.add(filter.orderId)}`);
  if (filter.customerId !== undefined) conditions.push(`p.customer_id = ${params.add(filter.customerId)}`);
  if (filter.goodsId !== undefined) conditions.push(`p.goods_id = ${params.add(filter.goodsId)}`);
  if (filter.orderNo) conditions.push(`p.order_no ILIKE ${params.add(likePattern(filter.orderNo))}`);
  if (filter.orderDateFrom) conditions.push(`p.order_date >= ${params.add(filter.orderDateFrom)}::date`);
  if (filter.orderDateTo) conditions.push(`p.order_date <= ${params.add(filter.orderDateTo)}::date`);
  if (filter.deliveryFrom) conditions.push(`p.delivery_date >= ${params.add(filter.deliveryFrom)}::date`);
  if (filter.deliveryTo) conditions.push(`p.delivery_date <= ${params.add(filter.deliveryTo)}::date`);
  return `WHERE ${conditions.join(' AND ')}`;
}

const SUM = (column: string) => `sum(${column})::float8`;

export class DifferenceRepository {
  /**
   * Totals over every order of the filter in one statement: the grand total (grouping 'all',
   * always one row) and the totals per customer and per style, with their labels. A stage sums
   * the orders that measure it (SQL sum skips nulls; null when none does).
   */
  async summary(manager: EntityManager, filter: DifferenceFilter): Promise<SummaryRow[]> {
    const params = new SqlParams();
    const cte = numbersCte(filter, params);
    const rows: SummaryRow[] = await manager.query(
      `WITH ${cte},
       grouped AS (
         SELECT CASE WHEN grouping(customer_id) = 0 THEN 'customer' WHEN grouping(goods_id) = 0 THEN 'goods' ELSE 'all' END AS grouping,
                COALESCE(customer_id, goods_id) AS key, count(*)::int AS orders,
                COALESCE(${SUM('ordered')}, 0) AS ordered, ${SUM('cut')} AS cut, ${SUM('finished')} AS finished,
                ${SUM('in_stock')} AS "inStock", ${SUM('shipped')} AS shipped,
                ${SUM('cut_diff')} AS "cutDiff", ${SUM('finished_diff')} AS "finishedDiff", ${SUM('shipped_diff')} AS "shippedDiff"
           FROM numbers
          GROUP BY GROUPING SETS ((), (customer_id), (goods_id))
       )
       SELECT g.*, CASE g.grouping WHEN 'customer' THEN c.short_name WHEN 'goods' THEN gd.code || ' ' || gd.name END AS label
         FROM grouped g
         LEFT JOIN customer c ON g.grouping = 'customer' AND c.id = g.key
         LEFT JOIN goods gd ON g.grouping = 'goods' AND gd.id = g.key
        ORDER BY g.grouping, COALESCE(c.code, gd.code), g.key`,
      params.values,
    );
    return rows;
  }

  /** One page of the filter's orders, by delivery date then id. */
  async orderPage(manager: EntityManager, filter: DifferenceFilter, limit: number, offset: number): Promise<OrderHeaderRow[]> {
    const params = new SqlParams();
    // Only "only differences" needs every order's numbers before paging; otherwise the page
    // comes straight from production_order (an index on delivery date, no aggregate).
    const cte = filter.onlyDifferences ? `WITH ${numbersCte(filter, params)}` : '';
    const where = filter.onlyDifferences ? 'WHERE p.id IN (SELECT id FROM numbers)' : whereOf(filter, params);
    return manager.query(
      `${cte}
       SELECT p.id AS "orderId", p.order_no AS "orderNo", p.sale_order_id AS "saleOrderId", so.order_no AS "saleOrderNo",
              p.customer_id AS "customerId", c.short_name AS "customerName", p.goods_id AS "goodsId", g.code AS "goodsCode",
              g.name AS "goodsName", to_char(p.order_date, 'YYYY-MM-DD') AS "orderDate",
              to_char(p.delivery_date, 'YYYY-MM-DD') AS "deliveryDate", p.completed,
              (SELECT coalesce(sum(b.rejected), 0)::int FROM bundle b WHERE b.order_id = p.id AND NOT b.voided) AS rejected
         FROM production_order p
         JOIN customer c ON c.id = p.customer_id
         JOIN goods g ON g.id = p.goods_id
         LEFT JOIN sale_order so ON so.id = p.sale_order_id
        ${where}
        ORDER BY p.delivery_date, p.id
        LIMIT ${params.add(limit)} OFFSET ${params.add(offset)}`,
      params.values,
    );
  }

  /** The step of each stage of these orders (a stage missing from the list is not on the route). */
  async stageSteps(manager: EntityManager, orderIds: number[]): Promise<StageStepRow[]> {
    // Array elements read in SQL: drivers differ in how they hand over an int[].
    const columns = STAGE_NAMES.map((stage) => `st."${stage}"[2] AS "${stage}Process", st."${stage}"[3] AS "${stage}Done"`);
    const rows: Record<string, number | null>[] = await manager.query(
      `SELECT st.order_id AS "orderId", ${columns.join(', ')} FROM (${stageStepsSql('SELECT unnest($1::int[])')}) st`,
      [orderIds],
    );
    return rows.flatMap((row) =>
      STAGE_NAMES.filter((stage) => row[`${stage}Process`] !== null).map((stage) => ({
        orderId: Number(row.orderId),
        stage,
        processId: Number(row[`${stage}Process`]),
        done: Number(row[`${stage}Done`]),
      })),
    );
  }

  /** The grid of these orders, colours in the style's order and sizes in their group's order. */
  gridCells(manager: EntityManager, orderIds: number[]): Promise<GridCellRow[]> {
    return manager.query(
      `SELECT c.order_id AS "orderId", c.color_id AS "colorId", co.name AS "colorName", c.size_id AS "sizeId", sz.name AS "sizeName", c.quantity
         FROM production_order_cell c
         JOIN production_order p ON p.id = c.order_id
         JOIN color co ON co.id = c.color_id
         JOIN size sz ON sz.id = c.size_id
         LEFT JOIN goods_color gc ON gc.goods_id = p.goods_id AND gc.color_id = c.color_id
        WHERE c.order_id = ANY ($1::int[])
        ORDER BY c.order_id, gc.sort_order NULLS LAST, co.code, co.id, sz.sort_order, sz.id`,
      [orderIds],
    );
  }

  /** Done per colour × size at the processes that measure a stage, for these orders. */
  cellProgress(manager: EntityManager, orderIds: number[]): Promise<CellProgressRow[]> {
    return manager.query(
      `SELECT cp.order_id AS "orderId", cp.process_id AS "processId", cp.color_id AS "colorId", co.name AS "colorName",
              cp.size_id AS "sizeId", sz.name AS "sizeName", cp.done_quantity AS done
         FROM production_order_cell_progress cp
         JOIN process pr ON pr.id = cp.process_id
         JOIN color co ON co.id = cp.color_id
         JOIN size sz ON sz.id = cp.size_id
        WHERE cp.order_id = ANY ($1::int[]) AND (${ANY_STAGE_FLAG})
        ORDER BY cp.order_id, co.code, co.id, sz.sort_order, sz.id`,
      [orderIds],
    );
  }
}
