import { Controller, Get, Inject } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { InjectDataSource } from '@nestjs/typeorm';
import pg from 'pg';
import { DataSource } from 'typeorm';
import type { HealthStatus } from '../../../contracts/api.js';
import { DomainException } from '../common/errors/domain.exception.js';
import { Public } from '../common/http/route-access.decorators.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { RedisLink } from '../realtime/redis-link.js';
import { REDIS_CLIENT, type RedisClient } from '../redis/redis.module.js';

const DATABASE_CHECK_TIMEOUT_MS = 2000;

/**
 * Health for load balancers and operators. The database check uses a connection of its own
 * (not TypeORM's pool), so a pool busy with slow requests does not report the database as down;
 * 503 only when PostgreSQL itself does not answer. Redis down is 'degraded' with 200: the
 * instance still serves everything, live updates stay on its own sockets until Redis returns.
 */
@ApiTags('health')
@Controller('health')
export class HealthController {
  /** One check at a time: concurrent health requests share it. */
  private check: Promise<boolean> | null = null;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(REDIS_CLIENT) private readonly redis: RedisClient | null,
    private readonly broadcastLink: RedisLink,
  ) {}

  @Get()
  @Public()
  @ApiOperation({ summary: "Liveness, database and Redis reachability: 503 when the database is down, 'degraded' (200) when only Redis is" })
  async health(): Promise<HealthStatus> {
    this.check ??= this.databaseReachable().finally(() => (this.check = null));
    const database = (await this.check) ? 'up' : 'down';
    // 'up' only when both the shared client and the Socket.IO adapter's connection are ready:
    // until the adapter is back, broadcasts still stay on this instance.
    const redis = !this.redis ? 'disabled' : this.redis.isReady && (!this.broadcastLink.enabled || this.broadcastLink.up) ? 'up' : 'down';
    const status: HealthStatus = {
      status: database === 'up' && redis !== 'down' ? 'ok' : 'degraded',
      database,
      redis,
      realtime: this.config.REDIS_URL ? 'redis' : 'local',
      uptimeSeconds: Math.round(process.uptime()),
    };
    if (database === 'down') throw new DomainException('unavailable', {}, { ...status });
    return status;
  }

  private async databaseReachable(): Promise<boolean> {
    // Embedded PGlite has one connection in this process: nothing to open beside it.
    if (!this.config.DATABASE_URL) return this.withTimeout(this.dataSource.query('SELECT 1'));
    const client = new pg.Client({
      connectionString: this.config.DATABASE_URL,
      connectionTimeoutMillis: DATABASE_CHECK_TIMEOUT_MS,
      statement_timeout: DATABASE_CHECK_TIMEOUT_MS,
      query_timeout: DATABASE_CHECK_TIMEOUT_MS,
      application_name: 'stitchboard-health',
    });
    client.on('error', () => undefined); // a connection dropped after the check: nothing to do
    try {
      return await this.withTimeout(client.connect().then(() => client.query('SELECT 1')));
    } finally {
      void client.end().catch(() => undefined);
    }
  }

  private async withTimeout(work: Promise<unknown>): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), DATABASE_CHECK_TIMEOUT_MS + 500);
    });
    try {
      return await Promise.race([
        work.then(
          () => true,
          () => false,
        ),
        timeout,
      ]);
    } finally {
      clearTimeout(timer);
    }
  }
}
