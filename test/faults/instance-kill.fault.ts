// Issue 9, item 9 (first bullet): kill -9 of one instance while boards are connected to it and
// the floor scans on the other → its boards reconnect to the other instance (the client moves on
// as a load balancer would) and catch up: equal to a fresh snapshot within 5 s of the kill.
import { boardsBehindBalancers, type Balancer } from './support/balancer';
import { baseline } from './support/baseline';
import { boardsConverge, describeBoards, FaultBoard } from './support/board';
import { FaultCluster, measured, runScenario } from './support/cluster';
import { expectNothingLostOrDoubled, ledger, ScanStream, type Ledger } from './support/scan-stream';
import { sleep } from './support/services';

const CATCH_UP_LIMIT_MS = 5_000;
/** The floor keeps scanning on B this long after the kill, while A's boards are away. */
const SCANS_AFTER_KILL_MS = 1500;

describe('kill -9 of an instance with boards connected to it', () => {
  let cluster: FaultCluster;
  let boards: FaultBoard[];
  let toA: Balancer;
  let stream: ScanStream;
  let failure: string | null = null;
  let killedAt = 0;
  let catchUp: Map<string, number | null> | undefined;
  let boardReport = '';
  let book: Ledger | undefined;
  let stillUnacknowledged: number | undefined;

  beforeAll(async () => {
    cluster = await FaultCluster.start('instance-kill');
    const { a, factory } = cluster;
    // Boards reach the instances through a load balancer: A's boards land on A while it accepts
    // connections, then on B; their own reconnection has to get them there.
    ({ toA, boards } = await boardsBehindBalancers(cluster));
    stream = new ScanStream({ targets: () => [cluster.b], token: factory.token, cells: factory.cells, concurrency: 3, maxScans: 2000, maxMs: 60_000, pauseMs: 25 });
    cluster.onTeardown(() => stream.stop());
    failure = await runScenario(cluster, async () => {
      for (const scan of (await baseline(cluster, boards)).scans.values()) stream.scans.set(scan.scanId, scan);
      stream.phase = 'before';
      stream.start();
      await sleep(2000);

      stream.phase = 'after-kill';
      killedAt = a.signal('SIGKILL');
      await a.waitExit();
      await sleep(Math.max(0, killedAt + SCANS_AFTER_KILL_MS - Date.now()));
      await stream.stop();
      const stoppedAt = Date.now();
      const truth = await cluster.snapshotCells();
      catchUp = await boardsConverge(boards, truth, killedAt, 15_000);
      boardReport = describeBoards(boards, truth);
      console.log(
        `[instance-kill] boards equal to a fresh snapshot, ms after the kill: ${JSON.stringify(Object.fromEntries(catchUp))} (the floor scanned on B until ${stoppedAt - killedAt} ms after the kill)\n${boardReport}`,
      );
      for (const board of boards.slice(0, 2)) {
        const moved = board.connections.find((connection) => connection.at >= killedAt);
        console.log(
          `[instance-kill] ${board.name}: connection lost ${board.losses.map((loss) => `${loss.at - killedAt} ms after the kill (${loss.reason})`).join(', ')}; connected again ${moved ? `${moved.at - killedAt} ms after the kill` : 'never'} (balancer routes since the kill: ${toA.routed.filter((route) => route.at >= killedAt).map((route) => route.to).join(',')})`,
        );
      }
      stillUnacknowledged = await stream.retryUnacknowledged(() => [cluster.b]);
      book = await ledger(stream, cluster.postgres, factory.orders);
      console.log(`[instance-kill] answers by phase: ${JSON.stringify(stream.summary())}`);
    });
  }, 150_000);

  afterAll(async () => {
    await cluster?.teardown();
  });

  it('the surviving instance did not die; the scenario ran to the end', () => {
    expect(cluster.deaths()).toEqual([]);
    expect(cluster.b.running).toBe(true);
    expect(failure).toBeNull();
  });

  it("A's boards reconnected by themselves, through the load balancer, to B", () => {
    expect(cluster.a.running).toBe(false);
    for (const board of boards.slice(0, 2)) {
      expect(board.losses.length).toBeGreaterThan(0);
      expect({ board: board.name, status: board.lastStatus, reconnected: board.connections.some((connection) => connection.at >= killedAt) }).toEqual({
        board: board.name,
        status: 'connected',
        reconnected: true,
      });
    }
    expect(toA.routed.filter((route) => route.at >= killedAt).map((route) => route.to)).not.toContain('A');
  });

  it('every board equals a fresh snapshot within 5 s of the kill', () => {
    const late = [...measured(catchUp, 'the catch-up', failure)].filter(([, ms]) => ms === null || ms > CATCH_UP_LIMIT_MS);
    if (late.length) console.log(`[instance-kill] boards not caught up in time:\n${boardReport}`);
    expect(late).toEqual([]);
  });

  it('no acknowledged scan lost or doubled', () => {
    expect(measured(stillUnacknowledged, 'the retries', failure)).toBe(0);
    expectNothingLostOrDoubled(measured(book, 'the ledger', failure));
  });
});
