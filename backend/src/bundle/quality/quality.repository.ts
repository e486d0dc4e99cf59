import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { DefectDisposition, InspectResult } from '../../../../contracts/bundles.js';

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
}
