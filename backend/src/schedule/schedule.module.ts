import { Module } from '@nestjs/common';
import { ProgressModule } from '../progress/progress.module.js';
import { ScheduleController } from './schedule.controller.js';
import { ScheduleService } from './schedule.service.js';

/** The schedule: /api/admin/schedule/list | detail. */
@Module({
  imports: [ProgressModule],
  controllers: [ScheduleController],
  providers: [ScheduleService],
})
export class ScheduleModule {}
