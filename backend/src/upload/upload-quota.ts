import { type CallHandler, type ExecutionContext, Inject, Injectable, type NestInterceptor } from '@nestjs/common';
import type { Request } from 'express';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Observable } from 'rxjs';
import { DomainException } from '../common/errors/domain.exception.js';
import type { AuthenticatedUser } from '../common/http/route-access.decorators.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { REDIS_CLIENT, type RedisClient } from '../redis/redis.module.js';

export interface UploadLimits {
  /** Uploads per user per window. */
  uploads: number;
  windowSeconds: number;
  /** Bytes received per user per day. */
  bytesPerDay: number;
}

export const DEFAULT_UPLOAD_LIMITS: UploadLimits = { uploads: 60, windowSeconds: 600, bytesPerDay: 300 * 1024 * 1024 };

/**
 * Per-user upload limits: a count per 10 minutes, consumed atomically before the file is read
 * (a concurrent burst cannot slip through between check and count), and bytes per day, consumed
 * as soon as the file's size is known. Shared through Redis when it is there, in memory otherwise
 * (and in memory while Redis is away).
 */
@Injectable()
export class UploadQuota {
  private count!: RateLimiterAbstract;
  private bytes!: RateLimiterAbstract;
  private limits = DEFAULT_UPLOAD_LIMITS;
  private generation = 0;
  /** Counters belong to one deployment (its database): instances of it share them through Redis. */
  private readonly namespace: string;

  constructor(@Inject(REDIS_CLIENT) private readonly redis: RedisClient | null, @Inject(APP_CONFIG) config: AppConfig) {
    // The embedded database is one instance: its own counters, whatever else shares the Redis.
    this.namespace = config.DATABASE_URL ? `${new URL(config.DATABASE_URL).host}${new URL(config.DATABASE_URL).pathname}` : `embedded-${process.pid}-${Date.now().toString(36)}`;
    this.configure(DEFAULT_UPLOAD_LIMITS);
  }

  /** New limits (and fresh counters): for tests and operators. */
  configure(limits: UploadLimits): void {
    this.limits = limits;
    const make = (keyPrefix: string, points: number, duration: number): RateLimiterAbstract => {
      const memory = new RateLimiterMemory({ keyPrefix, points, duration });
      return this.redis
        ? new RateLimiterRedis({ storeClient: this.redis, useRedisPackage: true, keyPrefix, points, duration, insuranceLimiter: memory })
        : memory;
    };
    // The same keys on every instance (shared through Redis); a reconfiguration starts fresh counters.
    const suffix = this.generation++ === 0 ? '' : `:${Date.now().toString(36)}`;
    this.count = make(`upload-count:${this.namespace}${suffix}`, limits.uploads, limits.windowSeconds);
    this.bytes = make(`upload-bytes:${this.namespace}${suffix}`, limits.bytesPerDay, 86_400);
  }

  async consumeUpload(userId: number): Promise<void> {
    await this.count.consume(String(userId), 1).catch((error: unknown) => {
      throw refusal(error, { 'zh-CN': `每 ${this.limits.windowSeconds / 60} 分钟 ${this.limits.uploads} 次`, en: `${this.limits.uploads} uploads per ${this.limits.windowSeconds / 60} minutes` });
    });
  }

  async consumeBytes(userId: number, bytes: number): Promise<void> {
    if (bytes <= 0) return;
    const mb = Math.round(this.limits.bytesPerDay / 1024 / 1024);
    await this.bytes.consume(String(userId), bytes).catch((error: unknown) => {
      throw refusal(error, { 'zh-CN': `每天 ${mb} MB`, en: `${mb} MB per day` });
    });
  }
}

function refusal(error: unknown, limit: { 'zh-CN': string; en: string }): unknown {
  if (!(error instanceof RateLimiterRes)) return error;
  return new DomainException('uploadQuotaExceeded', { limit, seconds: Math.max(1, Math.ceil(error.msBeforeNext / 1000)) });
}

/** Counts an upload against the caller's quota before a byte of the file is buffered. */
@Injectable()
export class UploadQuotaInterceptor implements NestInterceptor {
  constructor(private readonly quota: UploadQuota) {}

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const request = context.switchToHttp().getRequest<Request & { user?: AuthenticatedUser }>();
    if (request.user && request.is('multipart/form-data')) await this.quota.consumeUpload(request.user.id);
    return next.handle();
  }
}
