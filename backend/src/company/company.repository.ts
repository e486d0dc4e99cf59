import type { EntityManager } from 'typeorm';
import { COMPANY_DEFINITION, type MasterRecord } from '../../../contracts/master-data.js';
import { columnOf } from '../master-data/master-data.tables.js';

/** TypeORM returns [rows, affected] for UPDATE on PostgreSQL. */
function affectedRows(result: unknown): number {
  return Array.isArray(result) && typeof result[1] === 'number' ? result[1] : 0;
}

const FIELDS = Object.keys(COMPANY_DEFINITION.fields);

/** The company table: exactly one row, id 1 (the table's CHECK holds it to that). */
export class CompanyRepository {
  /** Creates the row on first use; a no-op afterwards, and safe when two requests race. */
  async ensure(manager: EntityManager): Promise<void> {
    await manager.query(`INSERT INTO company (id) VALUES (1) ON CONFLICT (id) DO NOTHING`);
  }

  async find(manager: EntityManager): Promise<MasterRecord | null> {
    const columns = FIELDS.map((field) => `${columnOf(field)} AS "${field}"`);
    const rows: MasterRecord[] = await manager.query(
      `SELECT id, version, created_at AS "createdAt", updated_at AS "updatedAt", ${columns.join(', ')} FROM company WHERE id = 1`,
    );
    return rows[0] ?? null;
  }

  /** Writes the given fields when `version` is current; false when someone changed it meanwhile. */
  async update(manager: EntityManager, version: number, values: Record<string, unknown>): Promise<boolean> {
    const fields = FIELDS.filter((field) => field in values);
    const assignments = fields.map((field, i) => `${columnOf(field)} = $${i + 2}`);
    const result: unknown = await manager.query(
      `UPDATE company SET ${[...assignments, 'version = version + 1', 'updated_at = now()'].join(', ')} WHERE id = 1 AND version = $1`,
      [version, ...fields.map((field) => values[field])],
    );
    return affectedRows(result) > 0;
  }
}
