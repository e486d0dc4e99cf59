import { Body, Controller, Get, Headers, HttpCode, Post, Query } from '@nestjs/common';
import { ApiBody, ApiHeader, ApiOkResponse, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Localized } from '../../../contracts/master-data.js';
import { languageFromHeader } from '../common/i18n/translator.js';
import { SystemTitlesDto, UpdateSystemTitleDto } from './system-title.dto.js';
import type { RouteCatalogue } from '../../../contracts/users.js';
import { bodyPipe } from '../common/http/validation-pipe.js';
import { GenerateRouteDto } from './route-catalogue.dto.js';
import type { DashboardSettingsView } from '../../../contracts/api.js';
import { permissionNameOf } from '../../../contracts/routes.js';
import { ApiEnvelopeResponse } from '../common/http/api-envelope.decorator.js';
import {
  Authenticated,
  CurrentUser,
  ForRoute,
  Public,
  SuccessMessage,
  type AuthenticatedUser,
} from '../common/http/route-access.decorators.js';
import { DashboardSettingsViewDto, UpdateDashboardSettingsDto } from './dashboard-settings.dto.js';
import { SettingService } from './setting.service.js';
import { Audited } from '../security-log/audited.decorator.js';
import { ProductionSettingsDto, UpdateProductionSettingsDto } from './production-settings.dto.js';
import type { ProductionSettings } from '../../../contracts/production.js';

const BOARD_SETTINGS_ROUTE = 'SettingDashboard';

@ApiTags('setting')
@Controller('admin/setting')
export class SettingController {
  constructor(private readonly settings: SettingService) {}

  @Get('getSystemTitle')
  @Public()
  @ApiOperation({ summary: 'The system title shown as the page title (public), in the language asked for' })
  @ApiHeader({ name: 'Accept-Language', required: false })
  @ApiQuery({ name: 'lang', required: false, enum: ['zh-CN', 'en'], description: 'overrides Accept-Language' })
  @ApiOkResponse({ schema: { example: { code: 200, message: '操作成功', data: '订单跟踪系统' } } })
  getSystemTitle(@Headers('accept-language') acceptLanguage?: string, @Query('lang') lang?: string): Promise<string> {
    return this.settings.systemTitle(languageFromHeader(typeof lang === 'string' && lang ? lang : acceptLanguage));
  }

  @Get('getSystemTitles')
  @ForRoute('SettingIndex')
  @ApiOperation({ summary: 'The system title in every language, for the settings screen' })
  @ApiEnvelopeResponse(SystemTitlesDto)
  getSystemTitles(): Promise<Localized> {
    return this.settings.systemTitles();
  }

  @Post('updateSystemTitle')
  @HttpCode(200)
  @ForRoute('SettingIndex')
  @Audited({ action: 'setting.update', target: 'setting' })
  @SuccessMessage('messages.saveSuccess')
  @ApiOperation({ summary: 'Change the system title per language (a language left out keeps its title)' })
  @ApiEnvelopeResponse(SystemTitlesDto)
  updateSystemTitle(@Body() body: UpdateSystemTitleDto): Promise<Localized> {
    return this.settings.updateSystemTitles(body);
  }

  @Get('getDashboardSetting')
  @Authenticated()
  @ApiOperation({ summary: 'Board settings (refreshType and the rest); the board key only for board-settings editors' })
  @ApiEnvelopeResponse(DashboardSettingsViewDto)
  getDashboardSetting(@CurrentUser() user: AuthenticatedUser): Promise<DashboardSettingsView> {
    return this.settings.dashboardSettingsView(user.permissions.includes(permissionNameOf(BOARD_SETTINGS_ROUTE)));
  }

  @Post('updateDashboardSetting')
  @HttpCode(200)
  @ForRoute(BOARD_SETTINGS_ROUTE)
  @SuccessMessage('messages.saveSuccess')
  @ApiOperation({ summary: 'Change board settings; every open board receives them at once' })
  @ApiEnvelopeResponse(DashboardSettingsViewDto)
  updateDashboardSetting(@Body() body: UpdateDashboardSettingsDto): Promise<DashboardSettingsView> {
    return this.settings.updateDashboardSettings(body);
  }

  @Get('getProductionSetting')
  @ForRoute('SettingIndex')
  @ApiOperation({ summary: 'Production rules: scan in order, over-production tolerance, flagged orders' })
  @ApiEnvelopeResponse(ProductionSettingsDto)
  getProductionSetting(): Promise<ProductionSettings> {
    return this.settings.productionSettings();
  }

  @Post('updateProductionSetting')
  @HttpCode(200)
  @ForRoute('SettingIndex')
  @Audited({ action: 'setting.update', target: 'setting' })
  @SuccessMessage('messages.saveSuccess')
  @ApiOperation({ summary: 'Change production rules (partial); scans obey them from the next scan' })
  @ApiEnvelopeResponse(ProductionSettingsDto)
  updateProductionSetting(@Body() body: UpdateProductionSettingsDto): Promise<ProductionSettings> {
    return this.settings.updateProductionSettings(body);
  }

  @Post('generateRoute')
  @HttpCode(200)
  @ForRoute('Permission')
  @SuccessMessage('messages.saveSuccess')
  @ApiOperation({ summary: "Store the frontend's route catalogue: the screens the permission screen offers" })
  @ApiBody({ type: GenerateRouteDto })
  generateRoute(@Body(bodyPipe(GenerateRouteDto)) body: GenerateRouteDto): Promise<RouteCatalogue> {
    return this.settings.storeRouteCatalogue(body.routes);
  }

  @Get('getRouteCatalogue')
  @ForRoute('Permission')
  @ApiOperation({ summary: 'The stored route catalogue (empty until generateRoute ran)' })
  getRouteCatalogue(): Promise<RouteCatalogue> {
    return this.settings.routeCatalogue();
  }

  @Post('rotateBoardKey')
  @HttpCode(200)
  @ForRoute(BOARD_SETTINGS_ROUTE)
  @SuccessMessage('messages.saveSuccess')
  @ApiOperation({ summary: 'Issue a new public board key; boards using the old one are disconnected' })
  @ApiEnvelopeResponse(DashboardSettingsViewDto)
  rotateBoardKey(): Promise<DashboardSettingsView> {
    return this.settings.rotateBoardKey();
  }
}
