import { Module } from '@nestjs/common';
import { SPECIAL_MASTER_DATA } from '../../../contracts/master-data.js';
import { createMasterDataController } from '../master-data/master-data.controller-factory.js';
import { masterDataServiceProvider } from '../master-data/master-data.module.js';
import { ProcessCreateDto, ProcessUpdateDto } from './process.dto.js';
import { ProcessService } from './process.service.js';

/** Process flow: /api/admin/process/… (generic CRUD + sub-processes and exclusive flags). */
@Module({
  controllers: [createMasterDataController(SPECIAL_MASTER_DATA.process, { create: ProcessCreateDto, update: ProcessUpdateDto })],
  providers: [masterDataServiceProvider(SPECIAL_MASTER_DATA.process, ProcessService)],
})
export class ProcessModule {}
