// Issue 9, item 9 (first bullet), item 3: PostgreSQL restarted under a scan stream (pg_ctl restart
// -m fast; stopped for 5 s and started; frozen with SIGSTOP for 8 s) → answers during the outage are 503 with a message,
// never 500 and never a hung or dropped request; full recovery without restarting the app
// (measured: from the database accepting connections again to the first 200 on each instance);
// nothing lost or doubled (every acknowledged scan is in the database once, a re-sent scanId
// counts once); every board (two per instance, live through all three outages) equal to a fresh
// snapshot, and that snapshot to the database, within 5 s of the last answer; every order's stage
// totals (written by the scans since migration 1764289400000) equal to its steps.
import { STALE_STAGE_TOTALS_SQL } from '../../backend/src/testing/stage-totals-check';
import { baseline } from './support/baseline';
import { boardsAgainstDatabase, twoBoardsPerInstance, type FaultBoard } from './support/board';
import { FaultCluster, measured, runScenario } from './support/cluster';
import { httpRequest, type HttpAnswer } from './support/http';
import { expectNothingLostOrDoubled, ledger, ScanStream, type Ledger } from './support/scan-stream';
import { sleep } from './support/services';

const RECOVERY_LIMIT_MS = 10_000;
const DOWN_MS = 5_000;
const FROZEN_MS = 8_000;
const CATCH_UP_LIMIT_MS = 5_000;

function countOutcomes(answers: HttpAnswer[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const answer of answers) {
    const key = String(answer.status ?? answer.error);
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}

describe('PostgreSQL restarted under a scan stream', () => {
  let cluster: FaultCluster;
  let boards: FaultBoard[];
  let stream: ScanStream;
  let snapshotMatchesDatabase: boolean | undefined;
  let catchUp: Map<string, number | null> | undefined;
  let boardReport = '';
  let staleStageTotals: unknown[] | undefined;
  let failure: string | null = null;
  const recovery: Record<string, Record<string, number | null>> = {};
  const health: { instance: string; answer: HttpAnswer }[] = [];
  let book: Ledger | undefined;
  let stillUnacknowledged: number | undefined;

  /** First 200 answer on each instance to a scan sent after `since`, in ms after `since`. */
  async function firstSuccess(since: number, timeoutMs = 30_000): Promise<Record<string, number | null>> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const times: Record<string, number | null> = {};
      for (const instance of cluster.instances) {
        const ok = stream
          .attempts()
          .filter((attempt) => attempt.instance === instance.name && attempt.answer.startedAt >= since && attempt.answer.status === 200)
          .map((attempt) => attempt.answer.endedAt - since);
        times[instance.name] = ok.length ? Math.min(...ok) : null;
      }
      if (Object.values(times).every((time) => time !== null) || Date.now() > deadline) return times;
      await sleep(100);
    }
  }

  async function probeHealth(): Promise<void> {
    for (const instance of cluster.instances) {
      if (instance.running) health.push({ instance: instance.name, answer: await httpRequest(instance.url, 'GET', '/api/health', { timeoutMs: 10_000 }) });
    }
  }

  beforeAll(async () => {
    cluster = await FaultCluster.start('postgres-restart');
    const { factory } = cluster;
    boards = await twoBoardsPerInstance(cluster);
    stream = new ScanStream({ targets: () => cluster.instances, token: factory.token, cells: factory.cells, concurrency: 3, maxScans: 3000, maxMs: 60_000, pauseMs: 25 });
    cluster.onTeardown(() => stream.stop());
    failure = await runScenario(cluster, async () => {
      for (const scan of (await baseline(cluster, boards)).scans.values()) stream.scans.set(scan.scanId, scan);
      stream.phase = 'before';
      stream.start();
      await sleep(3000);

      // 1. pg_ctl restart -m fast: every connection of both pools is terminated.
      stream.phase = 'restart';
      const restartAt = Date.now();
      await cluster.postgres.restart('fast');
      const upAt = Date.now();
      console.log(`[postgres-restart] pg_ctl restart -m fast took ${upAt - restartAt} ms`);
      recovery['restart -m fast'] = await firstSuccess(upAt);
      console.log(`[postgres-restart] restart: first 200 after the database was back, ms: ${JSON.stringify(recovery['restart -m fast'])}`);
      stream.phase = 'between';
      await sleep(4000);

      // 2. Stopped for 5 s, then started.
      stream.phase = 'down';
      const stopAt = Date.now();
      await cluster.postgres.stop('fast');
      while (Date.now() < stopAt + DOWN_MS) {
        await probeHealth();
        await sleep(1000);
      }
      await cluster.postgres.start();
      const startedAt = Date.now();
      stream.phase = 'recovered';
      console.log(`[postgres-restart] database stopped for ${startedAt - stopAt} ms`);
      recovery['stop 5 s + start'] = await firstSuccess(startedAt);
      console.log(`[postgres-restart] stop/start: first 200 after the database was back, ms: ${JSON.stringify(recovery['stop 5 s + start'])}`);
      await sleep(3000);

      // 3. Frozen for 8 s (SIGSTOP): connections open, nothing answers. Requests must still get
      // an answer (503) before the client gives up, and the instance recover after SIGCONT.
      stream.phase = 'frozen';
      const frozenAt = Date.now();
      cluster.onTeardown(() => cluster.postgres.thaw());
      await cluster.postgres.freeze();
      await sleep(FROZEN_MS);
      cluster.postgres.thaw();
      const thawedAt = Date.now();
      stream.phase = 'thawed';
      console.log(`[postgres-restart] database frozen (SIGSTOP) for ${thawedAt - frozenAt} ms`);
      recovery['frozen 8 s'] = await firstSuccess(thawedAt);
      console.log(`[postgres-restart] frozen: first 200 after the database was thawed, ms: ${JSON.stringify(recovery['frozen 8 s'])}`);
      const frozenAnswers = stream.attempts().filter((attempt) => attempt.phase === 'frozen');
      console.log(
        `[postgres-restart] while frozen: ${JSON.stringify(countOutcomes(frozenAnswers.map((attempt) => attempt.answer)))}, slowest ${Math.max(0, ...frozenAnswers.map((attempt) => attempt.answer.endedAt - attempt.answer.startedAt))} ms`,
      );
      await sleep(2000);
      await stream.stop();

      stillUnacknowledged = await stream.retryUnacknowledged(() => cluster.instances);
      const settled = Date.now();
      book = await ledger(stream, cluster.postgres, factory.orders);
      // The boards lived through all three outages: each must reach the database's state.
      ({ snapshotMatchesDatabase, catchUp, report: boardReport } = await boardsAgainstDatabase(cluster, boards, settled, 15_000));
      console.log(`[postgres-restart] boards equal to a fresh snapshot, ms after the last answer: ${JSON.stringify(Object.fromEntries(catchUp))}\n${boardReport}`);
      staleStageTotals = await cluster.postgres.query(STALE_STAGE_TOTALS_SQL);
      console.log(`[postgres-restart] answers by phase: ${JSON.stringify(stream.summary())}`);
      const slowest = Math.max(...stream.attempts().filter((attempt) => attempt.phase === 'down').map((attempt) => attempt.answer.endedAt - attempt.answer.startedAt));
      console.log(`[postgres-restart] slowest answer while the database was down: ${slowest} ms`);
      console.log(`[postgres-restart] a refusal while down: ${JSON.stringify(stream.attempts().find((attempt) => attempt.phase === 'down' && attempt.answer.status !== 200)?.answer.body)}`);
      console.log(`[postgres-restart] health while down: ${JSON.stringify(health.slice(0, 2).map((entry) => [entry.instance, entry.answer.status ?? entry.answer.error, entry.answer.body]))}`);
      console.log(
        `[postgres-restart] ledger: ${JSON.stringify({ ...book, lost: book.lost.length, doubled: book.doubled.length, foreign: book.foreign.length, acknowledgedByCell: undefined, counterByCell: undefined, rowSumByCell: undefined })}`,
      );
    });
  }, 150_000);

  afterAll(async () => {
    await cluster?.teardown();
  });

  it('no instance died', () => {
    expect(cluster.deaths()).toEqual([]);
  });

  it('the scenario ran to the end', () => {
    expect(failure).toBeNull();
  });

  it('every refusal is a 503 with a message: no 500, no dropped connection, no request held past the client timeout', () => {
    const refusals = stream.attempts().filter((attempt) => attempt.answer.status !== 200);
    const wrong = refusals
      .filter((attempt) => attempt.answer.status !== 503 || attempt.answer.body?.code !== 503 || typeof attempt.answer.body?.message !== 'string' || !attempt.answer.body.message)
      .map((attempt) => `${attempt.phase} ${attempt.instance}: ${attempt.answer.status ?? attempt.answer.error} ${JSON.stringify(attempt.answer.body)?.slice(0, 160)}`);
    const counts: Record<string, number> = {};
    for (const line of wrong) {
      const key = line.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, '<id>').slice(0, 140);
      counts[key] = (counts[key] ?? 0) + 1;
    }
    expect(counts).toEqual({});
  });

  it('the freeze was seen: scans sent while the database was frozen were answered 503 in time', () => {
    const frozen = stream.attempts().filter((attempt) => attempt.phase === 'frozen');
    expect(frozen.length).toBeGreaterThan(0);
    expect(frozen.filter((attempt) => attempt.answer.status === 503).length).toBeGreaterThan(0);
  });

  it('the outage was seen: scans sent while the database was stopped were refused with 503', () => {
    const down = stream.attempts().filter((attempt) => attempt.phase === 'down');
    expect(down.length).toBeGreaterThan(10);
    expect(down.filter((attempt) => attempt.answer.status === 503).length).toBeGreaterThan(0);
  });

  it(`both instances answer 200 again within ${RECOVERY_LIMIT_MS / 1000} s of the database returning, without a restart`, () => {
    expect(Object.keys(recovery)).toEqual(['restart -m fast', 'stop 5 s + start', 'frozen 8 s']);
    const slow = Object.entries(recovery).flatMap(([variant, times]) =>
      Object.entries(times)
        .filter(([, ms]) => ms === null || ms > RECOVERY_LIMIT_MS)
        .map(([instance, ms]) => `${variant} ${instance}: ${ms}`),
    );
    expect(slow).toEqual([]);
    for (const instance of cluster.instances) expect(instance.running).toBe(true);
  });

  it('nothing lost or doubled: acknowledged scans in the database once, re-sent scanIds counted once', () => {
    expect(measured(stillUnacknowledged, 'the retries', failure)).toBe(0);
    expectNothingLostOrDoubled(measured(book, 'the ledger', failure));
  });

  it(`every board equals a fresh snapshot, and the snapshot the database, within ${CATCH_UP_LIMIT_MS / 1000} s of the last answer`, () => {
    expect(measured(snapshotMatchesDatabase, 'the snapshot', failure)).toBe(true);
    const late = [...measured(catchUp, 'the catch-up', failure)].filter(([, ms]) => ms === null || ms > CATCH_UP_LIMIT_MS);
    if (late.length) console.log(`[postgres-restart] boards not caught up in time:\n${boardReport}`);
    expect(late).toEqual([]);
  });

  it("every order's stage totals equal its steps after the outages", () => {
    expect(measured(staleStageTotals, 'the stage totals', failure)).toEqual([]);
  });
});
