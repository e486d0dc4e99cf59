import { Module } from '@nestjs/common';
import { ProgressModule } from '../progress/progress.module.js';
import { StatisticsController } from './statistics.controller.js';
import { StatisticsService } from './statistics.service.js';

/** Statistics: /api/admin/statistics/console. */
@Module({
  imports: [ProgressModule],
  controllers: [StatisticsController],
  providers: [StatisticsService],
})
export class StatisticsModule {}
