import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { ScanResult } from '../../../contracts/production.js';
import type { StepNumbers } from '../progress/progress-math.js';

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
}

const STORED_SCAN = `
  s.id::int AS id, s.order_id AS "orderId", o.order_no AS "orderNo", s.process_id AS "processId", s.quantity,
  s.color_id AS "colorId", s.size_id AS "sizeId", s.worker_id AS "workerId", s.reverses_id::int AS "reversesId", s.result`;

/** SQL of scans and the counters they move. Every write runs inside the caller's transaction. */
@Injectable()
export class ScanRepository {
  async findByScanId(manager: EntityManager, scanId: string): Promise<StoredScan | null> {
    const rows: StoredScan[] = await manager.query(
      `SELECT ${STORED_SCAN} FROM scan s JOIN production_order o ON o.id = s.order_id WHERE s.scan_id = $1`,
      [scanId],
    );
    return rows[0] ?? null;
  }

  /** The order's id by number (case-insensitive, like its unique index). */
  async orderIdByNumber(manager: EntityManager, orderNo: string): Promise<number | null> {
    const rows: { id: number }[] = await manager.query(`SELECT id FROM production_order WHERE lower(order_no) = lower($1)`, [orderNo]);
    return rows[0]?.id ?? null;
  }

  /**
   * Locks the order row: every scan of one order is serialised, so the rules that compare two
   * steps (scan in order, warehouse-out ≤ warehouse-in) and completion see settled numbers.
   * FOR NO KEY UPDATE does not block the foreign-key checks of other tables referring to it.
   */
  async lockOrder(manager: EntityManager, id: number): Promise<LockedOrder | null> {
    const rows: LockedOrder[] = await manager.query(
      `SELECT id, order_no AS "orderNo", hidden, reviewed, document IS NOT NULL AS "hasDocument", completed,
              completed_at AS "completedAt", to_char(delivery_date, 'YYYY-MM-DD') AS "deliveryDate"
         FROM production_order WHERE id = $1 FOR NO KEY UPDATE`,
      [id],
    );
    const order = rows[0];
    if (!order) return null;
    return { ...order, completedAt: order.completedAt ? new Date(order.completedAt).toISOString() : null };
  }

  /** The route in sequence with each step's counters and its process's flags. */
  async route(manager: EntityManager, orderId: number): Promise<RouteStepState[]> {
    const rows: (Omit<RouteStepState, 'firstScanAt' | 'lastScanAt'> & { firstScanAt: Date | null; lastScanAt: Date | null })[] = await manager.query(
      `SELECT s.process_id AS "processId", s.sequence, to_char(s.due_date, 'YYYY-MM-DD') AS "dueDate",
              s.planned_quantity AS planned, s.done_quantity AS done, s.first_scan_at AS "firstScanAt", s.last_scan_at AS "lastScanAt",
              p.name AS "processName", p.code AS "processCode", p.end_process AS "endProcess",
              p.warehouse_in AS "warehouseIn", p.warehouse_out AS "warehouseOut"
         FROM production_order_step s JOIN process p ON p.id = s.process_id
        WHERE s.order_id = $1 ORDER BY s.sequence`,
      [orderId],
    );
    return rows.map((row) => ({ ...row, firstScanAt: row.firstScanAt?.toISOString() ?? null, lastScanAt: row.lastScanAt?.toISOString() ?? null }));
  }

  /** Planned and done pieces of one colour × size of the order at one process; null when not on the grid. */
  async cell(
    manager: EntityManager,
    orderId: number,
    processId: number,
    colorId: number,
    sizeId: number,
  ): Promise<{ planned: number; done: number; colorName: string; sizeName: string } | null> {
    const rows: { planned: number; done: number; colorName: string; sizeName: string }[] = await manager.query(
      `SELECT c.quantity AS planned, coalesce(p.done_quantity, 0) AS done, co.name AS "colorName", sz.name AS "sizeName"
         FROM production_order_cell c
         JOIN color co ON co.id = c.color_id
         JOIN size sz ON sz.id = c.size_id
         LEFT JOIN production_order_cell_progress p
           ON p.order_id = c.order_id AND p.process_id = $2 AND p.color_id = c.color_id AND p.size_id = c.size_id
        WHERE c.order_id = $1 AND c.color_id = $3 AND c.size_id = $4`,
      [orderId, processId, colorId, sizeId],
    );
    return rows[0] ?? null;
  }

  /** A user's display name, or null when there is no such enabled user. */
  async workerName(manager: EntityManager, userId: number): Promise<string | null> {
    const rows: { name: string }[] = await manager.query(
      `SELECT coalesce(nullif(nickname, ''), username) AS name FROM app_user WHERE id = $1 AND enabled`,
      [userId],
    );
    return rows[0]?.name ?? null;
  }

  /** The next scan row id, so the stored answer can carry it. */
  async nextId(manager: EntityManager): Promise<number> {
    const rows: { id: string }[] = await manager.query(`SELECT nextval('scan_id_seq') AS id`);
    return Number(rows[0].id);
  }

  /**
   * Inserts the scan unless its client id exists; false when it does (a concurrent request with
   * the same id committed first — the unique index makes this insert wait for it).
   */
  async insert(manager: EntityManager, id: number, scan: NewScan, result: ScanResult): Promise<boolean> {
    const rows: unknown[] = await manager.query(
      `INSERT INTO scan (id, scan_id, order_id, process_id, quantity, color_id, size_id, worker_id, device_id, reverses_id,
                         note, flagged, scanned_at, recorded_by, result)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15::jsonb)
       ON CONFLICT (scan_id) DO NOTHING RETURNING id`,
      [
        id,
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
        JSON.stringify(result),
      ],
    );
    return rows.length === 1;
  }

  /** Moves the step's counter; the first/last scan times follow the scan's own time. */
  async addToStep(manager: EntityManager, orderId: number, processId: number, quantity: number, at: Date): Promise<void> {
    await manager.query(
      `UPDATE production_order_step
          SET done_quantity = done_quantity + $3,
              first_scan_at = CASE WHEN first_scan_at IS NULL OR first_scan_at > $4 THEN $4 ELSE first_scan_at END,
              last_scan_at = CASE WHEN last_scan_at IS NULL OR last_scan_at < $4 THEN $4 ELSE last_scan_at END
        WHERE order_id = $1 AND process_id = $2`,
      [orderId, processId, quantity, at],
    );
  }

  async addToCell(manager: EntityManager, orderId: number, processId: number, colorId: number, sizeId: number, quantity: number): Promise<void> {
    await manager.query(
      `INSERT INTO production_order_cell_progress (order_id, process_id, color_id, size_id, done_quantity)
       VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (order_id, process_id, color_id, size_id) DO UPDATE SET done_quantity = production_order_cell_progress.done_quantity + $5`,
      [orderId, processId, colorId, sizeId, quantity],
    );
  }

  /** Records the order's last activity and, when it changed, its completion. */
  async touchOrder(manager: EntityManager, orderId: number, at: Date, completed: boolean, completedAt: string | null): Promise<void> {
    await manager.query(`UPDATE production_order SET last_activity_at = $2, completed = $3, completed_at = $4 WHERE id = $1`, [
      orderId,
      at,
      completed,
      completedAt,
    ]);
  }

  /** The scan a correcting entry would take back, and whether one already did. */
  async findForReversal(
    manager: EntityManager,
    scanId: string,
  ): Promise<{ id: number; orderId: number; processId: number; quantity: number; colorId: number | null; sizeId: number | null; workerId: number | null; isReversal: boolean; reversed: boolean } | null> {
    const rows = await manager.query(
      `SELECT s.id::int AS id, s.order_id AS "orderId", s.process_id AS "processId", s.quantity, s.color_id AS "colorId",
              s.size_id AS "sizeId", s.worker_id AS "workerId", s.reverses_id IS NOT NULL AS "isReversal",
              EXISTS (SELECT 1 FROM scan r WHERE r.reverses_id = s.id) AS reversed
         FROM scan s WHERE s.scan_id = $1`,
      [scanId],
    );
    return rows[0] ?? null;
  }
}
