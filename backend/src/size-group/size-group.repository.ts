import type { EntityManager } from 'typeorm';
import type { SizeEntry } from '../../../contracts/master-data.js';
import type { SizeInput } from './size-entries.js';

/** SQL of the sizes inside a size group. */
export class SizeRepository {
  async sizesOf(manager: EntityManager, groupId: number): Promise<SizeEntry[]> {
    return manager.query(`SELECT id, name, sort_order AS "sortOrder" FROM size WHERE size_group_id = $1 ORDER BY sort_order, id`, [groupId]);
  }

  /**
   * Makes the group's sizes exactly `entries`: sizes not listed are deleted (the caller has made
   * sure nothing uses them), listed ids keep their row under the new name and order, the rest are
   * inserted. Renamed sizes first get a placeholder name, because the unique index on
   * (group, lower(name)) is checked row by row and a swap (S↔M) would otherwise collide midway.
   */
  async replaceSizes(manager: EntityManager, groupId: number, entries: SizeInput[]): Promise<void> {
    const kept = entries.filter((entry) => entry.id !== null);
    const keptIds = kept.map((entry) => entry.id as number);
    await manager.query(`DELETE FROM size WHERE size_group_id = $1 AND NOT (id = ANY ($2::int[]))`, [groupId, keptIds]);
    if (kept.length) {
      await manager.query(`UPDATE size SET name = chr(1) || id WHERE size_group_id = $1 AND id = ANY ($2::int[])`, [groupId, keptIds]);
      await manager.query(
        `UPDATE size SET name = k.name, sort_order = k.sort_order
           FROM unnest($2::int[], $3::text[], $4::int[]) AS k (id, name, sort_order)
          WHERE size.size_group_id = $1 AND size.id = k.id`,
        [groupId, keptIds, kept.map((entry) => entry.name), kept.map((entry) => entry.sortOrder)],
      );
    }
    const added = entries.filter((entry) => entry.id === null);
    if (added.length) {
      await manager.query(
        `INSERT INTO size (size_group_id, name, sort_order) SELECT $1, a.name, a.sort_order FROM unnest($2::text[], $3::int[]) AS a (name, sort_order)`,
        [groupId, added.map((entry) => entry.name), added.map((entry) => entry.sortOrder)],
      );
    }
  }
}
