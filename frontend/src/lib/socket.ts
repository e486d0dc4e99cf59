// The app's one Socket.IO connection (PRODUCT.md §5). Screens subscribe to rooms through
// `realtime.subscribe`; this module joins them on every (re)connect, replays what was missed in
// seq order without duplicates, asks for a snapshot reload when the server says resync, and
// keeps a connection-state store so screens can show when their data went stale.
import { io, type Socket } from 'socket.io-client';
import {
  SOCKET_EVENTS,
  type DomainEventEnvelope,
  type HeadTick,
  type ResumeHint,
  type SocketAuth,
  type SubscribeRequest,
  type SubscribeResult,
} from '@contracts/events';
import { createStore, type Store } from './create-store';
import { EventSequencer } from './event-sequencer';

interface ServerToClientEvents {
  'domain-event': (event: DomainEventEnvelope) => void;
  /** A batch window's events for this socket's rooms, in seq order (the server's fan-out). */
  'domain-events': (events: DomainEventEnvelope[]) => void;
  head: (tick: HeadTick) => void;
  resume: (hint: ResumeHint) => void;
}

interface ClientToServerEvents {
  subscribe: (request: SubscribeRequest, ack: (result: SubscribeResult) => void) => void;
  unsubscribe: (request: { rooms: string[] }) => void;
}

export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
export type SocketFactory = (auth: SocketAuth) => AppSocket;

export type ConnectionStatus = 'idle' | 'connecting' | 'connected' | 'reconnecting' | 'disconnected';

export interface ConnectionState {
  status: ConnectionStatus;
  /** When the connection was lost (ms since epoch); null while connected or never connected. */
  staleSince: number | null;
  lastConnectedAt: number | null;
  /** Why the connection is down, when known ('unauthorized', a transport reason…). */
  reason: string | null;
}

export interface RoomSubscriptionHandlers {
  onEvent(event: DomainEventEnvelope): void;
  /**
   * Optional: the new events of one frame (a batch window, or a replay), oldest first, in one
   * call — a screen applies them as one update (one render). Without it, onEvent gets each.
   */
  onEvents?(events: DomainEventEnvelope[]): void;
  /** Reload the snapshot through the API: on first join and whenever replay is impossible. */
  onResync(): void | Promise<void>;
  onSubscribed?(result: SubscribeResult): void;
}

/**
 * An onResync for a screen that loads its own first snapshot: the first call (the first join,
 * which comes with that load) is skipped; later ones mean events were missed and call `reload`.
 */
export function resyncAfterFirstJoin(reload: () => void | Promise<void>): () => void | Promise<void> {
  let first = true;
  return () => {
    if (first) {
      first = false;
      return;
    }
    return reload();
  };
}

interface Subscription {
  rooms: string[];
  handlers: RoomSubscriptionHandlers;
  sequencer: EventSequencer;
  joined: boolean;
  /** While a subscribe request is in flight, live pushes wait here to be merged with `missed`. */
  pending: DomainEventEnvelope[] | null;
  /** Bumped on every join and loss, so an answer to an older join is ignored. */
  attempt: number;
  /** From which seq the live stream is complete (the last join's snapshot or replay start). */
  baseline: number | undefined;
  /** The headSeq of the last snapshot (resync): everything up to it is in the screen's state. */
  snapshotSeq: number | undefined;
  /** Recently received events (seq → rooms), to compare with the server's per-room counts. */
  seen: Map<number, string[]>;
  /** A catch-up (re-subscribe with an earlier lastSeq) waiting for its random delay. */
  catchUp: { from: number; timer: ReturnType<typeof setTimeout> } | null;
  /** A data.reset arrived while a join was in flight: reload once it is done (unless its snapshot is newer). */
  resetSeq?: number;
}

const ACK_TIMEOUT_MS = 10_000;
const RETRY_DELAY_MS = 3_000;
const REVIVE_DELAY_MS = 1_000;
/**
 * A catch-up waits a random time up to this, so a thousand boards nudged at once reach the
 * database spread over this window rather than in the same millisecond.
 */
export const CATCH_UP_JITTER_MS = 2_000;
/** Bound on the events remembered for the gap check (the server's ticks prune it far sooner). */
const SEEN_CAPACITY = 5_000;

export const defaultSocketFactory: SocketFactory = (auth) =>
  io({
    path: '/socket.io',
    auth,
    autoConnect: false,
    // WebSocket first; polling only as a fallback where proxies block upgrades.
    transports: ['websocket', 'polling'],
    reconnectionDelay: 1000,
    reconnectionDelayMax: 10_000,
  });

export class RealtimeClient {
  readonly connection: Store<ConnectionState> = createStore<ConnectionState>({
    status: 'idle',
    staleSince: null,
    lastConnectedAt: null,
    reason: null,
  });

  private socket: AppSocket | null = null;
  /** What the current socket authenticated with (a session token, or the public board key). */
  private auth: SocketAuth | null = null;
  private readonly subscriptions = new Set<Subscription>();
  private revive: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly factory: SocketFactory = defaultSocketFactory,
    /** Called when the server refuses the token (connect_error 'unauthorized'). */
    public onUnauthorized: () => void = () => undefined,
  ) {}

  connect(token: string): void {
    if (this.socket && this.auth?.token === token) return;
    this.open({ token });
  }

  /**
   * The public board (no login) connects with the board key instead of a token. A refused key
   * is reported as `reason: 'unauthorized'` without ending any session. Calling it again with
   * the same key revives a connection the server ended (key turned off or rotated, then fixed).
   */
  connectBoardKey(boardKey: string): void {
    if (this.socket && this.auth?.boardKey === boardKey) {
      if (!this.socket.connected && !this.socket.active) this.socket.connect();
      return;
    }
    this.open({ boardKey });
  }

  /**
   * Close the connection only if it is the board-key one (a signed-in session keeps its own), and,
   * when a key is named, only if it is that key's (a board that switched keys keeps the new one).
   */
  disconnectBoardKey(boardKey?: string): void {
    if (this.auth?.boardKey === undefined) return;
    if (boardKey === undefined || this.auth.boardKey === boardKey) this.disconnect();
  }

  /**
   * A paired TV (kiosk) connects with its device key: no session, no expiry. Like the board key, a
   * refused or revoked key is reported as `reason: 'unauthorized'` and ends no session.
   */
  connectDeviceKey(deviceKey: string): void {
    if (this.socket && this.auth?.deviceKey === deviceKey) {
      if (!this.socket.connected && !this.socket.active) this.socket.connect();
      return;
    }
    this.open({ deviceKey });
  }

  /** Close the connection only if it is this device key's (see disconnectBoardKey). */
  disconnectDeviceKey(deviceKey?: string): void {
    if (this.auth?.deviceKey === undefined) return;
    if (deviceKey === undefined || this.auth.deviceKey === deviceKey) this.disconnect();
  }

  /** True while the connection authenticates with a board key. */
  get usesBoardKey(): boolean {
    return this.auth?.boardKey !== undefined;
  }

  private open(auth: SocketAuth): void {
    this.disconnect();
    this.auth = auth;
    this.setStatus('connecting', null);
    const socket = this.factory(auth);
    this.socket = socket;
    socket.on('connect', () => this.handleConnect());
    socket.on('disconnect', (reason) => this.handleDisconnect(reason, socket.active));
    socket.on('connect_error', (error: Error) => this.handleConnectError(error, socket.active));
    socket.on(SOCKET_EVENTS.domainEvent, (event: DomainEventEnvelope) => this.handleEvents([event]));
    socket.on(SOCKET_EVENTS.domainEvents, (events: DomainEventEnvelope[]) => this.handleEvents(Array.isArray(events) ? events : []));
    socket.on(SOCKET_EVENTS.head, (tick: HeadTick) => this.handleHead(tick));
    socket.on(SOCKET_EVENTS.resume, (hint: ResumeHint) => this.handleResume(hint));
    socket.connect();
  }

  disconnect(): void {
    if (this.revive) clearTimeout(this.revive);
    this.revive = null;
    if (!this.socket) return;
    this.socket.removeAllListeners();
    this.socket.disconnect();
    this.socket = null;
    this.auth = null;
    for (const subscription of this.subscriptions) this.lose(subscription);
    this.connection.set({ status: 'idle', staleSince: null, lastConnectedAt: null, reason: null });
  }

  /** Join rooms for as long as the returned function is not called. */
  subscribe(rooms: string[], handlers: RoomSubscriptionHandlers): () => void {
    const subscription: Subscription = {
      rooms,
      handlers,
      sequencer: new EventSequencer(),
      joined: false,
      pending: null,
      attempt: 0,
      baseline: undefined,
      snapshotSeq: undefined,
      seen: new Map(),
      catchUp: null,
    };
    this.subscriptions.add(subscription);
    if (this.socket?.connected) void this.join(subscription);
    return () => {
      this.subscriptions.delete(subscription);
      if (this.socket?.connected && subscription.joined) {
        // Rooms shared with another live subscription stay joined.
        const stillWanted = new Set([...this.subscriptions].flatMap((other) => other.rooms));
        const rooms = subscription.rooms.filter((room) => !stillWanted.has(room));
        if (rooms.length > 0) this.socket.emit(SOCKET_EVENTS.unsubscribe, { rooms });
      }
      this.lose(subscription);
    };
  }

  private setStatus(status: ConnectionStatus, reason: string | null): void {
    this.connection.set((current) => {
      const now = Date.now();
      const connected = status === 'connected';
      return {
        status,
        reason,
        lastConnectedAt: connected ? now : current.lastConnectedAt,
        // The first moment of a loss counts; later retries do not move it.
        staleSince: connected || status === 'connecting' ? null : (current.staleSince ?? now),
      };
    });
  }

  private handleConnect(): void {
    this.setStatus('connected', null);
    for (const subscription of this.subscriptions) void this.join(subscription);
  }

  /** The subscription is no longer joined on the server (connection lost, closed, or unsubscribed). */
  private lose(subscription: Subscription): void {
    subscription.joined = false;
    subscription.pending = null;
    subscription.attempt += 1;
    if (subscription.catchUp) clearTimeout(subscription.catchUp.timer);
    subscription.catchUp = null;
  }

  private handleDisconnect(reason: string, willReconnect: boolean): void {
    for (const subscription of this.subscriptions) this.lose(subscription);
    this.setStatus(willReconnect ? 'reconnecting' : 'disconnected', reason);
    // The server ends board-key sockets when the key is turned off or rotated: knock again once,
    // so the handshake says whether the key still works ('unauthorized') instead of going quiet.
    // A revoked TV (device key) is ended the same way and knocks once too: 'unauthorized' then says it is unpaired.
    if (!willReconnect && reason === 'io server disconnect' && (this.auth?.boardKey !== undefined || this.auth?.deviceKey !== undefined)) {
      const socket = this.socket;
      this.revive = setTimeout(() => {
        this.revive = null;
        if (socket && this.socket === socket && !socket.connected && !socket.active) socket.connect();
      }, REVIVE_DELAY_MS);
    }
  }

  private handleConnectError(error: Error, willRetry: boolean): void {
    if (error.message === 'unauthorized') {
      this.setStatus('disconnected', 'unauthorized');
      // A refused board key is the board's business (it says so); only a token ends the session.
      if (this.auth?.token !== undefined) this.onUnauthorized();
      return;
    }
    this.setStatus(willRetry ? 'reconnecting' : 'disconnected', error.message);
  }

  /**
   * (Re)joins the subscription's rooms, replaying from its last seq — or from `from` when the
   * server said events may have been lost since then (a catch-up).
   */
  private async join(subscription: Subscription, from?: number): Promise<void> {
    const socket = this.socket;
    if (!socket || subscription.pending) return;
    subscription.pending = [];
    const attempt = ++subscription.attempt;
    const current = (): boolean => this.socket === socket && subscription.attempt === attempt && this.subscriptions.has(subscription);
    let lastSeq = subscription.sequencer.lastSeq;
    if (from !== undefined && lastSeq !== undefined) {
      // The last snapshot covers what came before it; below the sequencer's floor it would
      // drop lost events as already applied, so only a fresh snapshot is safe then.
      const start = Math.max(from, subscription.snapshotSeq ?? 0);
      const floor = subscription.sequencer.floorSeq;
      lastSeq = floor !== undefined && start < floor ? undefined : Math.min(lastSeq, start);
    }
    // The exact position, when the server gave watermarks: it replays exactly what is missing
    // (late commits included). lastSeq stays in the request for servers that do not know positions.
    const position = subscription.sequencer.position(from === undefined ? undefined : Math.max(from, subscription.snapshotSeq ?? 0));
    const request: SubscribeRequest = { rooms: subscription.rooms };
    if (lastSeq !== undefined) request.lastSeq = lastSeq;
    if (position) request.position = position;
    let result: SubscribeResult;
    const retryLater = (delay: number) => {
      subscription.pending = null;
      setTimeout(() => {
        if (current() && socket.connected) void this.join(subscription, from);
      }, delay);
    };
    try {
      result = await socket.timeout(ACK_TIMEOUT_MS).emitWithAck(SOCKET_EVENTS.subscribe, request);
    } catch {
      // No answer in time: try again while this connection lasts.
      if (current()) retryLater(RETRY_DELAY_MS);
      return;
    }
    if (!current()) return;
    if (result.error) {
      // Too many subscribes on this socket: the server says when to come back. A session that
      // ended is being disconnected by the server: nothing to retry.
      if (result.error.code === 'rateLimited') retryLater((result.error.retryAfterMs ?? RETRY_DELAY_MS) + Math.random() * 500);
      else subscription.pending = null;
      return;
    }
    subscription.joined = true;
    subscription.handlers.onSubscribed?.(result);

    let events: DomainEventEnvelope[];
    // A server that answers with a watermark read the position; an older one only lastSeq.
    const exact = position !== undefined && result.watermark !== undefined;
    const snapshot = (lastSeq === undefined && !exact) || result.resync;
    if (snapshot) {
      // Nothing to replay from: the snapshot covers everything up to headSeq. Live pushes keep
      // queueing in `pending` while it loads, so they are applied after it, in order.
      this.markSnapshot(subscription, result.headSeq, result.watermark);
      try {
        await subscription.handlers.onResync();
      } catch {
        // The snapshot failed (the HTTP client already told the user); live events still apply.
      }
      events = [];
    } else {
      events = result.missed.filter((event) => this.concerns(subscription, event));
      subscription.baseline = lastSeq ?? result.headSeq;
      // A lastSeq replay from a server with watermarks: positions start from its answer.
      if (!exact && result.watermark !== undefined) subscription.sequencer.beginPosition(result.headSeq, result.watermark);
    }
    if (!current()) return;
    events.push(...(subscription.pending ?? []));
    subscription.pending = null;
    for (const event of events) this.remember(subscription, event);
    // A lastSeq replay is judged by seq (its events may be below the watermark: they were lost).
    const bySeqOnly = !exact && !snapshot;
    this.apply(subscription, subscription.sequencer.acceptBatch(events, bySeqOnly));
    // Only now (the replay applied) does the answer's watermark hold for this state.
    if (result.watermark !== undefined) subscription.sequencer.noteWatermark(result.headSeq, result.watermark);
    const resetSeq = subscription.resetSeq;
    subscription.resetSeq = undefined;
    // A reset during the join: unless this join loaded a snapshot taken after it, reload.
    const snapshotSeq = snapshot ? result.headSeq : undefined;
    if (resetSeq !== undefined && (snapshotSeq === undefined || snapshotSeq < resetSeq)) this.resyncAt(subscription, resetSeq);
  }

  private remember(subscription: Subscription, event: DomainEventEnvelope): void {
    subscription.seen.set(event.seq, event.rooms);
    if (subscription.seen.size > SEEN_CAPACITY) subscription.seen.delete(subscription.seen.keys().next().value as number);
  }

  /**
   * The gap detector: the server counted, per room, the events with seq in (from, to]. A joined
   * subscription that received fewer in one of its rooms (since a point its stream is complete
   * from) missed some and catches up from `from`.
   */
  private handleHead(tick: HeadTick): void {
    for (const subscription of this.subscriptions) {
      if (!subscription.joined || subscription.pending) continue;
      // The tick's watermark (read with `from`, a tick ago) settles what came before it. Not while
      // a catch-up waits: its position must still reach back to where events were lost.
      if (tick.watermark !== undefined && !subscription.catchUp) subscription.sequencer.noteWatermark(tick.from, tick.watermark);
      const complete = subscription.baseline !== undefined && tick.from >= subscription.baseline;
      const missing =
        complete &&
        subscription.rooms.some((room) => {
          const expected = tick.counts[room] ?? 0;
          if (expected === 0) return false;
          let received = 0;
          for (const [seq, rooms] of subscription.seen) if (seq > tick.from && seq <= tick.to && rooms.includes(room)) received++;
          return received < expected;
        });
      for (const seq of [...subscription.seen.keys()]) if (seq <= tick.from) subscription.seen.delete(seq);
      if (missing) this.scheduleCatchUp(subscription, tick.from);
    }
  }

  /** Redis came back between the app's instances: events since `since` may not have arrived. */
  private handleResume(hint: ResumeHint): void {
    for (const subscription of this.subscriptions) if (subscription.joined) this.scheduleCatchUp(subscription, hint.since);
  }

  private scheduleCatchUp(subscription: Subscription, from: number): void {
    if (subscription.catchUp) {
      subscription.catchUp.from = Math.min(subscription.catchUp.from, from);
      return;
    }
    const timer = setTimeout(() => {
      const pendingFrom = subscription.catchUp?.from ?? from;
      subscription.catchUp = null;
      if (!this.subscriptions.has(subscription) || !this.socket?.connected) return;
      // A join in flight answers with what it asked for; catch up once it is done.
      if (subscription.pending) this.scheduleCatchUp(subscription, pendingFrom);
      else void this.join(subscription, pendingFrom);
    }, Math.random() * CATCH_UP_JITTER_MS);
    subscription.catchUp = { from, timer };
  }

  /**
   * `data.reset` (data cleared or a backup restored) comes to every socket, whatever its rooms:
   * every subscription reloads its snapshot as after a reconnect, and drops any older event
   * still on its way. A subscription whose join is in flight reloads once that join is done.
   */
  private handleReset(event: DomainEventEnvelope): void {
    for (const subscription of this.subscriptions) {
      if (subscription.pending) {
        subscription.resetSeq = Math.max(subscription.resetSeq ?? 0, event.seq);
        continue;
      }
      if (!subscription.joined) continue;
      this.resyncAt(subscription, event.seq);
    }
  }

  /**
   * The screen's state is (about to be) a snapshot as of `seq`: events up to it are in it, and
   * with the watermark read with it, every event whose tx is below that.
   */
  private markSnapshot(subscription: Subscription, seq: number, watermark?: string): void {
    subscription.sequencer.reset(seq, watermark);
    subscription.snapshotSeq = seq;
    subscription.baseline = seq;
    subscription.seen.clear();
  }

  private resyncAt(subscription: Subscription, seq: number): void {
    this.markSnapshot(subscription, seq);
    try {
      void Promise.resolve(subscription.handlers.onResync()).catch(() => undefined);
    } catch {
      // The snapshot failed (the HTTP client already told the user); live events still apply.
    }
  }

  private concerns(subscription: Subscription, event: DomainEventEnvelope): boolean {
    return event.rooms.some((room) => subscription.rooms.includes(room));
  }

  /**
   * Every server push comes here as a list: a lone `domain-event` is a list of one, a
   * `domain-events` frame is a batch window's events in seq order. Each subscription gets the
   * ones of its rooms it has not applied, in one call (a board renders once per frame). A
   * `data.reset` inside a list is handled in its place: what came before it is applied first.
   */
  private handleEvents(events: DomainEventEnvelope[]): void {
    let start = 0;
    for (let i = 0; i <= events.length; i++) {
      if (i < events.length && events[i]?.name !== 'data.reset') continue;
      if (i > start) this.handleLive(events.slice(start, i));
      if (i < events.length) this.handleReset(events[i]);
      start = i + 1;
    }
  }

  private handleLive(events: DomainEventEnvelope[]): void {
    for (const subscription of this.subscriptions) {
      const mine = events.filter((event) => this.concerns(subscription, event));
      if (mine.length === 0) continue;
      if (subscription.pending) subscription.pending.push(...mine);
      else if (subscription.joined) {
        for (const event of mine) this.remember(subscription, event);
        this.apply(subscription, subscription.sequencer.acceptBatch(mine));
      }
    }
  }

  /** Hands accepted events to the screen: all at once when it takes lists, else one by one. */
  private apply(subscription: Subscription, events: DomainEventEnvelope[]): void {
    if (events.length === 0) return;
    const { handlers } = subscription;
    if (handlers.onEvents) handlers.onEvents(events);
    else for (const event of events) handlers.onEvent(event);
  }
}

/** The app-wide connection; the app wires `onUnauthorized` and connects it with the token. */
export const realtime = new RealtimeClient();
