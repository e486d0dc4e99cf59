import { Inject, Logger, Optional, type OnApplicationShutdown } from '@nestjs/common';
import { type OnGatewayConnection, type OnGatewayInit, WebSocketGateway, WebSocketServer } from '@nestjs/websockets';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Server, Socket } from 'socket.io';
import { DataSource } from 'typeorm';
import {
  SOCKET_EVENTS,
  type DomainEventEnvelope,
  type HeadTick,
  type ResumeHint,
  type SocketAuth,
  type SubscribeResult,
} from '../../../contracts/events.js';
import { AuthService } from '../auth/auth.service.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { EventBus, type EventSink } from '../events/event-bus.service.js';
import { EventStore } from '../events/event-store.js';
import { MetricsService } from '../metrics/metrics.service.js';
import { SettingService } from '../setting/setting.service.js';
import { RedisLink } from './redis-link.js';
import { BOARD_KEY_ROOM, mayJoin, SESSION_ROOM, USER_ROOM, type SocketIdentity } from './room-policy.js';

interface SocketData {
  identity: SocketIdentity;
  auth: SocketAuth;
}
/** What a client may send: requests, answered through the Socket.IO acknowledgement when it asks for one. */
interface ClientRequests {
  [SOCKET_EVENTS.subscribe]: (...args: unknown[]) => void;
  [SOCKET_EVENTS.unsubscribe]: (...args: unknown[]) => void;
}
type ClientSocket = Socket<ClientRequests, Record<string, never>, Record<string, never>, SocketData>;

/** Per-socket bookkeeping for the abuse limits; dies with the socket. */
interface SocketLimits {
  /** Times of the recent subscribe requests (sliding window). */
  subscribes: number[];
  /** Room → the nudge generation of its last replay on this connection. */
  replays: Map<string, number>;
}

const MAX_ROOMS_PER_REQUEST = 50;
export const MAX_ROOMS_PER_SOCKET = 100;
export const SUBSCRIBE_LIMIT = 10;
export const SUBSCRIBE_WINDOW_MS = 10_000;
/** Server-side event sent between instances (through the adapter) when one sees Redis come back. */
const RESUME_BETWEEN_INSTANCES = 'realtime:resume';
/** Server-side event sent between instances: these users' access changed, re-check their sockets' rooms. */
const ACCESS_BETWEEN_INSTANCES = 'realtime:access';
const USER_ROOM_PREFIX = 'user:';

/**
 * The only place that talks to Socket.IO: authenticates sockets in the handshake, joins the
 * rooms the policy allows, replays what a reconnecting client missed, and emits committed
 * events to their rooms. Keeps boards from going silently stale when Redis drops events between
 * instances: a periodic per-room count of recent events (gap detector) and a resume hint when
 * Redis comes back (docs/ARCHITECTURE.md, "Live updates").
 */
@WebSocketGateway()
export class RealtimeGateway implements OnGatewayInit, OnGatewayConnection, EventSink, OnApplicationShutdown {
  private readonly logger = new Logger('Realtime');
  @WebSocketServer() private server: Server;
  private readonly limits = new WeakMap<ClientSocket, SocketLimits>();
  /** Bumped on each nudge (tick or resume) sent to this instance's sockets: allows one more replay per room. */
  private generation = 0;
  /** The highest seq this instance knows of (its ticks, the events it delivered). */
  private lastHead = 0;
  /** The heads of the two previous ticks: the next tick reports counts between them. */
  private tickHeads: number[] = [];
  /** The head known when Redis was lost: boards replay from there once it is back. */
  private outageSince: number | null = null;
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly tickEveryMs: number;
  private readonly sweepEveryMs: number;

  constructor(
    private readonly auth: AuthService,
    private readonly settings: SettingService,
    private readonly store: EventStore,
    private readonly bus: EventBus,
    private readonly link: RedisLink,
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) config: AppConfig,
    @Optional() private readonly metrics?: MetricsService,
  ) {
    this.tickEveryMs = config.REALTIME_HEAD_TICK_MS;
    this.sweepEveryMs = config.REALTIME_SESSION_SWEEP_MS;
  }

  afterInit(server: Server): void {
    // Guards do not run on connection; the handshake middleware is where sockets authenticate.
    server.use((socket, next) => {
      const auth = (socket.handshake.auth ?? {}) as SocketAuth;
      this.identify(auth)
        .then((identity) => {
          if (!identity) return next(new Error('unauthorized'));
          (socket as ClientSocket).data.identity = identity;
          (socket as ClientSocket).data.auth = identity.kind === 'user' ? { token: auth.token } : { boardKey: auth.boardKey };
          next();
        })
        .catch((error: unknown) => {
          this.logger.warn({ err: error }, 'socket authentication failed');
          next(new Error('unavailable'));
        });
    });
    this.bus.register(this);
    this.link.on('lost', () => {
      this.outageSince ??= this.lastHead;
    });
    this.link.on('restored', () => this.resumeAfterOutage());
    (server.of('/') as unknown as NodeJS.EventEmitter).on(RESUME_BETWEEN_INSTANCES, (since: unknown) => {
      if (typeof since === 'number' && Number.isSafeInteger(since) && since >= 0) this.nudgeResume(since);
    });
    (server.of('/') as unknown as NodeJS.EventEmitter).on(ACCESS_BETWEEN_INSTANCES, (rooms: unknown) => {
      if (Array.isArray(rooms)) void this.recheckRooms(rooms.filter((room): room is string => typeof room === 'string' && room.startsWith(USER_ROOM_PREFIX)));
    });
    // Booted while Redis is away: other instances' events are lost from the start.
    const downAtBoot = this.link.enabled && !this.link.up;
    this.store.headSeq().then(
      (head) => {
        this.noteHead(head);
        if (downAtBoot && !this.link.up) this.outageSince ??= head;
      },
      () => undefined,
    );
    this.timers.push(setInterval(() => void this.tick(), this.tickEveryMs), setInterval(() => void this.sweepSessions(), this.sweepEveryMs));
    for (const timer of this.timers) timer.unref();
  }

  onApplicationShutdown(): void {
    for (const timer of this.timers) clearInterval(timer);
  }

  handleConnection(socket: ClientSocket): void {
    const identity = socket.data.identity;
    if (!identity) return void socket.disconnect(true);
    this.limits.set(socket, { subscribes: [], replays: new Map() });
    // A user's sockets also sit in their own room: access changes reach every tab at once.
    void socket.join(identity.kind === 'user' ? [SESSION_ROOM(identity.user.sessionId), USER_ROOM(identity.user.id)] : BOARD_KEY_ROOM);
    // Plain listeners instead of Nest's @SubscribeMessage: Nest's adapter builds an rxjs pipeline
    // per handler per socket, about 8.5 KiB of heap per connected board (the scan bench measured
    // 23 → 15 KiB per subscriber; bare Socket.IO is 9). Bound here, synchronously in the
    // 'connection' event, before the client can send anything. Same contract: the answer is the
    // acknowledgement; a failure is logged and left unanswered (the client's emit times out).
    socket.on(SOCKET_EVENTS.subscribe, (...args) => this.answer(args, (body) => this.subscribe(socket, body), 'subscribe'));
    socket.on(SOCKET_EVENTS.unsubscribe, (...args) => this.answer(args, (body) => this.unsubscribe(socket, body), 'unsubscribe'));
  }

  /** Like Nest's adapter: a trailing function is the acknowledgement, the argument before it the body. */
  private answer(args: unknown[], handle: (body: unknown) => Promise<unknown>, request: string): void {
    const ack = typeof args[args.length - 1] === 'function' ? (args.pop() as (answer: unknown) => void) : undefined;
    handle(args.length === 1 ? args[0] : args).then(
      (answer) => ack?.(answer),
      (error: unknown) => this.logger.error({ err: error }, `${request} failed`),
    );
  }

  async subscribe(socket: ClientSocket, body: unknown): Promise<SubscribeResult> {
    const request = (body ?? {}) as { rooms?: unknown; lastSeq?: unknown };
    const rooms = Array.isArray(request.rooms)
      ? request.rooms.filter((room): room is string => typeof room === 'string').slice(0, MAX_ROOMS_PER_REQUEST)
      : [];
    const limits = this.limits.get(socket) ?? { subscribes: [], replays: new Map<string, number>() };
    const refusal = (error: NonNullable<SubscribeResult['error']>): SubscribeResult => ({ joined: [], refused: rooms, headSeq: this.lastHead, missed: [], resync: false, error });

    // Rate limit: counted before any work, refused with an answer (not dropped).
    const now = Date.now();
    limits.subscribes = limits.subscribes.filter((at) => at > now - SUBSCRIBE_WINDOW_MS);
    if (limits.subscribes.length >= SUBSCRIBE_LIMIT) {
      return refusal({ code: 'rateLimited', retryAfterMs: limits.subscribes[0] + SUBSCRIBE_WINDOW_MS - now });
    }
    limits.subscribes.push(now);

    // Permissions as they are now: a changed permission or an ended session applies here.
    const identity = await this.currentIdentity(socket);
    if (!identity) {
      setImmediate(() => socket.disconnect(true));
      return refusal({ code: 'sessionEnded' });
    }
    socket.data.identity = identity;
    const dropped = [...socket.rooms].filter((room) => this.isSubscribedRoom(socket, room) && !mayJoin(identity, room));
    for (const room of dropped) await socket.leave(room);

    // At most MAX_ROOMS_PER_SOCKET rooms joined at a time.
    let free = MAX_ROOMS_PER_SOCKET - [...socket.rooms].filter((r) => this.isSubscribedRoom(socket, r)).length;
    const joined: string[] = [];
    for (const name of rooms) {
      if (!mayJoin(identity, name) || joined.includes(name)) continue;
      if (socket.rooms.has(name)) joined.push(name);
      else if (free > 0) {
        joined.push(name);
        free--;
      }
    }
    const refused = rooms.filter((name) => !joined.includes(name));
    // Join first, then read the log: an event committed in between arrives twice (live and in
    // the replay) rather than not at all; clients drop duplicates by seq.
    await socket.join(joined);
    const lastSeq = Number(request.lastSeq);
    if (request.lastSeq === undefined || request.lastSeq === null || !Number.isSafeInteger(lastSeq) || lastSeq < 0 || joined.length === 0) {
      return { joined, refused, headSeq: this.noteHead(await this.store.headSeq()), missed: [], resync: false };
    }
    // One replay per room per connection, plus one after each nudge the server sent (a tick or
    // a resume hint): beyond that the client reloads its snapshot instead.
    if (joined.some((name) => (limits.replays.get(name) ?? -1) >= this.generation)) {
      this.metrics?.resyncAnswered('replayLimit');
      return { joined, refused, headSeq: this.noteHead(await this.store.headSeq()), missed: [], resync: true };
    }
    for (const name of joined) limits.replays.set(name, this.generation);
    const [replay, headSeq] = await Promise.all([this.store.findSince(lastSeq, joined), this.store.headSeq()]);
    this.metrics?.replayServed(replay.events.length, replay.resync);
    return { joined, refused, headSeq: this.noteHead(headSeq), missed: replay.events, resync: replay.resync };
  }

  async unsubscribe(socket: ClientSocket, body: unknown): Promise<{ left: string[] }> {
    const rooms = Array.isArray((body as { rooms?: unknown })?.rooms) ? ((body as { rooms: unknown[] }).rooms.filter((r) => typeof r === 'string') as string[]) : [];
    const left = rooms.filter((room) => this.isSubscribedRoom(socket, room));
    await Promise.all(left.map((room) => socket.leave(room)));
    return { left };
  }

  deliver(events: DomainEventEnvelope[]): void {
    for (const event of events) {
      this.noteHead(event.seq);
      // data.reset belongs to no room: every socket (of every instance) reloads what it shows.
      if (event.name === 'data.reset') this.server.emit(SOCKET_EVENTS.domainEvent, event);
      else this.server.to(event.rooms).emit(SOCKET_EVENTS.domainEvent, event);
      if (event.name === 'user.accessChanged') {
        // The client re-reads its access on this event; the server does not wait for its next
        // subscribe to take rooms away: every instance re-checks those users' sockets now.
        void this.recheckRooms(event.rooms);
        // Other instances exist only with Redis (the in-memory adapter has no server-side emit).
        if (this.link.enabled) this.server.serverSideEmit(ACCESS_BETWEEN_INSTANCES, event.rooms);
      }
    }
  }

  /**
   * This instance's sockets in the given `user:<id>` rooms: re-read each session's access and leave
   * the rooms it no longer allows (a user who lost the sales-order screen stops getting its events).
   */
  async recheckRooms(userRooms: string[]): Promise<void> {
    try {
      const sockets = (await this.server.local.in(userRooms).fetchSockets()) as unknown as ClientSocket[];
      for (const socket of sockets) {
        const identity = await this.currentIdentity(socket);
        if (!identity) continue; // an ended session is closed by its own path (logout, sweep)
        socket.data.identity = identity;
        for (const room of [...socket.rooms]) {
          if (this.isSubscribedRoom(socket, room) && !mayJoin(identity, room)) socket.leave(room);
        }
      }
    } catch (error) {
      this.logger.warn({ err: error }, 'access re-check failed');
    }
  }

  endSessions(sessionIds: number[]): void {
    if (sessionIds.length) this.server.in(sessionIds.map(SESSION_ROOM)).disconnectSockets(true);
  }

  endBoardKeySockets(): void {
    this.server.in(BOARD_KEY_ROOM).disconnectSockets(true);
  }

  /**
   * The gap detector, every few seconds on each instance, to its own sockets only: per room, how
   * many events were recorded between the heads of the two previous ticks (old enough to have
   * been delivered live). One cheap indexed query per instance per tick, whatever the number of boards.
   */
  async tick(): Promise<void> {
    try {
      const head = this.noteHead(await this.store.headSeq());
      this.tickHeads.push(head);
      if (this.tickHeads.length > 2) this.tickHeads.shift();
      if (this.tickHeads.length < 2 || this.server.sockets.sockets.size === 0) return;
      const [from, to] = this.tickHeads;
      const local = this.server.sockets.adapter.rooms;
      const counts = Object.fromEntries(Object.entries(await this.store.countsByRoom(from, to)).filter(([room]) => local.has(room)));
      this.generation++;
      this.server.local.emit(SOCKET_EVENTS.head, { head, from, to, counts } satisfies HeadTick);
    } catch (error) {
      this.logger.warn({ err: error }, 'realtime tick failed');
    }
  }

  /** Redis is back: this instance's boards, and (through Redis) every other instance's, catch up from `since`. */
  private resumeAfterOutage(): void {
    const since = this.outageSince ?? this.lastHead;
    this.outageSince = null;
    this.nudgeResume(since);
    this.server.serverSideEmit(RESUME_BETWEEN_INSTANCES, since);
  }

  private nudgeResume(since: number): void {
    this.generation++;
    this.server.local.emit(SOCKET_EVENTS.resume, { since } satisfies ResumeHint);
  }

  /** Disconnects this instance's sockets whose session expired, was revoked, or whose user was disabled. */
  async sweepSessions(): Promise<number> {
    const bySession = new Map<number, ClientSocket[]>();
    for (const socket of this.server.sockets.sockets.values() as IterableIterator<ClientSocket>) {
      const identity = socket.data.identity;
      if (identity?.kind !== 'user') continue;
      const list = bySession.get(identity.user.sessionId) ?? [];
      list.push(socket);
      bySession.set(identity.user.sessionId, list);
    }
    if (bySession.size === 0) return 0;
    try {
      const rows: { id: number }[] = await this.dataSource.query(
        `SELECT s.id FROM user_session s JOIN app_user u ON u.id = s.user_id
          WHERE s.id = ANY($1::int[]) AND s.revoked_at IS NULL AND s.expires_at > now() AND u.enabled`,
        [[...bySession.keys()]],
      );
      const alive = new Set(rows.map((row) => Number(row.id)));
      let ended = 0;
      for (const [sessionId, sockets] of bySession) {
        if (alive.has(sessionId)) continue;
        for (const socket of sockets) socket.disconnect(true);
        ended += sockets.length;
      }
      return ended;
    } catch (error) {
      this.logger.warn({ err: error }, 'socket session sweep failed');
      return 0;
    }
  }

  /**
   * Graceful shutdown: drops every socket of this instance so its boards reconnect to another
   * instance and catch up there from the event log. It closes the transports rather than
   * disconnecting the sockets: a server-side disconnect ('io server disconnect') tells Socket.IO
   * clients NOT to reconnect, which would leave every board of this instance dead.
   */
  disconnectAll(): void {
    for (const socket of this.server?.of('/').sockets.values() ?? []) socket.conn.close();
  }

  private noteHead(seq: number): number {
    if (seq > this.lastHead) this.lastHead = seq;
    return seq;
  }

  /** A room the client chose (not its own id, session or board-key room). */
  private isSubscribedRoom(socket: ClientSocket, room: string): boolean {
    return room !== socket.id && !room.startsWith('session:') && !room.startsWith(USER_ROOM_PREFIX) && room !== BOARD_KEY_ROOM;
  }

  private async currentIdentity(socket: ClientSocket): Promise<SocketIdentity | null> {
    return this.identify(socket.data.auth ?? {});
  }

  private async identify(auth: SocketAuth | undefined): Promise<SocketIdentity | null> {
    if (typeof auth?.token === 'string') {
      const user = await this.auth.authenticate(auth.token);
      return user ? { kind: 'user', user } : null;
    }
    if (typeof auth?.boardKey === 'string' && (await this.settings.verifyBoardKey(auth.boardKey))) return { kind: 'boardKey' };
    return null;
  }
}
