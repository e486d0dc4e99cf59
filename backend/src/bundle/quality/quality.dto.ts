import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { plainToInstance, Transform } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsDefined, IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min, ValidateIf, ValidateNested } from 'class-validator';
import { DEFECT_DISPOSITIONS, MAX_BUNDLE_SIZE, type DefectDisposition, type DefectInput, type InspectInput, type ReworkInput } from '../../../../contracts/bundles.js';
import type { Localized } from '../../../../contracts/master-data.js';
import { ToInteger, Trim } from '../../common/http/form-transforms.js';
import { ScanIdField } from '../../scan/scan.dto.js';
import { BundleCodeField } from '../bundle.dto.js';

const MAX_ID = 2_147_483_647;
/** More defect lines than one bundle could hold is a malformed request. */
const MAX_DEFECT_LINES = 50;

export const QUALITY_LABELS: Record<string, Localized> = {
  scanId: { 'zh-CN': '扫描编号', en: 'Scan id' },
  code: { 'zh-CN': '菲号', en: 'Bundle' },
  processId: { 'zh-CN': '工序', en: 'Process' },
  passed: { 'zh-CN': '合格数量', en: 'Passed' },
  defects: { 'zh-CN': '疵点', en: 'Defects' },
  defectTypeId: { 'zh-CN': '疵点类型', en: 'Defect type' },
  quantity: { 'zh-CN': '数量', en: 'Quantity' },
  disposition: { 'zh-CN': '处理方式', en: 'Disposition' },
  reworkProcessId: { 'zh-CN': '返工工序', en: 'Rework process' },
  workerId: { 'zh-CN': '员工', en: 'Worker' },
  deviceId: { 'zh-CN': '设备', en: 'Device' },
};

// Inspections and rework scans share their field rules, declared once here rather than through a
// common base class: class-validator checks a class's own fields before inherited ones, so a base
// holding scanId/code/workerId would change which field a body with several faults is refused for.

/** A number of pieces of one bundle: at least `min` (0: none may pass), at most a bundle's size. */
const PiecesField = ({ min, optional = false, description }: { min: 0 | 1; optional?: boolean; description?: string }) =>
  applyDecorators(
    (optional ? ApiPropertyOptional : ApiProperty)({ type: 'integer', minimum: min, maximum: MAX_BUNDLE_SIZE, ...(description && { description }) }),
    ToInteger(),
    optional ? IsOptional() : IsDefined(),
    IsInt(),
    Min(min),
    Max(MAX_BUNDLE_SIZE),
  );

/** The worker a scan is credited to, when not the caller (`description` says who that is). */
const CreditedWorkerField = (description: string) =>
  applyDecorators(ApiPropertyOptional({ type: 'integer', description }), ToInteger(), IsOptional(), IsInt(), Min(1), Max(MAX_ID));

/** One defect line of an inspection (contracts/bundles.ts DefectInput). */
export class DefectDto implements DefectInput {
  static fieldLabels = QUALITY_LABELS;

  @ApiProperty({ type: 'integer' }) @ToInteger() @IsDefined() @IsInt() @Min(1) @Max(MAX_ID) defectTypeId: number;

  @PiecesField({ min: 1 }) quantity: number;

  @ApiProperty({ enum: DEFECT_DISPOSITIONS }) @IsDefined() @IsIn(DEFECT_DISPOSITIONS) disposition: DefectDisposition;

  @ApiPropertyOptional({ type: 'integer', description: 'for rework (required then): an earlier process of the route, after cutting' })
  @ToInteger()
  @ValidateIf((dto: DefectDto) => dto.disposition === 'rework' || dto.reworkProcessId !== undefined)
  @IsDefined()
  @IsInt()
  @Min(1)
  @Max(MAX_ID)
  reworkProcessId?: number;
}

/** POST /api/admin/bundle/inspect (contracts/bundles.ts InspectInput). */
export class InspectDto implements InspectInput {
  static fieldLabels = QUALITY_LABELS;

  @ScanIdField() scanId: string;
  @BundleCodeField() code: string;

  @ApiProperty({ type: 'integer', description: 'a process of the route flagged QC' }) @ToInteger() @IsDefined() @IsInt() @Min(1) @Max(MAX_ID) processId: number;

  @PiecesField({ min: 0, description: 'good pieces (a scan at the QC process for the inspector)' }) passed: number;

  @ApiProperty({
    type: [DefectDto],
    description: 'the defects found: an array, or (form encoding) a JSON string of it; empty when none',
    example: '[{"defectTypeId":1,"quantity":2,"disposition":"rework","reworkProcessId":3}]',
  })
  // Form encoding carries no nested objects: a JSON string is parsed and the nested instances
  // built here, so their rules run (as the route catalogue does).
  @Transform(({ value }) => {
    let parsed: unknown = value;
    if (typeof value === 'string') {
      if (value.trim() === '') return [];
      try {
        parsed = JSON.parse(value);
      } catch {
        return value;
      }
    }
    return Array.isArray(parsed) ? plainToInstance(DefectDto, parsed as object[]) : parsed;
  })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_DEFECT_LINES)
  @ValidateNested({ each: true })
  defects: DefectDto[] = [];

  @CreditedWorkerField('the inspector credited; default the caller') workerId?: number;

  @ApiPropertyOptional() @Trim() @IsOptional() @IsString() @MaxLength(64) deviceId?: string;
}

/** POST /api/admin/bundle/rework (contracts/bundles.ts ReworkInput). */
export class ReworkDto implements ReworkInput {
  static fieldLabels = QUALITY_LABELS;

  @ScanIdField() scanId: string;
  @BundleCodeField() code: string;

  @ApiProperty({ type: 'integer', description: 'the process the pieces were sent back to' }) @ToInteger() @IsDefined() @IsInt() @Min(1) @Max(MAX_ID) processId: number;

  @PiecesField({ min: 1, optional: true, description: 'default: every piece waiting for rework here' }) quantity?: number;

  @CreditedWorkerField('the worker credited; default the caller') workerId?: number;

  @ApiPropertyOptional() @Trim() @IsOptional() @IsString() @MaxLength(64) deviceId?: string;
}
