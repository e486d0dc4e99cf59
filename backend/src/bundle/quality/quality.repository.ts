import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { BundleEvent, DefectDisposition, InspectResult, OpenRework } from '../../../../contracts/bundles.js';

/** What identifies an inspection's effect: a re-sent id must carry the same values. */
export interface InspectionFingerprint {
  bundleId: number;
  processId: number;
  inspectorId: number;
  passed: number;
  /** Defect lines in the order given. */
  defects: { defectTypeId: number; quantity: number; disposition: DefectDisposition; reworkProcessId: number | null }[];
}

export interface StoredInspection {
  id: number;
  result: { fingerprint: InspectionFingerprint; answer: InspectResult } | Record<string, never>;
}

/** The scan of the bundle a defect is charged to: its worker and the rate it was paid. */
export interface ResponsibleScan {
  workerId: number;
  pieceRate: number | null;
}

export interface NewDefect {
  inspectionId: number;
  bundleId: number;
  qcProcessId: number;
  defectTypeId: number;
  quantity: number;
  disposition: DefectDisposition;
  reworkProcessId: number | null;
  responsibleWorkerId: number | null;
}

const WORKER = (alias: string) => `coalesce(nullif(${alias}.nickname, ''), ${alias}.username)`;

/** SQL of QC inspections, defect lots and rework. Every write runs in the caller's transaction (the order locked). */
@Injectable()
export class QualityRepository {
  async findInspection(manager: EntityManager, scanId: string): Promise<StoredInspection | null> {
    const rows: StoredInspection[] = await manager.query(`SELECT id::int AS id, result FROM bundle_inspection WHERE scan_id = $1`, [scanId]);
    return rows[0] ?? null;
  }

  async insertInspection(
    manager: EntityManager,
    row: { scanId: string; bundleId: number; processId: number; inspectorId: number; passed: number; fingerprint: InspectionFingerprint },
  ): Promise<number> {
    const rows: { id: number }[] = await manager.query(
      `INSERT INTO bundle_inspection (scan_id, bundle_id, process_id, inspector_id, passed, result)
       VALUES ($1, $2, $3, $4, $5, $6::jsonb) RETURNING id::int AS id`,
      [row.scanId, row.bundleId, row.processId, row.inspectorId, row.passed, JSON.stringify({ fingerprint: row.fingerprint })],
    );
    return rows[0].id;
  }

  async saveInspectionResult(manager: EntityManager, id: number, fingerprint: InspectionFingerprint, answer: InspectResult): Promise<void> {
    await manager.query(`UPDATE bundle_inspection SET result = $2::jsonb WHERE id = $1`, [id, JSON.stringify({ fingerprint, answer })]);
  }

  /** The ids among these that are defect types. */
  async existingDefectTypes(manager: EntityManager, ids: number[]): Promise<Set<number>> {
    const rows: { id: number }[] = await manager.query(`SELECT id FROM defect_type WHERE id = ANY ($1::int[])`, [ids]);
    return new Set(rows.map((row) => row.id));
  }

  /** An enabled user's processes (null: no such enabled user). */
  async workerProcesses(manager: EntityManager, workerId: number): Promise<number[] | null> {
    const rows: { processIds: number[] }[] = await manager.query(`SELECT process_ids AS "processIds" FROM app_user WHERE id = $1 AND enabled`, [workerId]);
    return rows[0]?.processIds ?? null;
  }

  /** The latest normal scan of the bundle at the process not taken back: who recorded it and at what rate. */
  async responsibleScan(manager: EntityManager, bundleId: number, processId: number): Promise<ResponsibleScan | null> {
    const rows: ResponsibleScan[] = await manager.query(
      `SELECT s.worker_id AS "workerId", s.piece_rate::float8 AS "pieceRate"
         FROM scan s
        WHERE s.bundle_id = $1 AND s.process_id = $2 AND s.kind = 'normal' AND s.counts_progress AND s.quantity > 0 AND s.worker_id IS NOT NULL
          AND NOT EXISTS (SELECT 1 FROM scan r WHERE r.reverses_id = s.id)
        ORDER BY s.scanned_at DESC, s.id DESC LIMIT 1`,
      [bundleId, processId],
    );
    return rows[0] ?? null;
  }

  async insertDefect(manager: EntityManager, defect: NewDefect): Promise<number> {
    const rows: { id: number }[] = await manager.query(
      `INSERT INTO bundle_defect (inspection_id, bundle_id, qc_process_id, defect_type_id, quantity, disposition, rework_process_id, responsible_worker_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id::int AS id`,
      [
        defect.inspectionId,
        defect.bundleId,
        defect.qcProcessId,
        defect.defectTypeId,
        defect.quantity,
        defect.disposition,
        defect.reworkProcessId,
        defect.responsibleWorkerId,
      ],
    );
    return rows[0].id;
  }

  /** The responsible worker of each defect lot. */
  async lotWorkers(manager: EntityManager, ids: number[]): Promise<Map<number, number | null>> {
    const rows: { id: number; workerId: number | null }[] = await manager.query(
      `SELECT id::int AS id, responsible_worker_id AS "workerId" FROM bundle_defect WHERE id = ANY ($1::bigint[])`,
      [ids],
    );
    return new Map(rows.map((row) => [row.id, row.workerId]));
  }

  async addReworked(manager: EntityManager, defectId: number, pieces: number): Promise<void> {
    await manager.query(`UPDATE bundle_defect SET reworked = reworked + $2 WHERE id = $1`, [defectId, pieces]);
  }

  /** Where the bundle is now, and the pieces it scrapped. */
  async moveBundle(manager: EntityManager, bundleId: number, move: { rejected: number; at: Date; processId: number; workerId: number }): Promise<void> {
    await manager.query(
      `UPDATE bundle SET rejected = rejected + $2, last_scan_at = greatest(coalesce(last_scan_at, $3), $3), last_process_id = $4, last_worker_id = $5 WHERE id = $1`,
      [bundleId, move.rejected, move.at, move.processId, move.workerId],
    );
  }

  /** The open rework lots of the bundle, oldest first, with the names the station shows. */
  async openRework(manager: EntityManager, bundleId: number): Promise<OpenRework[]> {
    return manager.query(
      `SELECT d.id::int AS "defectId", d.qc_process_id AS "qcProcessId", d.rework_process_id AS "reworkProcessId", p.name AS "reworkProcessName",
              t.name AS "defectTypeName", (d.quantity - d.reworked) AS quantity, ${WORKER('w')} AS "responsibleWorkerName"
         FROM bundle_defect d
         JOIN process p ON p.id = d.rework_process_id
         JOIN defect_type t ON t.id = d.defect_type_id
         LEFT JOIN app_user w ON w.id = d.responsible_worker_id
        WHERE d.bundle_id = $1 AND d.disposition = 'rework' AND d.reworked < d.quantity
        ORDER BY d.id`,
      [bundleId],
    );
  }

  /** The bundle's history: its scans (normal, rework, charge-backs, correcting entries) and defects, in time order. */
  async trace(manager: EntityManager, bundleId: number): Promise<BundleEvent[]> {
    const rows: (BundleEvent & { at: Date | string })[] = await manager.query(
      `SELECT * FROM (
         SELECT CASE WHEN s.reverses_id IS NOT NULL THEN 'reversal' WHEN s.kind = 'normal' THEN 'scan' ELSE s.kind END AS kind,
                s.scanned_at AS at, s.process_id AS "processId", p.name AS "processName", s.quantity, s.worker_id AS "workerId",
                ${WORKER('w')} AS "workerName", s.scan_id AS "scanId", NULL AS "defectTypeName", NULL AS disposition,
                NULL AS "reworkProcessName", NULL AS "inspectorName", s.id AS seq, 0 AS part
           FROM scan s JOIN process p ON p.id = s.process_id LEFT JOIN app_user w ON w.id = s.worker_id
          WHERE s.bundle_id = $1
         UNION ALL
         SELECT 'defect', d.recorded_at, d.qc_process_id, p.name, d.quantity, d.responsible_worker_id, ${WORKER('w')}, NULL,
                t.name, d.disposition, rp.name, ${WORKER('i')}, d.id, 1
           FROM bundle_defect d
           JOIN process p ON p.id = d.qc_process_id
           JOIN defect_type t ON t.id = d.defect_type_id
           JOIN bundle_inspection bi ON bi.id = d.inspection_id
           LEFT JOIN process rp ON rp.id = d.rework_process_id
           LEFT JOIN app_user w ON w.id = d.responsible_worker_id
           LEFT JOIN app_user i ON i.id = bi.inspector_id
          WHERE d.bundle_id = $1
       ) e ORDER BY e.at, e.part, e.seq`,
      [bundleId],
    );
    return rows.map(({ at, ...row }) => {
      const event = row as BundleEvent & { seq?: unknown; part?: unknown };
      delete event.seq;
      delete event.part;
      if (event.kind !== 'defect') {
        delete event.defectTypeName;
        delete event.disposition;
        delete event.reworkProcessName;
        delete event.inspectorName;
      }
      return { ...event, at: new Date(at).toISOString() };
    });
  }
}
