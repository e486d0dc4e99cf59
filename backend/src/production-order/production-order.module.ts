import { Module } from '@nestjs/common';
import { UploadModule } from '../upload/upload.module.js';
import { ProductionOrderController } from './production-order.controller.js';
import { ProductionOrderImportController } from './import/production-order-import.controller.js';
import { ProductionOrderImportService } from './import/production-order-import.service.js';
import { ProductionOrderService } from './production-order.service.js';

/** Production orders: /api/admin/productionOrder/… (entry, import, document, review, hiding). */
@Module({
  // Documents are attachments (upload module).
  imports: [UploadModule],
  controllers: [ProductionOrderImportController, ProductionOrderController],
  providers: [ProductionOrderService, ProductionOrderImportService],
  // The order overview composes the order detail.
  exports: [ProductionOrderService],
})
export class ProductionOrderModule {}
