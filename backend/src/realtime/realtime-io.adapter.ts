import type { INestApplicationContext } from '@nestjs/common';
import { IoAdapter } from '@nestjs/platform-socket.io';
import { createAdapter } from '@socket.io/redis-streams-adapter';
import { ServerResponse } from 'node:http';
import type { Server, ServerOptions, Socket } from 'socket.io';
import { closeRedisClient, startConnecting, watchRedisClient, type RedisClient } from '../redis/redis.module.js';
import { RedisLink } from './redis-link.js';

/**
 * Socket.IO with the Redis Streams adapter when REDIS_URL is set, so a broadcast from one app
 * instance reaches clients connected to any other.
 *
 * Redis outages (docs/ARCHITECTURE.md, "Live updates"): the adapter is attached at boot even
 * when Redis is not reachable yet — its clients keep reconnecting in the background. Its
 * publishing client has no offline queue, so while Redis is away a broadcast's XADD fails at
 * once and the adapter still delivers to this instance's own sockets (ClusterAdapter.broadcast
 * catches the error, then broadcasts locally). The clients the adapter duplicates for itself
 * (the blocking XREAD reader, the pub/sub subscriber) keep an offline queue: their read loop
 * then waits for the reconnection instead of spinning on instant failures. Every client has an
 * 'error' listener; RedisLink reports the outage and the return to the gateway, which tells
 * boards to catch up from the event log.
 */
export class RealtimeIoAdapter extends IoAdapter {
  private adapterClient?: RedisClient;
  private readonly duplicates: RedisClient[] = [];

  constructor(
    private readonly app: INestApplicationContext,
    private readonly redis: RedisClient | null,
    private readonly streamName: string,
    private readonly corsOrigins: string[],
  ) {
    super(app);
  }

  /** Starts the adapter's own connection; waits briefly for it, never until Redis is back. */
  async connectRedis(): Promise<void> {
    if (!this.redis) return;
    const client = watchRedisClient(this.redis.duplicate({ disableOfflineQueue: true }), 'socket adapter');
    const duplicate = client.duplicate.bind(client);
    // The adapter duplicates this client for its reader and subscriber (and adds a listener that
    // ignores errors). Give them an offline queue and our own logging.
    client.duplicate = ((overrides?: Parameters<RedisClient['duplicate']>[0]) => {
      const copy = watchRedisClient(duplicate({ ...overrides, disableOfflineQueue: false }), 'socket adapter reader');
      // Closed before it ever connected (shutdown while Redis is away): the adapter awaits this
      // connect with no error handling, so leave it pending rather than reject unhandled.
      const connect = copy.connect.bind(copy);
      copy.connect = (() => connect().catch(() => new Promise<never>(() => undefined))) as typeof copy.connect;
      this.duplicates.push(copy as unknown as RedisClient);
      return copy;
    }) as unknown as RedisClient['duplicate'];
    // Messages between instances (serverSideEmit: the events each instance forwards to the others'
    // sockets, access re-checks, resume hints) go out by PUBLISH, whose promise the adapter drops.
    // While Redis is away it rejects, and an unhandled rejection ends a Node process — every
    // instance would die with Redis. Those messages are lost either way (RedisLink logs the
    // outage; boards catch up from the event log when it returns), so the failure is swallowed here.
    const publish = client.publish.bind(client);
    const safePublish = (...args: Parameters<typeof publish>) => {
      try {
        return publish(...args).catch(() => 0);
      } catch {
        return Promise.resolve(0);
      }
    };
    Object.defineProperty(client, 'publish', { value: safePublish, configurable: true, writable: true });
    this.adapterClient = client;
    this.app.get(RedisLink, { strict: false }).watch(client);
    // The shared client already waited at boot: when it could not connect, do not wait again.
    await startConnecting(client, this.redis.isReady ? undefined : 0);
  }

  /**
   * Nest builds, per socket, an rxjs `disconnect$` pipeline (fromEvent → share → first) kept in a
   * WeakMap for the socket's life, to end its @SubscribeMessage streams. The gateway binds its
   * requests as plain listeners (no Nest message handlers), so with none to end, skip it: about
   * half a KiB of heap per connected board (issue 13, item 5). Handlers, if any, are bound as Nest does.
   */
  override bindMessageHandlers(...args: Parameters<IoAdapter['bindMessageHandlers']>): void {
    if (args[1].length === 0) return;
    super.bindMessageHandlers(...args);
  }

  override createIOServer(port: number, options?: Partial<ServerOptions>): Server {
    const server = super.createIOServer(port, {
      ...(options as ServerOptions),
      path: '/socket.io',
      serveClient: false,
      // No origin list: same-origin only (the app serves its own frontend).
      cors: this.corsOrigins.length ? { origin: this.corsOrigins, credentials: true } : undefined,
      pingInterval: 10_000,
      pingTimeout: 8_000,
      // Engine.IO's default, stated: compressing each frame would cost CPU per socket per event
      // (a broadcast is encoded once, but deflated per connection), for envelopes of ~600 bytes.
      perMessageDeflate: false,
    }) as Server;
    if (this.adapterClient) server.adapter(createAdapter(this.adapterClient, { streamName: this.streamName }));
    releaseUpgradeRequests(server);
    return server;
  }

  override async close(server: Server): Promise<void> {
    // Closing the server closes its adapter, which stops the read loop (it checks an abort
    // signal after each XREAD); only then may its clients go: a blocking XREAD is cut short.
    await super.close(server);
    for (const client of this.duplicates) client.destroy();
    await closeRedisClient(this.adapterClient);
  }
}

/** One empty header set for every connected socket (see releaseUpgradeRequests). */
const NO_HEADERS = Object.freeze({}) as Socket['handshake']['headers'];

/**
 * Engine.IO keeps each connection's upgrade request for the connection's life: on the socket
 * (`conn.request`) and, for a WebSocket, through the stand-in response it gave the middlewares,
 * whose 'close' listener on the TCP socket holds it. Nothing here reads it after the handshake:
 * sockets authenticate from `handshake.auth` in the gateway's middleware, before 'connection'.
 * Letting it go frees the request's parser state, raw header list and header strings — about a
 * KiB per connected board (bench/board-heap.bench.ts, issue 13 item 5; Socket.IO's memory guide
 * drops `request` the same way). `socket.request` and `handshake.headers` are empty afterwards.
 */
function releaseUpgradeRequests(server: Server): void {
  const responses = new WeakMap<object, { req?: unknown }>();
  server.engine.use((request: object, response: { req?: unknown }, next: () => void) => {
    // A real ServerResponse (long-polling) ends with its request; only the WebSocket stand-in lingers.
    if (!(response instanceof ServerResponse)) responses.set(request, response);
    next();
  });
  server.on('connection', (socket: Socket) => {
    const conn = socket.conn as unknown as { request: object | null };
    const request = conn.request;
    if (!request) return;
    const response = responses.get(request);
    if (response) response.req = undefined;
    conn.request = null;
    socket.handshake.headers = NO_HEADERS;
  });
}
