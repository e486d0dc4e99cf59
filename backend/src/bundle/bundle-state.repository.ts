import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { BundleStep } from '../../../contracts/bundles.js';
import { productionSettingsOf, SettingService } from '../setting/setting.service.js';
import { ScanRepository, type LockedOrder, type RouteStepState } from '../scan/scan.repository.js';
import { bundleSteps, type DefectLot } from './bundle-flow.js';

/** A bundle row with the names the screens show. */
export interface BundleRow {
  id: number;
  code: string;
  orderId: number;
  orderNo: string;
  bundleNo: number;
  layId: number;
  layNo: number;
  styleCode: string;
  styleName: string;
  colorId: number;
  colorName: string;
  sizeId: number;
  sizeName: string;
  quantity: number;
  rejected: number;
  voided: boolean;
  lastScanAt: string | null;
  lastProcessId: number | null;
  lastWorkerId: number | null;
  lastWorkerName: string | null;
}

/** The latest scan of the bundle at one process (for "already recorded by … at …"). */
export interface LastScanAt {
  processId: number;
  workerName: string | null;
  scannedAt: string;
}

/** A bundle read under its order's lock: numbers settled until the transaction ends. */
export interface LockedBundle {
  bundle: BundleRow;
  order: LockedOrder;
  route: RouteStepState[];
  defects: DefectLot[];
  /** From the cutting step on (bundle-flow.ts). */
  steps: BundleStep[];
  lastScans: LastScanAt[];
}

const BUNDLE_ROW = `b.id::int AS id, b.code, b.order_id AS "orderId", o.order_no AS "orderNo", b.bundle_no AS "bundleNo",
  b.lay_id AS "layId", l.lay_no AS "layNo", g.code AS "styleCode", g.name AS "styleName",
  b.color_id AS "colorId", c.name AS "colorName", b.size_id AS "sizeId", sz.name AS "sizeName",
  b.quantity, b.rejected, b.voided, b.last_scan_at AS "lastScanAt", b.last_process_id AS "lastProcessId",
  b.last_worker_id AS "lastWorkerId", coalesce(nullif(w.nickname, ''), w.username) AS "lastWorkerName"`;

/** FROM clause for BUNDLE_ROW (alias b). */
export const BUNDLE_FROM = `bundle b
  JOIN production_order o ON o.id = b.order_id
  JOIN cut_lay l ON l.id = b.lay_id
  JOIN goods g ON g.id = o.goods_id
  JOIN color c ON c.id = b.color_id
  JOIN size sz ON sz.id = b.size_id
  LEFT JOIN app_user w ON w.id = b.last_worker_id`;

export { BUNDLE_ROW };

/**
 * Reads one bundle with its order locked (FOR NO KEY UPDATE, as every scan of the order takes
 * it): every bundle scan, inspection and rework of one order is serialised, so "once per
 * process", partial bundles and rework lots hold on every instance under concurrency.
 */
@Injectable()
export class BundleStateRepository {
  constructor(
    private readonly scans: ScanRepository,
    private readonly settings: SettingService,
  ) {}

  /** The live (not voided) bundle with this code, case-insensitive, unlocked; null when none. */
  async findByCode(manager: EntityManager, code: string): Promise<BundleRow | null> {
    const rows: BundleRow[] = await manager.query(`SELECT ${BUNDLE_ROW} FROM ${BUNDLE_FROM} WHERE lower(b.code) = lower($1) AND NOT b.voided`, [code]);
    return rows[0] ? normalise(rows[0]) : null;
  }

  /** Locks the bundle's order and reads the bundle's numbers; null when there is no such live bundle. */
  async lock(manager: EntityManager, code: string): Promise<LockedBundle | null> {
    const found = await this.findByCode(manager, code);
    if (!found) return null;
    const order = await this.scans.lockOrder(manager, found.orderId);
    if (!order) return null;
    // Read again after the lock: a concurrent scan we waited for may have moved it.
    const bundle = (await this.findByCode(manager, code))!;
    const route = await this.scans.route(manager, order.id);
    const [sums, defects, lastScans, settings] = await Promise.all([
      manager.query(
        `SELECT process_id AS "processId", sum(quantity)::int AS done FROM scan
          WHERE bundle_id = $1 AND counts_progress GROUP BY process_id`,
        [bundle.id],
      ) as Promise<{ processId: number; done: number }[]>,
      manager.query(
        `SELECT id::int AS id, qc_process_id AS "qcProcessId", disposition, rework_process_id AS "reworkProcessId", quantity, reworked
           FROM bundle_defect WHERE bundle_id = $1 ORDER BY id`,
        [bundle.id],
      ) as Promise<DefectLot[]>,
      manager.query(
        `SELECT DISTINCT ON (s.process_id) s.process_id AS "processId", coalesce(nullif(w.nickname, ''), w.username) AS "workerName", s.scanned_at AS "scannedAt"
           FROM scan s LEFT JOIN app_user w ON w.id = s.worker_id
          WHERE s.bundle_id = $1 AND s.counts_progress AND s.quantity > 0 AND NOT EXISTS (SELECT 1 FROM scan r WHERE r.reverses_id = s.id)
          ORDER BY s.process_id, s.scanned_at DESC`,
        [bundle.id],
      ) as Promise<{ processId: number; workerName: string | null; scannedAt: Date }[]>,
      this.settings.productionSettings(manager),
    ]);
    const steps = bundleSteps({
      route,
      quantity: bundle.quantity,
      done: new Map(sums.map((row) => [row.processId, row.done])),
      defects,
      scanInOrder: productionSettingsOf(settings).scanInOrder,
    });
    return {
      bundle,
      order,
      route,
      defects,
      steps,
      lastScans: lastScans.map((row) => ({ ...row, scannedAt: new Date(row.scannedAt).toISOString() })),
    };
  }
}

function normalise(row: BundleRow): BundleRow {
  return { ...row, lastScanAt: row.lastScanAt ? new Date(row.lastScanAt).toISOString() : null };
}
