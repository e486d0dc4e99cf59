import type { DataSourceOptions } from 'typeorm';
import { DepartmentEntity } from '../user/department.entity.js';
import { UserEntity } from '../user/user.entity.js';
import { UserSessionEntity } from '../auth/user-session.entity.js';
import { SystemSettingEntity } from '../setting/system-setting.entity.js';
import { DomainEventEntity } from '../events/domain-event.entity.js';
import { MIGRATIONS } from './migrations/index.js';

export const ENTITIES = [DepartmentEntity, UserEntity, UserSessionEntity, SystemSettingEntity, DomainEventEntity];

/**
 * The same options for the embedded and the real server; only the pool differs. The schema comes
 * from migrations only (never synchronize).
 */
export function buildDataSourceOptions(url: string, embedded: boolean): DataSourceOptions {
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
      : { max: 10, idleTimeoutMillis: 30_000, connectionTimeoutMillis: 10_000 },
  };
}
