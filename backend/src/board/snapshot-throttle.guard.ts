import { type CanActivate, type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { DomainException } from '../common/errors/domain.exception.js';
import type { AuthenticatedUser } from '../common/http/route-access.decorators.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';

/**
 * Limits board snapshots, the one read anyone holding the public board key can make and the
 * costliest (up to 1,000 orders with every step). Per caller (a session, or the board key) and
 * address, so one screen or script cannot hammer it; and for the board key as a whole, so a leaked
 * key cannot be used from many addresses to load the database. Boards load a snapshot on start,
 * on a resync and on a settings change, far below the limits; a refused board retries by itself.
 * Counted per instance, in memory: it guards this instance's database work.
 */
@Injectable()
export class SnapshotThrottle implements CanActivate {
  private readonly perCaller: RateLimiterMemory;
  private readonly perBoardKey: RateLimiterMemory;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.perCaller = new RateLimiterMemory({ keyPrefix: 'snapshot-caller', points: config.BOARD_SNAPSHOTS_PER_MINUTE, duration: 60 });
    this.perBoardKey = new RateLimiterMemory({ keyPrefix: 'snapshot-board-key', points: config.BOARD_KEY_SNAPSHOTS_PER_MINUTE, duration: 60 });
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<Request & { user?: AuthenticatedUser; boardDevice?: { deviceId: number } }>();
    // The access guard ran first: a request without a user came in with a device key or the board key.
    const device = request.boardDevice;
    const caller = request.user ? `session:${request.user.sessionId}` : device ? `device:${device.deviceId}` : 'board-key';
    try {
      await this.perCaller.consume(`${caller}|${request.ip ?? ''}`);
      // A device key is revocable per TV: only the shared board key needs the whole-key limit.
      if (!request.user && !device) await this.perBoardKey.consume('board-key');
    } catch (error) {
      if (error instanceof RateLimiterRes) {
        throw new DomainException('tooManyRequests', { seconds: Math.max(1, Math.ceil(error.msBeforeNext / 1000)) });
      }
      throw error;
    }
    return true;
  }
}
