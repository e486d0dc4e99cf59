import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsDefined, IsInt, IsISO8601, IsOptional, IsString, Matches, Max, MaxLength, Min, ValidateIf } from 'class-validator';
import type { Localized } from '../../../contracts/master-data.js';
import { MAX_SCAN_QUANTITY, SCAN_ID_PATTERN } from '../../../contracts/production.js';
import { ToInteger, Trim } from '../common/http/form-transforms.js';

const MAX_ID = 2_147_483_647;

export const SCAN_LABELS: Record<string, Localized> = {
  scanId: { 'zh-CN': '扫描编号', en: 'Scan id' },
  orderId: { 'zh-CN': '生产单', en: 'Production order' },
  orderNo: { 'zh-CN': '生产单号', en: 'Production order no.' },
  processId: { 'zh-CN': '工序', en: 'Process' },
  quantity: { 'zh-CN': '数量', en: 'Quantity' },
  colorId: { 'zh-CN': '颜色', en: 'Colour' },
  sizeId: { 'zh-CN': '尺码', en: 'Size' },
  workerId: { 'zh-CN': '员工', en: 'Worker' },
  deviceId: { 'zh-CN': '设备', en: 'Device' },
  scannedAt: { 'zh-CN': '扫描时间', en: 'Scan time' },
  reversesScanId: { 'zh-CN': '要撤销的扫描', en: 'Scan to take back' },
  note: { 'zh-CN': '备注', en: 'Note' },
  stepId: { 'zh-CN': '子工序', en: 'Sub-process' },
};

/** A client-generated scan id (exactly-once key): shared by every endpoint that records a scan. */
export const ScanIdField = () => (target: object, key: string) => {
  ApiProperty({ description: 'client-generated id, 8–64 of [A-Za-z0-9_-] (a UUID fits)', example: '5b0d0c1e-3f5e-4a51-9a4b-8e2f1d7c6a90' })(target, key);
  Trim()(target, key);
  IsDefined()(target, key);
  IsString()(target, key);
  Matches(SCAN_ID_PATTERN)(target, key);
};

/** POST /api/admin/scan/record (contracts/production.ts ScanInput). */
export class RecordScanDto {
  static fieldLabels = SCAN_LABELS;

  @ScanIdField() scanId: string;

  @ApiPropertyOptional({ type: 'integer', description: 'the production order id; or give orderNo' })
  @ToInteger()
  @ValidateIf((dto: RecordScanDto) => dto.orderNo === undefined || dto.orderId !== undefined)
  @IsDefined()
  @IsInt()
  @Min(1)
  @Max(MAX_ID)
  orderId?: number;

  @ApiPropertyOptional({ description: 'the production order number (what a job ticket carries)' })
  @Trim()
  @IsOptional()
  @IsString()
  @MaxLength(32)
  orderNo?: string;

  @ApiProperty({ type: 'integer' }) @ToInteger() @IsDefined() @IsInt() @Min(1) @Max(MAX_ID) processId: number;

  @ApiProperty({ type: 'integer', minimum: 1, maximum: MAX_SCAN_QUANTITY })
  @ToInteger()
  @IsDefined()
  @IsInt()
  @Min(1)
  @Max(MAX_SCAN_QUANTITY)
  quantity: number;

  @ApiPropertyOptional({ type: 'integer', description: 'with sizeId: the pieces are of one colour and size' })
  @ToInteger()
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(MAX_ID)
  colorId?: number;

  @ApiPropertyOptional({ type: 'integer' }) @ToInteger() @IsOptional() @IsInt() @Min(1) @Max(MAX_ID) sizeId?: number;

  @ApiPropertyOptional({ type: 'integer', description: 'user credited with the pieces; default the caller' })
  @ToInteger()
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(MAX_ID)
  workerId?: number;

  @ApiPropertyOptional() @Trim() @IsOptional() @IsString() @MaxLength(64) deviceId?: string;

  @ApiPropertyOptional({ description: 'ISO time the device recorded the scan (offline queues); default now' })
  @Trim()
  @IsOptional()
  @IsISO8601({ strict: true })
  scannedAt?: string;

  @ApiPropertyOptional({ type: 'integer', description: "a sub-process (step id) of processId: the scan is paid at the step's rate; progress moves as for any scan" })
  @ToInteger()
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(MAX_ID)
  stepId?: number;
}

/** POST /api/admin/scan/reverse (contracts/production.ts ScanReverseInput). */
export class ReverseScanDto {
  static fieldLabels = SCAN_LABELS;

  @ScanIdField() scanId: string;

  @ApiProperty({ description: 'the client scan id of the scan to take back' })
  @Trim()
  @IsDefined()
  @IsString()
  @Matches(SCAN_ID_PATTERN)
  reversesScanId: string;

  @ApiPropertyOptional() @Trim() @IsOptional() @IsString() @MaxLength(64) deviceId?: string;
  @ApiPropertyOptional() @Trim() @IsOptional() @IsString() @MaxLength(500) note?: string;
}

/** GET /api/admin/scan/lookup */
export class ScanLookupQueryDto {
  static fieldLabels = SCAN_LABELS;

  @ApiPropertyOptional({ type: 'integer' })
  @ToInteger()
  @ValidateIf((dto: ScanLookupQueryDto) => dto.orderNo === undefined || dto.orderId !== undefined)
  @IsDefined()
  @IsInt()
  @Min(1)
  @Max(MAX_ID)
  orderId?: number;

  @ApiPropertyOptional({ description: 'an order number or a scanned ticket text' }) @Trim() @IsOptional() @IsString() @MaxLength(128) orderNo?: string;
  @ApiPropertyOptional({ type: 'integer' }) @ToInteger() @IsOptional() @IsInt() @Min(1) @Max(MAX_ID) processId?: number;
}
