// Backup and restore of the embedded database (PGlite). A backup is every table of the public
// schema read in one REPEATABLE READ transaction (one snapshot: consistent), each row as
// PostgreSQL's own JSON of it (to_jsonb: exact numerics, timestamps with zone, arrays, jsonb),
// gzip'd, behind a header (format, version, the migrations applied, when). A restore puts it back
// in one exclusive transaction with triggers and foreign keys off, then every screen resyncs.
// A database server is backed up with the server's own tools (pg_dump, snapshots): refused here.
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import { promisify } from 'node:util';
import { createGzip, gunzip } from 'node:zlib';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { DomainException } from '../common/errors/domain.exception.js';
import { runExclusiveMaintenance } from '../common/maintenance/exclusive-maintenance.js';
import { publishDataReset } from './data-reset.js';

export const BACKUP_FORMAT = 'stitchboard-backup';
export const BACKUP_VERSION = 1;
/** Largest backup file accepted by the restore endpoint (it is read into memory). */
export const MAX_BACKUP_FILE_BYTES = 256 * 1024 * 1024;
/** Largest decompressed backup (a JavaScript string holds at most about 512 MiB). */
const MAX_BACKUP_JSON_BYTES = 480 * 1024 * 1024;
/** TypeORM's own bookkeeping: never restored (the backup's list must equal it anyway). */
const MIGRATIONS_TABLE = 'migrations';
/** Sessions stay as they are now: a restore neither logs out the administrator nor revives old tokens. */
const SESSION_TABLE = 'user_session';
const FETCH_ROWS = 2000;
const INSERT_ROWS = 500;
/** The event log's sequence never goes back: clients hold the last seq they applied. */
const EVENT_TABLE = 'domain_event';

export interface BackupHeader {
  format: typeof BACKUP_FORMAT;
  version: number;
  createdAt: string;
  engine: 'embedded';
  migrations: string[];
}

interface BackupTable {
  name: string;
  columns: string[];
  rows: Record<string, unknown>[];
}

export interface BackupFile {
  path: string;
  name: string;
  bytes: number;
  /** Removes the temporary file (after it was sent). */
  dispose(): Promise<void>;
}

export interface RestoreResult {
  tables: number;
  rows: number;
}

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;
const pad = (value: number) => String(value).padStart(2, '0');

export function backupFileName(at: Date): string {
  return `stitchboard-backup-${at.getFullYear()}${pad(at.getMonth() + 1)}${pad(at.getDate())}-${pad(at.getHours())}${pad(at.getMinutes())}.json.gz`;
}

@Injectable()
export class BackupService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Backups of a database server belong to the server's own tools. */
  assertEmbedded(): void {
    if (this.config.DATABASE_URL) throw new DomainException('backupServerManaged');
  }

  /**
   * Writes the backup to a temporary file (gzip'd JSON) from one snapshot. Written to a file first:
   * the embedded database has one connection, which must not wait on a slow download.
   */
  async createBackup(): Promise<BackupFile> {
    this.assertEmbedded();
    const at = new Date();
    const dir = await mkdtemp(join(tmpdir(), 'stitchboard-backup-'));
    const path = join(dir, 'backup.json.gz');
    const gzip = createGzip();
    const out = createWriteStream(path);
    gzip.pipe(out);
    const write = async (text: string) => {
      if (!gzip.write(text)) await once(gzip, 'drain');
    };
    try {
      await this.dataSource.transaction('REPEATABLE READ', async (manager) => {
        const header: BackupHeader = { format: BACKUP_FORMAT, version: BACKUP_VERSION, createdAt: at.toISOString(), engine: 'embedded', migrations: await migrationsOf(manager) };
        await write(`${JSON.stringify(header).slice(0, -1)},"tables":[`);
        const tables = await tablesOf(manager);
        let firstTable = true;
        for (const [name, columns] of tables) {
          await write(`${firstTable ? '' : ','}{"name":${JSON.stringify(name)},"columns":${JSON.stringify(columns)},"rows":[`);
          firstTable = false;
          await manager.query(`DECLARE stitchboard_backup NO SCROLL CURSOR FOR SELECT to_jsonb(t)::text AS row FROM ${ident(name)} t`);
          let firstRow = true;
          for (;;) {
            const rows: { row: string }[] = await manager.query(`FETCH ${FETCH_ROWS} FROM stitchboard_backup`);
            if (rows.length === 0) break;
            await write(`${firstRow ? '' : ','}${rows.map((row) => row.row).join(',')}`);
            firstRow = false;
          }
          await manager.query(`CLOSE stitchboard_backup`);
          await write(']}');
        }
        await write(']}');
      });
      gzip.end();
      await once(out, 'close');
    } catch (error) {
      gzip.destroy();
      out.destroy();
      await rm(dir, { recursive: true, force: true });
      throw error;
    }
    const { size } = await stat(path);
    return { path, name: backupFileName(at), bytes: size, dispose: () => rm(dir, { recursive: true, force: true }) };
  }

  /** Replaces every table's rows with the backup's (sessions and the migrations list stay). */
  async restore(file: Buffer): Promise<RestoreResult> {
    this.assertEmbedded();
    const backup = await parseBackup(file);
    return runExclusiveMaintenance(this.dataSource, async (manager) => {
      const current = await migrationsOf(manager);
      if (current.length !== backup.header.migrations.length || current.some((name, index) => backup.header.migrations[index] !== name)) {
        throw new DomainException('backupMigrationsDiffer');
      }
      const tables = await tablesOf(manager);
      const restored = [...tables.keys()].filter((name) => name !== MIGRATIONS_TABLE && name !== SESSION_TABLE);
      const byName = new Map(backup.tables.map((table) => [table.name, table]));
      // Same migrations, same tables and columns: anything else is not a backup of this system.
      for (const name of restored) {
        const table = byName.get(name);
        const columns = tables.get(name) ?? [];
        if (!table || table.columns.length !== columns.length || table.columns.some((column) => !columns.includes(column))) throw new DomainException('backupInvalid');
      }
      for (const table of backup.tables) if (!tables.has(table.name)) throw new DomainException('backupInvalid');

      const [{ head }]: { head: string | null }[] = await manager.query(
        `SELECT greatest((SELECT max(seq) FROM domain_event), (SELECT last_value FROM pg_sequences WHERE schemaname = 'public' AND sequencename = $1)) AS head`,
        [await sequenceOf(manager, EVENT_TABLE, 'seq')],
      );
      // Triggers (stage totals) and foreign-key checks off while the rows go in: the backup's
      // rows are consistent as a whole (one snapshot), not in the order they are loaded.
      const [{ sessions, holders }]: { sessions: string; holders: string }[] = await manager.query(
        `SELECT coalesce((SELECT jsonb_agg(to_jsonb(s)) FROM user_session s), '[]'::jsonb)::text AS sessions,
                coalesce((SELECT jsonb_agg(jsonb_build_object('id', u.id, 'username', u.username)) FROM app_user u
                           WHERE u.id IN (SELECT user_id FROM user_session)), '[]'::jsonb)::text AS holders`,
      );
      await manager.query(`SET LOCAL session_replication_role = replica`);
      await manager.query(`TRUNCATE ${[...restored, SESSION_TABLE].map(ident).join(', ')} CONTINUE IDENTITY`);
      await manager.query(`INSERT INTO user_session SELECT * FROM jsonb_populate_recordset(NULL::user_session, $1::jsonb)`, [sessions]);
      let rows = 0;
      for (const name of restored) {
        const table = byName.get(name)!;
        for (let start = 0; start < table.rows.length; start += INSERT_ROWS) {
          const batch = table.rows.slice(start, start + INSERT_ROWS);
          try {
            await manager.query(`INSERT INTO ${ident(name)} SELECT * FROM jsonb_populate_recordset(NULL::${ident(name)}, $1::jsonb)`, [JSON.stringify(batch)]);
          } catch (error) {
            // A value PostgreSQL refuses (a damaged or edited file): nothing of it stays.
            if (isDataError(error)) throw new DomainException('backupInvalid');
            throw error;
          }
          rows += batch.length;
        }
      }
      // Sessions end now unless the backup has the same person under the same id, enabled: a
      // backup from another install may give user id N to someone else (an administrator).
      await manager.query(
        `DELETE FROM user_session s WHERE NOT EXISTS (
           SELECT 1 FROM app_user u JOIN jsonb_to_recordset($1::jsonb) AS holder (id int, username text) ON holder.id = u.id AND holder.username = u.username
            WHERE u.id = s.user_id AND u.enabled)`,
        [holders],
      );
      await manager.query(`SET LOCAL session_replication_role = origin`);
      await resetSequences(manager, Number(head ?? 0));
      await publishDataReset(manager, 'restore');
      return { tables: restored.length, rows };
    });
  }
}

/** SQLSTATE classes 22 (data exception) and 23 (integrity constraint violation). */
function isDataError(error: unknown): boolean {
  const code = (error as { code?: unknown; driverError?: { code?: unknown } })?.driverError?.code ?? (error as { code?: unknown })?.code;
  return typeof code === 'string' && (code.startsWith('22') || code.startsWith('23') || code === '42804');
}

async function migrationsOf(manager: EntityManager): Promise<string[]> {
  const rows: { name: string }[] = await manager.query(`SELECT name FROM ${MIGRATIONS_TABLE} ORDER BY id`);
  return rows.map((row) => row.name);
}

/** The public schema's tables, each with its columns in order. */
async function tablesOf(manager: EntityManager): Promise<Map<string, string[]>> {
  const rows: { table_name: string; columns: string[] }[] = await manager.query(
    `SELECT c.relname AS table_name, array_agg(a.attname::text ORDER BY a.attnum) AS columns
       FROM pg_class c
       JOIN pg_namespace n ON n.oid = c.relnamespace
       JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
      WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p')
      GROUP BY c.relname
      ORDER BY c.relname`,
  );
  return new Map(rows.map((row) => [row.table_name, row.columns]));
}

async function sequenceOf(manager: EntityManager, table: string, column: string): Promise<string> {
  const [row]: { name: string | null }[] = await manager.query(`SELECT pg_get_serial_sequence($1, $2) AS name`, [table, column]);
  return (row?.name ?? '').replace(/^public\./, '').replaceAll('"', '');
}

/**
 * Every sequence owned by a column continues after its table's largest value, so the next
 * insert gets a fresh id — except the event log's, which continues after the larger of its value
 * before the restore (`eventHead`) and the backup's: seqs only ever increase.
 */
async function resetSequences(manager: EntityManager, eventHead: number): Promise<void> {
  const sequences: { sequence: string; table_name: string; column_name: string }[] = await manager.query(
    `SELECT s.relname AS sequence, t.relname AS table_name, a.attname AS column_name
       FROM pg_class s
       JOIN pg_namespace n ON n.oid = s.relnamespace
       JOIN pg_depend d ON d.objid = s.oid AND d.classid = 'pg_class'::regclass AND d.refclassid = 'pg_class'::regclass AND d.deptype IN ('a', 'i')
       JOIN pg_class t ON t.oid = d.refobjid
       JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = d.refobjsubid
      WHERE s.relkind = 'S' AND n.nspname = 'public'`,
  );
  for (const { sequence, table_name, column_name } of sequences) {
    const floor = table_name === EVENT_TABLE ? eventHead : 0;
    await manager.query(
      `SELECT CASE WHEN v.top > 0 THEN setval($1::regclass, v.top, true) ELSE setval($1::regclass, 1, false) END
         FROM (SELECT greatest(coalesce(max(${ident(column_name)})::bigint, 0), $2::bigint) AS top FROM ${ident(table_name)}) v`,
      [ident(sequence), floor],
    );
  }
}

const gunzipAsync = promisify(gunzip);

/**
 * Unzips and checks the file's shape; anything off is a clear 400 (not ours, or damaged). The
 * unzip runs on libuv's thread pool: a large backup must not stall every board and scan for the
 * second or two it takes.
 */
export async function parseBackup(file: Buffer): Promise<{ header: BackupHeader; tables: BackupTable[] }> {
  let parsed: unknown;
  try {
    parsed = JSON.parse((await gunzipAsync(file, { maxOutputLength: MAX_BACKUP_JSON_BYTES })).toString('utf8'));
  } catch {
    throw new DomainException('backupInvalid');
  }
  const body = parsed as Partial<BackupHeader> & { tables?: unknown };
  if (!body || typeof body !== 'object' || body.format !== BACKUP_FORMAT || body.version !== BACKUP_VERSION) throw new DomainException('backupInvalid');
  if (typeof body.createdAt !== 'string' || !Array.isArray(body.migrations) || !body.migrations.every((name) => typeof name === 'string')) {
    throw new DomainException('backupInvalid');
  }
  if (!Array.isArray(body.tables)) throw new DomainException('backupInvalid');
  const names = new Set<string>();
  for (const table of body.tables as Partial<BackupTable>[]) {
    const valid =
      table &&
      typeof table === 'object' &&
      typeof table.name === 'string' &&
      !names.has(table.name) &&
      Array.isArray(table.columns) &&
      table.columns.every((column) => typeof column === 'string') &&
      Array.isArray(table.rows) &&
      table.rows.every((row) => row !== null && typeof row === 'object' && !Array.isArray(row));
    if (!valid) throw new DomainException('backupInvalid');
    names.add(table.name!);
  }
  return { header: body as BackupHeader, tables: body.tables as BackupTable[] };
}
