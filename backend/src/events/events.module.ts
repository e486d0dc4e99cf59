import { Global, Inject, Logger, Module, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { EventBus } from './event-bus.service.js';
import { EventStore } from './event-store.js';
import { UnitOfWork } from './unit-of-work.service.js';

const PRUNE_EVERY_MS = 10 * 60 * 1000;

@Global()
@Module({
  providers: [EventStore, EventBus, UnitOfWork],
  exports: [EventStore, EventBus, UnitOfWork],
})
export class EventsModule implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Events');
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly store: EventStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => {
      this.store
        .prune(this.config.EVENT_RETENTION_HOURS)
        .then((count) => count && this.logger.log(`pruned ${count} old events`))
        .catch((error: unknown) => this.logger.warn({ err: error }, 'event pruning failed'));
    }, PRUNE_EVERY_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }
}
