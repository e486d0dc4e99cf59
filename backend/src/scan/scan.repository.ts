import { Injectable } from '@nestjs/common';
import type { PoolClient } from 'pg';
import { QueryFailedError, type EntityManager, type QueryRunner } from 'typeorm';
import type { DomainEventEnvelope } from '../../../contracts/events.js';
import type { ProductionSettings, ScanKind, ScanResult } from '../../../contracts/production.js';
import { appendStatement, toEnvelope, type EventRow, type PendingEvent } from '../events/event-store.js';
import type { StepNumbers } from '../progress/progress-math.js';
import type { StageTotals } from '../progress/stage-totals.js';

/** The order a scan is for, locked for the rest of the scan's transaction. */
export interface LockedOrder {
  id: number;
  orderNo: string;
  hidden: boolean;
  reviewed: boolean;
  hasDocument: boolean;
  completed: boolean;
  completedAt: string | null;
  deliveryDate: string;
}

/** A step of the route with its process's name and flags. */
export interface RouteStepState extends StepNumbers {
  processName: string;
  processCode: string;
  endProcess: boolean;
  warehouseIn: boolean;
  warehouseOut: boolean;
  /** The process's piece rate now (a scan stores the rate in force when recorded). */
  processRate: number | null;
  /** Flags and rate the bundle flow reads (contracts/bundles.ts). */
  cutting: boolean;
  qc: boolean;
  /** What a reworked piece pays here now (null: the piece rate). */
  reworkRate: number | null;
}

/** What identifies a scan's effect: a re-sent id must carry the same values. */
export interface ScanFingerprint {
  orderId: number;
  processId: number;
  quantity: number;
  colorId: number | null;
  sizeId: number | null;
  workerId: number | null;
  reversesId: number | null;
  /** The sub-process named (null: none). */
  stepId: number | null;
  /** The cut bundle recorded (null: an order-level scan). */
  bundleId: number | null;
  kind: ScanKind;
}

export interface StoredScan extends ScanFingerprint {
  id: number;
  orderNo: string;
  result: ScanResult;
}

export interface NewScan extends ScanFingerprint {
  scanId: string;
  deviceId: string;
  note: string;
  flagged: boolean;
  scannedAt: Date;
  recordedBy: number;
  /** The rate paid per piece (null: no pay), fixed at recording. */
  pieceRate: number | null;
  /** The factory day of scannedAt (YYYY-MM-DD): the pay summary's day. */
  day: string;
  /** Whether it moves the process's progress (false: an earlier sub-process; ScanRecord.countsProgress). */
  countsProgress: boolean;
}

/** A sub-process of a process with its rate. */
export interface ProcessStepRate {
  id: number;
  name: string;
  pieceRate: number | null;
  /** The process's last sub-process (by sequence) now: its scans move the process's progress. */
  last: boolean;
}

/** A named sub-process with the order's pieces at it so far (0 for the last: ScanRepository.stepOf). */
export interface SubProcessAt extends ProcessStepRate {
  done: number;
  cellDone: number;
}

/** A sub-process of a process with the pieces one order recorded at it (the station's picker). */
export interface SubProcessState extends ProcessStepRate {
  sequence: number;
  done: number;
}

/** What a scan's first statement reads (see ScanRepository.open). */
export interface OpenedScan {
  /** The scan recorded before under this client id, if any. */
  stored: StoredScan | null;
  /** The order's id: the one given, else the one with the given number; null when no such number. */
  orderId: number | null;
  /** The order, now locked; null when there is no such order. */
  order: LockedOrder | null;
  /** The stored production settings (partial; the caller adds the defaults). */
  settings: Partial<ProductionSettings> | null;
  /** The worker's display name; null when there is no such enabled user. */
  workerName: string | null;
  /** The processes the worker may execute (empty when there is no such enabled user). */
  workerProcessIds: number[];
}

/** The scan a correcting entry would take back, and whether one already did. */
export interface ReversalTarget {
  id: number;
  orderId: number;
  processId: number;
  quantity: number;
  colorId: number | null;
  sizeId: number | null;
  workerId: number | null;
  stepId: number | null;
  stepName: string | null;
  pieceRate: number | null;
  countsProgress: boolean;
  bundleId: number | null;
  kind: ScanKind;
  isReversal: boolean;
  reversed: boolean;
}

/** Planned and done pieces of one colour × size of the order at one process, with its names. */
export interface CellState {
  planned: number;
  done: number;
  colorName: string;
  sizeName: string;
}

/** Where system_setting keeps the production rules: SettingService's key, read here in the scan's first statement. */
const PRODUCTION_SETTINGS_KEY = 'production.settings';

/**
 * A timestamptz as JavaScript's toISOString writes it (UTC, milliseconds, 'Z'): the route's scan
 * times come as text the scan compares and stores as they are, without a Date made per row.
 */
const ISO_INSTANT = 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"';

const LOCKED_ORDER = `id, order_no AS "orderNo", hidden, reviewed, document IS NOT NULL AS "hasDocument", completed,
              completed_at AS "completedAt", to_char(delivery_date, 'YYYY-MM-DD') AS "deliveryDate"`;

const ROUTE = `s.process_id AS "processId", s.sequence, to_char(s.due_date, 'YYYY-MM-DD') AS "dueDate",
              s.planned_quantity AS planned, s.done_quantity AS done,
              to_char(s.first_scan_at AT TIME ZONE 'UTC', '${ISO_INSTANT}') AS "firstScanAt", to_char(s.last_scan_at AT TIME ZONE 'UTC', '${ISO_INSTANT}') AS "lastScanAt",
              p.name AS "processName", p.code AS "processCode", p.end_process AS "endProcess",
              p.warehouse_in AS "warehouseIn", p.warehouse_out AS "warehouseOut", p.piece_rate::float8 AS "processRate",
              p.cutting, p.qc, p.rework_rate::float8 AS "reworkRate"`;

const CELL = `SELECT c.quantity AS planned, coalesce(p.done_quantity, 0) AS done, co.name AS "colorName", sz.name AS "sizeName"
         FROM production_order_cell c
         JOIN color co ON co.id = c.color_id
         JOIN size sz ON sz.id = c.size_id
         LEFT JOIN production_order_cell_progress p
           ON p.order_id = c.order_id AND p.process_id = $2 AND p.color_id = c.color_id AND p.size_id = c.size_id
        WHERE c.order_id = $1 AND c.color_id = $3 AND c.size_id = $4`;


type LockedOrderRow = Omit<LockedOrder, 'completedAt'> & { completedAt: Date | null };

function toLockedOrder(order: LockedOrderRow): LockedOrder {
  return { ...order, completedAt: order.completedAt ? new Date(order.completedAt).toISOString() : null };
}

/** The scan's first statement (see ScanRepository.open). */
const OPEN = {
  name: 'scan.open.4',
  text: `WITH target AS (
   SELECT coalesce($2::int, (SELECT id FROM production_order WHERE lower(order_no) = lower($3::text))) AS id
 )
 SELECT target.id AS "targetId", o.id AS "lockedId", o."orderNo", o.hidden, o.reviewed, o."hasDocument", o.completed, o."completedAt", o."deliveryDate",
        (SELECT json_build_object('id', s.id::int, 'orderId', s.order_id, 'orderNo', so.order_no, 'processId', s.process_id,
                            'quantity', s.quantity, 'colorId', s.color_id, 'sizeId', s.size_id, 'workerId', s.worker_id,
                            'reversesId', s.reverses_id::int, 'stepId', s.step_id, 'bundleId', s.bundle_id::int, 'kind', s.kind,
                            'result', s.result)
           FROM scan s JOIN production_order so ON so.id = s.order_id WHERE s.scan_id = $1) AS stored,
        (SELECT value FROM system_setting WHERE key = $5) AS settings,
        (SELECT coalesce(nullif(nickname, ''), username) FROM app_user WHERE id = $4 AND enabled) AS "workerName",
        (SELECT process_ids FROM app_user WHERE id = $4 AND enabled) AS "workerProcessIds"
   FROM target
   LEFT JOIN LATERAL (SELECT ${LOCKED_ORDER} FROM production_order WHERE id = target.id FOR NO KEY UPDATE) o ON true`,
};

const ROUTE_STATEMENT = {
  name: 'scan.route.4',
  text: `SELECT ${ROUTE} FROM production_order_step s JOIN process p ON p.id = s.process_id WHERE s.order_id = $1 ORDER BY s.sequence`,
};

/**
 * The scan's write with its events (see ScanRepository.write); the events' parameters follow the
 * first 27. $21 is NewScan.countsProgress: a scan at an earlier sub-process is stored and paid but
 * leaves the process's counters (step, cell) alone. $24–$27 are the order's stage totals after
 * the scan (progress/stage-totals.ts).
 */
function writeStatement(events: PendingEvent[]): { name: string; text: string; eventValues: unknown[] } {
  const append = appendStatement(events, 28, 'EXISTS (SELECT 1 FROM inserted)');
  return {
    name: `scan.write.v5.${events.length}`,
    text: `WITH new_scan AS (SELECT nextval('scan_id_seq') AS id),
       inserted AS (
         INSERT INTO scan (id, scan_id, order_id, process_id, quantity, color_id, size_id, worker_id, device_id, reverses_id,
                           note, flagged, scanned_at, recorded_by, result, step_id, piece_rate, counts_progress, bundle_id, kind)
         VALUES ((SELECT id FROM new_scan), $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13,
                 jsonb_set($14::jsonb, '{scan,id}', to_jsonb((SELECT id FROM new_scan))), $18, $19, $21, $22, $23)
         ON CONFLICT (scan_id) DO NOTHING
         RETURNING id
       ),
       step AS (
         UPDATE production_order_step
            SET done_quantity = done_quantity + $4,
                first_scan_at = CASE WHEN first_scan_at IS NULL OR first_scan_at > $12 THEN $12 ELSE first_scan_at END,
                last_scan_at = CASE WHEN last_scan_at IS NULL OR last_scan_at < $12 THEN $12 ELSE last_scan_at END
          WHERE order_id = $2 AND process_id = $3 AND $21::boolean AND EXISTS (SELECT 1 FROM inserted)
       ),
       cell AS (
         -- PostgreSQL checks CHECK (done_quantity >= 0) on the proposed row before it looks for a
         -- conflict: a correcting entry (negative $4) proposes 0 and subtracts in the update. Its
         -- cell row always exists, made by the scan it takes back.
         INSERT INTO production_order_cell_progress (order_id, process_id, color_id, size_id, done_quantity)
         SELECT $2, $3, $5, $6, greatest($4::int, 0)
          WHERE $5::int IS NOT NULL AND $6::int IS NOT NULL AND $21::boolean AND EXISTS (SELECT 1 FROM inserted)
         ON CONFLICT (order_id, process_id, color_id, size_id)
         DO UPDATE SET done_quantity = production_order_cell_progress.done_quantity + $4::int
       ),
       daily AS (
         -- The pay summary (worker, factory day, process, step, rate): what appraisal and payroll read.
         INSERT INTO worker_daily_output (worker_id, day, process_id, step_id, piece_rate, pieces, pay)
         SELECT $7, $20::date, $3, coalesce($18::int, 0), $19::numeric, $4, $4 * coalesce($19::numeric, 0)
          WHERE $7::int IS NOT NULL AND EXISTS (SELECT 1 FROM inserted)
         ON CONFLICT (worker_id, day, process_id, step_id, (coalesce(piece_rate, -1)))
         DO UPDATE SET pieces = worker_daily_output.pieces + excluded.pieces, pay = worker_daily_output.pay + excluded.pay
       ),
       touched AS (
         UPDATE production_order SET last_activity_at = $15, completed = $16, completed_at = $17,
                stage_cut = $24, stage_finished = $25, stage_stock_in = $26, stage_stock_out = $27
          WHERE id = $2 AND EXISTS (SELECT 1 FROM inserted)
       ),
       events AS (${append.sql})
       SELECT inserted.id::int AS id, events.* FROM inserted CROSS JOIN events ORDER BY events.seq`,
    eventValues: append.values,
  };
}

/**
 * The statements of a whole-order scan, exported for the bench's raw `pg` baseline
 * (backend/bench/scan-bench/raw-scan.ts), which issues exactly these without the app around them.
 */
export const SCAN_STATEMENTS = { open: OPEN, route: ROUTE_STATEMENT, write: writeStatement, productionSettingsKey: PRODUCTION_SETTINGS_KEY };

/**
 * Runs one of this file's statements as a named prepared statement of the transaction's
 * connection: PostgreSQL parses and plans the scan's CTE statements once per connection instead
 * of on every scan — planning was most of the database's work per scan (the bench's raw loop
 * runs about twice as many scans per second with the same statements prepared). The statement's
 * name must be unique to its text (pg refuses one name for two texts). Outside a transaction
 * (no connected query runner) it is an ordinary query. Errors are wrapped like TypeORM's own,
 * so callers read `driverError` as before.
 */
async function prepared<T>(manager: EntityManager, name: string, text: string, values: unknown[]): Promise<T[]> {
  const runner = manager.queryRunner as (QueryRunner & { databaseConnection?: PoolClient }) | undefined;
  const client = runner && !runner.isReleased ? runner.databaseConnection : undefined;
  if (!client) return manager.query(text, values);
  try {
    return (await client.query({ name, text, values })).rows as T[];
  } catch (error) {
    throw new QueryFailedError(text, values, error as Error);
  }
}

const STORED_SCAN = `
  s.id::int AS id, s.order_id AS "orderId", o.order_no AS "orderNo", s.process_id AS "processId", s.quantity,
  s.color_id AS "colorId", s.size_id AS "sizeId", s.worker_id AS "workerId", s.reverses_id::int AS "reversesId", s.step_id AS "stepId",
  s.bundle_id::int AS "bundleId", s.kind, s.result`;

/** SQL of scans and the counters they move. Every write runs inside the caller's transaction. */
@Injectable()
export class ScanRepository {
  async findByScanId(manager: EntityManager, scanId: string): Promise<StoredScan | null> {
    const rows: StoredScan[] = await prepared(manager, 'scan.stored.3',
      `SELECT ${STORED_SCAN} FROM scan s JOIN production_order o ON o.id = s.order_id WHERE s.scan_id = $1`,
      [scanId],
    );
    return rows[0] ?? null;
  }

  /** The order's id by number (case-insensitive, like its unique index). */
  async orderIdByNumber(manager: EntityManager, orderNo: string): Promise<number | null> {
    const rows: { id: number }[] = await prepared(manager, 'scan.orderIdByNumber', `SELECT id FROM production_order WHERE lower(order_no) = lower($1)`, [orderNo]);
    return rows[0]?.id ?? null;
  }

  /**
   * A scan's first statement, one round trip for what took four or five: the scan id's earlier
   * answer, the order (by id, else by number) locked, the production settings and the worker's
   * name. All of it is read in this statement's snapshot, taken before the lock is granted:
   * - the order row itself comes back as of the lock (PostgreSQL re-reads a row it had to wait
   *   for), so its flags are current;
   * - a scan id committed by a concurrent request while we waited is missed here, and caught by
   *   the insert's ON CONFLICT (see write), as before;
   * - the settings and the worker's name are read at one moment, as before, just not under any
   *   lock (nothing locked them before either).
   * The route is NOT read here: rows other than the locked one would be as of the snapshot,
   * before a concurrent scan of the same order that we waited for. It is read by the next
   * statement (route), whose snapshot is taken after the lock.
   *
   * Locks the order row: every scan of one order is serialised, so the rules that compare two
   * steps (scan in order, warehouse-out ≤ warehouse-in) and completion see settled numbers.
   * FOR NO KEY UPDATE does not block the foreign-key checks of other tables referring to it.
   */
  async open(manager: EntityManager, input: { scanId: string; orderId?: number; orderNo?: string; workerId: number }): Promise<OpenedScan> {
    type Row = Omit<OpenedScan, 'order' | 'orderId'> & { targetId: number | null; lockedId: number | null } & { [K in keyof Omit<LockedOrderRow, 'id'>]: LockedOrderRow[K] | null };
    const rows: Row[] = await prepared(manager, OPEN.name, OPEN.text,
      [input.scanId, input.orderId ?? null, input.orderNo ?? null, input.workerId, PRODUCTION_SETTINGS_KEY],
    );
    const row = rows[0];
    const order =
      row.lockedId === null
        ? null
        : toLockedOrder({
            id: row.lockedId,
            orderNo: row.orderNo!,
            hidden: row.hidden!,
            reviewed: row.reviewed!,
            hasDocument: row.hasDocument!,
            completed: row.completed!,
            completedAt: row.completedAt,
            deliveryDate: row.deliveryDate!,
          });
    return { stored: row.stored, orderId: row.targetId, order, settings: row.settings, workerName: row.workerName, workerProcessIds: row.workerProcessIds ?? [] };
  }

  /**
   * Locks the order row (the correcting entry's path; scans lock in `open`): every scan of one
   * order is serialised. FOR NO KEY UPDATE does not block the foreign-key checks of other tables.
   */
  async lockOrder(manager: EntityManager, id: number): Promise<LockedOrder | null> {
    const rows: LockedOrderRow[] = await prepared(manager, 'scan.lockOrder', `SELECT ${LOCKED_ORDER} FROM production_order WHERE id = $1 FOR NO KEY UPDATE`, [id]);
    return rows[0] ? toLockedOrder(rows[0]) : null;
  }

  /** The route in sequence with each step's counters and its process's flags. Read after the order's lock. */
  async route(manager: EntityManager, orderId: number): Promise<RouteStepState[]> {
    return prepared<RouteStepState>(manager, ROUTE_STATEMENT.name, ROUTE_STATEMENT.text, [orderId]);
  }

  /**
   * The route and, in the same round trip, one colour × size cell of the grid at `processId`
   * (null when not on the grid; its numbers ride along on every route row). Read after the lock.
   */
  async routeAndCell(manager: EntityManager, orderId: number, processId: number, colorId: number, sizeId: number): Promise<{ route: RouteStepState[]; cell: CellState | null }> {
    const rows: (RouteStepState & { cell: CellState | null })[] = await prepared(manager, 'scan.routeAndCell.4',
      `SELECT ${ROUTE}, (SELECT row_to_json(cell) FROM (${CELL}) cell) AS cell
         FROM production_order_step s JOIN process p ON p.id = s.process_id WHERE s.order_id = $1 ORDER BY s.sequence`,
      [orderId, processId, colorId, sizeId],
    );
    return { route: rows.map(({ cell: _cell, ...row }) => row), cell: rows[0]?.cell ?? null };
  }

  /** Planned and done pieces of one colour × size of the order at one process; null when not on the grid. */
  async cell(manager: EntityManager, orderId: number, processId: number, colorId: number, sizeId: number): Promise<CellState | null> {
    const rows: CellState[] = await prepared(manager, 'scan.cell', CELL, [orderId, processId, colorId, sizeId]);
    return rows[0] ?? null;
  }

  /** A user's display name, or null when there is no such enabled user. */
  async workerName(manager: EntityManager, userId: number): Promise<string | null> {
    const rows: { name: string }[] = await prepared(manager, 'scan.workerName',
      `SELECT coalesce(nullif(nickname, ''), username) AS name FROM app_user WHERE id = $1 AND enabled`,
      [userId],
    );
    return rows[0]?.name ?? null;
  }

  /**
   * Every write of a scan in one statement (one round trip instead of five or six): the scan row with its
   * stored answer, the step's counter, the cell's counter (colour × size scans), the order's last
   * activity, completion and stage totals, and the events in the log (the transactional outbox row, as
   * UnitOfWork would write it). The row id comes from the sequence inside the statement and is
   * written into the stored answer (`result.scan.id`); the caller sets it on its copy.
   *
   * The scan is inserted unless its client id exists (ON CONFLICT DO NOTHING: a concurrent
   * request with the same id that committed first — the unique index makes this insert wait for
   * it); then nothing else is written and the answer is null. Every other write is conditioned on
   * the insert (`EXISTS (SELECT 1 FROM inserted)`); data-modifying CTEs all see the same snapshot,
   * and each touches different rows, each at most once. The order row is ours (locked in `open`),
   * so no concurrent scan moves these counters in between.
   */
  async write(
    manager: EntityManager,
    change: {
      scan: NewScan;
      result: ScanResult;
      /** The order's last activity, its completion and its stage totals after the scan. */
      at: Date;
      completed: boolean;
      completedAt: string | null;
      stages: StageTotals;
      events: PendingEvent[];
    },
  ): Promise<{ id: number; events: DomainEventEnvelope[] } | null> {
    const { scan } = change;
    const statement = writeStatement(change.events);
    const rows: (EventRow & { id: number })[] = await prepared(manager, statement.name, statement.text,
      [
        scan.scanId,
        scan.orderId,
        scan.processId,
        scan.quantity,
        scan.colorId,
        scan.sizeId,
        scan.workerId,
        scan.deviceId,
        scan.reversesId,
        scan.note,
        scan.flagged,
        scan.scannedAt,
        scan.recordedBy,
        JSON.stringify(change.result),
        change.at,
        change.completed,
        change.completedAt,
        scan.stepId,
        scan.pieceRate,
        scan.day,
        scan.countsProgress,
        scan.bundleId,
        scan.kind,
        change.stages.cut,
        change.stages.finished,
        change.stages.stockIn,
        change.stages.stockOut,
        ...statement.eventValues,
      ],
    );
    if (rows.length === 0) return null;
    return { id: rows[0].id, events: rows.map(toEnvelope) };
  }

  /**
   * A sub-process of the process with its rate; null when the process has no such step. For an
   * earlier step (not the last) also the net pieces the order recorded at it, and at one
   * colour × size of it (0 without a cell): its own over-plan count, read in the same statement
   * under the order's lock, so concurrent scans of the step are counted. The last step's scans
   * are the process's progress (the route's numbers), so its scans are not summed.
   */
  async stepOf(
    manager: EntityManager,
    at: { orderId: number; processId: number; stepId: number; colorId: number | null; sizeId: number | null },
  ): Promise<SubProcessAt | null> {
    const rows: SubProcessAt[] = await prepared(manager, 'scan.stepOf.3',
      `SELECT st.id, st.name, st.piece_rate::float8 AS "pieceRate", st.last,
              CASE WHEN st.last THEN 0 ELSE coalesce(d.done, 0) END AS done,
              CASE WHEN st.last THEN 0 ELSE coalesce(d.cell_done, 0) END AS "cellDone"
         FROM (SELECT id, name, piece_rate,
                      NOT EXISTS (SELECT 1 FROM process_step later WHERE later.process_id = s.process_id AND later.sequence > s.sequence) AS last
                 FROM process_step s WHERE id = $2 AND process_id = $3) st
         LEFT JOIN LATERAL (
           SELECT sum(quantity)::int AS done, sum(quantity) FILTER (WHERE color_id = $4 AND size_id = $5)::int AS cell_done
             FROM scan WHERE order_id = $1 AND step_id = st.id AND NOT st.last
         ) d ON true`,
      [at.orderId, at.stepId, at.processId, at.colorId, at.sizeId],
    );
    return rows[0] ?? null;
  }

  /** The process's sub-processes in sequence with their rate in force (own, else the process's) and the order's net pieces at each. */
  async subProcessesOf(manager: EntityManager, orderId: number, processId: number): Promise<SubProcessState[]> {
    return manager.query(
      `SELECT st.id, st.sequence, st.name, coalesce(st.piece_rate, p.piece_rate)::float8 AS "pieceRate",
              st.sequence = max(st.sequence) OVER () AS last,
              coalesce((SELECT sum(s.quantity) FROM scan s WHERE s.order_id = $1 AND s.step_id = st.id), 0)::int AS done
         FROM process_step st JOIN process p ON p.id = st.process_id WHERE st.process_id = $2 ORDER BY st.sequence`,
      [orderId, processId],
    );
  }

  /** The scan a correcting entry would take back, and whether one already did. */
  async findForReversal(manager: EntityManager, scanId: string): Promise<ReversalTarget | null> {
    const rows = await prepared<ReversalTarget>(manager, 'scan.findForReversal.4',
      `SELECT s.id::int AS id, s.order_id AS "orderId", s.process_id AS "processId", s.quantity, s.color_id AS "colorId",
              s.size_id AS "sizeId", s.worker_id AS "workerId", s.reverses_id IS NOT NULL AS "isReversal",
              s.step_id AS "stepId", st.name AS "stepName", s.piece_rate::float8 AS "pieceRate", s.counts_progress AS "countsProgress",
              s.bundle_id::int AS "bundleId", s.kind,
              EXISTS (SELECT 1 FROM scan r WHERE r.reverses_id = s.id) AS reversed
         FROM scan s LEFT JOIN process_step st ON st.id = s.step_id WHERE s.scan_id = $1`,
      [scanId],
    );
    return rows[0] ?? null;
  }
}
