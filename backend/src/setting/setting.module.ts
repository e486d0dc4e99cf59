import { Global, Module } from '@nestjs/common';
import { SettingController } from './setting.controller.js';
import { SettingRepository } from './setting.repository.js';
import { SettingService } from './setting.service.js';

@Global()
@Module({
  controllers: [SettingController],
  providers: [SettingService, SettingRepository],
  exports: [SettingService],
})
export class SettingModule {}
