import { Inject, Injectable } from '@nestjs/common';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { DomainException } from '../common/errors/domain.exception.js';
import { REDIS_CLIENT, type RedisClient } from '../redis/redis.module.js';

/**
 * Counts failed logins per username *and* address, so guessing one account's password is slowed
 * without locking its owner out from their own machine, plus a looser limit per address against
 * password spraying across many usernames. Shared through Redis when several instances run.
 */
@Injectable()
export class LoginThrottle {
  private readonly perAccount: RateLimiterAbstract;
  private readonly perAddress: RateLimiterAbstract;

  constructor(@Inject(APP_CONFIG) config: AppConfig, @Inject(REDIS_CLIENT) redis: RedisClient | null) {
    const make = (keyPrefix: string, points: number): RateLimiterAbstract =>
      redis
        ? new RateLimiterRedis({ storeClient: redis, useRedisPackage: true, keyPrefix, points, duration: config.LOGIN_WINDOW_SECONDS })
        : new RateLimiterMemory({ keyPrefix, points, duration: config.LOGIN_WINDOW_SECONDS });
    this.perAccount = make('login-fail-account', config.LOGIN_MAX_ATTEMPTS);
    this.perAddress = make('login-fail-address', config.LOGIN_MAX_ATTEMPTS * 10);
  }

  /** Refuses the attempt up front when either limit is used up. */
  async check(username: string, ip: string): Promise<void> {
    const [account, address] = await Promise.all([this.perAccount.get(accountKey(username, ip)), this.perAddress.get(ip)]);
    for (const [state, limit] of [
      [account, this.perAccount.points],
      [address, this.perAddress.points],
    ] as const) {
      if (state && state.consumedPoints >= limit) throw tooMany(state);
    }
  }

  async recordFailure(username: string, ip: string): Promise<void> {
    await Promise.all([
      this.perAccount.penalty(accountKey(username, ip), 1),
      this.perAddress.penalty(ip, 1),
    ]);
  }

  async recordSuccess(username: string, ip: string): Promise<void> {
    await this.perAccount.delete(accountKey(username, ip));
  }
}

function accountKey(username: string, ip: string): string {
  return `${username.toLowerCase()}|${ip}`;
}

function tooMany(state: RateLimiterRes): DomainException {
  return new DomainException('tooManyLoginAttempts', { seconds: Math.max(1, Math.ceil(state.msBeforeNext / 1000)) });
}
