import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional, PickType } from '@nestjs/swagger';
import { IsIn, IsInt, IsOptional, Max, Min } from 'class-validator';
import {
  AUDIT_ACTIONS,
  AUDIT_RESULTS,
  type AuditAction,
  type AuditEntry,
  type AuditPage,
  type AuditQuery,
  type AuditResult,
  type AuditUserOption,
} from '../../../contracts/audit.js';
import type { Localized } from '../../../contracts/master-data.js';
import { ToInteger, Trim } from '../common/http/form-transforms.js';
import { MAX_CLIENT_NUMBER } from '../common/http/validation-pipe.js';
import { BlankAsUnset, IsCalendarDay, ScheduleListQueryDto } from '../schedule/schedule.dto.js';

/** Field names in both languages: validation messages name the filter the user sees. */
export const AUDIT_LABELS: Record<string, Localized> = {
  page: { 'zh-CN': '页码', en: 'Page' },
  pageSize: { 'zh-CN': '每页条数', en: 'Page size' },
  userId: { 'zh-CN': '用户', en: 'User' },
  action: { 'zh-CN': '操作', en: 'Action' },
  from: { 'zh-CN': '开始日期', en: 'From' },
  to: { 'zh-CN': '结束日期', en: 'To' },
  result: { 'zh-CN': '结果', en: 'Result' },
};

const DayFilter = () => applyDecorators(BlankAsUnset(), Trim(), IsOptional(), IsCalendarDay());

/**
 * GET /api/admin/setting/audit (and /export, which ignores the paging): blank means "any". The
 * paging fields are the schedule list's (same defaults and limits).
 */
export class AuditQueryDto extends PickType(ScheduleListQueryDto, ['page', 'pageSize'] as const) implements AuditQuery {
  static fieldLabels = AUDIT_LABELS;

  @ApiPropertyOptional({ type: 'integer', description: 'the acting user' })
  @BlankAsUnset()
  @ToInteger()
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(MAX_CLIENT_NUMBER)
  userId?: number;

  @ApiPropertyOptional({ enum: AUDIT_ACTIONS }) @BlankAsUnset() @IsOptional() @IsIn(AUDIT_ACTIONS) action?: AuditAction;

  @ApiPropertyOptional({ example: '2026-03-01', description: 'from this day (server calendar), included' }) @DayFilter() from?: string;
  @ApiPropertyOptional({ example: '2026-03-31', description: 'up to this day (server calendar), included' }) @DayFilter() to?: string;

  @ApiPropertyOptional({ enum: AUDIT_RESULTS }) @BlankAsUnset() @IsOptional() @IsIn(AUDIT_RESULTS) result?: AuditResult;
}

export class AuditEntryDto implements AuditEntry {
  @ApiProperty() id: number;
  @ApiProperty({ description: 'ISO instant' }) at: string;
  @ApiProperty({ type: 'integer', nullable: true }) actorUserId: number | null;
  @ApiProperty({ description: 'username at the time (empty for anonymous attempts)' }) actorUsername: string;
  @ApiProperty({ description: "the account's display name now ('' when it is gone)" }) actorName: string;
  @ApiProperty({ enum: AUDIT_ACTIONS }) action: string;
  @ApiProperty({ description: "kind of record: 'productionOrder', 'color', 'setting'…" }) targetType: string;
  @ApiProperty({ type: 'string', nullable: true, description: 'the id (or comma-separated ids) from the request' }) targetId: string | null;
  @ApiProperty() targetLabel: string;
  @ApiProperty() ip: string;
  @ApiProperty() userAgent: string;
  @ApiProperty({ enum: AUDIT_RESULTS }) result: AuditResult;
  @ApiProperty({ type: 'object', additionalProperties: true }) detail: Record<string, unknown>;
}

export class AuditPageDto implements AuditPage {
  @ApiProperty({ type: [AuditEntryDto] }) list: AuditEntryDto[];
  @ApiProperty() total: number;
  @ApiProperty() page: number;
  @ApiProperty() pageSize: number;
}

export class AuditUserOptionDto implements AuditUserOption {
  @ApiProperty() id: number;
  @ApiProperty() username: string;
  @ApiProperty() name: string;
}
