import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { PoolClient, QueryResult } from 'pg';
import { DataSource, type EntityManager, type QueryRunner } from 'typeorm';
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
  /**
   * True when the connection pipelines (see UnitOfWork.run's `pipelined`): a statement may be sent
   * before the answer to the one before it arrives. PostgreSQL still runs them one after the
   * other, each with its own snapshot, so a read sent behind a locking read sees what that lock
   * waited for.
   */
  readonly pipelined: boolean;
  /**
   * Sends the work's last write (`send` starts it) and, on a pipelining connection, COMMIT right
   * behind it: one round trip less. If the write fails, PostgreSQL answers that COMMIT with a
   * rollback. COMMIT goes out only when `send` handed its statement to the connection before
   * returning (the scan repository's statements do; TypeORM's manager.query awaits first, and
   * COMMIT must never overtake the write) and the work published no events (they are appended
   * just before COMMIT); otherwise the commit follows the work as usual. After it the work must
   * not write or publish; a read it still sends runs after the commit.
   */
  lastWrite<T>(send: () => Promise<T>): Promise<T>;
}

/** A query runner whose transaction flags the pipelined path sets itself (TypeORM's own fields). */
type PipelinedRunner = QueryRunner & { databaseConnection: PoolClient; isTransactionActive: boolean; transactionDepth: number };

/**
 * Runs a change and its events in one transaction (a transactional outbox): the events are
 * written to the event log just before commit and delivered to sockets just after it. A rolled
 * back change publishes nothing.
 */
@Injectable()
export class UnitOfWork {
  /** Whether the pool's connections pipeline (a PostgreSQL server with DB_PIPELINE on; never the embedded database). */
  private readonly connectionsPipeline: boolean;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly store: EventStore,
    private readonly bus: EventBus,
  ) {
    this.connectionsPipeline = (dataSource.options as { extra?: { pipeline?: boolean } }).extra?.pipeline === true;
  }

  /**
   * `pipelined`: the work sends its statements on the connection itself and may pipeline them
   * (the scan). On a pipelining connection BEGIN then travels with the work's first statement and
   * COMMIT with its last write (`lastWrite`), two round trips less; elsewhere it is an
   * ordinary transaction.
   */
  async run<T>(work: (tx: Transaction) => Promise<T>, options: { pipelined?: boolean } = {}): Promise<T> {
    if (options.pipelined && this.connectionsPipeline) return this.runPipelined(work);
    const pending: PendingEvent[] = [];
    const written: DomainEventEnvelope[] = [];
    const { result, committed } = await this.dataSource.transaction(async (manager) => {
      const result = await work({
        manager,
        publish: (name, payload, rooms) => pending.push({ name, payload, rooms } as PendingEvent),
        appended: (events) => written.push(...events),
        pipelined: false,
        lastWrite: (send) => send(),
      });
      const committed = [...written, ...(await this.store.append(manager, pending))];
      return { result, committed: inLogOrder(committed, written.length > 0 && pending.length > 0) };
    });
    this.bus.deliverCommitted(committed);
    return result;
  }

  /**
   * The transaction driven on the pooled connection directly, so that BEGIN and COMMIT need no
   * round trip of their own. TypeORM's flags are set as its own startTransaction would, so its
   * methods used inside (save, a nested transaction as a savepoint) join this transaction.
   */
  private async runPipelined<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    const runner = this.dataSource.createQueryRunner() as PipelinedRunner;
    const client = (await runner.connect()) as PoolClient;
    // Counts the statements handed to the connection during this transaction, so lastWrite knows
    // whether its write went out before COMMIT would (see Transaction.lastWrite).
    let handedOver = 0;
    const query = client.query;
    client.query = ((...args: Parameters<PoolClient['query']>) => {
      handedOver += 1;
      return (query as (...args: unknown[]) => unknown).apply(client, args);
    }) as PoolClient['query'];
    // Sent now, answered later: a rejection (a lost connection) fails the work's own statements
    // too, and is awaited below; the catch only keeps it from counting as unhandled meanwhile.
    const send = (text: string): Promise<QueryResult> => {
      const answer = (query as (text: string) => Promise<QueryResult>).call(client, text);
      answer.catch(() => undefined);
      return answer;
    };
    const together = inOneWrite(client);
    const pending: PendingEvent[] = [];
    const written: DomainEventEnvelope[] = [];
    let commit: Promise<QueryResult> | null = null;
    const tx: Transaction = {
      manager: runner.manager,
      publish: (name, payload, rooms) => {
        if (commit) throw new Error(`${name} published after the transaction's last write`);
        pending.push({ name, payload, rooms } as PendingEvent);
      },
      appended: (events) => written.push(...events),
      pipelined: true,
      lastWrite: (sendWrite) =>
        together(() => {
          const before = handedOver;
          const answer = sendWrite();
          if (handedOver > before && pending.length === 0) commit ??= send('COMMIT');
          return answer;
        }),
    };
    runner.isTransactionActive = true;
    runner.transactionDepth = 1;
    try {
      // BEGIN and what the work sends before its first await (the scan: open and the route read)
      // leave in one socket write.
      let begun!: Promise<QueryResult>;
      const working = together(() => {
        begun = send('BEGIN');
        return work(tx);
      });
      const result = await working;
      await begun;
      if (!commit) {
        written.push(...(await this.store.append(runner.manager, pending)));
        commit = send('COMMIT');
      }
      await committedOrThrow(commit);
      this.bus.deliverCommitted(inLogOrder(written, pending.length > 0));
      return result;
    } catch (error) {
      if (!commit) await client.query('ROLLBACK').catch(() => undefined);
      // The work failed after its COMMIT went out (a read after the last write): what it wrote is
      // committed all the same, and its events are delivered like any committed ones.
      else if ((await commit.catch(() => null))?.command === 'COMMIT') this.bus.deliverCommitted(inLogOrder(written, false));
      throw error;
    } finally {
      client.query = query;
      runner.isTransactionActive = false;
      runner.transactionDepth = 0;
      await runner.release();
    }
  }
}

/**
 * Runs `send` with the connection's socket corked, so the statements it hands over leave in one
 * write instead of one each (pg corks each statement's own messages, not several statements).
 */
function inOneWrite(client: PoolClient): <T>(send: () => T) => T {
  const socket = (client as { connection?: { stream?: { cork?: () => void; uncork?: () => void } } }).connection?.stream;
  return (send) => {
    socket?.cork?.();
    try {
      return send();
    } finally {
      socket?.uncork?.();
    }
  };
}

/** Events written by the work itself and appended at the end, in the log's order. */
function inLogOrder(events: DomainEventEnvelope[], mixed: boolean): DomainEventEnvelope[] {
  return mixed ? events.sort((a, b) => a.seq - b.seq) : events;
}

/**
 * Awaits a pipelined COMMIT. PostgreSQL answers COMMIT in a failed transaction with ROLLBACK
 * (no error): a statement of the work failed, and its own error is what the work throws. Should
 * the work have swallowed that error, the rollback must not pass for a commit.
 */
async function committedOrThrow(commit: Promise<QueryResult>): Promise<void> {
  const answer = await commit;
  if (answer.command !== 'COMMIT') throw new Error(`the transaction was rolled back (${answer.command})`);
}
