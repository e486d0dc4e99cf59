import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AUDIT_RETENTION_LIMITS, DATABASE_SETTING_KEY, DEFAULT_DATABASE_SETTINGS, type DatabaseSettings } from '../../../contracts/admin-settings.js';

/** Advisory-lock key of the retention run: one instance deletes at a time, the others skip. */
const AUDIT_RETENTION_LOCK_KEY = 0x5354_4155; // "STAU"
const DAY_MS = 24 * 60 * 60_000;
/** Rows deleted per transaction: a long backlog never holds one huge delete open. */
const BATCH = 5_000;
/** The first run waits a little after boot (boot stays quick; tests call purge() themselves). */
const FIRST_RUN_DELAY_MS = 5 * 60_000;

/** The configured retention in days (system_setting 'database'), within the contract's limits. */
export function retentionDaysOf(value: Partial<DatabaseSettings> | undefined): number {
  const days = Number(value?.auditRetentionDays);
  if (!Number.isInteger(days)) return DEFAULT_DATABASE_SETTINGS.auditRetentionDays;
  return Math.min(Math.max(days, AUDIT_RETENTION_LIMITS.min), AUDIT_RETENTION_LIMITS.max);
}

/**
 * The daily retention job of the audit trail: deletes security_event rows older than
 * auditRetentionDays. Each instance runs it once a day; an advisory lock per batch lets only one
 * delete at a time (another instance that finds it taken skips this round), and a repeated run
 * deletes nothing more, so several instances are safe.
 */
@Injectable()
export class AuditRetentionJob implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('AuditRetention');
  private timers: NodeJS.Timeout[] = [];

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  onApplicationBootstrap(): void {
    const first = setTimeout(() => {
      void this.purge();
      const daily = setInterval(() => void this.purge(), DAY_MS);
      daily.unref();
      this.timers.push(daily);
    }, FIRST_RUN_DELAY_MS);
    first.unref();
    this.timers.push(first);
  }

  onApplicationShutdown(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers = [];
  }

  /** Deletes what is past retention as of `now`; answers how many rows went (0 when another instance holds the lock). */
  async purge(now: Date = new Date()): Promise<number> {
    try {
      const rows: { value: Partial<DatabaseSettings> }[] = await this.dataSource.query(`SELECT value FROM system_setting WHERE key = $1`, [DATABASE_SETTING_KEY]);
      const days = retentionDaysOf(rows[0]?.value);
      const cutoff = new Date(now.getTime() - days * DAY_MS);
      let total = 0;
      for (;;) {
        const deleted = await this.dataSource.transaction(async (manager) => {
          const [{ locked }]: { locked: boolean }[] = await manager.query(`SELECT pg_try_advisory_xact_lock($1) AS locked`, [AUDIT_RETENTION_LOCK_KEY]);
          if (!locked) return -1;
          const result: unknown = await manager.query(
            `DELETE FROM security_event WHERE id IN (SELECT id FROM security_event WHERE at < $1 ORDER BY at LIMIT $2)`,
            [cutoff.toISOString(), BATCH],
          );
          return Array.isArray(result) && typeof result[1] === 'number' ? result[1] : 0;
        });
        if (deleted < 0) break;
        total += deleted;
        if (deleted < BATCH) break;
      }
      if (total) this.logger.log(`deleted ${total} audit rows older than ${days} days`);
      return total;
    } catch (error) {
      // The database may be away for a moment: tomorrow's run catches up.
      this.logger.warn(`audit retention failed: ${(error as Error).message}`);
      return 0;
    }
  }
}
