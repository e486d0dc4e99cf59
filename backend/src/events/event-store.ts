import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import type { DomainEventEnvelope, DomainEventMap, DomainEventName } from '../../../contracts/events.js';

export interface PendingEvent<N extends DomainEventName = DomainEventName> {
  name: N;
  payload: DomainEventMap[N];
  rooms: string[];
}

export interface EventRow {
  seq: string;
  name: DomainEventName;
  rooms: string[];
  payload: DomainEventMap[DomainEventName];
  created_at: Date;
}

export interface ReplayResult {
  events: DomainEventEnvelope[];
  resync: boolean;
}

/** How far before a client's last event a replay starts (see findSince). */
const REPLAY_OVERLAP = '10 seconds';
/** More missed events than this: the client reloads its snapshot instead of replaying. */
export const MAX_REPLAY = 1000;
const PRUNED_THROUGH_KEY = 'events.prunedThroughSeq';

/**
 * Marks the log as pruned through `seq` (never moving the mark back): a client whose lastSeq is
 * below it gets `resync` instead of a replay. Runs in the caller's transaction.
 */
export async function markPrunedThrough(manager: EntityManager, seq: number): Promise<void> {
  await manager.query(
    `INSERT INTO system_setting (key, value) VALUES ($1, $2::jsonb)
     ON CONFLICT (key) DO UPDATE SET value = to_jsonb(greatest((system_setting.value)::text::bigint, $3::bigint)), updated_at = now()`,
    [PRUNED_THROUGH_KEY, JSON.stringify(seq), seq],
  );
}

/** A row returned by the log's INSERT (appendStatement) as it travels to clients. */
export function toEnvelope(row: EventRow): DomainEventEnvelope {
  return { seq: Number(row.seq), name: row.name, rooms: row.rooms, at: row.created_at.toISOString(), payload: row.payload };
}

/**
 * The log's INSERT of `events`, its parameters numbered from `firstParameter`, returning the rows
 * `toEnvelope` reads. `EventStore.append` runs it as a statement of its own. A hot path may fold
 * it into its own write (a data-modifying CTE, `onlyIf` naming the CTE condition under which the
 * events are written) and hand the returned rows to its transaction with `Transaction.appended`:
 * the same outbox row, one round trip fewer.
 */
export function appendStatement(events: PendingEvent[], firstParameter = 1, onlyIf?: string): { sql: string; values: unknown[] } {
  const values: unknown[] = [];
  const tuples = events.map((event, index) => {
    values.push(event.name, event.rooms, JSON.stringify(event.payload));
    const n = firstParameter + index * 3;
    return `($${n}, $${n + 1}::text[], $${n + 2}::jsonb)`;
  });
  const rows = onlyIf
    ? `SELECT * FROM (VALUES ${tuples.join(', ')}) AS event (name, rooms, payload) WHERE ${onlyIf}`
    : `VALUES ${tuples.join(', ')}`;
  return { sql: `INSERT INTO domain_event (name, rooms, payload) ${rows} RETURNING seq, name, rooms, payload, created_at`, values };
}

/** The domain-event log in PostgreSQL: written inside the change's transaction, read for catch-up. */
@Injectable()
export class EventStore {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Appends events inside the caller's transaction; their seqs come from the database sequence. */
  async append(manager: EntityManager, events: PendingEvent[]): Promise<DomainEventEnvelope[]> {
    if (events.length === 0) return [];
    const { sql, values } = appendStatement(events);
    const rows: EventRow[] = await manager.query(sql, values);
    return rows.map(toEnvelope);
  }

  async headSeq(): Promise<number> {
    const rows: { head: string | null }[] = await this.dataSource.query(`SELECT max(seq) AS head FROM domain_event`);
    return Number(rows[0]?.head ?? 0);
  }

  /** How many events each room received with seq in (from, to]: the realtime gap detector's tick. */
  async countsByRoom(from: number, to: number): Promise<Record<string, number>> {
    if (to <= from) return {};
    const rows: { room: string; count: number }[] = await this.dataSource.query(
      `SELECT room, count(*)::int AS count FROM domain_event, unnest(rooms) AS room WHERE seq > $1 AND seq <= $2 GROUP BY room`,
      [from, to],
    );
    return Object.fromEntries(rows.map((row) => [row.room, Number(row.count)]));
  }

  /**
   * Events in `rooms` that a client whose last applied event is `lastSeq` may have missed.
   * Sequence numbers are taken before commit, so two transactions can commit out of seq order:
   * a client may see seq 7 before seq 6 commits. The replay therefore also returns events
   * recorded shortly before `lastSeq`'s event; the client drops the ones it already applied.
   */
  async findSince(lastSeq: number, rooms: string[]): Promise<ReplayResult> {
    const head = await this.headSeq();
    const prunedThrough = await this.prunedThrough();
    if (lastSeq > head || lastSeq < prunedThrough) return { events: [], resync: true };
    const rows: EventRow[] = await this.dataSource.query(
      `SELECT seq, name, rooms, payload, created_at FROM domain_event
        WHERE rooms && $2::text[]
          AND seq > coalesce((SELECT min(seq) - 1 FROM domain_event
                               WHERE created_at >= (SELECT created_at - $3::interval FROM domain_event WHERE seq = $1)), $1)
        ORDER BY seq
        LIMIT ${MAX_REPLAY + 1}`,
      [lastSeq, rooms, REPLAY_OVERLAP],
    );
    if (rows.length > MAX_REPLAY) return { events: [], resync: true };
    return { events: rows.map(toEnvelope), resync: false };
  }

  /** Drops events older than the retention; clients further behind than that reload snapshots. */
  async prune(retentionHours: number): Promise<number> {
    return this.dataSource.transaction(async (manager) => {
      const [deleted]: { count: number; through: string | null }[] = await manager.query(
        `WITH deleted AS (DELETE FROM domain_event WHERE created_at < now() - ($1 || ' hours')::interval RETURNING seq)
         SELECT count(*)::int AS count, max(seq) AS through FROM deleted`,
        [String(retentionHours)],
      );
      if (deleted.count === 0) return 0;
      await markPrunedThrough(manager, Number(deleted.through));
      return deleted.count;
    });
  }

  private async prunedThrough(): Promise<number> {
    const rows: { value: number }[] = await this.dataSource.query(`SELECT value FROM system_setting WHERE key = $1`, [PRUNED_THROUGH_KEY]);
    return Number(rows[0]?.value ?? 0);
  }
}
