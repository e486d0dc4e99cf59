import { Global, Module } from '@nestjs/common';
import { SettingController } from './setting.controller.js';
import { AdminSettingsController } from './admin-settings.controller.js';
import { AdminSettingsService } from './admin-settings.service.js';
import { SettingRepository } from './setting.repository.js';
import { SettingService } from './setting.service.js';
import { BoardProfileController } from './board-profile.controller.js';
import { BoardProfileService } from './board-profile.service.js';

@Global()
@Module({
  controllers: [SettingController, AdminSettingsController, BoardProfileController],
  providers: [SettingService, SettingRepository, AdminSettingsService, BoardProfileService],
  exports: [SettingService, AdminSettingsService, BoardProfileService],
})
export class SettingModule {}
