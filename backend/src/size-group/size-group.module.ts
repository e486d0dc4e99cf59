import { Module } from '@nestjs/common';
import { SPECIAL_MASTER_DATA } from '../../../contracts/master-data.js';
import { createMasterDataController } from '../master-data/master-data.controller-factory.js';
import { masterDataServiceProvider } from '../master-data/master-data.module.js';
import { SizeGroupCreateDto, SizeGroupUpdateDto } from './size-group.dto.js';
import { SizeGroupService } from './size-group.service.js';

/** Size groups: /api/admin/size/… (generic CRUD + the ordered sizes). */
@Module({
  controllers: [createMasterDataController(SPECIAL_MASTER_DATA.size, { create: SizeGroupCreateDto, update: SizeGroupUpdateDto })],
  providers: [masterDataServiceProvider(SPECIAL_MASTER_DATA.size, SizeGroupService)],
})
export class SizeGroupModule {}
