import { Controller, Get } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { ConsoleKpis } from '../../../contracts/production.js';
import { ApiEnvelopeResponse } from '../common/http/api-envelope.decorator.js';
import { ForRoute } from '../common/http/route-access.decorators.js';
import { ConsoleKpisDto } from './statistics.dto.js';
import { StatisticsService } from './statistics.service.js';

/** /api/admin/statistics/console (route Home): the console's live KPIs. */
@ApiTags('statistics')
@Controller('admin/statistics')
export class StatisticsController {
  constructor(private readonly statistics: StatisticsService) {}

  @Get('console')
  @ForRoute('HomeIndex')
  @ApiOperation({ summary: 'Console KPIs: orders in production, due this week, delayed, completed this month, rates, pieces today per process and per day' })
  @ApiEnvelopeResponse(ConsoleKpisDto)
  console(): Promise<ConsoleKpis> {
    return this.statistics.console();
  }
}
