import { Module } from '@nestjs/common';
import { SaleOrderSubController } from './sale-order-sub.controller.js';
import { SaleOrderSubService } from './sale-order-sub.service.js';

/** Order details: /api/admin/saleOrderSub/list | export. */
@Module({
  controllers: [SaleOrderSubController],
  providers: [SaleOrderSubService],
})
export class SaleOrderSubModule {}
