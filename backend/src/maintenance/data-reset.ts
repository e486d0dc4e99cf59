// `data.reset`: the data changed under every screen at once (documents cleared, everything
// cleared, a backup restored). The event goes to the log like any other (its seq keeps the log
// monotonic) but to no room: the gateway sends it to every connected socket, and every live
// screen reloads its snapshot. The log is also marked "pruned through" the reset's seq, so a
// client that was away during it (lastSeq below the reset) gets `resync` on its next subscribe
// instead of a replay of events that no longer describe the data.
import type { DataSource, EntityManager, EntitySubscriberInterface, QueryRunner, TransactionCommitEvent, TransactionRollbackEvent } from 'typeorm';
import type { DataReset, DomainEventEnvelope } from '../../../contracts/events.js';
import { appendStatement, markPrunedThrough, toEnvelope, type EventRow } from '../events/event-store.js';
import type { EventBus } from '../events/event-bus.service.js';
import type { Transaction } from '../events/unit-of-work.service.js';

/** Reset events written in a transaction not committed yet, by its query runner. */
const pending = new WeakMap<QueryRunner, DomainEventEnvelope[]>();

/**
 * Delivers the reset events of committed transactions (a TypeORM transaction subscriber: the
 * maintenance runner hands out a plain EntityManager, not a UnitOfWork). Registered once per data
 * source by the MaintenanceModule.
 */
export class DataResetDelivery implements EntitySubscriberInterface {
  constructor(private readonly bus: EventBus) {}

  static register(dataSource: DataSource, bus: EventBus): void {
    if (dataSource.subscribers.some((subscriber) => subscriber instanceof DataResetDelivery)) return;
    dataSource.subscribers.push(new DataResetDelivery(bus));
  }

  afterTransactionCommit(event: TransactionCommitEvent): void {
    // A released savepoint is no commit: wait for the outer one.
    if (event.queryRunner.isTransactionActive) return;
    const events = pending.get(event.queryRunner);
    if (!events) return;
    pending.delete(event.queryRunner);
    this.bus.deliverCommitted(events);
  }

  afterTransactionRollback(event: TransactionRollbackEvent): void {
    if (!event.queryRunner.isTransactionActive) pending.delete(event.queryRunner);
  }
}

function isTransaction(tx: EntityManager | Transaction): tx is Transaction {
  return typeof (tx as Transaction).appended === 'function' && typeof (tx as Transaction).publish === 'function';
}

/**
 * Records `data.reset` inside the caller's transaction (an EntityManager from
 * runExclusiveMaintenance, or a UnitOfWork Transaction); it reaches every socket only once that
 * transaction commits. Call it last, after the data changed.
 */
export async function publishDataReset(tx: EntityManager | Transaction, reason: DataReset['reason']): Promise<DomainEventEnvelope> {
  const manager = isTransaction(tx) ? tx.manager : tx;
  const payload: DataReset = { reason, at: new Date().toISOString() };
  const { sql, values } = appendStatement([{ name: 'data.reset', payload, rooms: [] }]);
  const [row]: EventRow[] = await manager.query(sql, values);
  const envelope = toEnvelope(row);
  // Everything before the reset is gone or replaced: positions whose watermark is not above the
  // reset's own transaction reload too (the reset itself reaches them live or by that resync).
  await markPrunedThrough(manager, envelope.seq, envelope.tx);
  if (isTransaction(tx)) tx.appended([envelope]);
  else if (manager.queryRunner) {
    const list = pending.get(manager.queryRunner) ?? [];
    list.push(envelope);
    pending.set(manager.queryRunner, list);
  }
  return envelope;
}
