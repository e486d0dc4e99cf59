import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { SessionRepository } from './session.repository.js';

/**
 * Deletes expired and revoked sessions (older than a day) at boot and then periodically, so the
 * table holds live sessions and a day of history, not every login ever made. Several instances
 * running it at once is harmless (the same DELETE).
 */
@Injectable()
export class SessionPurger implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Sessions');
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly sessions: SessionRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.purge();
    this.timer = setInterval(() => void this.purge(), this.config.SESSION_PURGE_MINUTES * 60_000);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }

  async purge(): Promise<number> {
    try {
      const count = await this.sessions.deleteExpired();
      if (count) this.logger.log(`deleted ${count} expired or revoked sessions`);
      return count;
    } catch (error) {
      // The database may be away for a moment: the next round retries.
      this.logger.warn(`session purge failed: ${(error as Error).message}`);
      return 0;
    }
  }
}
