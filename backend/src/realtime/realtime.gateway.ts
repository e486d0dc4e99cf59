import { Logger } from '@nestjs/common';
import { type OnGatewayConnection, type OnGatewayInit, WebSocketGateway, WebSocketServer } from '@nestjs/websockets';
import type { Server, Socket } from 'socket.io';
import { SOCKET_EVENTS, type DomainEventEnvelope, type SocketAuth, type SubscribeResult } from '../../../contracts/events.js';
import { AuthService } from '../auth/auth.service.js';
import { EventBus, type EventSink } from '../events/event-bus.service.js';
import { EventStore } from '../events/event-store.js';
import { SettingService } from '../setting/setting.service.js';
import { BOARD_KEY_ROOM, mayJoin, SESSION_ROOM, type SocketIdentity } from './room-policy.js';

interface SocketData {
  identity: SocketIdentity;
}
/** What a client may send: requests, answered through the Socket.IO acknowledgement when it asks for one. */
interface ClientRequests {
  [SOCKET_EVENTS.subscribe]: (...args: unknown[]) => void;
  [SOCKET_EVENTS.unsubscribe]: (...args: unknown[]) => void;
}
type ClientSocket = Socket<ClientRequests, Record<string, never>, Record<string, never>, SocketData>;

const MAX_ROOMS_PER_REQUEST = 50;

/**
 * The only place that talks to Socket.IO: authenticates sockets in the handshake, joins the
 * rooms the policy allows, replays what a reconnecting client missed, and emits committed
 * events to their rooms.
 */
@WebSocketGateway()
export class RealtimeGateway implements OnGatewayInit, OnGatewayConnection, EventSink {
  private readonly logger = new Logger('Realtime');
  @WebSocketServer() private server: Server;

  constructor(
    private readonly auth: AuthService,
    private readonly settings: SettingService,
    private readonly store: EventStore,
    private readonly bus: EventBus,
  ) {}

  afterInit(server: Server): void {
    // Guards do not run on connection; the handshake middleware is where sockets authenticate.
    server.use((socket, next) => {
      this.identify(socket.handshake.auth as SocketAuth)
        .then((identity) => {
          if (!identity) return next(new Error('unauthorized'));
          (socket as ClientSocket).data.identity = identity;
          next();
        })
        .catch((error: unknown) => {
          this.logger.warn({ err: error }, 'socket authentication failed');
          next(new Error('unavailable'));
        });
    });
    this.bus.register(this);
  }

  handleConnection(socket: ClientSocket): void {
    const identity = socket.data.identity;
    if (!identity) return void socket.disconnect(true);
    void socket.join(identity.kind === 'user' ? SESSION_ROOM(identity.user.sessionId) : BOARD_KEY_ROOM);
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
    const joined = rooms.filter((room) => mayJoin(socket.data.identity, room));
    const refused = rooms.filter((room) => !joined.includes(room));
    // Join first, then read the log: an event committed in between arrives twice (live and in
    // the replay) rather than not at all; clients drop duplicates by seq.
    await socket.join(joined);
    const lastSeq = Number(request.lastSeq);
    if (request.lastSeq === undefined || request.lastSeq === null || !Number.isSafeInteger(lastSeq) || lastSeq < 0 || joined.length === 0) {
      return { joined, refused, headSeq: await this.store.headSeq(), missed: [], resync: false };
    }
    const [replay, headSeq] = await Promise.all([this.store.findSince(lastSeq, joined), this.store.headSeq()]);
    return { joined, refused, headSeq, missed: replay.events, resync: replay.resync };
  }

  async unsubscribe(socket: ClientSocket, body: unknown): Promise<{ left: string[] }> {
    const rooms = Array.isArray((body as { rooms?: unknown })?.rooms) ? ((body as { rooms: unknown[] }).rooms.filter((r) => typeof r === 'string') as string[]) : [];
    const left = rooms.filter((room) => !room.startsWith('session:') && room !== BOARD_KEY_ROOM);
    await Promise.all(left.map((room) => socket.leave(room)));
    return { left };
  }

  deliver(events: DomainEventEnvelope[]): void {
    for (const event of events) this.server.to(event.rooms).emit(SOCKET_EVENTS.domainEvent, event);
  }

  endSessions(sessionIds: number[]): void {
    if (sessionIds.length) this.server.in(sessionIds.map(SESSION_ROOM)).disconnectSockets(true);
  }

  endBoardKeySockets(): void {
    this.server.in(BOARD_KEY_ROOM).disconnectSockets(true);
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
