import { Injectable, Logger } from '@nestjs/common';
import type { DomainEventEnvelope } from '../../../contracts/events.js';

/** Where committed events go: the realtime layer registers itself as the one sink. */
export interface EventSink {
  deliver(events: DomainEventEnvelope[]): void;
  /** Disconnects the sockets of ended sessions (logout, disabled user). */
  endSessions(sessionIds: number[]): void;
  /** Disconnects every socket that joined with the public board key (key rotated or disabled). */
  endBoardKeySockets(): void;
}

/**
 * The one way services reach connected clients. Services never touch the Socket.IO server:
 * they publish through a UnitOfWork (events) or call the session notifications here.
 */
@Injectable()
export class EventBus {
  private readonly logger = new Logger('EventBus');
  private readonly sinks: EventSink[] = [];

  register(sink: EventSink): void {
    this.sinks.push(sink);
  }

  /** Called only after the transaction that recorded `events` has committed. */
  deliverCommitted(events: DomainEventEnvelope[]): void {
    if (events.length === 0) return;
    for (const sink of this.sinks) {
      try {
        sink.deliver(events);
      } catch (error) {
        // Delivery is best-effort: clients catch up from the event log on reconnect.
        this.logger.error({ err: error }, 'event delivery failed');
      }
    }
  }

  endSessions(sessionIds: number[]): void {
    for (const sink of this.sinks) sink.endSessions(sessionIds);
  }

  endBoardKeySockets(): void {
    for (const sink of this.sinks) sink.endBoardKeySockets();
  }
}
