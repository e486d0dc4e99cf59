import type { DataSource, EntityManager } from 'typeorm';
import { DomainException } from '../errors/domain.exception.js';

/** One advisory-lock key for every whole-database operation (clear documents, clear all, restore). */
const MAINTENANCE_LOCK_KEY = 0x5354_4d4e; // "STMN"

/** This instance's running operation: on embedded PGlite a second request would otherwise queue on the single connection and run afterwards. */
let runningHere = false;

/**
 * Runs a whole-database operation in one transaction, refusing (409 maintenanceBusy) while
 * another one runs — in this instance (checked before waiting for a connection) or in any other
 * instance on the same database (a transaction-scoped advisory lock, released by commit or rollback).
 */
export async function runExclusiveMaintenance<T>(dataSource: DataSource, work: (manager: EntityManager) => Promise<T>): Promise<T> {
  if (runningHere) throw new DomainException('maintenanceBusy');
  runningHere = true;
  try {
    return await dataSource.transaction(async (manager) => {
      const [{ locked }]: { locked: boolean }[] = await manager.query(`SELECT pg_try_advisory_xact_lock($1) AS locked`, [MAINTENANCE_LOCK_KEY]);
      if (!locked) throw new DomainException('maintenanceBusy');
      return work(manager);
    });
  } finally {
    runningHere = false;
  }
}
