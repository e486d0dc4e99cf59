import { Module } from '@nestjs/common';
import { SaleOrderController } from './sale-order.controller.js';
import { SaleOrderService } from './sale-order.service.js';

/** Sales orders: /api/admin/saleOrder/… (OrderNumberService, UnitOfWork and ReferenceGuard come from global modules). */
@Module({
  controllers: [SaleOrderController],
  providers: [SaleOrderService],
  exports: [SaleOrderService],
})
export class SaleOrderModule {}
