import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { Localized } from '../../../contracts/master-data.js';
import { DomainException } from '../common/errors/domain.exception.js';
import { TABLE_LABELS } from './master-data.tables.js';

interface Reference {
  table: string;
  column: string;
}

/**
 * Refuses to delete a record that other records use, and says which: "used by Goods (3)".
 * The references are read from the database's own foreign keys, so a new table that refers to
 * a master-data table is protected without being registered anywhere. The foreign keys stay as
 * the last line of defence for a reference added concurrently.
 */
@Injectable()
export class ReferenceGuard {
  private readonly cache = new Map<string, Reference[]>();

  async refuseIfReferenced(manager: EntityManager, table: string, id: number, ownedTables: string[] = []): Promise<void> {
    const usages: { table: string; count: number }[] = [];
    for (const reference of await this.referencesTo(manager, table)) {
      if (ownedTables.includes(reference.table)) continue;
      const rows: { count: number }[] = await manager.query(
        `SELECT count(*)::int AS count FROM ${reference.table} WHERE ${reference.column} = $1`,
        [id],
      );
      if (rows[0].count > 0) usages.push({ table: reference.table, count: rows[0].count });
    }
    if (usages.length === 0) return;
    const describe = (language: keyof Localized) =>
      usages.map(({ table, count }) => `${TABLE_LABELS[table]?.[language] ?? table} (${count})`).join(language === 'en' ? ', ' : '、');
    throw new DomainException('inUse', { usages: { 'zh-CN': describe('zh-CN'), en: describe('en') } });
  }

  private async referencesTo(manager: EntityManager, table: string): Promise<Reference[]> {
    const cached = this.cache.get(table);
    if (cached) return cached;
    const rows: Reference[] = await manager.query(
      `SELECT c.conrelid::regclass::text AS table, a.attname AS column
         FROM pg_constraint c
         JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = ANY (c.conkey)
        WHERE c.contype = 'f' AND c.confrelid = $1::regclass AND c.conrelid <> c.confrelid
        ORDER BY 1, 2`,
      [table],
    );
    this.cache.set(table, rows);
    return rows;
  }
}
