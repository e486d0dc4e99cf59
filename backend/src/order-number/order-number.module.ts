import { Global, Module } from '@nestjs/common';
import { OrderNumberController } from './order-number.controller.js';
import { OrderNumberService } from './order-number.service.js';

/** Order numbering, global so every order module (sales, production) can inject OrderNumberService. */
@Global()
@Module({
  controllers: [OrderNumberController],
  providers: [OrderNumberService],
  exports: [OrderNumberService],
})
export class OrderNumberModule {}
