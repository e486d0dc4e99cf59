// The app's one Socket.IO connection (PRODUCT.md §5). Screens subscribe to rooms through
// `realtime.subscribe`; this module joins them on every (re)connect, replays what was missed in
// seq order without duplicates, asks for a snapshot reload when the server says resync, and
// keeps a connection-state store so screens can show when their data went stale.
import { io, type Socket } from 'socket.io-client';
import {
  SOCKET_EVENTS,
  type DomainEventEnvelope,
  type SocketAuth,
  type SubscribeRequest,
  type SubscribeResult,
} from '@contracts/events';
import { createStore, type Store } from './create-store';
import { EventSequencer } from './event-sequencer';

interface ServerToClientEvents {
  'domain-event': (event: DomainEventEnvelope) => void;
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
  /** Reload the snapshot through the API: on first join and whenever replay is impossible. */
  onResync(): void | Promise<void>;
  onSubscribed?(result: SubscribeResult): void;
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
}

const ACK_TIMEOUT_MS = 10_000;
const RETRY_DELAY_MS = 3_000;
const REVIVE_DELAY_MS = 1_000;

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
    socket.on(SOCKET_EVENTS.domainEvent, (event: DomainEventEnvelope) => this.handleEvent(event));
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
    for (const subscription of this.subscriptions) {
      subscription.joined = false;
      subscription.pending = null;
      subscription.attempt += 1;
    }
    this.connection.set({ status: 'idle', staleSince: null, lastConnectedAt: null, reason: null });
  }

  /** Join rooms for as long as the returned function is not called. */
  subscribe(rooms: string[], handlers: RoomSubscriptionHandlers): () => void {
    const subscription: Subscription = { rooms, handlers, sequencer: new EventSequencer(), joined: false, pending: null, attempt: 0 };
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

  private handleDisconnect(reason: string, willReconnect: boolean): void {
    for (const subscription of this.subscriptions) {
      subscription.joined = false;
      subscription.pending = null;
      subscription.attempt += 1;
    }
    this.setStatus(willReconnect ? 'reconnecting' : 'disconnected', reason);
    // The server ends board-key sockets when the key is turned off or rotated: knock again once,
    // so the handshake says whether the key still works ('unauthorized') instead of going quiet.
    if (!willReconnect && reason === 'io server disconnect' && this.auth?.boardKey !== undefined) {
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

  private async join(subscription: Subscription): Promise<void> {
    const socket = this.socket;
    if (!socket || subscription.pending) return;
    subscription.pending = [];
    const attempt = ++subscription.attempt;
    const current = (): boolean => this.socket === socket && subscription.attempt === attempt && this.subscriptions.has(subscription);
    const lastSeq = subscription.sequencer.lastSeq;
    const request: SubscribeRequest = lastSeq === undefined ? { rooms: subscription.rooms } : { rooms: subscription.rooms, lastSeq };
    let result: SubscribeResult;
    try {
      result = await socket.timeout(ACK_TIMEOUT_MS).emitWithAck(SOCKET_EVENTS.subscribe, request);
    } catch {
      if (!current()) return;
      subscription.pending = null;
      // No answer in time: try again while this connection lasts.
      setTimeout(() => {
        if (current() && socket.connected) void this.join(subscription);
      }, RETRY_DELAY_MS);
      return;
    }
    if (!current()) return;
    subscription.joined = true;
    subscription.handlers.onSubscribed?.(result);

    let events: DomainEventEnvelope[];
    if (lastSeq === undefined || result.resync) {
      // Nothing to replay from: the snapshot covers everything up to headSeq. Live pushes keep
      // queueing in `pending` while it loads, so they are applied after it, in order.
      subscription.sequencer.reset(result.headSeq);
      try {
        await subscription.handlers.onResync();
      } catch {
        // The snapshot failed (the HTTP client already told the user); live events still apply.
      }
      events = [];
    } else {
      events = result.missed.filter((event) => this.concerns(subscription, event));
    }
    if (!current()) return;
    events.push(...(subscription.pending ?? []));
    subscription.pending = null;
    for (const event of subscription.sequencer.acceptBatch(events)) subscription.handlers.onEvent(event);
  }

  private concerns(subscription: Subscription, event: DomainEventEnvelope): boolean {
    return event.rooms.some((room) => subscription.rooms.includes(room));
  }

  private handleEvent(event: DomainEventEnvelope): void {
    for (const subscription of this.subscriptions) {
      if (!this.concerns(subscription, event)) continue;
      if (subscription.pending) subscription.pending.push(event);
      else if (subscription.joined && subscription.sequencer.accept(event.seq)) subscription.handlers.onEvent(event);
    }
  }
}

/** The app-wide connection; the app wires `onUnauthorized` and connects it with the token. */
export const realtime = new RealtimeClient();
