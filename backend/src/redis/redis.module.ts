import { Global, Inject, Logger, Module, type OnApplicationShutdown } from '@nestjs/common';
import { createClient } from 'redis';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';

function connectClient(url: string) {
  return createClient({ url });
}
export type RedisClient = ReturnType<typeof connectClient>;
/** The shared Redis connection, or null when REDIS_URL is unset (a single instance needs none). */
export const REDIS_CLIENT = Symbol('REDIS_CLIENT');

const logger = new Logger('Redis');

@Global()
@Module({
  providers: [
    {
      provide: REDIS_CLIENT,
      inject: [APP_CONFIG],
      useFactory: async (config: AppConfig): Promise<RedisClient | null> => {
        if (!config.REDIS_URL) return null;
        const client = connectClient(config.REDIS_URL);
        client.on('error', (error: Error) => logger.warn(`redis: ${error.message}`));
        await client.connect();
        return client;
      },
    },
  ],
  exports: [REDIS_CLIENT],
})
export class RedisModule implements OnApplicationShutdown {
  constructor(@Inject(REDIS_CLIENT) private readonly client: RedisClient | null) {}

  async onApplicationShutdown(): Promise<void> {
    if (this.client?.isOpen) await this.client.quit();
  }
}
