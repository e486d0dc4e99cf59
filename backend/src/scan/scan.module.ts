import { Module } from '@nestjs/common';
import { ProgressModule } from '../progress/progress.module.js';
import { SettingModule } from '../setting/setting.module.js';
import { ScanLookupService } from './scan-lookup.service.js';
import { ScanController } from './scan.controller.js';
import { ScanRepository } from './scan.repository.js';
import { ScanService } from './scan.service.js';

/** Scans from the floor: /api/admin/scan/record | reverse | lookup. */
@Module({
  imports: [ProgressModule, SettingModule],
  controllers: [ScanController],
  providers: [ScanService, ScanLookupService, ScanRepository],
  exports: [ScanService, ScanRepository],
})
export class ScanModule {}
