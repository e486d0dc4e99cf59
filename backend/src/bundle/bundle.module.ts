import { Module } from '@nestjs/common';
import { BundleStateModule } from './bundle-state.module.js';
import { BundleController } from './bundle.controller.js';
import { BundleQueryRepository } from './bundle-query.repository.js';
import { BundleScanService } from './bundle-scan.service.js';
import { CuttingController } from './cutting.controller.js';
import { CuttingRepository } from './cutting.repository.js';
import { CuttingService } from './cutting.service.js';

/**
 * Cut bundles (issue 14): lays → bundles and tickets (/api/admin/cutting/*), bundle scanning,
 * the trace, the list and WIP (/api/admin/bundle/*). QC inspection and rework live in ./quality.
 */
@Module({
  imports: [BundleStateModule],
  controllers: [CuttingController, BundleController],
  providers: [CuttingRepository, CuttingService, BundleQueryRepository, BundleScanService],
  exports: [BundleQueryRepository],
})
export class BundleModule {}
