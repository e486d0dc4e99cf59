import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { Socket } from 'socket.io-client';
import {
  MAX_POSITION_SEEN,
  SOCKET_EVENTS,
  type CatchUpPosition,
  type DomainEventEnvelope,
  type HeadTick,
  type ProgressRecorded,
  type SubscribeRequest,
  type SubscribeResult,
} from '../../../contracts/events.js';
import { AuthService } from '../auth/auth.service.js';
import type { RecordScanDto } from '../scan/scan.dto.js';
import { ScanService } from '../scan/scan.service.js';
import { setUpProduction, type ProductionFixture } from '../testing/production-fixture.js';
import { bootTestApp, connected, type TestApp } from '../testing/test-app.js';

// Exact catch-up (issue 13, item 3; docs/ARCHITECTURE.md "Catch-up position"): a client that
// re-subscribes with its position (watermark, seqs seen at or above it) is replayed exactly the
// events it lacks — none twice, none skipped, a late commit included — and bad positions are
// answered with a resync. Real Socket.IO clients; runs on PGlite and on PostgreSQL (DATABASE_URL).

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor(condition: () => boolean | Promise<boolean>, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${ms} ms`);
    await sleep(20);
  }
}

function subscribe(socket: Socket, request: SubscribeRequest, ms = 30_000): Promise<SubscribeResult> {
  return socket.timeout(ms).emitWithAck(SOCKET_EVENTS.subscribe, request);
}

/**
 * A board's position bookkeeping, as frontend/src/lib/event-sequencer.ts keeps it: the watermark
 * of its last snapshot, replay or tick, and the seqs received with tx at or above it.
 */
class Board {
  readonly live: DomainEventEnvelope[] = [];
  private watermark = 0n;
  private readonly unsettled = new Map<number, bigint>();

  constructor(readonly socket: Socket) {
    socket.on(SOCKET_EVENTS.domainEvent, (event: DomainEventEnvelope) => {
      this.live.push(event);
      this.note(event);
    });
    socket.on(SOCKET_EVENTS.head, (tick: HeadTick) => {
      if (tick.watermark !== undefined) this.advance(tick.watermark);
    });
  }

  /** A subscribe answer: its replay is noted first, then its watermark holds. */
  took(result: SubscribeResult): void {
    for (const event of result.missed) this.note(event);
    if (result.watermark !== undefined) this.advance(result.watermark);
  }

  position(): CatchUpPosition {
    return { watermark: this.watermark.toString(), seen: [...this.unsettled.keys()] };
  }

  /** Continues on a new connection (the old one dropped). */
  moveTo(socket: Socket): Board {
    const next = new Board(socket);
    next.watermark = this.watermark;
    for (const [seq, tx] of this.unsettled) next.unsettled.set(seq, tx);
    return next;
  }

  private note(event: DomainEventEnvelope): void {
    if (event.tx === undefined) return; // checked by the tests (every event carries its tx)
    const tx = BigInt(event.tx);
    if (tx >= this.watermark) this.unsettled.set(event.seq, tx);
  }

  private advance(watermark: string): void {
    const next = BigInt(watermark);
    if (next <= this.watermark) return;
    this.watermark = next;
    for (const [seq, tx] of this.unsettled) if (tx < next) this.unsettled.delete(seq);
  }
}

describe('exact catch-up from a position', () => {
  let t: TestApp;
  let f: ProductionFixture;
  // Ticks (and their watermarks) every 250 ms: the boards' positions move as they would in 5 s.
  beforeAll(async () => {
    t = await bootTestApp({ env: { REALTIME_HEAD_TICK_MS: '250' } });
    f = await setUpProduction(t);
  });
  afterAll(() => t?.close());

  async function openBoard(rooms: string[]): Promise<{ board: Board; joined: SubscribeResult }> {
    const socket = t.socket({ token: f.admin });
    await connected(socket);
    const board = new Board(socket);
    const joined = await subscribe(socket, { rooms });
    expect(joined).toMatchObject({ joined: rooms, resync: false, missed: [] });
    expect(joined.watermark).toMatch(/^[0-9]+$/);
    board.took(joined);
    return { board, joined };
  }

  async function reconnect(board: Board, rooms: string[]): Promise<{ board: Board; result: SubscribeResult; ms: number; bytes: number }> {
    board.socket.disconnect();
    const socket = t.socket({ token: f.admin });
    await connected(socket);
    const next = board.moveTo(socket);
    const request: SubscribeRequest = { rooms, position: next.position() };
    const started = performance.now();
    const result = await subscribe(socket, request);
    const ms = performance.now() - started;
    next.took(result);
    return { board: next, result, ms, bytes: Buffer.byteLength(JSON.stringify(request)) };
  }

  const scan = (orderId: number, quantity = 1) => f.scan({ orderId, processId: f.processes.cut, quantity });

  it('replays nothing to a board that missed nothing', async () => {
    const order = await f.createOrder({ quantities: [100, 100] });
    const { board } = await openBoard(['board']);
    for (let i = 0; i < 30; i++) expect((await scan(order.id)).body.code).toBe(200);
    await waitFor(() => board.live.filter((event) => event.name === 'production.progressed').length === 30, 5000);

    // Right away (watermark from the join, every event unsettled) and after ticks moved it on.
    const first = await reconnect(board, ['board']);
    expect(first.result).toMatchObject({ resync: false, missed: [] });
    await sleep(800);
    const second = await reconnect(first.board, ['board']);
    expect(second.result).toMatchObject({ resync: false, missed: [] });
    expect(second.bytes).toBeLessThanOrEqual(first.bytes);
    console.log(`catch-up: reconnect request of a board that missed nothing ${first.bytes} bytes right after 30 events, ${second.bytes} bytes after the ticks`);
  });

  it('replays 5,000 events missed at about 500 per second exactly once, and the board ends equal to the database', async () => {
    const orders: { id: number }[] = [];
    for (let i = 0; i < 5; i++) orders.push(await f.createOrder({ quantities: [600, 500] }));
    const { board, joined } = await openBoard(['board']);
    // A few live first: they are in the position's seen list (or settled by a tick).
    for (const order of orders) for (let i = 0; i < 10; i++) expect((await scan(order.id)).body.code).toBe(200);
    await waitFor(() => board.live.length >= 50, 5000);
    board.socket.disconnect();

    // 5,000 scans paced at 500/s (16 at a time) while the board is away: through the scan
    // service itself (the HTTP layer in this one test process would cap the rate far below).
    const total = 5000;
    const user = (await t.app.get(AuthService).authenticate(f.admin))!;
    const scans = t.app.get(ScanService);
    const started = Date.now();
    let next = 0;
    const failures: string[] = [];
    await Promise.all(
      Array.from({ length: 16 }, async () => {
        while (next < total) {
          const index = next++;
          const due = started + index * 2;
          if (due > Date.now()) await sleep(due - Date.now());
          const input = { scanId: randomUUID(), orderId: orders[index % orders.length].id, processId: f.processes.cut, quantity: 1 } as RecordScanDto;
          await scans.record(input, user).catch((error: unknown) => failures.push(String(error)));
        }
      }),
    );
    const rate = Math.round((total * 1000) / (Date.now() - started));
    expect(failures).toEqual([]);

    const { board: back, result, ms, bytes } = await reconnect(board, ['board']);
    expect(result.resync).toBe(false);
    const missed = result.missed;
    const liveSeqs = new Set(board.live.map((event) => event.seq));
    expect(missed.filter((event) => liveSeqs.has(event.seq))).toEqual([]); // nothing twice
    expect(new Set(missed.map((event) => event.seq)).size).toBe(missed.length);
    expect(missed.map((event) => event.seq)).toEqual([...missed.map((event) => event.seq)].sort((a, b) => a - b));
    // Nothing missing: every board event since the join is either live or replayed (live ones at
    // or below the join's head are in its snapshot: the orders' creation, delivered after the join).
    const logged: { seq: string }[] = await f.db.query(`SELECT seq FROM domain_event WHERE 'board' = ANY(rooms) AND seq > $1 ORDER BY seq`, [joined.headSeq]);
    const liveAfterJoin = board.live.filter((event) => event.seq > joined.headSeq);
    expect([...liveAfterJoin, ...missed].map((event) => event.seq).sort((a, b) => a - b)).toEqual(logged.map((row) => Number(row.seq)));
    expect(missed.filter((event) => event.name === 'production.progressed')).toHaveLength(total);
    expect([...board.live, ...missed].filter((event) => !/^[0-9]+$/.test(event.tx ?? ''))).toEqual([]);

    // The board's state from its events equals the progress tables: summed pieces (a duplicate
    // or a gap would show) and the last step numbers it was sent.
    const pieces = new Map<number, number>();
    const done = new Map<number, number>();
    for (const event of [...board.live, ...missed].sort((a, b) => a.seq - b.seq)) {
      if (event.name !== 'production.progressed') continue;
      const progress = event.payload as ProgressRecorded;
      pieces.set(progress.orderId, (pieces.get(progress.orderId) ?? 0) + progress.quantity);
      done.set(progress.orderId, progress.step.done);
    }
    const steps: { order_id: number; done_quantity: number }[] = await f.db.query(
      `SELECT order_id, done_quantity FROM production_order_step WHERE process_id = $1 AND order_id = ANY($2::int[])`,
      [f.processes.cut, orders.map((order) => order.id)],
    );
    for (const step of steps) {
      expect({ order: step.order_id, pieces: pieces.get(step.order_id), done: done.get(step.order_id) }).toEqual({
        order: step.order_id,
        pieces: step.done_quantity,
        done: step.done_quantity,
      });
    }
    expect(steps.reduce((sum, step) => sum + step.done_quantity, 0)).toBe(total + 50);

    // Reconnecting again right away: nothing more.
    const again = await reconnect(back, ['board']);
    expect(again.result).toMatchObject({ resync: false, missed: [] });
    console.log(
      `catch-up: ${total} events written at ${rate}/s while away, replayed in ${Math.round(ms)} ms (${missed.length} events, ` +
        `${Math.round(Buffer.byteLength(JSON.stringify(result)) / 1024)} KiB answer); reconnect request ${bytes} bytes; ` +
        `the next reconnect ${again.bytes} bytes, replay empty`,
    );
  }, 300_000);

  it('replays an event whose transaction committed late exactly once, and not the later one already delivered', async () => {
    const { board } = await openBoard(['settings']);
    const lateInsert = `INSERT INTO domain_event (name, rooms, payload) VALUES ('settings.dashboardUpdated', '{settings}', '{"late": true}') RETURNING seq::int AS seq, tx::text AS tx`;
    let commitA: () => Promise<{ seq: number; tx: string }>;
    let seqA: number;
    let client: pg.Client | undefined;
    if (t.databaseUrl) {
      // A real open transaction A takes its seq first and commits last.
      client = new pg.Client({ connectionString: t.databaseUrl });
      await client.connect();
      await client.query('BEGIN');
      const [row] = (await client.query(lateInsert)).rows as { seq: number; tx: string }[];
      seqA = row.seq;
      commitA = async () => {
        await client!.query('COMMIT');
        return row;
      };
    } else {
      // The embedded database runs one transaction at a time: A takes its seq now and writes its
      // event (with its own, later transaction id) after B — what a late commit looks like.
      const [{ seq }]: { seq: number }[] = await f.db.query(`SELECT nextval(pg_get_serial_sequence('domain_event', 'seq'))::int AS seq`);
      seqA = seq;
      commitA = async () => {
        const [row]: { seq: number; tx: string }[] = await f.db.query(lateInsert.replace('(name, rooms, payload) VALUES (', '(seq, name, rooms, payload) VALUES ($1, '), [seqA]);
        return row;
      };
    }
    try {
      // B commits with a higher seq and is delivered.
      expect((await f.post('setting/updateDashboardSetting', { refreshInterval: 21 })).body.code).toBe(200);
      await waitFor(() => board.live.some((event) => event.seq > seqA), 5000);
      const seqB = board.live.find((event) => event.seq > seqA)!.seq;
      await sleep(600); // ticks pass while A is open: the watermark must not move past it
      board.socket.disconnect();
      const a = await commitA();
      expect(a.seq).toBe(seqA);

      const { board: back, result } = await reconnect(board, ['settings']);
      expect(result.resync).toBe(false);
      expect(result.missed.map((event) => event.seq)).toEqual([seqA]);
      expect(result.missed[0]).toMatchObject({ payload: { late: true }, tx: a.tx });
      expect(result.missed.some((event) => event.seq === seqB)).toBe(false);
      const again = await reconnect(back, ['settings']);
      expect(again.result).toMatchObject({ resync: false, missed: [] });
    } finally {
      await client?.end();
    }
  });

  describe('answers a malformed position with a resync, never an error', () => {
    async function ask(position: unknown): Promise<SubscribeResult> {
      const socket = t.socket({ token: f.admin });
      await connected(socket);
      try {
        return await subscribe(socket, { rooms: ['settings'], position } as SubscribeRequest, 5000);
      } finally {
        socket.disconnect();
      }
    }

    it('too long a seen list, or one with entries that are not seqs', async () => {
      const { joined } = await openBoard(['settings']);
      const watermark = joined.watermark!;
      const tooMany = Array.from({ length: MAX_POSITION_SEEN + 1 }, (_, index) => index + 1);
      for (const seen of [tooMany, [1, 'x'], [1.5], [-3], [0], ['1); DROP TABLE domain_event; --'], 'all', null, [Number.MAX_SAFE_INTEGER + 2]]) {
        const result = await ask({ watermark, seen });
        expect({ seen: Array.isArray(seen) ? seen.slice(0, 3) : seen, ...result }).toMatchObject({ resync: true, missed: [], joined: ['settings'] });
      }
      // The largest allowed list is answered (and bounded): nothing to replay here.
      const allowed = await ask({ watermark, seen: tooMany.slice(1) });
      expect(allowed).toMatchObject({ resync: false });
    });

    it('a watermark that is not an xid8, or one from the future', async () => {
      const [{ xmax }]: { xmax: string }[] = await f.db.query(`SELECT pg_snapshot_xmax(pg_current_snapshot())::text AS xmax`);
      const future = (BigInt(xmax) + 1000n).toString();
      for (const watermark of ['abc', '-1', '1e5', 12, '', ' 1', '18446744073709551616', '9'.repeat(40), null, future]) {
        const result = await ask({ watermark, seen: [] });
        expect({ sent: watermark, ...result }).toMatchObject({ sent: watermark, resync: true, missed: [] });
      }
      expect(await ask('position')).toMatchObject({ resync: true, missed: [] });
      // Still serving: a valid request afterwards.
      expect(await ask({ watermark: xmax, seen: [] })).toMatchObject({ resync: false, missed: [] });
    });

    it('a position from before a prune asks for a reload', async () => {
      const { board } = await openBoard(['settings']);
      const position = board.position();
      expect((await f.post('setting/updateDashboardSetting', { refreshInterval: 22 })).body.code).toBe(200);
      await f.db.query(`UPDATE domain_event SET created_at = now() - interval '100 hours' WHERE tx >= $1::xid8`, [position.watermark]);
      const { EventStore } = await import('../events/event-store.js');
      expect(await t.app.get(EventStore).prune(48)).toBeGreaterThan(0);
      expect(await ask(position)).toMatchObject({ resync: true, missed: [] });
    });
  });

  it('does not read a replay whose client went while it waited for a slot', async () => {
    const { EventStore, REPLAY_CONCURRENCY } = await import('../events/event-store.js');
    const store = t.app.get(EventStore);
    const [{ xmax }]: { xmax: string }[] = await f.db.query(`SELECT pg_snapshot_xmax(pg_current_snapshot())::text AS xmax`);
    // Every slot held by a replay that waits on a gate before reading (a reconnect storm).
    const inner = store as unknown as { readFromPosition: (...args: unknown[]) => Promise<unknown> };
    const read = inner.readFromPosition.bind(store);
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    let reads = 0;
    inner.readFromPosition = async (...args: unknown[]) => {
      reads++;
      await gate;
      return read(...args);
    };
    try {
      const holding = Array.from({ length: REPLAY_CONCURRENCY }, () => store.findFromPosition(BigInt(xmax), [], ['board']));
      let connected = true;
      const waiting = store.findFromPosition(BigInt(xmax), [], ['board'], () => connected);
      await sleep(50);
      expect(reads).toBe(REPLAY_CONCURRENCY);
      connected = false; // the board went meanwhile
      open();
      expect(await waiting).toBeNull();
      for (const replay of await Promise.all(holding)) expect(replay).toMatchObject({ resync: false, events: [] });
      expect(reads).toBe(REPLAY_CONCURRENCY);
      // The slots are free again: the next replay is read at once.
      expect(await store.findFromPosition(BigInt(xmax), [], ['board'], () => true)).toMatchObject({ resync: false });
    } finally {
      inner.readFromPosition = read;
    }
  });
});
