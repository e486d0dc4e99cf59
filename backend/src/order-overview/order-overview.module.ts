import { Module } from '@nestjs/common';
import { ProductionOrderModule } from '../production-order/production-order.module.js';
import { ProgressModule } from '../progress/progress.module.js';
import { OrderOverviewController } from './order-overview.controller.js';
import { OrderOverviewService } from './order-overview.service.js';

/** The order overview: /api/admin/production/overview/:id. */
@Module({
  imports: [ProductionOrderModule, ProgressModule],
  controllers: [OrderOverviewController],
  providers: [OrderOverviewService],
})
export class OrderOverviewModule {}
