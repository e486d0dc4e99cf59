import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsDefined, IsInt, IsISO8601, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { MAX_BUNDLE_SIZE, type BundleScanInput } from '../../../contracts/bundles.js';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, type Localized } from '../../../contracts/master-data.js';
import { ToBoolean, ToInteger, Trim } from '../common/http/form-transforms.js';
import { ScanIdField } from '../scan/scan.dto.js';

const MAX_ID = 2_147_483_647;

export const BUNDLE_LABELS: Record<string, Localized> = {
  scanId: { 'zh-CN': '扫描编号', en: 'Scan id' },
  code: { 'zh-CN': '菲号', en: 'Bundle' },
  processId: { 'zh-CN': '工序', en: 'Process' },
  quantity: { 'zh-CN': '数量', en: 'Quantity' },
  workerId: { 'zh-CN': '员工', en: 'Worker' },
  deviceId: { 'zh-CN': '设备', en: 'Device' },
  scannedAt: { 'zh-CN': '扫描时间', en: 'Scan time' },
  orderId: { 'zh-CN': '生产单', en: 'Production order' },
  colorId: { 'zh-CN': '颜色', en: 'Colour' },
  sizeId: { 'zh-CN': '尺码', en: 'Size' },
  stuck: { 'zh-CN': '停滞', en: 'Stuck' },
  page: { 'zh-CN': '页码', en: 'Page' },
  pageSize: { 'zh-CN': '每页条数', en: 'Page size' },
  size: { 'zh-CN': '每页条数', en: 'Page size' },
};

/** A scanned bundle: its code or its ticket's QR text (bundle scans, inspections, rework). */
export const BundleCodeField = () => (target: object, key: string) => {
  ApiProperty({ description: "the bundle code (case-insensitive) or the bundle ticket's QR text (SB1B|<code>)", example: 'PO202611-0001-007' })(target, key);
  Trim()(target, key);
  IsDefined()(target, key);
  IsString()(target, key);
  MaxLength(128)(target, key);
};

/** POST /api/admin/bundle/scan (contracts/bundles.ts BundleScanInput). */
export class BundleScanDto implements BundleScanInput {
  static fieldLabels = BUNDLE_LABELS;

  @ScanIdField() scanId: string;
  @BundleCodeField() code: string;
  @ApiProperty({ type: 'integer' }) @ToInteger() @IsDefined() @IsInt() @Min(1) @Max(MAX_ID) processId: number;

  @ApiPropertyOptional({ type: 'integer', description: 'default: every piece open at the process; fewer is a partial bundle' })
  @ToInteger()
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(MAX_BUNDLE_SIZE * 1000)
  quantity?: number;

  @ApiPropertyOptional({ type: 'integer' }) @ToInteger() @IsOptional() @IsInt() @Min(1) @Max(MAX_ID) workerId?: number;
  @ApiPropertyOptional() @Trim() @IsOptional() @IsString() @MaxLength(64) deviceId?: string;
  @ApiPropertyOptional() @Trim() @IsOptional() @IsISO8601({ strict: true }) scannedAt?: string;
}

export class BundleCodeParamDto {
  static fieldLabels = BUNDLE_LABELS;
  @ApiProperty() @Trim() @IsDefined() @IsString() @MaxLength(128) code: string;
}

/** GET /api/admin/bundle/list */
export class BundleListQueryDto {
  static fieldLabels = BUNDLE_LABELS;
  @ApiPropertyOptional({ type: 'integer' }) @ToInteger() @IsOptional() @IsInt() @Min(1) @Max(MAX_ID) orderId?: number;
  @ApiPropertyOptional({ type: 'integer' }) @ToInteger() @IsOptional() @IsInt() @Min(1) @Max(MAX_ID) colorId?: number;
  @ApiPropertyOptional({ type: 'integer' }) @ToInteger() @IsOptional() @IsInt() @Min(1) @Max(MAX_ID) sizeId?: number;
  @ApiPropertyOptional({ type: 'integer', description: 'bundles whose furthest process with pieces is this one' })
  @ToInteger()
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(MAX_ID)
  processId?: number;
  @ApiPropertyOptional({ type: 'boolean' }) @ToBoolean() @IsOptional() @IsBoolean() stuck?: boolean;
  @ApiPropertyOptional({ type: 'integer', default: 1 }) @ToInteger() @IsOptional() @IsInt() @Min(1) @Max(1_000_000) page?: number;
  @ApiPropertyOptional({ type: 'integer', default: DEFAULT_PAGE_SIZE, maximum: MAX_PAGE_SIZE }) @ToInteger() @IsOptional() @IsInt() @Min(1) @Max(MAX_PAGE_SIZE) pageSize?: number;
  @ApiPropertyOptional({ type: 'integer', description: 'alias of pageSize' }) @ToInteger() @IsOptional() @IsInt() @Min(1) @Max(MAX_PAGE_SIZE) size?: number;
}

/** GET /api/admin/bundle/wip */
export class WipQueryDto {
  static fieldLabels = BUNDLE_LABELS;
  @ApiPropertyOptional({ type: 'integer', description: 'one order; default every open order' }) @ToInteger() @IsOptional() @IsInt() @Min(1) @Max(MAX_ID) orderId?: number;
}
