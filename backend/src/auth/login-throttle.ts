import { Inject, Injectable, Logger } from '@nestjs/common';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { DomainException } from '../common/errors/domain.exception.js';
import { REDIS_CLIENT, type RedisClient } from '../redis/redis.module.js';

/** A Redis call that takes longer than this is treated as Redis being away (memory takes over). */
const STORE_TIMEOUT_MS = 1000;

/**
 * Login attempts per username *and* address (guessing one account's password is slowed without
 * locking its owner out from their own machine), plus a looser limit per address against
 * password spraying across usernames. Shared through Redis when several instances run.
 *
 * A point is consumed atomically *before* the password is checked (`consume` is one atomic
 * increment in Redis or memory) and refunded on success: a concurrent burst cannot slip past a
 * check-then-count gap. With Redis, each limiter has an in-memory insurance limiter that takes
 * over while Redis is unreachable, so a Redis outage neither opens the door nor answers 500.
 */
@Injectable()
export class LoginThrottle {
  private readonly logger = new Logger('LoginThrottle');
  private readonly perAccount: RateLimiterAbstract;
  private readonly perAddress: RateLimiterAbstract;
  private readonly fallback = new Map<RateLimiterAbstract, RateLimiterAbstract>();

  constructor(@Inject(APP_CONFIG) config: AppConfig, @Inject(REDIS_CLIENT) redis: RedisClient | null) {
    const make = (keyPrefix: string, points: number): RateLimiterAbstract => {
      const memory = new RateLimiterMemory({ keyPrefix, points, duration: config.LOGIN_WINDOW_SECONDS });
      if (!redis) return memory;
      const limiter = new RateLimiterRedis({
        storeClient: redis,
        useRedisPackage: true,
        rejectIfRedisNotReady: true,
        insuranceLimiter: memory,
        keyPrefix,
        points,
        duration: config.LOGIN_WINDOW_SECONDS,
      });
      this.fallback.set(limiter, memory);
      return limiter;
    };
    this.perAccount = make('login-account', config.LOGIN_MAX_ATTEMPTS);
    this.perAddress = make('login-address', config.LOGIN_MAX_ATTEMPTS * 10);
  }

  /** Takes one attempt from both budgets; throws 429 (with the wait) when either is used up. */
  async consume(username: string, ip: string): Promise<void> {
    const results = await Promise.all([this.take(this.perAccount, accountKey(username, ip)), this.take(this.perAddress, ip)]);
    const refused = results.filter((result): result is RateLimiterRes => result !== null);
    if (refused.length) throw tooMany(Math.max(...refused.map((state) => state.msBeforeNext)));
  }

  /** A successful login: the account's failures are forgiven and the address's point returned. */
  async succeeded(username: string, ip: string): Promise<void> {
    await this.settle(() => this.perAccount.delete(accountKey(username, ip)));
    await this.settle(() => this.perAddress.reward(ip, 1));
  }

  /** The attempt never reached the password check (server busy): give both points back. */
  async refund(username: string, ip: string): Promise<void> {
    await this.settle(() => this.perAccount.reward(accountKey(username, ip), 1));
    await this.settle(() => this.perAddress.reward(ip, 1));
  }

  /** null when allowed, the limiter's state when refused. */
  private async take(limiter: RateLimiterAbstract, key: string): Promise<RateLimiterRes | null> {
    try {
      await withTimeout(limiter.consume(key, 1));
      return null;
    } catch (error) {
      if (error instanceof RateLimiterRes) return error;
      // Redis hung (no answer in time) or failed in a way the insurance did not catch: count in
      // memory rather than fail the login or let it through uncounted.
      this.logger.warn(`login throttle store unavailable (${(error as Error).message}); counting in memory`);
      const memory = this.fallback.get(limiter);
      if (!memory) return null;
      try {
        await memory.consume(key, 1);
        return null;
      } catch (memoryError) {
        return memoryError instanceof RateLimiterRes ? memoryError : null;
      }
    }
  }

  private async settle(work: () => Promise<unknown>): Promise<void> {
    try {
      await withTimeout(work());
    } catch {
      // A refund that cannot reach the store is lost; the window expires it anyway.
    }
  }
}

function withTimeout<T>(promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${STORE_TIMEOUT_MS} ms`)), STORE_TIMEOUT_MS);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

function accountKey(username: string, ip: string): string {
  return `${username.toLowerCase()}|${ip}`;
}

function tooMany(msBeforeNext: number): DomainException {
  return new DomainException('tooManyLoginAttempts', { seconds: Math.max(1, Math.ceil(msBeforeNext / 1000)) });
}
