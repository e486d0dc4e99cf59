import { Module } from '@nestjs/common';
import { ProgressReadRepository } from './progress-read.repository.js';

/** The progress read model, shared by the schedule, the boards, the console and the scan API. */
@Module({
  providers: [ProgressReadRepository],
  exports: [ProgressReadRepository],
})
export class ProgressModule {}
