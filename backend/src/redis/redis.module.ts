import { Global, Inject, Logger, Module, type OnApplicationShutdown } from '@nestjs/common';
import { createClient } from 'redis';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';

/** Reconnect delays: 100 ms doubling to at most 1 s, with a little jitter so instances spread. */
export function reconnectDelay(retries: number): number {
  return Math.min(100 * 2 ** retries, 1000) + Math.floor(Math.random() * 100);
}

function connectClient(url: string) {
  return createClient({
    url,
    // While Redis is away, commands fail at once (ClientOfflineError) instead of queueing until it
    // returns: callers fall back (memory throttle, local-only broadcast) rather than hang.
    disableOfflineQueue: true,
    socket: { connectTimeout: 2000, reconnectStrategy: reconnectDelay },
  });
}
export type RedisClient = ReturnType<typeof connectClient>;
/** The shared Redis connection, or null when REDIS_URL is unset (a single instance needs none). */
export const REDIS_CLIENT = Symbol('REDIS_CLIENT');

/** How long boot waits for a first connection before going on without Redis. */
const BOOT_WAIT_MS = 2000;

/**
 * Every Redis client needs an 'error' listener (an unhandled one kills the process) and one log
 * line per outage rather than one per reconnect attempt. Returns the client, for chaining.
 */
export function watchRedisClient<C extends object>(client: C, name: string, logger = new Logger('Redis')): C {
  let down = false;
  const events = client as unknown as NodeJS.EventEmitter;
  events.on('error', (error: Error) => {
    if (!down) logger.warn(`${name}: ${error.message}; reconnecting`);
    down = true;
  });
  events.on('ready', () => {
    if (down) logger.log(`${name}: connected again`);
    down = false;
  });
  return client;
}

/**
 * Starts connecting in the background: resolves once connected, or after `waitMs` while Redis is
 * still unreachable (the client keeps reconnecting; the app serves HTTP meanwhile).
 */
export async function startConnecting(client: RedisClient, waitMs = BOOT_WAIT_MS): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const connecting = client.connect().then(
    () => undefined,
    () => undefined, // closed while connecting (shutdown); errors are reported through 'error'
  );
  await Promise.race([connecting, new Promise<void>((resolve) => (timer = setTimeout(resolve, waitMs)))]);
  clearTimeout(timer);
}

/** Closes a client whatever its state: QUIT when connected, otherwise drop the socket. */
export async function closeRedisClient(client: RedisClient | undefined | null): Promise<void> {
  if (!client?.isOpen) return;
  if (client.isReady) await client.close().catch(() => client.destroy());
  else client.destroy();
}

@Global()
@Module({
  providers: [
    {
      provide: REDIS_CLIENT,
      inject: [APP_CONFIG],
      useFactory: async (config: AppConfig): Promise<RedisClient | null> => {
        if (!config.REDIS_URL) return null;
        const client = watchRedisClient(connectClient(config.REDIS_URL), 'redis');
        await startConnecting(client);
        return client;
      },
    },
  ],
  exports: [REDIS_CLIENT],
})
export class RedisModule implements OnApplicationShutdown {
  constructor(@Inject(REDIS_CLIENT) private readonly client: RedisClient | null) {}

  async onApplicationShutdown(): Promise<void> {
    await closeRedisClient(this.client);
  }
}
