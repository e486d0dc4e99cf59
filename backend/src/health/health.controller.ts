import { Controller, Get, Inject } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { HealthStatus } from '../../../contracts/api.js';
import { DomainException } from '../common/errors/domain.exception.js';
import { Public } from '../common/http/route-access.decorators.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';

const DATABASE_CHECK_TIMEOUT_MS = 3000;

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  @Public()
  @ApiOperation({ summary: 'Liveness and database reachability (503 when the database is down)' })
  async health(): Promise<HealthStatus> {
    const status: HealthStatus = {
      status: 'ok',
      database: (await this.databaseReachable()) ? 'up' : 'down',
      realtime: this.config.REDIS_URL ? 'redis' : 'local',
      uptimeSeconds: Math.round(process.uptime()),
    };
    if (status.database === 'down') throw new DomainException('unavailable', {}, { ...status, status: 'degraded' });
    return status;
  }

  private async databaseReachable(): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), DATABASE_CHECK_TIMEOUT_MS);
    });
    const check = this.dataSource.query('SELECT 1').then(
      () => true,
      () => false,
    );
    try {
      return await Promise.race([check, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }
}
