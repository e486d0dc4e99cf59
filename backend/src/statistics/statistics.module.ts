import { Module } from '@nestjs/common';
import { ProgressModule } from '../progress/progress.module.js';
import { DifferenceController } from './difference.controller.js';
import { DifferenceService } from './difference.service.js';
import { StatisticsController } from './statistics.controller.js';
import { StatisticsService } from './statistics.service.js';

/** Statistics: /api/admin/statistics/console, /api/admin/statistics/difference (and its export). */
@Module({
  imports: [ProgressModule],
  controllers: [StatisticsController, DifferenceController],
  providers: [StatisticsService, DifferenceService],
})
export class StatisticsModule {}
