import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import {
  STEP_STATUSES,
  type ProgressColumn,
  type ProgressRow,
  type ProgressTotals,
  type ScanRecord,
  type StepProgress,
  type StepStatus,
} from '../../../contracts/production.js';
import { dueThisWeekEnd, emptyCounts, metricsOf, type MetricCounts, type MetricPopulation } from '../../../contracts/order-metrics.js';
import { lastScanOf } from '../../../contracts/production.js';
import { likePattern, SqlParams } from '../sale-order/order-list-query.js';
import { delayDaysOf, finishRateOf, localDay, orderStatusOf, toStepProgress } from './progress-math.js';
import { delayedSql, dueThisWeekSql, finishRateSql, finishRatioSql, orderStatusSql, stepSummaryJoin } from './progress-sql.js';

/** Which orders: every condition given applies (omitted ones do not narrow). */
export interface ProgressFilter {
  ids?: readonly number[];
  /** false: shown orders only. Omitted: hidden ones too (a scan or a detail names its order). */
  hidden?: false;
  /** 'open': not completed. `{ visibleDays }`: open, or completed less than that many days ago. */
  completion?: 'open' | { visibleDays: number };
  /** Order no., customer order no., product name, style code, customer code or name. */
  keyword?: string;
  customerId?: number;
  /** Any of these customers (a board limited to some customers). */
  customerIds?: readonly number[];
  /** The order's status (orderStatusOf), evaluated in SQL. */
  status?: StepStatus;
  /** Inclusive YYYY-MM-DD bounds. */
  deliveryFrom?: string;
  deliveryTo?: string;
  orderDateFrom?: string;
  orderDateTo?: string;
  /** Completed within [from, to): instants (server-local midnights, see calendar.startOfLocalDay). */
  completedFrom?: Date;
  completedBefore?: Date;
}

/** Sorts a client may ask for (the schedule's columns). */
export const PROGRESS_SORT_FIELDS = ['deliveryDate', 'orderDate', 'orderNo', 'finishRate'] as const;
/** …and the drop-down boards' own: by activityAt (contracts/production.ts), the last scan or, before one, the last change. */
export type ProgressSortField = (typeof PROGRESS_SORT_FIELDS)[number] | 'activity';

export interface ProgressQuery extends ProgressFilter {
  /** Default: by id. Ties are broken by id in the same direction. */
  sort?: { field: ProgressSortField; order: 'asc' | 'desc' };
  limit?: number;
  offset?: number;
}

/** What counting a filter in the database gives: the contract's counts (ProgressTotals derive from them) and orders per status. */
export interface ProgressCounts extends MetricCounts {
  byStatus: Record<StepStatus, number>;
}

const SORT_EXPRESSIONS: Record<ProgressSortField, string> = {
  deliveryDate: 'p.delivery_date',
  orderDate: 'p.order_date',
  orderNo: 'lower(p.order_no)',
  finishRate: finishRatioSql('ss'),
  activity: 'COALESCE(ss.last_scan_at, p.last_activity_at)',
};

interface OrderData {
  id: number;
  orderNo: string;
  customerLabel: string;
  goodsCode: string;
  productName: string;
  goodsImage: string | null;
  orderDate: string;
  deliveryDate: string;
  totalQuantity: number;
  reviewed: boolean;
  hasDocument: boolean;
  completed: boolean;
  completedAt: Date | null;
  lastActivityAt: Date;
}

interface StepData {
  orderId: number;
  processId: number;
  sequence: number;
  dueDate: string;
  planned: number;
  done: number;
  firstScanAt: Date | null;
  lastScanAt: Date | null;
}

type ScanData = Omit<ScanRecord, 'id' | 'scannedAt' | 'recordedAt'> & { id: string; scannedAt: Date; recordedAt: Date };

const ORDER_SELECT = `
  SELECT p.id, p.order_no AS "orderNo", c.short_name AS "customerLabel", g.code AS "goodsCode", p.product_name AS "productName",
         g.image AS "goodsImage", to_char(p.order_date, 'YYYY-MM-DD') AS "orderDate", to_char(p.delivery_date, 'YYYY-MM-DD') AS "deliveryDate",
         p.total_quantity AS "totalQuantity", p.reviewed, (p.document IS NOT NULL) AS "hasDocument", p.completed,
         p.completed_at AS "completedAt", p.last_activity_at AS "lastActivityAt"`;

const ORDER_FROM = `
    FROM production_order p
    JOIN customer c ON c.id = p.customer_id
    JOIN goods g ON g.id = p.goods_id`;

/**
 * The placeholder of a value bound only when a query uses it: PostgreSQL refuses a parameter the
 * statement never mentions ("could not determine data type").
 */
function onFirstUse(bind: () => string): () => string {
  let placeholder: string | undefined;
  return () => (placeholder ??= bind());
}

const iso = (value: Date | null): string | null => (value ? value.toISOString() : null);

/** ProgressTotals from counts (the contract's metricsOf), labelled with the population counted. */
export function totalsOf(counts: MetricCounts, population: MetricPopulation): ProgressTotals {
  return metricsOf(counts, population);
}

function emptyByStatus(): Record<StepStatus, number> {
  return Object.fromEntries(STEP_STATUSES.map((status) => [status, 0])) as Record<StepStatus, number>;
}

/**
 * The one read model of progress: the process columns, order rows with their steps, totals and
 * scan history, for the schedule, the boards, the console and the scan service's answers.
 * Statuses, finish rates and delays come from progress-math; where the database has to filter or
 * count by them, from its SQL twin progress-sql.
 */
@Injectable()
export class ProgressReadRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The process flow in sort order: the columns of the schedule and the boards. */
  columns(manager: EntityManager = this.dataSource.manager): Promise<ProgressColumn[]> {
    return manager.query(
      `SELECT id, code, name, short_name AS "shortName", end_process AS "endProcess", warehouse_in AS "warehouseIn", warehouse_out AS "warehouseOut"
         FROM process ORDER BY sort_order, id`,
    );
  }

  /** Rows of the orders the query selects, in its order: two queries however many orders. */
  async rows(query: ProgressQuery, manager: EntityManager = this.dataSource.manager): Promise<ProgressRow[]> {
    if (query.ids?.length === 0) return [];
    const today = localDay();
    const params = new SqlParams();
    const todayParam = onFirstUse(() => params.add(today));
    const where = this.where(query, params, todayParam);
    const needsSummary = query.sort?.field === 'finishRate' || query.sort?.field === 'activity';
    const direction = query.sort?.order === 'desc' ? 'DESC' : 'ASC';
    const orderBy = query.sort ? `${SORT_EXPRESSIONS[query.sort.field]} ${direction} NULLS LAST, p.id ${direction}` : 'p.id';
    const limit = query.limit !== undefined ? ` LIMIT ${params.add(query.limit)}` : '';
    const offset = query.offset ? ` OFFSET ${params.add(query.offset)}` : '';
    const orders: OrderData[] = await manager.query(
      `${ORDER_SELECT} ${ORDER_FROM} ${needsSummary || query.status !== undefined ? stepSummaryJoin('p', 'ss') : ''}
        ${where} ORDER BY ${orderBy}${limit}${offset}`,
      params.values,
    );
    if (orders.length === 0) return [];
    const steps: StepData[] = await manager.query(
      `SELECT order_id AS "orderId", process_id AS "processId", sequence, to_char(due_date, 'YYYY-MM-DD') AS "dueDate",
              planned_quantity AS planned, done_quantity AS done, first_scan_at AS "firstScanAt", last_scan_at AS "lastScanAt"
         FROM production_order_step WHERE order_id = ANY ($1::int[]) ORDER BY order_id, sequence`,
      [orders.map((order) => order.id)],
    );
    const stepsOf = new Map<number, StepData[]>();
    for (const step of steps) {
      const list = stepsOf.get(step.orderId);
      if (list) list.push(step);
      else stepsOf.set(step.orderId, [step]);
    }
    return orders.map((order) => this.toRow(order, stepsOf.get(order.id) ?? [], today));
  }

  async row(id: number, manager: EntityManager = this.dataSource.manager): Promise<ProgressRow | null> {
    return (await this.rows({ ids: [id] }, manager))[0] ?? null;
  }

  /**
   * Counts over every order of a filter (paging aside), in one query: the schedule's totals, the
   * console. Each column is the SQL twin of a contract predicate (progress-sql.api.spec.ts).
   */
  async counts(filter: ProgressFilter, manager: EntityManager = this.dataSource.manager): Promise<ProgressCounts> {
    const today = localDay();
    const params = new SqlParams();
    const todayParam = onFirstUse(() => params.add(today));
    const weekEnd = params.add(dueThisWeekEnd(today));
    type Grouped = { status: StepStatus } & MetricCounts;
    const rows: Grouped[] = await manager.query(
      `SELECT status, count(*)::int AS orders, count(*) FILTER (WHERE completed)::int AS completed,
              count(*) FILTER (WHERE NOT completed)::int AS "inProduction",
              count(*) FILTER (WHERE delayed)::int AS delayed, count(*) FILTER (WHERE due_this_week)::int AS "dueThisWeek",
              COALESCE(sum(finish_rate) FILTER (WHERE NOT completed), 0)::float8 AS "finishRateSum"
         FROM (SELECT ${orderStatusSql('p', 'ss', todayParam())} AS status, ${finishRateSql('ss')} AS finish_rate, p.completed,
                      ${delayedSql('p', todayParam())} AS delayed, ${dueThisWeekSql('p', todayParam(), weekEnd)} AS due_this_week
                 ${ORDER_FROM} ${stepSummaryJoin('p', 'ss')}
                 ${this.where({ ...filter, hidden: false }, params, todayParam)}) filtered
        GROUP BY status`,
      params.values,
    );
    const counts: ProgressCounts = { ...emptyCounts(), byStatus: emptyByStatus() };
    for (const row of rows) {
      counts.orders += row.orders;
      counts.completed += row.completed;
      counts.inProduction += row.inProduction;
      counts.delayed += row.delayed;
      counts.dueThisWeek += row.dueThisWeek;
      counts.finishRateSum += row.finishRateSum;
      counts.byStatus[row.status] = row.orders;
    }
    return counts;
  }

  /**
   * Scan history, newest first: of one order, or the given scans (by database id). `reversed`
   * says a correcting entry took the scan back; `reversesScanId` names the scan an entry takes back.
   */
  async scanRecords(manager: EntityManager, where: { orderId?: number; ids?: number[] }, limit = 200): Promise<ScanRecord[]> {
    const params = new SqlParams();
    const conditions: string[] = [];
    if (where.orderId !== undefined) conditions.push(`s.order_id = ${params.add(where.orderId)}`);
    if (where.ids !== undefined) conditions.push(`s.id = ANY (${params.add(where.ids)}::bigint[])`);
    const rows: ScanData[] = await manager.query(
      `SELECT s.id, s.scan_id AS "scanId", s.order_id AS "orderId", p.order_no AS "orderNo", s.process_id AS "processId",
              pr.name AS "processName", s.quantity, s.color_id AS "colorId", co.name AS "colorName", s.size_id AS "sizeId",
              sz.name AS "sizeName", s.worker_id AS "workerId", COALESCE(NULLIF(w.nickname, ''), w.username) AS "workerName",
              s.device_id AS "deviceId", r.scan_id AS "reversesScanId",
              EXISTS (SELECT 1 FROM scan x WHERE x.reverses_id = s.id) AS reversed,
              s.note, s.flagged, s.scanned_at AS "scannedAt", s.recorded_at AS "recordedAt", COALESCE(rb.username, '') AS "recordedBy",
              s.step_id AS "stepId", st.name AS "stepName", s.piece_rate::float8 AS "pieceRate", s.counts_progress AS "countsProgress"
         FROM scan s
         LEFT JOIN process_step st ON st.id = s.step_id
         JOIN production_order p ON p.id = s.order_id
         JOIN process pr ON pr.id = s.process_id
         LEFT JOIN color co ON co.id = s.color_id
         LEFT JOIN size sz ON sz.id = s.size_id
         LEFT JOIN app_user w ON w.id = s.worker_id
         LEFT JOIN app_user rb ON rb.id = s.recorded_by
         LEFT JOIN scan r ON r.id = s.reverses_id
        ${conditions.length ? `WHERE ${conditions.join(' AND ')}` : ''}
        ORDER BY s.scanned_at DESC, s.id DESC
        LIMIT ${params.add(limit)}`,
      params.values,
    );
    // bigserial comes back as a string; ids stay far below 2^53.
    return rows.map((row) => ({ ...row, id: Number(row.id), scannedAt: row.scannedAt.toISOString(), recordedAt: row.recordedAt.toISOString() }));
  }

  private where(filter: ProgressFilter, params: SqlParams, todayParam: () => string): string {
    const conditions: string[] = [];
    if (filter.ids) conditions.push(`p.id = ANY (${params.add(filter.ids)}::int[])`);
    if (filter.hidden === false) conditions.push('NOT p.hidden');
    if (filter.completion === 'open') conditions.push('NOT p.completed');
    else if (filter.completion) {
      conditions.push(`(NOT p.completed OR p.completed_at >= now() - ${params.add(filter.completion.visibleDays)}::int * interval '1 day')`);
    }
    if (filter.keyword) {
      const pattern = params.add(likePattern(filter.keyword));
      conditions.push(
        `(p.order_no ILIKE ${pattern} OR p.customer_order_no ILIKE ${pattern} OR p.product_name ILIKE ${pattern}
          OR g.code ILIKE ${pattern} OR c.code ILIKE ${pattern} OR c.short_name ILIKE ${pattern})`,
      );
    }
    if (filter.customerId !== undefined) conditions.push(`p.customer_id = ${params.add(filter.customerId)}`);
    if (filter.customerIds?.length) conditions.push(`p.customer_id = ANY (${params.add([...filter.customerIds])}::int[])`);
    if (filter.status) conditions.push(`${orderStatusSql('p', 'ss', todayParam())} = ${params.add(filter.status)}`);
    if (filter.deliveryFrom) conditions.push(`p.delivery_date >= ${params.add(filter.deliveryFrom)}::date`);
    if (filter.deliveryTo) conditions.push(`p.delivery_date <= ${params.add(filter.deliveryTo)}::date`);
    if (filter.orderDateFrom) conditions.push(`p.order_date >= ${params.add(filter.orderDateFrom)}::date`);
    if (filter.orderDateTo) conditions.push(`p.order_date <= ${params.add(filter.orderDateTo)}::date`);
    if (filter.completedFrom) conditions.push(`p.completed AND p.completed_at >= ${params.add(filter.completedFrom)}`);
    if (filter.completedBefore) conditions.push(`p.completed AND p.completed_at < ${params.add(filter.completedBefore)}`);
    return conditions.length ? `WHERE ${conditions.join(' AND ')}` : '';
  }

  private toRow(order: OrderData, stepData: StepData[], today: string): ProgressRow {
    const steps: StepProgress[] = stepData.map((step) =>
      toStepProgress(
        {
          processId: step.processId,
          sequence: step.sequence,
          dueDate: step.dueDate,
          planned: step.planned,
          done: step.done,
          firstScanAt: iso(step.firstScanAt),
          lastScanAt: iso(step.lastScanAt),
        },
        today,
      ),
    );
    const { completedAt, lastActivityAt, ...rest } = order;
    return {
      ...rest,
      flagged: !order.reviewed || !order.hasDocument,
      completedAt: iso(completedAt),
      finishRate: finishRateOf(steps),
      delayDays: delayDaysOf(order, today),
      status: orderStatusOf(order, steps, today),
      lastActivityAt: lastActivityAt.toISOString(),
      lastScanAt: lastScanOf(steps),
      steps: Object.fromEntries(steps.map((step) => [String(step.processId), step])),
    };
  }
}
