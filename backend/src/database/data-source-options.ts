import type { DataSourceOptions } from 'typeorm';
import { DepartmentEntity } from '../user/department.entity.js';
import { UserEntity } from '../user/user.entity.js';
import { UserSessionEntity } from '../auth/user-session.entity.js';
import { SystemSettingEntity } from '../setting/system-setting.entity.js';
import { DomainEventEntity } from '../events/domain-event.entity.js';
import { BoardDeviceEntity, BoardProfileEntity } from '../setting/board-profile.entity.js';
import { MIGRATIONS } from './migrations/index.js';

export const ENTITIES = [DepartmentEntity, UserEntity, UserSessionEntity, SystemSettingEntity, DomainEventEntity, BoardProfileEntity, BoardDeviceEntity];

/** Server-side limits so that a frozen, locked or vanished database answers quickly (503) instead of holding requests. */
export interface DatabaseLimits {
  /** Server cancels a statement running longer (SQLSTATE 57014). 0 = no limit. */
  statementTimeoutMs: number;
  /** Server gives up waiting for a lock (SQLSTATE 55P03). 0 = no limit. */
  lockTimeoutMs: number;
  /** Server ends a session left idle inside a transaction. 0 = no limit. */
  idleInTransactionTimeoutMs: number;
  /** Waiting for a pooled connection (including opening one) fails after this. */
  connectTimeoutMs: number;
  /** Client-side: a query with no answer at all (frozen server) fails after this. 0 = no limit. */
  queryTimeoutMs: number;
  poolSize: number;
  /**
   * pg's pipeline mode: a statement may go out before the answer to the one before it (the scan's
   * unit of work sends BEGIN, COMMIT and its route read that way; see UnitOfWork.run). Queries
   * that are awaited one by one behave exactly as without it.
   */
  pipeline: boolean;
}

export const DEFAULT_DATABASE_LIMITS: DatabaseLimits = {
  statementTimeoutMs: 5000,
  lockTimeoutMs: 3000,
  idleInTransactionTimeoutMs: 10000,
  connectTimeoutMs: 3000,
  queryTimeoutMs: 6000,
  poolSize: 10,
  pipeline: true,
};

/** The limits from the configuration (DB_* variables, see README). */
export function databaseLimitsOf(config: {
  DB_STATEMENT_TIMEOUT_MS: number;
  DB_LOCK_TIMEOUT_MS: number;
  DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: number;
  DB_CONNECT_TIMEOUT_MS: number;
  DB_QUERY_TIMEOUT_MS: number;
  DB_POOL_SIZE: number;
  DB_PIPELINE: boolean;
}): DatabaseLimits {
  return {
    statementTimeoutMs: config.DB_STATEMENT_TIMEOUT_MS,
    lockTimeoutMs: config.DB_LOCK_TIMEOUT_MS,
    idleInTransactionTimeoutMs: config.DB_IDLE_IN_TRANSACTION_TIMEOUT_MS,
    connectTimeoutMs: config.DB_CONNECT_TIMEOUT_MS,
    queryTimeoutMs: config.DB_QUERY_TIMEOUT_MS,
    poolSize: config.DB_POOL_SIZE,
    pipeline: config.DB_PIPELINE,
  };
}

/**
 * The same options for the embedded and the real server; only the pool differs. The schema comes
 * from migrations only (never synchronize).
 *
 * On a server the session limits travel as startup parameters of every pooled connection
 * (`statement_timeout`, `lock_timeout`, `idle_in_transaction_session_timeout`), and the pool
 * fails fast when it cannot hand out a connection (`connectionTimeoutMillis`) or a query gets no
 * answer (`query_timeout`). pg-pool drops a client that errored (TypeORM releases it with the
 * error), so the pool heals by itself when the database comes back. `limits: null` (migrations)
 * runs without statement limits: a data migration may legitimately take minutes.
 *
 * The embedded database gets none of them: PGlite is one session in this process (it cannot
 * freeze apart from us), it does not enforce statement_timeout (checked: `SET statement_timeout
 * = 200; SELECT pg_sleep(1)` runs the full second — no timer signals in WASM), and a client-side
 * query_timeout would hand the next request its only connection while the query still runs.
 */
export function buildDataSourceOptions(url: string, embedded: boolean, limits: DatabaseLimits | null = DEFAULT_DATABASE_LIMITS): DataSourceOptions {
  return {
    type: 'postgres',
    url,
    entities: ENTITIES,
    migrations: MIGRATIONS,
    migrationsTransactionMode: 'each',
    synchronize: false,
    logging: false,
    extra: embedded
      ? // One connection, never closed while idle: PGlite is a single session (STACK-NOTES trap 4).
        { max: 1, idleTimeoutMillis: 0 }
      : limits
        ? {
            max: limits.poolSize,
            idleTimeoutMillis: 30_000,
            connectionTimeoutMillis: limits.connectTimeoutMs,
            keepAlive: true,
            statement_timeout: limits.statementTimeoutMs || undefined,
            lock_timeout: limits.lockTimeoutMs || undefined,
            idle_in_transaction_session_timeout: limits.idleInTransactionTimeoutMs || undefined,
            query_timeout: limits.queryTimeoutMs || undefined,
            pipeline: limits.pipeline,
          }
        : { max: 2, idleTimeoutMillis: 30_000, connectionTimeoutMillis: 10_000, keepAlive: true },
  };
}
