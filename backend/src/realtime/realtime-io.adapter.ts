import type { INestApplicationContext } from '@nestjs/common';
import { IoAdapter } from '@nestjs/platform-socket.io';
import { createAdapter } from '@socket.io/redis-streams-adapter';
import type { Server, ServerOptions } from 'socket.io';
import type { RedisClient } from '../redis/redis.module.js';

/**
 * Socket.IO with the Redis Streams adapter when REDIS_URL is set, so a broadcast from one app
 * instance reaches clients connected to any other. The adapter blocks on XREAD, so it gets a
 * connection of its own rather than the shared client.
 */
export class RealtimeIoAdapter extends IoAdapter {
  private adapterClient?: RedisClient;

  constructor(
    app: INestApplicationContext,
    private readonly redis: RedisClient | null,
    private readonly streamName: string,
    private readonly corsOrigins: string[],
  ) {
    super(app);
  }

  async connectRedis(): Promise<void> {
    if (!this.redis) return;
    this.adapterClient = this.redis.duplicate();
    await this.adapterClient.connect();
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
    return server;
  }

  override async close(server: Server): Promise<void> {
    await super.close(server);
    if (this.adapterClient?.isOpen) await this.adapterClient.quit();
  }
}
