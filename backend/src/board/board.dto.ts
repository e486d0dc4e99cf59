import { ApiExtraModels, ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { DashboardSettings } from '../../../contracts/api.js';
import type { BoardSnapshot, ProgressColumn, ProgressRow, ProgressTotals } from '../../../contracts/production.js';
import { ProgressColumnDto, ProgressRowDto, ProgressTotalsDto } from '../progress/progress.openapi.js';
import { DashboardSettingsViewDto } from '../setting/dashboard-settings.dto.js';

@ApiExtraModels(ProgressColumnDto, ProgressRowDto, ProgressTotalsDto, DashboardSettingsViewDto)
export class BoardSnapshotDto implements BoardSnapshot {
  @ApiProperty({ type: [ProgressColumnDto], description: 'the process flow in sort order' }) columns: ProgressColumn[];
  @ApiProperty({ type: [ProgressRowDto], description: 'at most 1,000 orders, chosen and sorted by the board settings' }) rows: ProgressRow[];
  @ApiProperty({ type: ProgressTotalsDto }) totals: ProgressTotals;
  @ApiProperty({ description: 'event-log head read before the rows: subscribe with lastSeq = headSeq' }) headSeq: number;
  @ApiProperty() generatedAt: string;
  @ApiProperty() companyName: string;
  @ApiProperty({ type: DashboardSettingsViewDto, description: 'the board settings the rows were chosen by (never the board key)' }) settings: DashboardSettings;
  @ApiPropertyOptional({ description: 'the system title per language (system settings)', example: { 'zh-CN': '订单跟踪系统', en: 'Order Tracking System' } }) systemTitles?: { 'zh-CN': string; en: string };
  @ApiPropertyOptional({ type: 'string', nullable: true, description: 'the company logo (upload id), served publicly at GET /api/admin/setting/logo' }) logo?: string | null;
}
