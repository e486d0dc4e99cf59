import { Global, Module } from '@nestjs/common';
import { SettingController } from './setting.controller.js';
import { AdminSettingsController } from './admin-settings.controller.js';
import { AdminSettingsService } from './admin-settings.service.js';
import { SettingRepository } from './setting.repository.js';
import { SettingService } from './setting.service.js';

@Global()
@Module({
  controllers: [SettingController, AdminSettingsController],
  providers: [SettingService, SettingRepository, AdminSettingsService],
  exports: [SettingService, AdminSettingsService],
})
export class SettingModule {}
