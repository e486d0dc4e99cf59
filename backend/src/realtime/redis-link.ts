import { EventEmitter } from 'node:events';
import { Injectable, Logger } from '@nestjs/common';
import type { RedisClient } from '../redis/redis.module.js';

/**
 * The state of the connection that carries Socket.IO broadcasts between app instances.
 * 'lost' when the adapter's Redis client reports an error, 'restored' when it is ready again
 * after one (including a first connection after booting without Redis). While lost, broadcasts
 * reach only this instance's sockets; on 'restored' the gateway tells every board to catch up.
 */
@Injectable()
export class RedisLink extends EventEmitter<{ lost: []; restored: [] }> {
  private readonly logger = new Logger('RealtimeRedis');
  private watched = false;
  private down = false;
  /** Set once a client is watched: Redis is configured. */
  get enabled(): boolean {
    return this.watched;
  }
  get up(): boolean {
    return this.watched && !this.down;
  }

  watch(client: RedisClient): void {
    this.watched = true;
    this.down = !client.isReady;
    client.on('error', (error: Error) => {
      if (this.down) return;
      this.down = true;
      this.logger.warn(`socket adapter lost Redis (${error.message}): broadcasts stay on this instance until it returns`);
      this.emit('lost');
    });
    client.on('ready', () => {
      if (!this.down) return;
      this.down = false;
      this.logger.log('socket adapter reconnected to Redis: boards catch up from the event log');
      this.emit('restored');
    });
  }
}
