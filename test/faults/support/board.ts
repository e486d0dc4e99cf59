// A board as the web app runs it: the frontend's own RealtimeClient (frontend/src/lib/socket.ts:
// subscribe with lastSeq on every (re)connect, missed events replayed once in seq order, resync →
// snapshot) over socket.io-client, plus the board store's rule for applying progress (per step,
// the newest seq wins; a snapshot replaces everything up to its headSeq and newer events already
// received go on top). With `failover`, a lost connection moves to the next URL of the list after
// the client's first reconnection delay, as a load balancer in front of the instances would.
import { io } from 'socket.io-client';
import type { DomainEventEnvelope, ProgressRecorded } from '@contracts/events';
import type { BoardSnapshot } from '@contracts/production';
import { RealtimeClient, type AppSocket } from '../../../frontend/src/lib/socket';
import { cellKey, doneByCell, type Cell, type FaultCluster } from './cluster';
import { httpRequest } from './http';
import { sleep } from './services';

/** The web client's first reconnection delay (frontend/src/lib/socket.ts). */
const RECONNECT_DELAY_MS = 1000;
const SNAPSHOT_RETRY_MS = 2000;

export class FaultBoard {
  readonly client: RealtimeClient;
  /** Done per (order, process) as this board shows it. */
  readonly cells = new Map<string, number>();
  private stepSeq = new Map<string, number>();
  private recent: { seq: number; payload: ProgressRecorded }[] = [];
  private index = 0;
  private stopped = false;
  private switching = false;
  private unsubscribe: (() => void) | null = null;
  private loading: Promise<void> | null = null;
  private loadAgain = false;
  snapshots = 0;
  events = 0;
  lastStatus = 'idle';
  /** Connection losses seen: when, the reason, and the URL it was on. */
  readonly losses: { at: number; reason: string | null; url: string }[] = [];
  /** Successful connections: when and where. */
  readonly connections: { at: number; url: string }[] = [];

  constructor(
    readonly name: string,
    private readonly urls: string[],
    private readonly token: string,
    private readonly cellsOfInterest: Cell[],
    private readonly failover = false,
  ) {
    this.client = new RealtimeClient((auth) =>
      io(this.url, {
        path: '/socket.io',
        auth,
        // As the web client, websocket only here (no sticky sessions needed for polling).
        transports: ['websocket'],
        reconnectionDelay: RECONNECT_DELAY_MS,
        reconnectionDelayMax: 10_000,
        forceNew: true,
      }) as unknown as AppSocket,
    );
    this.client.connection.subscribe(() => this.onConnection());
  }

  get url(): string {
    return this.urls[this.index];
  }

  /** Connects, subscribes to the board room and waits for the first snapshot. */
  async start(timeoutMs = 15_000): Promise<void> {
    this.client.connect(this.token);
    this.unsubscribe = this.client.subscribe(['board'], { onEvent: (event) => this.onEvent(event), onResync: () => this.load() });
    const deadline = Date.now() + timeoutMs;
    while (this.snapshots === 0 || this.lastStatus !== 'connected') {
      if (Date.now() > deadline) throw new Error(`board ${this.name} did not connect and load within ${timeoutMs} ms (status ${this.lastStatus})`);
      await sleep(25);
    }
  }

  stop(): void {
    this.stopped = true;
    this.unsubscribe?.();
    this.client.disconnect();
  }

  private onConnection(): void {
    const state = this.client.connection.get();
    const previous = this.lastStatus;
    this.lastStatus = state.status;
    if (state.status === 'connected' && previous !== 'connected') this.connections.push({ at: Date.now(), url: this.url });
    if ((state.status === 'reconnecting' || state.status === 'disconnected') && previous === 'connected') {
      this.losses.push({ at: Date.now(), reason: state.reason, url: this.url });
    }
    if (!this.failover || this.stopped || this.switching) return;
    if (state.status === 'reconnecting' || state.status === 'disconnected') {
      this.switching = true;
      setTimeout(() => {
        this.switching = false;
        if (this.stopped || this.client.connection.get().status === 'connected') return;
        this.index = (this.index + 1) % this.urls.length;
        // A new socket to the other instance; the subscription (and its lastSeq) is kept.
        this.client.disconnect();
        this.client.connect(this.token);
      }, RECONNECT_DELAY_MS);
    }
  }

  private onEvent(event: DomainEventEnvelope): void {
    this.events += 1;
    if (event.name !== 'production.progressed') return;
    const payload = event.payload as ProgressRecorded;
    this.recent.push({ seq: event.seq, payload });
    if (this.recent.length > 5000) this.recent = this.recent.slice(-5000);
    this.apply(event.seq, payload);
  }

  private apply(seq: number, payload: ProgressRecorded): void {
    const key = cellKey(payload);
    if ((this.stepSeq.get(key) ?? -1) >= seq) return;
    this.stepSeq.set(key, seq);
    this.cells.set(key, payload.step.done);
  }

  /** Fetches a snapshot (one at a time; a call during a fetch asks for one more after it). */
  load(): Promise<void> {
    if (this.loading) {
      this.loadAgain = true;
      return this.loading;
    }
    this.loading = (async () => {
      do {
        this.loadAgain = false;
        for (;;) {
          if (this.stopped) return;
          const answer = await httpRequest(this.url, 'GET', '/api/board/snapshot', { token: this.token });
          if (answer.status === 200 && answer.body?.code === 200) {
            this.applySnapshot(answer.body.data as BoardSnapshot);
            break;
          }
          await sleep(SNAPSHOT_RETRY_MS);
        }
      } while (this.loadAgain && !this.stopped);
    })().finally(() => {
      this.loading = null;
    });
    return this.loading;
  }

  private applySnapshot(snapshot: BoardSnapshot): void {
    this.snapshots += 1;
    this.cells.clear();
    for (const [key, done] of doneByCell(snapshot, this.cellsOfInterest)) this.cells.set(key, done);
    this.stepSeq = new Map();
    this.recent = this.recent.filter((item) => item.seq > snapshot.headSeq).sort((x, y) => x.seq - y.seq);
    for (const item of this.recent) this.apply(item.seq, item.payload);
  }

  /** Cells where this board differs from `truth`, as "order:process board≠truth". */
  differences(truth: Map<string, number>): string[] {
    const result: string[] = [];
    for (const [key, done] of truth) if (this.cells.get(key) !== done) result.push(`${key} ${this.cells.get(key)}≠${done}`);
    return result;
  }
}

/**
 * Waits until every board equals `truth`; returns for each board the ms from `since` to the
 * first moment it did (null if it did not within `timeoutMs`).
 */
export async function boardsConverge(boards: FaultBoard[], truth: Map<string, number>, since: number, timeoutMs: number): Promise<Map<string, number | null>> {
  const times = new Map<string, number | null>(boards.map((board) => [board.name, null]));
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    for (const board of boards) if (times.get(board.name) === null && board.differences(truth).length === 0) times.set(board.name, Date.now() - since);
    if ([...times.values()].every((time) => time !== null) || Date.now() > deadline) return times;
    await sleep(20);
  }
}

export function describeBoards(boards: FaultBoard[], truth: Map<string, number>): string {
  return boards
    .map((board) => {
      const differences = board.differences(truth);
      return `${board.name} (${board.url}, ${board.lastStatus}, ${board.events} events, ${board.snapshots} snapshots, losses ${JSON.stringify(board.losses.map((loss) => loss.reason))}): ${
        differences.length ? `differs at ${differences.join(', ')}` : 'equal'
      }`;
    })
    .join('\n');
}


/** Two boards on each instance (A1, A2 on A; B1, B2 on B), started, stopped at the cluster's teardown. */
export async function twoBoardsPerInstance(cluster: FaultCluster): Promise<FaultBoard[]> {
  const { a, b, factory } = cluster;
  const boards = [
    new FaultBoard('board-A1', [a.url], factory.token, factory.cells),
    new FaultBoard('board-A2', [a.url], factory.token, factory.cells),
    new FaultBoard('board-B1', [b.url], factory.token, factory.cells),
    new FaultBoard('board-B2', [b.url], factory.token, factory.cells),
  ];
  cluster.onTeardown(() => boards.forEach((board) => board.stop()));
  await Promise.all(boards.map((board) => board.start()));
  return boards;
}

/**
 * The boards against the database once the floor has stopped: whether a fresh snapshot equals the
 * database's step counters, and for each board the ms from `since` until it equalled that
 * snapshot (null: not within `timeoutMs`), with a line per board for the log.
 */
export async function boardsAgainstDatabase(
  cluster: FaultCluster,
  boards: FaultBoard[],
  since: number,
  timeoutMs: number,
): Promise<{ snapshotMatchesDatabase: boolean; catchUp: Map<string, number | null>; report: string }> {
  const truth = await cluster.snapshotCells();
  const snapshotMatchesDatabase = JSON.stringify([...truth].sort()) === JSON.stringify([...(await cluster.databaseCells())].sort());
  const catchUp = await boardsConverge(boards, truth, since, timeoutMs);
  return { snapshotMatchesDatabase, catchUp, report: describeBoards(boards, truth) };
}
