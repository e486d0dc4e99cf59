import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { MAX_POSITION_SEEN, type DomainEventEnvelope, type DomainEventMap, type DomainEventName } from '../../../contracts/events.js';

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
  /** The writing transaction's xid8 as text (absent in rows read by older statements). */
  tx?: string;
}

export interface ReplayResult {
  events: DomainEventEnvelope[];
  resync: boolean;
}

/** The log's head and the visibility watermark, read in one snapshot (see SubscribeResult.watermark). */
export interface LogHead {
  seq: number;
  watermark: string;
}

export interface PositionReplay extends ReplayResult {
  head: LogHead;
}

/** How far before a client's last event a replay starts (see findSince). */
const REPLAY_OVERLAP = '10 seconds';
/** More missed events than this: the client reloads its snapshot instead of replaying (lastSeq requests). */
export const MAX_REPLAY = 1000;
/**
 * More missed events than this for a position request: a snapshot is cheaper. 5,000 missed
 * events (10 s at 500 events/s) replay; the answer holds at most this many envelopes (about 4 MB
 * of scans), and REPLAY_CONCURRENCY bounds how many such answers an instance builds at once.
 */
export const MAX_POSITION_REPLAY = 20_000;
/** Rows read per query of a position replay: each query's result stays small. */
export const REPLAY_PAGE = 2_000;
/**
 * Log rows a position replay may walk (seq range from the oldest unfinished position to the
 * head) before answering resync: a board far behind in a quiet room would otherwise filter
 * hours of other rooms' events.
 */
export const MAX_POSITION_SCAN = 200_000;
/**
 * Position replays one instance builds at a time (others wait their turn): each holds up to
 * MAX_POSITION_REPLAY envelopes, so a thousand boards reconnecting at once after an outage cost
 * at most this many answers' memory, and the database sees at most this many replay scans.
 */
export const REPLAY_CONCURRENCY = 4;
const PRUNED_THROUGH_KEY = 'events.prunedThroughSeq';
/** The largest tx among pruned (or reset) events: a position whose watermark is not above it may lack one. */
const PRUNED_THROUGH_TX_KEY = 'events.prunedThroughTx';
/** A watermark as the client sends it back: an xid8 in decimal (at most 2^64 - 1). */
const WATERMARK = /^[0-9]{1,20}$/;
const MAX_XID8 = 2n ** 64n - 1n;

/** The watermark of a position, or null when it is not one the server could have handed out. */
export function parseWatermark(value: unknown): bigint | null {
  if (typeof value !== 'string' || !WATERMARK.test(value)) return null;
  const watermark = BigInt(value);
  return watermark <= MAX_XID8 ? watermark : null;
}

/** The seen list of a position: positive safe integers, at most MAX_POSITION_SEEN; null otherwise. */
export function parseSeen(value: unknown): number[] | null {
  if (!Array.isArray(value) || value.length > MAX_POSITION_SEEN) return null;
  for (const seq of value) if (typeof seq !== 'number' || !Number.isSafeInteger(seq) || seq <= 0) return null;
  return value as number[];
}

/**
 * Marks the log as pruned through `seq` (never moving the mark back): a client whose lastSeq is
 * below it gets `resync` instead of a replay. `tx`, the largest tx among the removed events (for a
 * data reset: its own event's), does the same for catch-up positions whose watermark is not above
 * it. Runs in the caller's transaction.
 */
export async function markPrunedThrough(manager: EntityManager, seq: number, tx?: string): Promise<void> {
  await manager.query(
    `INSERT INTO system_setting (key, value) VALUES ($1, $2::jsonb)
     ON CONFLICT (key) DO UPDATE SET value = to_jsonb(greatest((system_setting.value)::text::bigint, $3::bigint)), updated_at = now()`,
    [PRUNED_THROUGH_KEY, JSON.stringify(seq), seq],
  );
  if (tx === undefined) return;
  // Stored as a JSON string: an xid8 can exceed what a JSON number holds exactly.
  await manager.query(
    `INSERT INTO system_setting (key, value) VALUES ($1, to_jsonb($2::xid8::text))
     ON CONFLICT (key) DO UPDATE SET value = to_jsonb(greatest((system_setting.value #>> '{}')::xid8, $2::xid8)::text), updated_at = now()`,
    [PRUNED_THROUGH_TX_KEY, tx],
  );
}

/** A row returned by the log's INSERT (appendStatement) as it travels to clients. */
export function toEnvelope(row: EventRow): DomainEventEnvelope {
  const envelope: DomainEventEnvelope = { seq: Number(row.seq), name: row.name, rooms: row.rooms, at: row.created_at.toISOString(), payload: row.payload };
  if (row.tx !== undefined && row.tx !== null) envelope.tx = row.tx;
  return envelope;
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
  return { sql: `INSERT INTO domain_event (name, rooms, payload) ${rows} RETURNING seq, name, rooms, payload, created_at, tx::text AS tx`, values };
}

/** The domain-event log in PostgreSQL: written inside the change's transaction, read for catch-up. */
@Injectable()
export class EventStore {
  private replaying = 0;
  private readonly waitingReplays: (() => void)[] = [];

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

  /**
   * The head seq and the watermark pg_snapshot_xmin(pg_current_snapshot()) from ONE statement (one
   * snapshot): every transaction below the watermark has finished, so every event with tx below it
   * is visible here (seq <= head), and every event with seq above head has tx at or above it.
   */
  async head(): Promise<LogHead> {
    const [row]: { head: string | null; watermark: string }[] = await this.dataSource.query(
      `SELECT (SELECT max(seq) FROM domain_event) AS head, pg_snapshot_xmin(pg_current_snapshot())::text AS watermark`,
    );
    return { seq: Number(row?.head ?? 0), watermark: row.watermark };
  }

  /**
   * Exactly the events in `rooms` a client at position (watermark, seen) lacks: tx >= watermark,
   * seq not in `seen`, in seq order — an event whose transaction committed late (a lower seq
   * delivered after higher ones) included, nothing the client has again. Read in pages of
   * REPLAY_PAGE by seq; an event committing between two pages has seq below the cursor only if it
   * committed after the first page's snapshot, i.e. after the caller joined the rooms, so it
   * arrives live. `head` is read before the first page: its watermark is safe to hand to the
   * client once this replay is applied. Resync when the position cannot be answered exactly:
   * a watermark from the future (another database, or made up), one not above what was pruned or
   * reset, or more than MAX_POSITION_REPLAY events (or MAX_POSITION_SCAN rows) to go through.
   * `stillWanted` is asked once a replay slot is free; false: nothing is read, the answer is null.
   */
  async findFromPosition(watermark: bigint, seen: number[], rooms: string[], stillWanted: () => boolean = () => true): Promise<PositionReplay | null> {
    if (this.replaying >= REPLAY_CONCURRENCY) await new Promise<void>((resolve) => this.waitingReplays.push(resolve));
    else this.replaying++;
    try {
      // After a wait for a slot (a reconnect storm), the client may have gone: its replay would
      // read up to 20,000 rows for no one. null: not read.
      if (!stillWanted()) return null;
      return await this.readFromPosition(watermark, seen, rooms);
    } finally {
      // Hand the slot to the next waiting replay, or free it.
      const next = this.waitingReplays.shift();
      if (next) next();
      else this.replaying--;
    }
  }

  private async readFromPosition(watermark: bigint, seen: number[], rooms: string[]): Promise<PositionReplay> {
    // The rows at or above the watermark are counted (and their lowest seq found) through the
    // (tx, seq) index, at most MAX_POSITION_SCAN + 1 of them: an old watermark costs a bounded read.
    const [state]: {
      head: string | null;
      watermark: string;
      xmax: string;
      pending: number;
      lowest: string | null;
      pruned_seq: string | null;
      pruned_tx: string | null;
    }[] = await this.dataSource.query(
      `SELECT (SELECT max(seq) FROM domain_event) AS head,
              pg_snapshot_xmin(pg_current_snapshot())::text AS watermark,
              pg_snapshot_xmax(pg_current_snapshot())::text AS xmax,
              above.pending, above.lowest,
              (SELECT value #>> '{}' FROM system_setting WHERE key = $2) AS pruned_seq,
              (SELECT value #>> '{}' FROM system_setting WHERE key = $3) AS pruned_tx
         FROM (SELECT count(*)::int AS pending, min(seq) AS lowest
                 FROM (SELECT seq FROM domain_event WHERE tx >= $1::xid8 LIMIT ${MAX_POSITION_SCAN + 1}) bounded) above`,
      [watermark.toString(), PRUNED_THROUGH_KEY, PRUNED_THROUGH_TX_KEY],
    );
    const head: LogHead = { seq: Number(state.head ?? 0), watermark: state.watermark };
    const resync: PositionReplay = { events: [], resync: true, head };
    // A watermark is an xmin this database handed out: never above its current xmax.
    if (watermark > BigInt(state.xmax)) return resync;
    if (state.pruned_tx !== null && watermark <= BigInt(state.pruned_tx)) return resync;
    // Events at or below the pruned mark are gone or restored from a backup (their tx belongs to
    // the backup's database): never replayed.
    const prunedSeq = Number(state.pruned_seq ?? 0);
    if (state.pending > MAX_POSITION_SCAN) return resync;
    if (state.lowest === null) return { events: [], resync: false, head };
    let cursor = Math.max(Number(state.lowest) - 1, prunedSeq);
    if (head.seq - cursor > MAX_POSITION_SCAN) return resync;
    const events: DomainEventEnvelope[] = [];
    for (;;) {
      const rows: EventRow[] = await this.dataSource.query(
        `SELECT seq, name, rooms, payload, created_at, tx::text AS tx FROM domain_event
          WHERE seq > $1 AND tx >= $2::xid8 AND rooms && $3::text[] AND seq <> ALL($4::bigint[])
          ORDER BY seq
          LIMIT ${REPLAY_PAGE}`,
        [cursor, watermark.toString(), rooms, seen],
      );
      for (const row of rows) events.push(toEnvelope(row));
      if (events.length > MAX_POSITION_REPLAY) return resync;
      if (rows.length < REPLAY_PAGE) return { events, resync: false, head };
      cursor = Number(rows[rows.length - 1].seq);
    }
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
      `SELECT seq, name, rooms, payload, created_at, tx::text AS tx FROM domain_event
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
      const [deleted]: { count: number; through: string | null; tx: string | null }[] = await manager.query(
        `WITH deleted AS (DELETE FROM domain_event WHERE created_at < now() - ($1 || ' hours')::interval RETURNING seq, tx)
         SELECT count(*)::int AS count, max(seq) AS through, max(tx)::text AS tx FROM deleted`,
        [String(retentionHours)],
      );
      if (deleted.count === 0) return 0;
      await markPrunedThrough(manager, Number(deleted.through), deleted.tx ?? undefined);
      return deleted.count;
    });
  }

  private async prunedThrough(): Promise<number> {
    const rows: { value: number }[] = await this.dataSource.query(`SELECT value FROM system_setting WHERE key = $1`, [PRUNED_THROUGH_KEY]);
    return Number(rows[0]?.value ?? 0);
  }
}
