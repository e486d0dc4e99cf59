import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import type { DomainEventEnvelope, DomainEventMap, DomainEventName } from '../../../contracts/events.js';
import { EventBus } from './event-bus.service.js';
import { EventStore, type PendingEvent } from './event-store.js';

/** What a unit of work gives the code inside it. */
export interface Transaction {
  /** Use only this manager inside the work: the embedded database has a single connection. */
  readonly manager: EntityManager;
  /** Records an event in this transaction; it reaches clients only if the transaction commits. */
  publish<N extends DomainEventName>(name: N, payload: DomainEventMap[N], rooms: string[]): void;
  /**
   * Events this transaction already wrote to the log itself, with `appendStatement` folded into
   * one of its own statements (the scan's write does, to save a round trip). Like published
   * events, they reach clients only after the commit.
   */
  appended(events: DomainEventEnvelope[]): void;
}

/**
 * Runs a change and its events in one transaction (a transactional outbox): the events are
 * written to the event log just before commit and delivered to sockets just after it. A rolled
 * back change publishes nothing.
 */
@Injectable()
export class UnitOfWork {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly store: EventStore,
    private readonly bus: EventBus,
  ) {}

  async run<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    const pending: PendingEvent[] = [];
    const written: DomainEventEnvelope[] = [];
    const { result, committed } = await this.dataSource.transaction(async (manager) => {
      const result = await work({
        manager,
        publish: (name, payload, rooms) => pending.push({ name, payload, rooms } as PendingEvent),
        appended: (events) => written.push(...events),
      });
      // No statement when nothing was published (append returns [] for none).
      const committed = [...written, ...(await this.store.append(manager, pending))];
      if (written.length > 0 && pending.length > 0) committed.sort((a, b) => a.seq - b.seq);
      return { result, committed };
    });
    this.bus.deliverCommitted(committed);
    return result;
  }
}
