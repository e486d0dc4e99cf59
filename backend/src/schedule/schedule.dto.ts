import { ApiExtraModels, ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min, ValidateBy } from 'class-validator';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, type Localized } from '../../../contracts/master-data.js';
import {
  STEP_STATUSES,
  type ProgressColumn,
  type ProgressRow,
  type ProgressTotals,
  type ScanRecord,
  type ScheduleDetail,
  type ScheduleList,
  type StepStatus,
} from '../../../contracts/production.js';
import { ToBoolean, ToInteger, Trim } from '../common/http/form-transforms.js';
import { ProductionOrderIdDto } from '../production-order/production-order.dto.js';
import { PROGRESS_SORT_FIELDS, type ProgressSortField } from '../progress/progress-read.repository.js';
import { ProgressColumnDto, ProgressRowDto, ProgressTotalsDto, ScanRecordDto } from '../progress/progress.openapi.js';
import { isCalendarDate } from '../sale-order/order-list-query.js';

const MAX_ID = 2_147_483_647;

const SCHEDULE_LABELS: Record<string, Localized> = {
  page: { 'zh-CN': '页码', en: 'Page' },
  pageSize: { 'zh-CN': '每页条数', en: 'Page size' },
  keyword: { 'zh-CN': '关键字', en: 'Keyword' },
  customer: { 'zh-CN': '客户', en: 'Customer' },
  status: { 'zh-CN': '状态', en: 'Status' },
  deliveryFrom: { 'zh-CN': '交货日期从', en: 'Delivery from' },
  deliveryTo: { 'zh-CN': '交货日期到', en: 'Delivery to' },
  includeCompleted: { 'zh-CN': '包含已完成', en: 'Include completed' },
  completedFrom: { 'zh-CN': '完成日期从', en: 'Completed from' },
  completedTo: { 'zh-CN': '完成日期到', en: 'Completed to' },
  sortField: { 'zh-CN': '排序字段', en: 'Sort field' },
  sortOrder: { 'zh-CN': '排序方向', en: 'Sort order' },
};

/**
 * A blank query value means the filter is not set (list screens send every filter field). Listed
 * first, it runs before the type conversion below it.
 */
export const BlankAsUnset = () => Transform(({ value }) => (typeof value === 'string' && value.trim() === '' ? undefined : (value as unknown)));

/** A real calendar day written YYYY-MM-DD (2025-02-30 is refused). */
export const IsCalendarDay = () => ValidateBy({ name: 'isCalendarDay', validator: { validate: (value) => typeof value === 'string' && isCalendarDate(value) } });

/** GET /api/admin/schedule/list: shown orders with their progress per process (defaults: ScheduleService). */
export class ScheduleListQueryDto {
  static fieldLabels = SCHEDULE_LABELS;

  @ApiPropertyOptional({ type: 'integer', default: 1 }) @BlankAsUnset() @ToInteger() @IsOptional() @IsInt() @Min(1) @Max(1_000_000) page?: number;

  @ApiPropertyOptional({ type: 'integer', default: DEFAULT_PAGE_SIZE, maximum: MAX_PAGE_SIZE })
  @BlankAsUnset()
  @ToInteger()
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(MAX_PAGE_SIZE)
  pageSize?: number;

  @ApiPropertyOptional({ description: 'order no., customer order no., product name, style code or customer' })
  @BlankAsUnset()
  @Trim()
  @IsOptional()
  @IsString()
  @MaxLength(100)
  keyword?: string;

  @ApiPropertyOptional({ type: 'integer', description: 'customer id' }) @BlankAsUnset() @ToInteger() @IsOptional() @IsInt() @Min(1) @Max(MAX_ID) customer?: number;

  @ApiPropertyOptional({ enum: STEP_STATUSES, description: "the order's status (done = completed)" })
  @BlankAsUnset()
  @IsOptional()
  @IsIn(STEP_STATUSES)
  status?: StepStatus;

  @ApiPropertyOptional({ example: '2026-03-01' }) @BlankAsUnset() @Trim() @IsOptional() @IsCalendarDay() deliveryFrom?: string;
  @ApiPropertyOptional({ example: '2026-03-31' }) @BlankAsUnset() @Trim() @IsOptional() @IsCalendarDay() deliveryTo?: string;

  @ApiPropertyOptional({ type: 'boolean', default: false }) @BlankAsUnset() @ToBoolean() @IsOptional() @IsBoolean() includeCompleted?: boolean;
  @ApiPropertyOptional({ example: '2026-03-01', description: 'completed on or after this day (implies includeCompleted)' })
  @BlankAsUnset()
  @Trim()
  @IsOptional()
  @IsCalendarDay()
  completedFrom?: string;
  @ApiPropertyOptional({ example: '2026-03-31', description: 'completed on or before this day (implies includeCompleted)' })
  @BlankAsUnset()
  @Trim()
  @IsOptional()
  @IsCalendarDay()
  completedTo?: string;

  @ApiPropertyOptional({ enum: PROGRESS_SORT_FIELDS, default: 'deliveryDate' }) @BlankAsUnset() @IsOptional() @IsIn(PROGRESS_SORT_FIELDS) sortField?: ProgressSortField;
  @ApiPropertyOptional({ enum: ['asc', 'desc'], default: 'asc' }) @BlankAsUnset() @IsOptional() @IsIn(['asc', 'desc']) sortOrder?: 'asc' | 'desc';
}

/** GET /api/admin/schedule/detail?id= (a production order id). */
export class ScheduleDetailQueryDto extends ProductionOrderIdDto {}

@ApiExtraModels(ProgressColumnDto, ProgressRowDto, ProgressTotalsDto)
export class ScheduleListDto implements ScheduleList {
  @ApiProperty({ type: [ProgressColumnDto] }) columns: ProgressColumn[];
  @ApiProperty({ type: [ProgressRowDto], description: 'one page' }) rows: ProgressRow[];
  @ApiProperty({ description: 'orders matching the filter' }) total: number;
  @ApiProperty({ type: ProgressTotalsDto, description: 'over every order matching the filter, not just the page' }) totals: ProgressTotals;
}

@ApiExtraModels(ProgressColumnDto, ProgressRowDto, ScanRecordDto)
export class ScheduleDetailDto implements ScheduleDetail {
  @ApiProperty({ type: [ProgressColumnDto] }) columns: ProgressColumn[];
  @ApiProperty({ type: ProgressRowDto }) row: ProgressRow;
  @ApiProperty({ type: [ScanRecordDto], description: 'the latest 200 scans, newest first' }) scans: ScanRecord[];
}
