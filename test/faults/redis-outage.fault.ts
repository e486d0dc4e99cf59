// Issue 9, item 9 (first bullet), item 2: Redis stopped for 20 s under a scan stream with boards
// on both instances → no instance dies, HTTP and health keep answering, no acknowledged scan lost
// or doubled, and every board equals a fresh snapshot within 5 s of Redis returning.
import { baseline } from './support/baseline';
import { boardsAgainstDatabase, boardsConverge, describeBoards, twoBoardsPerInstance, type FaultBoard } from './support/board';
import { FaultCluster, measured, runScenario } from './support/cluster';
import { httpRequest, type HttpAnswer } from './support/http';
import { expectNothingLostOrDoubled, ledger, ScanStream, type Ledger } from './support/scan-stream';
import { sleep } from './support/services';

const OUTAGE_MS = 20_000;
const CATCH_UP_LIMIT_MS = 5_000;

describe('Redis stopped for 20 s under a scan stream, boards on both instances', () => {
  let cluster: FaultCluster;
  let boards: FaultBoard[];
  let stream: ScanStream;
  const health: { instance: string; answer: HttpAnswer }[] = [];
  let deathsDuringOutage: string[] = [];
  let catchUp: Map<string, number | null> | undefined;
  let liveAfter: Map<string, number | null> | undefined;
  let boardReport = '';
  let liveReport = '';
  let snapshotMatchesDatabase: boolean | undefined;
  let book: Ledger | undefined;
  let stillUnacknowledged: number | undefined;
  let failure: string | null = null;

  beforeAll(async () => {
    cluster = await FaultCluster.start('redis-outage');
    const { factory } = cluster;
    boards = await twoBoardsPerInstance(cluster);
    stream = new ScanStream({ targets: () => cluster.instances, token: factory.token, cells: factory.cells, concurrency: 3, maxScans: 3000, maxMs: 60_000, pauseMs: 25 });
    cluster.onTeardown(() => stream.stop());
    failure = await runScenario(cluster, scenario);
  }, 150_000);

  async function scenario(): Promise<void> {
    const { factory } = cluster;
    for (const scan of (await baseline(cluster, boards)).scans.values()) stream.scans.set(scan.scanId, scan);
    stream.phase = 'before';
    stream.start();
    await sleep(3000);

    stream.phase = 'outage';
    const killedAt = Date.now();
    await cluster.redis.kill();
    console.log(`[redis-outage] Redis killed (SIGKILL) at +0 ms; scans continue for ${OUTAGE_MS} ms`);
    while (Date.now() < killedAt + OUTAGE_MS - 1000) {
      for (const instance of cluster.instances) {
        if (instance.running) health.push({ instance: instance.name, answer: await httpRequest(instance.url, 'GET', '/api/health', { timeoutMs: 5000 }) });
      }
      await sleep(1000);
    }
    deathsDuringOutage = cluster.deaths();
    // The floor stops just before Redis returns: the boards must then reach a fixed truth.
    await stream.stop();
    await sleep(Math.max(0, killedAt + OUTAGE_MS - Date.now()));
    await cluster.redis.start();
    const back = Date.now();
    console.log(`[redis-outage] Redis back after ${back - killedAt} ms of outage`);

    ({ snapshotMatchesDatabase, catchUp, report: boardReport } = await boardsAgainstDatabase(cluster, boards, back, 15_000));
    console.log(`[redis-outage] boards equal to a fresh snapshot, ms after Redis returned: ${JSON.stringify(Object.fromEntries(catchUp))}\n${boardReport}`);

    // Live again across instances: a short stream after the recovery, boards follow.
    stream.phase = 'after';
    const afterStream = new ScanStream({ targets: () => cluster.instances, token: factory.token, cells: factory.cells, concurrency: 2, maxScans: 60, maxMs: 3000 });
    afterStream.phase = 'after';
    afterStream.start();
    await afterStream.finished();
    const afterTruth = await cluster.snapshotCells();
    const afterDone = Date.now();
    liveAfter = await boardsConverge(boards, afterTruth, afterDone, 5000);
    liveReport = describeBoards(boards, afterTruth);
    console.log(`[redis-outage] after recovery, ${afterStream.scans.size} more scans: boards equal, ms after the last answer: ${JSON.stringify(Object.fromEntries(liveAfter))}`);
    for (const scan of afterStream.scans.values()) stream.scans.set(scan.scanId, scan);

    stillUnacknowledged = await stream.retryUnacknowledged(() => cluster.instances);
    book = await ledger(stream, cluster.postgres, factory.orders);
    console.log(`[redis-outage] answers by phase: ${JSON.stringify(stream.summary())}`);
    console.log(`[redis-outage] ledger: ${JSON.stringify({ ...book, lost: book.lost.length, doubled: book.doubled.length, foreign: book.foreign.length })}`);
    console.log(`[redis-outage] health during the outage: ${JSON.stringify(health.map((entry) => [entry.instance, entry.answer.status ?? entry.answer.error, entry.answer.body?.data ?? entry.answer.body?.message]).slice(0, 4))}`);
  }

  afterAll(async () => {
    await cluster?.teardown();
  });

  it('no instance died (during the outage or after)', () => {
    expect(deathsDuringOutage).toEqual([]);
    expect(cluster.deaths()).toEqual([]);
  });

  it('the scenario ran to the end', () => {
    expect(failure).toBeNull();
  });

  it('scans sent during the outage were recorded (200)', () => {
    const during = stream.attempts().filter((attempt) => attempt.phase === 'outage');
    expect(during.length).toBeGreaterThan(20);
    const refused = during.filter((attempt) => attempt.answer.status !== 200).map((attempt) => `${attempt.instance}: ${attempt.answer.status ?? attempt.answer.error} ${attempt.answer.body?.message ?? ''}`);
    expect(refused).toEqual([]);
  });

  it('health answers during the outage: the database up, Redis reported as degraded', () => {
    expect(health.length).toBeGreaterThan(10);
    const bad = health.filter((entry) => {
      const body = entry.answer.body?.data;
      return entry.answer.status !== 200 || body?.database !== 'up' || !(body?.status === 'degraded' || body?.redis === 'down' || body?.redis === 'degraded');
    });
    expect(bad.map((entry) => `${entry.instance}: ${entry.answer.status ?? entry.answer.error} ${JSON.stringify(entry.answer.body)}`)).toEqual([]);
  });

  it('every board equals a fresh snapshot within 5 s of Redis returning', () => {
    expect(measured(snapshotMatchesDatabase, 'the snapshot', failure)).toBe(true);
    const late = [...measured(catchUp, 'the catch-up', failure)].filter(([, ms]) => ms === null || ms > CATCH_UP_LIMIT_MS);
    if (late.length) console.log(`[redis-outage] boards not caught up in time:\n${boardReport}`);
    expect(late).toEqual([]);
  });

  it('boards follow live scans across instances again after the recovery', () => {
    const late = [...measured(liveAfter, 'live after recovery', failure)].filter(([, ms]) => ms === null);
    if (late.length) console.log(`[redis-outage] boards not following after recovery:\n${liveReport}`);
    expect(late).toEqual([]);
  });

  it('no acknowledged scan lost or doubled; counters equal the acknowledged pieces', () => {
    expect(measured(stillUnacknowledged, 'the retries', failure)).toBe(0);
    expectNothingLostOrDoubled(measured(book, 'the ledger', failure));
  });
});
