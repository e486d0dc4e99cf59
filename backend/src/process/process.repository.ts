import type { EntityManager } from 'typeorm';
import type { ProcessStep } from '../../../contracts/master-data.js';
import { DomainException } from '../common/errors/domain.exception.js';

/** The exclusive process flags and their columns. */
export const EXCLUSIVE_FLAGS = { endProcess: 'end_process', warehouseIn: 'warehouse_in' } as const;
export type ExclusiveFlag = keyof typeof EXCLUSIVE_FLAGS;

/** Advisory lock key of "who is the end / warehouse-in process" (any constant unique in the app). */
const EXCLUSIVE_FLAG_LOCK = 7_363_001;

/** SQL of the process flow beyond the generic master-data table: flags, steps, users. */
export class ProcessRepository {
  /**
   * Serialises writers that set an exclusive flag, until their transaction ends. Without it two
   * transactions setting different end processes each clear the old one and then collide on the
   * partial unique index (one fails) or wait on each other's rows.
   */
  async lockExclusiveFlags(manager: EntityManager): Promise<void> {
    await manager.query(`SELECT pg_advisory_xact_lock($1)`, [EXCLUSIVE_FLAG_LOCK]);
  }

  /** Clears `flag` on every process but `keepId`; returns the ids changed. Their version moves on. */
  async clearFlag(manager: EntityManager, flag: ExclusiveFlag, keepId: number | null): Promise<number[]> {
    const column = EXCLUSIVE_FLAGS[flag];
    const rows: { id: number }[] = await manager.query(
      `UPDATE process SET ${column} = false, version = version + 1, updated_at = now()
        WHERE ${column} AND id <> $1 RETURNING id`,
      [keepId ?? 0],
    );
    return rows.map((row) => row.id);
  }

  /**
   * Writes the form's steps in place, matched by sequence: a step keeps its id (scans refer to it,
   * scan.step_id) while its name or rate changes; a rate change applies to later scans only (each
   * scan stores its rate). Steps beyond the new list are deleted; one with scans is refused.
   */
  async replaceSteps(manager: EntityManager, processId: number, steps: ProcessStep[]): Promise<void> {
    const scanned: { name: string }[] = await manager.query(
      `SELECT st.name FROM process_step st
        WHERE st.process_id = $1 AND st.sequence > $2 AND EXISTS (SELECT 1 FROM scan s WHERE s.step_id = st.id) ORDER BY st.sequence LIMIT 1`,
      [processId, steps.length],
    );
    if (scanned[0]) throw new DomainException('stepHasScans', { step: scanned[0].name }, { field: 'steps' });
    await manager.query(`DELETE FROM process_step WHERE process_id = $1 AND sequence > $2`, [processId, steps.length]);
    if (steps.length === 0) return;
    await manager.query(
      `INSERT INTO process_step (process_id, sequence, name, piece_rate)
       SELECT $1, s.sequence, s.name, s.piece_rate FROM unnest($2::int[], $3::text[], $4::numeric[]) AS s (sequence, name, piece_rate)
       ON CONFLICT (process_id, sequence) DO UPDATE SET name = excluded.name, piece_rate = excluded.piece_rate`,
      [processId, steps.map((step) => step.sequence), steps.map((step) => step.name), steps.map((step) => step.pieceRate)],
    );
  }

  async stepsOf(manager: EntityManager, processId: number): Promise<ProcessStep[]> {
    return manager.query(
      `SELECT id, sequence, name, piece_rate::float8 AS "pieceRate" FROM process_step WHERE process_id = $1 ORDER BY sequence`,
      [processId],
    );
  }

  /** Users who may scan at, or view attachments of, the process (ids kept in arrays, no foreign key). */
  async usersAssigned(manager: EntityManager, processId: number): Promise<number> {
    const rows: { count: number }[] = await manager.query(
      `SELECT count(*)::int AS count FROM app_user WHERE $1 = ANY (process_ids) OR $1 = ANY (attachment_process_ids)`,
      [processId],
    );
    return rows[0].count;
  }
}
