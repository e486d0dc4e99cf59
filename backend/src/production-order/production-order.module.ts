import { Module } from '@nestjs/common';
import { ProductionOrderController } from './production-order.controller.js';
import { ProductionOrderImportController } from './import/production-order-import.controller.js';
import { ProductionOrderImportService } from './import/production-order-import.service.js';
import { ProductionOrderService } from './production-order.service.js';

/** Production orders: /api/admin/productionOrder/… (entry, import, document, review, hiding). */
@Module({
  controllers: [ProductionOrderImportController, ProductionOrderController],
  providers: [ProductionOrderService, ProductionOrderImportService],
  // The order overview composes the order detail.
  exports: [ProductionOrderService],
})
export class ProductionOrderModule {}
