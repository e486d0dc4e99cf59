import { Global, Module, type Provider } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { MASTER_DATA, type MasterDataDefinition } from '../../../contracts/master-data.js';
import { UnitOfWork } from '../events/unit-of-work.service.js';
import { createMasterDataController, masterDataServiceToken } from './master-data.controller-factory.js';
import { MasterDataService } from './master-data.service.js';
import { ReferenceGuard } from './reference-guard.js';

/** A provider of the generic service for a definition (entities with behaviour provide a subclass). */
export function masterDataServiceProvider(
  definition: MasterDataDefinition,
  serviceClass: new (definition: MasterDataDefinition, dataSource: DataSource, unitOfWork: UnitOfWork, references: ReferenceGuard) => MasterDataService = MasterDataService,
): Provider {
  return {
    provide: masterDataServiceToken(definition.name),
    inject: [getDataSourceToken(), UnitOfWork, ReferenceGuard],
    useFactory: (dataSource: DataSource, unitOfWork: UnitOfWork, references: ReferenceGuard) =>
      new serviceClass(definition, dataSource, unitOfWork, references),
  };
}

const PLAIN_ENTITIES = Object.values(MASTER_DATA);

/** The plain master-data entities: each is only its definition in contracts/master-data.ts. */
@Global()
@Module({
  controllers: PLAIN_ENTITIES.map((definition) => createMasterDataController(definition)),
  providers: [ReferenceGuard, ...PLAIN_ENTITIES.map((definition) => masterDataServiceProvider(definition))],
  exports: [ReferenceGuard],
})
export class MasterDataModule {}
