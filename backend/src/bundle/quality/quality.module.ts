import { Module } from '@nestjs/common';
import { BundleStateModule } from '../bundle-state.module.js';
import { BundleModule } from '../bundle.module.js';
import { QualityController } from './quality.controller.js';
import { QualityRepository } from './quality.repository.js';
import { QualityService } from './quality.service.js';

/** QC of cut bundles: inspection at a QC process, defects, charge-backs and rework (contracts/bundles.ts). */
@Module({
  imports: [BundleStateModule, BundleModule],
  controllers: [QualityController],
  providers: [QualityService, QualityRepository],
})
export class QualityModule {}
