// Issue 9, item 9 (first bullet), item 4: SIGTERM to an instance under a scan stream → every
// request it had accepted before the signal is answered (no reset, no "socket hang up"), it
// disconnects its sockets and exits with code 0 within 5 s; its boards move to the other
// instance and catch up; nothing lost (scans it refused are re-sent to the other instance).
import { boardsBehindBalancers } from './support/balancer';
import { baseline } from './support/baseline';
import { boardsConverge, describeBoards, FaultBoard } from './support/board';
import { FaultCluster, measured, runScenario } from './support/cluster';
import type { Exit } from './support/instances';
import { expectNothingLostOrDoubled, ledger, ScanStream, type Attempt, type Ledger, type Scan } from './support/scan-stream';
import { sleep } from './support/services';
import pg from 'pg';

const EXIT_LIMIT_MS = 5_000;
/** Scans held inside A by a row lock when the signal comes (below the pool's 10 connections). */
const HELD = 6;
/** How long after the signal the lock is released: the held scans then finish within the drain. */
const LOCK_AFTER_SIGNAL_MS = 500;
/** Scans fired at A right before the signal (reported only). */
const BURST = 16;

describe('SIGTERM to an instance under a scan stream', () => {
  let cluster: FaultCluster;
  let boards: FaultBoard[];
  let stream: ScanStream;
  let failure: string | null = null;
  let signalAt = 0;
  let exit: Exit | undefined;
  /** Requests to A written to the socket before the signal and not answered at the signal. */
  let inFlight: (Attempt & { scan: Scan })[] = [];
  let catchUp: Map<string, number | null> | undefined;
  let boardReport = '';
  let book: Ledger | undefined;
  let stillUnacknowledged: number | undefined;

  beforeAll(async () => {
    cluster = await FaultCluster.start('sigterm');
    const { a, factory } = cluster;
    // Boards reach the instances through a load balancer: A's boards land on A while it accepts
    // connections, then on B; their own reconnection has to get them there.
    ({ boards } = await boardsBehindBalancers(cluster));
    // The stream leaves the held step alone (its row is locked during the signal).
    const streamCells = factory.cells.slice(1);
    stream = new ScanStream({ targets: () => cluster.instances, token: factory.token, cells: streamCells, concurrency: 4, maxScans: 2000, maxMs: 60_000, pauseMs: 15 });
    cluster.onTeardown(() => stream.stop());
    failure = await runScenario(cluster, async () => {
      for (const scan of (await baseline(cluster, boards)).scans.values()) stream.scans.set(scan.scanId, scan);
      stream.phase = 'before';
      stream.start();
      await sleep(2000);

      // Requests A has certainly accepted: scans of one step whose row the test holds locked, so
      // they wait inside A (visible in pg_stat_activity as lock waits) when the signal comes. The
      // lock is released shortly after the signal; A must finish them and answer.
      const locked = factory.cells[0];
      const lock = new pg.Client({ connectionString: cluster.postgres.url });
      await lock.connect();
      cluster.onTeardown(() => lock.end());
      await lock.query('BEGIN');
      await lock.query('SELECT 1 FROM production_order_step WHERE order_id = $1 AND process_id = $2 FOR UPDATE', [locked.orderId, locked.processId]);
      stream.phase = 'in-flight';
      const held = Array.from({ length: HELD }, (_, i): Scan => ({ ...locked, scanId: `held-${i}-${Date.now()}`, quantity: 1, attempts: [], acked: false }));
      for (const scan of held) stream.scans.set(scan.scanId, scan);
      const heldSent = held.map((scan) => stream.send(scan, a));
      const waitFrom = Date.now();
      let waiting = 0;
      while (Date.now() - waitFrom < 10_000) {
        const [row] = await cluster.postgres.query<{ waiting: number }>(
          "SELECT count(*)::int AS waiting FROM pg_stat_activity WHERE datname = 'faults' AND wait_event_type = 'Lock'",
        );
        waiting = row.waiting;
        if (waiting >= HELD) break;
        await sleep(20);
      }
      if (waiting < HELD) throw new Error(`only ${waiting} of ${HELD} held scans reached the database lock on A within 10 s`);

      // And a burst just before the signal, on A's keep-alive connections: written, maybe not yet
      // read by A (reported, not asserted: they may sit unread in the kernel at the signal).
      const burst: Scan[] = [];
      for (let i = 0; i < BURST; i++) {
        const cell = streamCells[i % streamCells.length];
        const scan: Scan = { ...cell, scanId: `burst-${i}-${Date.now()}`, quantity: 1, attempts: [], acked: false };
        stream.scans.set(scan.scanId, scan);
        burst.push(scan);
      }
      let written = 0;
      const sent = burst.map((scan) => stream.send(scan, a, () => (written += 1)));
      const burstAt = Date.now();
      // Every request of the burst handed to its socket (or 200 ms), then the signal at once.
      while (written < BURST && Date.now() - burstAt < 200) await new Promise((next) => setImmediate(next));
      signalAt = a.signal('SIGTERM');
      stream.phase = 'after-signal';
      await sleep(LOCK_AFTER_SIGNAL_MS);
      await lock.query('COMMIT');
      await Promise.all([...sent, ...heldSent]);
      inFlight = held.map((scan) => ({ ...scan.attempts[0], scan }));
      const deadline = new AbortController();
      exit = await Promise.race([a.waitExit(), sleep(15_000, deadline.signal).then(() => undefined)]);
      deadline.abort();
      const burstOutcomes = burst.map((scan) => scan.attempts[0]?.answer).filter(Boolean);
      console.log(
        `[sigterm] the burst of ${BURST} on A, by outcome and ms written before the signal: ${JSON.stringify(burstOutcomes.map((answer) => `${answer.status ?? answer.error}@${answer.writtenAt === null ? 'unwritten' : signalAt - answer.writtenAt}`))}`,
      );
      console.log(`[sigterm] A exited ${exit ? `${exit.at - signalAt} ms after SIGTERM with code ${exit.code} signal ${exit.signal}` : 'NOT within 15 s'}`);
      console.log(
        `[sigterm] ${inFlight.length} scans held inside A at the signal (lock released ${LOCK_AFTER_SIGNAL_MS} ms after it): ${JSON.stringify(countBy(inFlight.map((attempt) => String(attempt.answer?.status ?? attempt.answer?.error))))}, answered ${JSON.stringify(inFlight.map((attempt) => attempt.answer ? attempt.answer.endedAt - signalAt : null))} ms after the signal`,
      );
      await sleep(1000);
      await stream.stop();
      const truth = await cluster.snapshotCells();
      const stoppedAt = Date.now();
      catchUp = await boardsConverge(boards, truth, signalAt, 15_000);
      boardReport = describeBoards(boards, truth);
      console.log(`[sigterm] boards equal to a fresh snapshot, ms after SIGTERM: ${JSON.stringify(Object.fromEntries(catchUp))} (the floor scanned until ${stoppedAt - signalAt} ms)\n${boardReport}`);
      for (const board of boards.slice(0, 2)) {
        const again = board.connections.find((connection) => connection.at >= signalAt);
        console.log(
          `[sigterm] ${board.name}: lost its connection ${board.losses.map((loss) => `${loss.at - signalAt} ms after SIGTERM (${loss.reason})`).join(', ') || 'never'}; connected again ${again ? `${again.at - signalAt} ms after SIGTERM` : 'never'} (status ${board.lastStatus})`,
        );
      }
      const afterSignal = stream.attempts().filter((attempt) => attempt.instance === 'A' && attempt.answer.startedAt >= signalAt);
      console.log(`[sigterm] requests sent to A after the signal: ${JSON.stringify(countBy(afterSignal.map((attempt) => String(attempt.answer.status ?? attempt.answer.error))))}`);
      stillUnacknowledged = await stream.retryUnacknowledged(() => [cluster.b]);
      book = await ledger(stream, cluster.postgres, factory.orders);
      console.log(`[sigterm] answers by phase: ${JSON.stringify(stream.summary())}`);
    });
  }, 150_000);

  afterAll(async () => {
    await cluster?.teardown();
  });

  function countBy(values: string[]): Record<string, number> {
    const counts: Record<string, number> = {};
    for (const value of values) counts[value] = (counts[value] ?? 0) + 1;
    return counts;
  }

  it('B did not die; the scenario ran to the end', () => {
    expect(cluster.deaths()).toEqual([]);
    expect(cluster.b.running).toBe(true);
    expect(failure).toBeNull();
  });

  it('every request A was executing at the signal was finished and answered 200 (no reset, no hang up)', () => {
    expect(inFlight.length).toBe(HELD);
    const unanswered = inFlight.filter((attempt) => attempt.answer?.status !== 200);
    expect(unanswered.map((attempt) => `${attempt.scan.scanId}: ${attempt.answer?.status ?? attempt.answer?.error} ${JSON.stringify(attempt.answer?.body)?.slice(0, 120)}`)).toEqual([]);
  });

  it('A exits with code 0 within 5 s of SIGTERM', () => {
    const ended = measured(exit, "A's exit", failure ?? 'A did not exit within 15 s');
    expect({ code: ended.code, signal: ended.signal }).toEqual({ code: 0, signal: null });
    expect(ended.at - signalAt).toBeLessThanOrEqual(EXIT_LIMIT_MS);
  });

  it("A's boards were disconnected, moved to B and caught up within 5 s", () => {
    expect(cluster.a.running).toBe(false);
    for (const board of boards.slice(0, 2)) {
      expect(board.losses.length).toBeGreaterThan(0);
      // Reconnected by its own client (through the balancer, so to B).
      expect({ board: board.name, status: board.lastStatus, reconnected: board.connections.some((connection) => connection.at >= signalAt) }).toEqual({
        board: board.name,
        status: 'connected',
        reconnected: true,
      });
    }
    const late = [...measured(catchUp, 'the catch-up', failure)].filter(([, ms]) => ms === null || ms > EXIT_LIMIT_MS);
    if (late.length) console.log(`[sigterm] boards not caught up in time:\n${boardReport}`);
    expect(late).toEqual([]);
  });

  it('nothing lost or doubled (scans A refused were re-sent to B with the same scanId)', () => {
    expect(measured(stillUnacknowledged, 'the retries', failure)).toBe(0);
    expectNothingLostOrDoubled(measured(book, 'the ledger', failure));
  });
});
