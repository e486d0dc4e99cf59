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
import { invalidatesSessions } from '../auth/session-cache.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { EventBus, type EventSink } from '../events/event-bus.service.js';
import { EventStore, parseSeen, parseWatermark } from '../events/event-store.js';
import { MetricsService } from '../metrics/metrics.service.js';
import { SettingService } from '../setting/setting.service.js';
import { joinedFrame, writeFrameDirect } from './direct-frame-write.js';
import { FanOut, type FanOutTarget } from './fan-out.js';
import { RedisLink } from './redis-link.js';
import { BOARD_KEY_ROOM, DEVICE_ROOM_PREFIX, isIdentityRoom, mayJoin, SESSION_ROOM, USER_ROOM, USER_ROOM_PREFIX, type SocketIdentity } from './room-policy.js';
import { BoardProfileService } from '../setting/board-profile.service.js';

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
  /** Room → the nudge generation of its last replay on this connection (made at the first replay: most boards never replay). */
  replays?: Map<string, number>;
}

const MAX_ROOMS_PER_REQUEST = 50;
export const MAX_ROOMS_PER_SOCKET = 100;
export const SUBSCRIBE_LIMIT = 10;
export const SUBSCRIBE_WINDOW_MS = 10_000;
/** Server-side event sent between instances (through the adapter) when one sees Redis come back. */
const RESUME_BETWEEN_INSTANCES = 'realtime:resume';
/** Server-side event sent between instances: these users' access changed, re-check their sockets' rooms. */
const ACCESS_BETWEEN_INSTANCES = 'realtime:access';
/** Server-side event sent between instances: committed events, for each instance to fan out to its own sockets. */
const EVENTS_BETWEEN_INSTANCES = 'realtime:events';
/** Server-side event sent between instances: a session ended or access changed, drop the cached sessions. */
const SESSIONS_BETWEEN_INSTANCES = 'realtime:sessions';

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
  /** The watermarks read with `tickHeads` (same snapshot each): a tick hands out the one read with its `from`. */
  private tickWatermarks: string[] = [];
  /** The head known when Redis was lost: boards replay from there once it is back. */
  private outageSince: number | null = null;
  private readonly timers: NodeJS.Timeout[] = [];
  /** One identity object per distinct identity, shared by its sockets (shareIdentity). */
  private readonly identities = new Map<string, WeakRef<object>>();
  private readonly forgetIdentity = new FinalizationRegistry<string>((key) => {
    if (this.identities.get(key)?.deref() === undefined) this.identities.delete(key);
  });
  /** Batches committed events into frames for this instance's sockets (fan-out.ts). */
  fanOut?: FanOut;
  /** How the fan-out's frames were written: directly (direct-frame-write.ts) or through Socket.IO. */
  readonly frameWrites: FrameWrites = { directEnabled: true, direct: 0, socketIo: 0 };
  private readonly tickEveryMs: number;
  private readonly sweepEveryMs: number;
  private readonly fanOutWindowMs: [number, number];

  constructor(
    private readonly auth: AuthService,
    private readonly settings: SettingService,
    private readonly devices: BoardProfileService,
    private readonly store: EventStore,
    private readonly bus: EventBus,
    private readonly link: RedisLink,
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) config: AppConfig,
    @Optional() private readonly metrics?: MetricsService,
  ) {
    this.tickEveryMs = config.REALTIME_HEAD_TICK_MS;
    this.sweepEveryMs = config.REALTIME_SESSION_SWEEP_MS;
    const minWindowMs = config.REALTIME_FANOUT_MIN_WINDOW_MS;
    this.fanOutWindowMs = [minWindowMs, Math.max(minWindowMs, config.REALTIME_FANOUT_MAX_WINDOW_MS)];
  }

  afterInit(server: Server): void {
    // Guards do not run on connection; the handshake middleware is where sockets authenticate.
    server.use((socket, next) => {
      const auth = (socket.handshake.auth ?? {}) as SocketAuth;
      this.identify(auth)
        .then((identity) => {
          if (!identity) return next(new Error('unauthorized'));
          (socket as ClientSocket).data.identity = this.shareIdentity(identity);
          (socket as ClientSocket).data.auth =
            identity.kind === 'user' ? { token: auth.token } : identity.kind === 'device' ? { deviceKey: auth.deviceKey } : { boardKey: auth.boardKey };
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
      // Another instance's logout could not reach this one: no cached sessions until Redis is back.
      this.auth.sessionCache.setEnabled(false);
    });
    this.link.on('restored', () => {
      this.auth.sessionCache.setEnabled(true);
      this.resumeAfterOutage();
    });
    if (this.link.enabled && !this.link.up) this.auth.sessionCache.setEnabled(false);
    (server.of('/') as unknown as NodeJS.EventEmitter).on(SESSIONS_BETWEEN_INSTANCES, () => this.auth.sessionCache.clear());
    (server.of('/') as unknown as NodeJS.EventEmitter).on(RESUME_BETWEEN_INSTANCES, (since: unknown) => {
      if (typeof since === 'number' && Number.isSafeInteger(since) && since >= 0) this.nudgeResume(since);
    });
    this.fanOut = new FanOut(frameTarget(server, this.frameWrites), { minWindowMs: this.fanOutWindowMs[0], maxWindowMs: this.fanOutWindowMs[1] });
    (server.of('/') as unknown as NodeJS.EventEmitter).on(EVENTS_BETWEEN_INSTANCES, (events: unknown) => this.deliverForwarded(events));
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
    this.fanOut?.close();
  }

  handleConnection(socket: ClientSocket): void {
    const identity = socket.data.identity;
    if (!identity) return void socket.disconnect(true);
    this.limits.set(socket, { subscribes: [] });
    // A user's sockets also sit in their own room: access changes reach every tab at once.
    // A paired TV's sockets sit in their device's room: revoking it closes them on every instance.
    void socket.join(
      identity.kind === 'user'
        ? [SESSION_ROOM(identity.user.sessionId), USER_ROOM(identity.user.id)]
        : identity.kind === 'device'
          ? `${DEVICE_ROOM_PREFIX}${identity.deviceId}`
          : BOARD_KEY_ROOM,
    );
    // Plain listeners instead of Nest's @SubscribeMessage: Nest's adapter builds an rxjs pipeline
    // per handler per socket, about 8.5 KiB of heap per connected board (the scan bench measured
    // 23 → 15 KiB per subscriber; bare Socket.IO is 9). Bound here, synchronously in the
    // 'connection' event, before the client can send anything. Same contract: the answer is the
    // acknowledgement; a failure is logged and left unanswered (the client's emit times out).
    // One pair of listeners for all sockets (Socket.IO calls them with the socket as `this`),
    // rather than two closures per socket.
    socket.on(SOCKET_EVENTS.subscribe, this.onSubscribe);
    socket.on(SOCKET_EVENTS.unsubscribe, this.onUnsubscribe);
  }

  private readonly onSubscribe = this.listener('subscribe', (socket, body) => this.subscribe(socket, body));
  private readonly onUnsubscribe = this.listener('unsubscribe', (socket, body) => this.unsubscribe(socket, body));

  private listener(request: string, handle: (socket: ClientSocket, body: unknown) => Promise<unknown>) {
    const answer = this.answer.bind(this);
    return function (this: ClientSocket, ...args: unknown[]) {
      answer(args, (body) => handle(this, body), request);
    };
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
    const request = (body ?? {}) as { rooms?: unknown; lastSeq?: unknown; position?: unknown };
    const rooms = Array.isArray(request.rooms)
      ? request.rooms.filter((room): room is string => typeof room === 'string').slice(0, MAX_ROOMS_PER_REQUEST)
      : [];
    const limits: SocketLimits = this.limits.get(socket) ?? { subscribes: [] };
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
    // The answer's watermark goes with its headSeq (one snapshot, read after the join): after a
    // snapshot load, or this answer's replay, the client holds every event with tx below it.
    const answer = async (resync: boolean): Promise<SubscribeResult> => {
      const head = await this.store.head();
      return { joined, refused, headSeq: this.noteHead(head.seq), missed: [], resync, watermark: head.watermark };
    };
    const lastSeq = Number(request.lastSeq);
    const hasPosition = request.position !== undefined && request.position !== null;
    const hasLastSeq = request.lastSeq !== undefined && request.lastSeq !== null && Number.isSafeInteger(lastSeq) && lastSeq >= 0;
    if ((!hasPosition && !hasLastSeq) || joined.length === 0) return answer(false);
    // One replay per room per connection, plus one after each nudge the server sent (a tick or
    // a resume hint): beyond that the client reloads its snapshot instead.
    if (joined.some((name) => (limits.replays?.get(name) ?? -1) >= this.generation)) {
      this.metrics?.resyncAnswered('replayLimit');
      return answer(true);
    }
    limits.replays ??= new Map();
    for (const name of joined) limits.replays.set(name, this.generation);
    if (hasPosition) {
      // The exact position (docs/ARCHITECTURE.md, "Catch-up position"). Anything malformed — not an
      // xid8 watermark, a seen list that is not short positive integers — is answered with a
      // resync, never with a query built from it.
      const position = request.position as { watermark?: unknown; seen?: unknown };
      const watermark = parseWatermark(position.watermark);
      const seen = parseSeen(position.seen);
      if (watermark === null || seen === null) return answer(true);
      const replay = await this.store.findFromPosition(watermark, seen, joined, () => socket.connected);
      // The socket went while its replay waited for a slot: the answer reaches no one.
      if (!replay) return { joined, refused, headSeq: this.lastHead, missed: [], resync: true };
      this.metrics?.replayServed(replay.events.length, replay.resync);
      return { joined, refused, headSeq: this.noteHead(replay.head.seq), missed: replay.events, resync: replay.resync, watermark: replay.head.watermark };
    }
    // An older client (lastSeq only): the 10-second overlap replay, as before. Its head is read
    // before the replay, so the watermark it carries is covered by what the replay reads.
    const head = await this.store.head();
    const replay = await this.store.findSince(lastSeq, joined);
    this.metrics?.replayServed(replay.events.length, replay.resync);
    return { joined, refused, headSeq: this.noteHead(head.seq), missed: replay.events, resync: replay.resync, watermark: head.watermark };
  }

  async unsubscribe(socket: ClientSocket, body: unknown): Promise<{ left: string[] }> {
    const rooms = Array.isArray((body as { rooms?: unknown })?.rooms) ? ((body as { rooms: unknown[] }).rooms.filter((r) => typeof r === 'string') as string[]) : [];
    const left = rooms.filter((room) => this.isSubscribedRoom(socket, room));
    await Promise.all(left.map((room) => socket.leave(room)));
    return { left };
  }

  /**
   * Committed events of this instance: to this instance's sockets through the fan-out (batched,
   * one frame per socket per window), and through Redis to the other instances, which fan them
   * out to theirs (deliverForwarded).
   */
  deliver(events: DomainEventEnvelope[]): void {
    const live: DomainEventEnvelope[] = [];
    for (const event of events) {
      this.noteHead(event.seq);
      // data.reset belongs to no room: every socket (of every instance) reloads what it shows.
      // Sent at once; events still in a window arrive after it and are dropped by seq.
      if (event.name === 'data.reset') this.server.emit(SOCKET_EVENTS.domainEvent, event);
      // A revoked TV is disconnected right after: sent at once (not through the fan-out, whose
      // frame would leave after the disconnect) so the TV learns why. The adapter keeps the two in order.
      else if (event.name === 'boardDevice.revoked') this.server.to(event.rooms).emit(SOCKET_EVENTS.domainEvent, event);
      else live.push(event);
      if (event.name === 'user.accessChanged') {
        // The client re-reads its access on this event; the server does not wait for its next
        // subscribe to take rooms away: every instance re-checks those users' sockets now.
        void this.recheckRooms(event.rooms);
        // Other instances exist only with Redis (the in-memory adapter has no server-side emit).
        if (this.link.enabled) this.server.serverSideEmit(ACCESS_BETWEEN_INSTANCES, event.rooms);
      }
      if (event.name === 'boardDevice.revoked') this.endDevice(event.rooms);
    }
    // This instance's session cache was cleared by the bus; the other instances' are cleared here.
    if (this.link.enabled && events.some((event) => invalidatesSessions(event.name))) this.server.serverSideEmit(SESSIONS_BETWEEN_INSTANCES);
    // Counted here, once each, on the instance that committed them; forwarded copies are not.
    this.metrics?.eventsHandedOver(events);
    if (live.length === 0) return;
    this.fanOut?.push(live);
    // One Redis message per transaction, not one per room or socket. While Redis is away the
    // publish fails at once (the adapter logs it) and the other instances' boards catch up
    // through the resume hint and the gap detector, as before.
    if (this.link.enabled) this.server.serverSideEmit(EVENTS_BETWEEN_INSTANCES, live);
  }

  /** Events another instance committed (through Redis): to this instance's sockets. */
  private deliverForwarded(events: unknown): void {
    if (!Array.isArray(events)) return;
    const valid = events.filter(
      (event): event is DomainEventEnvelope =>
        typeof event === 'object' && event !== null && Number.isSafeInteger(event.seq) && Array.isArray(event.rooms) && event.rooms.every((room: unknown) => typeof room === 'string'),
    );
    for (const event of valid) this.noteHead(event.seq);
    this.fanOut?.push(valid);
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
    // Every instance drops its cached sessions (this one's did through the bus), even for no ids:
    // a password change keeps the session but clears its pending-change flag.
    if (this.link.enabled) this.server.serverSideEmit(SESSIONS_BETWEEN_INSTANCES);
    if (sessionIds.length) this.server.in(sessionIds.map(SESSION_ROOM)).disconnectSockets(true);
  }

  endBoardKeySockets(): void {
    this.server.in(BOARD_KEY_ROOM).disconnectSockets(true);
  }

  /**
   * A revoked TV: closes the sockets in its `device:<id>` room. Through the adapter this reaches
   * every instance, after the event itself (the TV learns why); the next handshake or subscribe
   * re-checks the key and is refused.
   */
  endDevice(deviceRooms: string[]): void {
    const rooms = deviceRooms.filter((room) => room.startsWith(DEVICE_ROOM_PREFIX));
    if (rooms.length) this.server.in(rooms).disconnectSockets(true);
  }

  /**
   * The gap detector, every few seconds on each instance, to its own sockets only: per room, how
   * many events were recorded between the heads of the two previous ticks (old enough to have
   * been delivered live). One cheap indexed query per instance per tick, whatever the number of boards.
   */
  async tick(): Promise<void> {
    try {
      const read = await this.store.head();
      const head = this.noteHead(read.seq);
      this.tickHeads.push(head);
      this.tickWatermarks.push(read.watermark);
      if (this.tickHeads.length > 2) this.tickHeads.shift();
      if (this.tickWatermarks.length > 2) this.tickWatermarks.shift();
      if (this.tickHeads.length < 2 || this.server.sockets.sockets.size === 0) return;
      const [from, to] = this.tickHeads;
      // The watermark read with `from`, one tick old: every event below it committed a tick ago,
      // time enough to have been delivered live (or to show up in these counts as missing).
      const watermark = this.tickWatermarks[0];
      const local = this.server.sockets.adapter.rooms;
      const counts = Object.fromEntries(Object.entries(await this.store.countsByRoom(from, to)).filter(([room]) => local.has(room)));
      this.generation++;
      this.server.local.emit(SOCKET_EVENTS.head, { head, from, to, counts, watermark } satisfies HeadTick);
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
    return room !== socket.id && !isIdentityRoom(room);
  }

  private async currentIdentity(socket: ClientSocket): Promise<SocketIdentity | null> {
    const identity = await this.identify(socket.data.auth ?? {});
    return identity && this.shareIdentity(identity);
  }

  /**
   * Sockets whose identity reads the same share one object: a user's identity carries their
   * effective permissions (an administrator's: over a hundred strings, a few KiB), and a factory's
   * TVs often run under one account — kept per socket it was the largest part of a board's heap
   * (issue 13, item 5). Identities are replaced, never changed in place, so sharing is safe; an
   * entry goes when no socket holds its identity any more.
   */
  private shareIdentity(identity: SocketIdentity): SocketIdentity {
    if (identity.kind !== 'user') return identity;
    const key = JSON.stringify(identity.user);
    const known = this.shared(key);
    if (known) return known as SocketIdentity;
    // Another session with the same permissions (TVs under separate logins) shares the list.
    const permissionsKey = `permissions:${identity.user.permissions.join(',')}`;
    const permissions = this.shared(permissionsKey) as string[] | undefined;
    const user = permissions ? { ...identity.user, permissions } : identity.user;
    if (!permissions) this.remember(permissionsKey, user.permissions);
    const result: SocketIdentity = { kind: 'user', user };
    this.remember(key, result);
    return result;
  }

  private shared(key: string): object | undefined {
    return this.identities.get(key)?.deref();
  }

  private remember(key: string, value: object): void {
    this.identities.set(key, new WeakRef(value));
    this.forgetIdentity.register(value, key);
  }

  private async identify(auth: SocketAuth | undefined): Promise<SocketIdentity | null> {
    if (typeof auth?.token === 'string') {
      const user = await this.auth.authenticate(auth.token);
      return user ? { kind: 'user', user } : null;
    }
    if (typeof auth?.boardKey === 'string' && (await this.settings.verifyBoardKey(auth.boardKey))) return { kind: 'boardKey' };
    if (typeof auth?.deviceKey === 'string') {
      const device = await this.devices.verifyDeviceKey(auth.deviceKey);
      return device ? { kind: 'device', deviceId: device.deviceId, profileId: device.profileId } : null;
    }
    return null;
  }
}

/** socket.io-parser's PacketType.EVENT (the parser is Socket.IO's dependency, not ours). */
const EVENT_PACKET = 2;

export interface FrameWrites {
  /** Off: every frame through Socket.IO (the bench compares the two paths in one process). */
  directEnabled: boolean;
  direct: number;
  socketIo: number;
}

/** An encoded frame: Socket.IO's packets plus the pre-built WebSocket frame, as its adapter makes them. */
interface EncodedFrame {
  packets: unknown[];
  options: { preEncoded: true; volatile: false; compress: false; wsPreEncodedFrame?: unknown };
  /** The WebSocket frame as one buffer, for the direct write (direct-frame-write.ts); none: Socket.IO's path only. */
  wire?: Buffer[];
}

/**
 * The fan-out's view of the Socket.IO server: the local members of a room, a frame encoded ONCE
 * (one event as `domain-event`, several as `domain-events`), and a write of that encoded frame to
 * one socket. Encoding uses the adapter's own `_encode` (as its broadcast does: the packet and
 * the ready-made WebSocket frame), so each socket costs one write, no JSON and no framing.
 */
function frameTarget(server: Server, writes: FrameWrites): FanOutTarget<EncodedFrame> {
  const namespace = server.of('/');
  type Encoder = { _encode?: (packet: unknown, options: EncodedFrame['options']) => unknown[] };
  return {
    members: (room) => namespace.adapter.rooms.get(room),
    encode(events) {
      const packet = {
        type: EVENT_PACKET,
        nsp: namespace.name,
        data: events.length === 1 ? [SOCKET_EVENTS.domainEvent, events[0]] : [SOCKET_EVENTS.domainEvents, events],
      };
      const options: EncodedFrame['options'] = { preEncoded: true, volatile: false, compress: false };
      const adapter = namespace.adapter as unknown as Encoder;
      const packets = typeof adapter._encode === 'function' ? adapter._encode(packet, options) : server.encoder.encode(packet as never);
      return { packets, options, wire: packets.length === 1 ? joinedFrame(options.wsPreEncodedFrame) : undefined };
    },
    write(frame, socketId) {
      const socket = namespace.sockets.get(socketId);
      if (!socket) return;
      if (frame.wire && writes.directEnabled && writeFrameDirect(socket, frame.wire)) {
        writes.direct++;
        return;
      }
      // _packet with preEncoded writes the encoded packets as they are (what the adapter does).
      socket.client._packet(frame.packets as never, frame.options);
      writes.socketIo++;
    },
  };
}
