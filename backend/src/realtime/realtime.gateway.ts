import { Logger } from '@nestjs/common';
import {
  ConnectedSocket,
  MessageBody,
  type OnGatewayConnection,
  type OnGatewayInit,
  SubscribeMessage,
  WebSocketGateway,
  WebSocketServer,
} from '@nestjs/websockets';
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
type ClientSocket = Socket<Record<string, never>, Record<string, never>, Record<string, never>, SocketData>;

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
  }

  @SubscribeMessage(SOCKET_EVENTS.subscribe)
  async subscribe(@ConnectedSocket() socket: ClientSocket, @MessageBody() body: unknown): Promise<SubscribeResult> {
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

  @SubscribeMessage(SOCKET_EVENTS.unsubscribe)
  async unsubscribe(@ConnectedSocket() socket: ClientSocket, @MessageBody() body: unknown): Promise<{ left: string[] }> {
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
