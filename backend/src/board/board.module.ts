import { Module } from '@nestjs/common';
import { ProgressModule } from '../progress/progress.module.js';
import { BoardController } from './board.controller.js';
import { BoardService } from './board.service.js';
import { SnapshotThrottle } from './snapshot-throttle.guard.js';

/** Boards: GET /api/board/snapshot. */
@Module({
  imports: [ProgressModule],
  controllers: [BoardController],
  providers: [BoardService, SnapshotThrottle],
})
export class BoardModule {}
