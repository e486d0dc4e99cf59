import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

/** Uploads younger than this are never removed: the form that uploaded them may not be saved yet. */
export const ORPHAN_AGE_MS = 24 * 60 * 60 * 1000;
const EVERY_MS = 60 * 60 * 1000;
const BATCH = 500;
/** One cleanup at a time across instances (a transaction-scoped advisory lock). */
const ORPHAN_LOCK_KEY = 0x5354_4f52; // "STOR"

/**
 * Everything that refers to an upload, as SQL on `u` (upload). A new column holding upload ids
 * must be added here, or the cleanup (and clear documents) would remove what it refers to. The
 * setting rows and user avatars are matched by text, so any shape of value that contains the id
 * keeps it. `exceptOrders`: a subquery of order ids whose documents do not count (clear documents).
 */
export function uploadIsReferenced(exceptOrders?: string): string {
  const except = (column: string) => (exceptOrders ? ` AND ${column} NOT IN (${exceptOrders})` : '');
  return `(
     EXISTS (SELECT 1 FROM production_order_document d WHERE d.upload_id = u.id${except('d.order_id')})
  OR EXISTS (SELECT 1 FROM production_order p WHERE p.document = u.id${except('p.id')})
  OR EXISTS (SELECT 1 FROM goods g WHERE g.image = u.id)
  OR EXISTS (SELECT 1 FROM color c WHERE c.card_image = u.id)
  OR EXISTS (SELECT 1 FROM company co WHERE co.logo = u.id)
  OR EXISTS (SELECT 1 FROM system_setting s WHERE strpos(s.value::text, u.id) > 0)
  OR EXISTS (SELECT 1 FROM app_user au WHERE strpos(au.avatar, u.id) > 0)
)`;
}

export const UPLOAD_IS_REFERENCED = uploadIsReferenced();

/**
 * Removes attachments nothing refers to once they are a day old (an upload whose form was never
 * saved, a style image replaced by another). Hourly and at boot; safe with several instances:
 * one runs at a time (advisory lock), candidates are locked (FOR UPDATE SKIP LOCKED) and checked
 * again just before the delete, and a write that is about to refer to an upload holds a key-share
 * lock on it (upload-reference.ts), so nothing referred to is ever removed.
 */
@Injectable()
export class OrphanCleanup implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Attachments');
  private timer: NodeJS.Timeout | undefined;

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.runSafely(), EVERY_MS);
    this.timer.unref();
    void this.runSafely();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }

  private async runSafely(): Promise<void> {
    try {
      const removed = await this.run();
      if (removed.files) this.logger.log(`removed ${removed.files} unreferenced upload(s), ${removed.bytes} bytes`);
    } catch (error) {
      // The database may be away for a moment (or shutting down): the next round retries.
      this.logger.warn(`orphan cleanup failed: ${(error as Error).message}`);
    }
  }

  /** One pass; `now` is the clock (tests move it). Returns what was removed. */
  async run(now: Date = new Date()): Promise<{ files: number; bytes: number }> {
    const cutoff = new Date(now.getTime() - ORPHAN_AGE_MS);
    let files = 0;
    let bytes = 0;
    for (;;) {
      const batch = await this.dataSource.transaction(async (manager) => {
        const [{ locked }]: { locked: boolean }[] = await manager.query(`SELECT pg_try_advisory_xact_lock($1) AS locked`, [ORPHAN_LOCK_KEY]);
        if (!locked) return null;
        const candidates: { id: string }[] = await manager.query(
          `SELECT u.id FROM upload u WHERE u.created_at < $1 AND NOT ${UPLOAD_IS_REFERENCED}
            ORDER BY u.created_at LIMIT ${BATCH} FOR UPDATE OF u SKIP LOCKED`,
          [cutoff],
        );
        if (!candidates.length) return { files: 0, bytes: 0 };
        // Checked again with a fresh snapshot, now that the rows are locked.
        const removed: { bytes: number }[] = await manager.query(
          `DELETE FROM upload u WHERE u.id = ANY ($1::char(32)[]) AND NOT ${UPLOAD_IS_REFERENCED} RETURNING u.bytes`,
          [candidates.map((row) => row.id)],
        );
        const rows = Array.isArray(removed[0]) ? (removed[0] as unknown as { bytes: number }[]) : removed;
        return { files: rows.length, bytes: rows.reduce((sum, row) => sum + Number(row.bytes), 0), more: candidates.length === BATCH };
      });
      if (!batch) break;
      files += batch.files;
      bytes += batch.bytes;
      if (!('more' in batch) || !batch.more) break;
    }
    return { files, bytes };
  }
}
