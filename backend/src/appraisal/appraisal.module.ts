import { Module } from '@nestjs/common';
import { AppraisalController, WorkerTodayController } from './appraisal.controller.js';
import { AppraisalRepository } from './appraisal.repository.js';
import { AppraisalService } from './appraisal.service.js';

/** Piece-rate pay: /api/admin/statistics/appraisal | payroll (+ exports), /api/admin/scan/worker-today. */
@Module({
  controllers: [AppraisalController, WorkerTodayController],
  providers: [AppraisalService, AppraisalRepository],
})
export class AppraisalModule {}
