import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AdminSettingsInit, DatabaseSettings, PublicSettings, SystemSection, UploadSettings } from '../../../contracts/admin-settings.js';
import { ApiEnvelopeResponse } from '../common/http/api-envelope.decorator.js';
import { ForRoute, Public, SuccessMessage } from '../common/http/route-access.decorators.js';
import { Audited } from '../security-log/audited.decorator.js';
import {
  AdminSettingsInitDto,
  DatabaseSettingsDto,
  SystemSectionDto,
  UpdateDatabaseSettingDto,
  UpdateImageSettingDto,
  UpdateSystemSettingDto,
  UpdateUploadSettingDto,
  UploadSettingsDto,
} from './admin-settings.dto.js';
import { AdminSettingsService } from './admin-settings.service.js';
import { SettingService } from './setting.service.js';

const SETTING_ROUTE = 'Setting';
const AUDIT = { action: 'setting.update', target: 'setting' } as const;

/** The system settings screen (/setting/index): its one read and its per-section updates. */
@ApiTags('setting')
@Controller('admin/setting')
export class AdminSettingsController {
  constructor(
    private readonly admin: AdminSettingsService,
    private readonly setting: SettingService,
  ) {}

  @Get('init')
  @ForRoute(SETTING_ROUTE)
  @ApiOperation({ summary: 'Everything the system settings screen shows: system, production rules, uploads and images, database facts' })
  @ApiEnvelopeResponse(AdminSettingsInitDto)
  init(): Promise<AdminSettingsInit> {
    return this.admin.init();
  }

  @Get('getPublicSetting')
  @Public()
  @ApiOperation({ summary: 'Title per language, board logo id and default language: what the login page and boards need before a login' })
  @ApiEnvelopeResponse(SystemSectionDto)
  getPublicSetting(): Promise<PublicSettings> {
    return this.setting.systemSection();
  }

  @Post('updateSystemSetting')
  @HttpCode(200)
  @ForRoute(SETTING_ROUTE)
  @Audited(AUDIT)
  @SuccessMessage('messages.saveSuccess')
  @ApiOperation({ summary: 'Board logo (an uploaded image id, null or "" removes it) and the default language of browsers without a saved choice' })
  @ApiEnvelopeResponse(SystemSectionDto)
  updateSystemSetting(@Body() body: UpdateSystemSettingDto): Promise<SystemSection> {
    return this.admin.updateSystem(body);
  }

  @Post('database_update')
  @HttpCode(200)
  @ForRoute(SETTING_ROUTE)
  @Audited(AUDIT)
  @SuccessMessage('messages.saveSuccess')
  @ApiOperation({ summary: 'How long audit rows are kept (days)' })
  @ApiEnvelopeResponse(DatabaseSettingsDto)
  databaseUpdate(@Body() body: UpdateDatabaseSettingDto): Promise<DatabaseSettings> {
    return this.admin.updateDatabase(body);
  }

  @Post('upload_update')
  @HttpCode(200)
  @ForRoute(SETTING_ROUTE)
  @Audited(AUDIT)
  @SuccessMessage('messages.saveSuccess')
  @ApiOperation({ summary: 'Largest upload and accepted kinds; applied from the next upload on' })
  @ApiEnvelopeResponse(UploadSettingsDto)
  uploadUpdate(@Body() body: UpdateUploadSettingDto): Promise<UploadSettings> {
    return this.admin.updateUpload(body);
  }

  @Post('updateImageSetting')
  @HttpCode(200)
  @ForRoute(SETTING_ROUTE)
  @Audited(AUDIT)
  @SuccessMessage('messages.saveSuccess')
  @ApiOperation({ summary: 'Stored image quality, largest side and thumbnail size; applied from the next upload on' })
  @ApiEnvelopeResponse(UploadSettingsDto)
  updateImageSetting(@Body() body: UpdateImageSettingDto): Promise<UploadSettings> {
    return this.admin.updateUpload(body);
  }
}
