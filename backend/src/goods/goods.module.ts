import { Module } from '@nestjs/common';
import { SPECIAL_MASTER_DATA } from '../../../contracts/master-data.js';
import { createMasterDataController } from '../master-data/master-data.controller-factory.js';
import { masterDataServiceProvider } from '../master-data/master-data.module.js';
import { GoodsCreateDto, GoodsUpdateDto } from './goods.dto.js';
import { GoodsService } from './goods.service.js';

/** Goods (styles): /api/admin/goods/… (generic CRUD + colours and sizes). */
@Module({
  controllers: [createMasterDataController(SPECIAL_MASTER_DATA.goods, { create: GoodsCreateDto, update: GoodsUpdateDto })],
  providers: [masterDataServiceProvider(SPECIAL_MASTER_DATA.goods, GoodsService)],
})
export class GoodsModule {}
