import { Module } from '@nestjs/common';
import { StationWorkerController } from './station-worker.controller.js';
import { StationWorkerRepository } from './station-worker.repository.js';
import { StationWorkerService } from './station-worker.service.js';

/** The worker at a shared station: /api/admin/scan/worker (badge) | workers (pick list). */
@Module({
  controllers: [StationWorkerController],
  providers: [StationWorkerService, StationWorkerRepository],
})
export class StationWorkerModule {}
