import type { EntityManager } from 'typeorm';
import type { MasterDataDefinition, MasterDataName, MasterRecord } from '../../../contracts/master-data.js';
import { referenceLabelKey } from '../../../contracts/master-data.js';
import { CODE_COLUMN_OF, columnOf, LABEL_COLUMN_OF, referenceColumnOf, TABLE_OF } from './master-data.tables.js';
import type { ParsedListQuery } from './list-query.js';
import { DomainException } from '../common/errors/domain.exception.js';

/** TypeORM returns [rows, affected] for UPDATE and DELETE on PostgreSQL. */
function affectedRows(result: unknown): number {
  return Array.isArray(result) && typeof result[1] === 'number' ? result[1] : 0;
}

/** Escapes LIKE wildcards in user input. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

interface SqlPart {
  sql: string;
  params: unknown[];
}

/**
 * SQL for one master-data table, built from its definition. Identifiers come only from the
 * definition; every value is a bound parameter.
 */
export class MasterDataRepository {
  readonly table: string;

  constructor(readonly definition: MasterDataDefinition) {
    this.table = TABLE_OF[definition.name];
  }

  private get fieldEntries() {
    return Object.entries(this.definition.fields);
  }

  /** The column expression of a field in the list query (t = the table, r_<field> = a joined reference). */
  private columnExpression(field: string): string {
    const definition = this.definition.fields[field];
    if (!definition) return `t.${columnOf(field)}`;
    return definition.kind === 'reference' ? `t.${referenceColumnOf(field)}` : `t.${columnOf(field)}`;
  }

  private joins(): string[] {
    return this.fieldEntries
      .filter(([, definition]) => definition.kind === 'reference')
      .map(([field, definition]) => {
        const alias = `r_${columnOf(field)}`;
        return `LEFT JOIN ${TABLE_OF[definition.reference as MasterDataName]} ${alias} ON ${alias}.id = t.${referenceColumnOf(field)}`;
      });
  }

  private selectClause(): string {
    const columns = [`t.id`, `t.version`, `t.created_at AS "createdAt"`, `t.updated_at AS "updatedAt"`];
    for (const [field, definition] of this.fieldEntries) {
      if (definition.kind === 'reference') {
        const alias = `r_${columnOf(field)}`;
        const labelColumn = LABEL_COLUMN_OF[definition.reference as MasterDataName] ?? 'name';
        columns.push(`t.${referenceColumnOf(field)} AS "${field}"`, `${alias}.${labelColumn} AS "${referenceLabelKey(field)}"`);
      } else if (definition.kind === 'money') {
        columns.push(`t.${columnOf(field)}::float8 AS "${field}"`);
      } else {
        columns.push(`t.${columnOf(field)} AS "${field}"`);
      }
    }
    return `SELECT ${columns.join(', ')} FROM ${this.table} t ${this.joins().join(' ')}`;
  }

  private whereClause(query: ParsedListQuery, extra: SqlPart[] = []): SqlPart {
    const conditions: string[] = [];
    const params: unknown[] = [];
    const bind = (value: unknown) => {
      params.push(value);
      return `$${params.length}`;
    };
    if (query.keyword) {
      const pattern = bind(likePattern(query.keyword));
      const searched = this.fieldEntries.filter(([, d]) => d.search).map(([field]) => `${this.columnExpression(field)} ILIKE ${pattern}`);
      if (searched.length) conditions.push(`(${searched.join(' OR ')})`);
    }
    for (const [field, value] of Object.entries(query.filters)) {
      const definition = this.definition.fields[field];
      const column = this.columnExpression(field);
      switch (definition.kind) {
        case 'integer':
        case 'money':
        case 'reference':
          conditions.push(Number.isFinite(Number(value)) ? `${column} = ${bind(Number(value))}` : 'false');
          break;
        case 'boolean':
          conditions.push(`${column} = ${bind(['true', '1', 'yes'].includes(value.toLowerCase()))}`);
          break;
        case 'image':
          conditions.push(['true', '1', 'yes'].includes(value.toLowerCase()) ? `${column} IS NOT NULL` : `${column} IS NULL`);
          break;
        default:
          conditions.push(`${column} ILIKE ${bind(likePattern(value))}`);
      }
    }
    for (const part of extra) {
      conditions.push(part.sql.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + params.length}`));
      params.push(...part.params);
    }
    return { sql: conditions.length ? `WHERE ${conditions.join(' AND ')}` : '', params };
  }

  private orderClause(query: ParsedListQuery): string {
    // Own properties only: parseListQuery already refused anything else; this keeps a prototype
    // key (`constructor`) from ever becoming an identifier even if a caller skipped it.
    const own = Object.hasOwn(this.definition.fields, query.sortField);
    if (!own && !['id', 'createdAt', 'updatedAt'].includes(query.sortField)) {
      throw new DomainException('validation', {}, { field: 'sortField', problem: 'invalid', params: {} });
    }
    const definition = own ? this.definition.fields[query.sortField] : undefined;
    const expression =
      query.sortField === 'createdAt' || query.sortField === 'updatedAt'
        ? `t.${columnOf(query.sortField)}`
        : definition?.kind === 'reference'
          ? `r_${columnOf(query.sortField)}.${LABEL_COLUMN_OF[definition.reference as MasterDataName] ?? 'name'}`
          : this.columnExpression(query.sortField);
    const text = definition && ['code', 'text', 'email', 'phone'].includes(definition.kind);
    // Codes sort case-insensitively, the way people read them; id breaks ties for stable pages.
    return `ORDER BY ${text ? `lower(${expression})` : expression} ${query.sortOrder.toUpperCase()} NULLS LAST, t.id ${query.sortOrder.toUpperCase()}`;
  }

  async list(manager: EntityManager, query: ParsedListQuery, extra: SqlPart[] = []): Promise<{ rows: MasterRecord[]; total: number }> {
    const where = this.whereClause(query, extra);
    const offset = (query.page - 1) * query.pageSize;
    // Two queries rather than count(*) OVER (): a window count makes PostgreSQL build and sort
    // every matching row, while a LIMITed page can walk the code index and the count can use an
    // index-only scan (measured: 16 ms → a few ms for page 1 of 10,000 styles).
    const rows: MasterRecord[] = await manager.query(
      `${this.selectClause()} ${where.sql} ${this.orderClause(query)} LIMIT ${query.pageSize} OFFSET ${offset}`,
      where.params,
    );
    const complete = query.page === 1 && rows.length < query.pageSize;
    const total = complete ? rows.length : await this.count(manager, where);
    return { rows, total };
  }

  /** Every row matching the query, in order, up to `limit` (for the Excel export). */
  async all(manager: EntityManager, query: ParsedListQuery, limit: number): Promise<MasterRecord[]> {
    const where = this.whereClause(query);
    return manager.query(`${this.selectClause()} ${where.sql} ${this.orderClause(query)} LIMIT ${limit}`, where.params);
  }

  private async count(manager: EntityManager, where: SqlPart): Promise<number> {
    const rows: { total: string }[] = await manager.query(`SELECT count(*) AS total FROM ${this.table} t ${this.joins().join(' ')} ${where.sql}`, where.params);
    return Number(rows[0].total);
  }

  async findById(manager: EntityManager, id: number): Promise<MasterRecord | null> {
    const rows: MasterRecord[] = await manager.query(`${this.selectClause()} WHERE t.id = $1`, [id]);
    return rows[0] ?? null;
  }

  private writableColumns(values: Record<string, unknown>, extraColumns: Record<string, unknown>): { columns: string[]; params: unknown[] } {
    const columns: string[] = Object.keys(extraColumns);
    const params: unknown[] = Object.values(extraColumns);
    for (const [field, definition] of this.fieldEntries) {
      if (!(field in values)) continue;
      columns.push(definition.kind === 'reference' ? referenceColumnOf(field) : columnOf(field));
      params.push(values[field]);
    }
    return { columns, params };
  }

  async insert(manager: EntityManager, values: Record<string, unknown>, extraColumns: Record<string, unknown> = {}): Promise<number> {
    const { columns, params } = this.writableColumns(values, extraColumns);
    const rows: { id: number }[] = await manager.query(
      `INSERT INTO ${this.table} (${columns.join(', ')}) VALUES (${columns.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING id`,
      params,
    );
    return rows[0].id;
  }

  /** Updates when `version` is current; returns false when the record changed (or vanished) meanwhile. */
  async update(
    manager: EntityManager,
    id: number,
    version: number,
    values: Record<string, unknown>,
    extraColumns: Record<string, unknown> = {},
  ): Promise<boolean> {
    const { columns, params } = this.writableColumns(values, extraColumns);
    const assignments = columns.map((column, i) => `${column} = $${i + 3}`);
    const result: unknown = await manager.query(
      `UPDATE ${this.table} SET ${[...assignments, 'version = version + 1', 'updated_at = now()'].join(', ')}
        WHERE id = $1 AND version = $2`,
      [id, version, ...params],
    );
    return affectedRows(result) > 0;
  }

  async delete(manager: EntityManager, id: number): Promise<boolean> {
    return affectedRows(await manager.query(`DELETE FROM ${this.table} WHERE id = $1`, [id])) > 0;
  }

  /** Options for drop-downs elsewhere: id, code and name of every record. */
  async options(manager: EntityManager): Promise<{ id: number; code: string; name: string }[]> {
    const labelColumn = LABEL_COLUMN_OF[this.definition.name] ?? 'name';
    const codeColumn = CODE_COLUMN_OF[this.definition.name] ?? 'code';
    return manager.query(`SELECT id, ${codeColumn} AS code, ${labelColumn} AS name FROM ${this.table} ORDER BY lower(${codeColumn}), id`);
  }
}
