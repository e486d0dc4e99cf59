import { ApiExtraModels, ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsInt, IsOptional, IsString, Matches, Max, Min, ValidateBy } from 'class-validator';
import type { AppraisalReport, AppraisalRow, AppraisalTotal, PayrollLine, PayrollReport, WorkerToday } from '../../../contracts/appraisal.js';
import type { Localized } from '../../../contracts/master-data.js';
import { ToInteger, Trim } from '../common/http/form-transforms.js';
import { isCalendarDate } from '../sale-order/order-list-query.js';

const MAX_ID = 2_147_483_647;
/** The longest period of the appraisal report (a quarter). */
export const MAX_APPRAISAL_DAYS = 92;
export const MAX_APPRAISAL_PAGE_SIZE = 500;
export const DEFAULT_APPRAISAL_PAGE_SIZE = 50;

const APPRAISAL_LABELS: Record<string, Localized> = {
  from: { 'zh-CN': '开始日期', en: 'From' },
  to: { 'zh-CN': '结束日期', en: 'To' },
  workerId: { 'zh-CN': '员工', en: 'Worker' },
  departmentId: { 'zh-CN': '部门', en: 'Department' },
  processId: { 'zh-CN': '工序', en: 'Process' },
  page: { 'zh-CN': '页码', en: 'Page' },
  pageSize: { 'zh-CN': '每页条数', en: 'Page size' },
  month: { 'zh-CN': '月份', en: 'Month' },
};

/** A blank query value means the filter is not set (screens send every filter field). */
const BlankAsUnset = () => Transform(({ value }) => (typeof value === 'string' && value.trim() === '' ? undefined : (value as unknown)));
/** A real calendar day written YYYY-MM-DD (2025-02-30 is refused). */
const IsCalendarDay = () => ValidateBy({ name: 'isCalendarDay', validator: { validate: (value) => typeof value === 'string' && isCalendarDate(value) } });
const OptionalId = () => (target: object, key: string) => {
  ApiPropertyOptional({ type: 'integer' })(target, key);
  BlankAsUnset()(target, key);
  ToInteger()(target, key);
  IsOptional()(target, key);
  IsInt()(target, key);
  Min(1)(target, key);
  Max(MAX_ID)(target, key);
};

/** GET /api/admin/statistics/appraisal (and its export). Default period: the current month. */
export class AppraisalQueryDto {
  static fieldLabels = APPRAISAL_LABELS;

  @ApiPropertyOptional({ example: '2026-11-01', description: 'first day (inclusive); default the first of the month of `to` or of today' })
  @BlankAsUnset()
  @Trim()
  @IsOptional()
  @IsCalendarDay()
  from?: string;

  @ApiPropertyOptional({ example: '2026-11-30', description: `last day (inclusive), at most ${MAX_APPRAISAL_DAYS} days after from; default the last of the month of from` })
  @BlankAsUnset()
  @Trim()
  @IsOptional()
  @IsCalendarDay()
  to?: string;

  @OptionalId() workerId?: number;
  @OptionalId() departmentId?: number;
  @OptionalId() processId?: number;

  @ApiPropertyOptional({ type: 'integer', default: 1 }) @BlankAsUnset() @ToInteger() @IsOptional() @IsInt() @Min(1) @Max(1_000_000) page?: number;

  @ApiPropertyOptional({ type: 'integer', default: DEFAULT_APPRAISAL_PAGE_SIZE, maximum: MAX_APPRAISAL_PAGE_SIZE })
  @BlankAsUnset()
  @ToInteger()
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(MAX_APPRAISAL_PAGE_SIZE)
  pageSize?: number;
}

/** GET /api/admin/statistics/payroll (and its export). */
export class PayrollQueryDto {
  static fieldLabels = APPRAISAL_LABELS;

  @ApiProperty({ example: '2026-11', description: 'YYYY-MM' }) @Trim() @IsString() @Matches(/^\d{4}-(0[1-9]|1[0-2])$/) month: string;
  @OptionalId() departmentId?: number;
}

/** GET /api/admin/scan/worker-today */
export class WorkerTodayQueryDto {
  static fieldLabels = APPRAISAL_LABELS;

  @ApiPropertyOptional({ type: 'integer', description: 'default the caller' })
  @BlankAsUnset()
  @ToInteger()
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(MAX_ID)
  workerId?: number;
}

class AppraisalRowDto implements AppraisalRow {
  @ApiProperty() workerId: number;
  @ApiProperty() workerName: string;
  @ApiProperty({ type: 'integer', nullable: true }) departmentId: number | null;
  @ApiProperty({ type: 'string', nullable: true }) departmentName: string | null;
  @ApiProperty() processId: number;
  @ApiProperty() processName: string;
  @ApiProperty({ type: 'integer', nullable: true, description: 'the sub-process, when the scans named one' }) stepId: number | null;
  @ApiProperty({ type: 'string', nullable: true }) stepName: string | null;
  @ApiProperty({ example: '2026-11-03' }) day: string;
  @ApiProperty({ description: 'net of corrections' }) pieces: number;
  @ApiProperty({ type: 'number', nullable: true, description: 'null when the scans were recorded at different rates (or without one)' }) pieceRate: number | null;
  @ApiProperty({ description: 'Σ quantity × rate, two decimals' }) pay: number;
}

class AppraisalTotalDto implements AppraisalTotal {
  @ApiProperty({ oneOf: [{ type: 'integer' }, { type: 'string' }], description: 'worker or process id, or the day' }) key: number | string;
  @ApiProperty() label: string;
  @ApiProperty() pieces: number;
  @ApiProperty() pay: number;
}

class PiecesPayDto {
  @ApiProperty() pieces: number;
  @ApiProperty() pay: number;
}

@ApiExtraModels(AppraisalRowDto, AppraisalTotalDto, PiecesPayDto)
export class AppraisalReportDto implements AppraisalReport {
  @ApiProperty({ type: [AppraisalRowDto], description: 'one page: per worker, process, sub-process and day' }) rows: AppraisalRow[];
  @ApiProperty({ description: 'rows matching the filter' }) total: number;
  @ApiProperty() page: number;
  @ApiProperty() pageSize: number;
  @ApiProperty({ type: PiecesPayDto, description: 'over every row matching the filter' }) totals: { pieces: number; pay: number };
  @ApiProperty({ type: [AppraisalTotalDto] }) byWorker: AppraisalTotal[];
  @ApiProperty({ type: [AppraisalTotalDto] }) byProcess: AppraisalTotal[];
  @ApiProperty({ type: [AppraisalTotalDto] }) byDay: AppraisalTotal[];
}

class PayrollLineDto implements PayrollLine {
  @ApiProperty() workerId: number;
  @ApiProperty() workerName: string;
  @ApiProperty() username: string;
  @ApiProperty({ type: 'string', nullable: true }) departmentName: string | null;
  @ApiProperty() pieces: number;
  @ApiProperty() pay: number;
}

@ApiExtraModels(PayrollLineDto, PiecesPayDto)
export class PayrollReportDto implements PayrollReport {
  @ApiProperty({ example: '2026-11' }) month: string;
  @ApiProperty({ type: [PayrollLineDto] }) lines: PayrollLine[];
  @ApiProperty({ type: PiecesPayDto }) totals: { pieces: number; pay: number };
}

class WorkerTodayProcessDto {
  @ApiProperty() processId: number;
  @ApiProperty() processName: string;
  @ApiProperty() pieces: number;
  @ApiProperty() pay: number;
}

@ApiExtraModels(WorkerTodayProcessDto)
export class WorkerTodayDto implements WorkerToday {
  @ApiProperty() workerId: number;
  @ApiProperty() workerName: string;
  @ApiProperty({ example: '2026-11-24' }) day: string;
  @ApiProperty() pieces: number;
  @ApiProperty() pay: number;
  @ApiProperty({ type: [WorkerTodayProcessDto] }) byProcess: WorkerToday['byProcess'];
}
