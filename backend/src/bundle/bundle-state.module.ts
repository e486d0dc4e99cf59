import { Module } from '@nestjs/common';
import { ScanModule } from '../scan/scan.module.js';
import { SettingModule } from '../setting/setting.module.js';
import { BundleStateRepository } from './bundle-state.repository.js';

/** A bundle's numbers under its order's lock: shared by bundle scanning, QC and the trace. */
@Module({
  imports: [ScanModule, SettingModule],
  providers: [BundleStateRepository],
  exports: [BundleStateRepository, ScanModule, SettingModule],
})
export class BundleStateModule {}
