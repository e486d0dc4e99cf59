import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { plainToInstance, Transform } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsDefined, IsInt, IsOptional, IsString, Max, MaxLength, Min, ValidateIf, ValidateNested } from 'class-validator';
import { MAX_BUNDLE_SIZE, type LaySizeInput } from '../../../contracts/bundles.js';
import type { Localized } from '../../../contracts/master-data.js';
import { ToInteger, Trim } from '../common/http/form-transforms.js';

const MAX_ID = 2_147_483_647;
/** Pieces per ply of one size on a marker. */
export const MAX_LAY_RATIO = 100;
/** Pieces of one size given directly. */
export const MAX_LAY_QUANTITY = 100_000;
export const MAX_LAY_SIZES = 50;

export const CUTTING_LABELS: Record<string, Localized> = {
  id: { 'zh-CN': '床次', en: 'Lay' },
  orderId: { 'zh-CN': '生产单', en: 'Production order' },
  colorId: { 'zh-CN': '颜色', en: 'Colour' },
  plies: { 'zh-CN': '层数', en: 'Plies' },
  sizes: { 'zh-CN': '尺码配比', en: 'Sizes' },
  sizeId: { 'zh-CN': '尺码', en: 'Size' },
  ratio: { 'zh-CN': '配比', en: 'Ratio' },
  quantity: { 'zh-CN': '数量', en: 'Quantity' },
  bundleSize: { 'zh-CN': '每扎件数', en: 'Pieces per bundle' },
  cutterId: { 'zh-CN': '裁剪工', en: 'Cutter' },
  note: { 'zh-CN': '备注', en: 'Note' },
  version: { 'zh-CN': '版本', en: 'Version' },
  layId: { 'zh-CN': '床次', en: 'Lay' },
};

export class LaySizeDto implements LaySizeInput {
  @ToInteger() @IsDefined() @IsInt() @Min(1) @Max(MAX_ID) sizeId: number;
  @ToInteger() @IsOptional() @IsInt() @Min(1) @Max(MAX_LAY_RATIO) ratio?: number;
  @ToInteger() @IsOptional() @IsInt() @Min(1) @Max(MAX_LAY_QUANTITY) quantity?: number;
}

/** POST /api/admin/cutting/lay and PUT /api/admin/cutting/lay/:id (contracts/bundles.ts LayInput). */
export class LayDto {
  static fieldLabels = CUTTING_LABELS;

  @ApiProperty({ type: 'integer' }) @ToInteger() @IsDefined() @IsInt() @Min(1) @Max(MAX_ID) orderId: number;
  @ApiProperty({ type: 'integer' }) @ToInteger() @IsDefined() @IsInt() @Min(1) @Max(MAX_ID) colorId: number;
  @ApiProperty({ type: 'integer', minimum: 1, maximum: 1000 }) @ToInteger() @IsDefined() @IsInt() @Min(1) @Max(1000) plies: number;

  @ApiProperty({ description: 'array (JSON body) or JSON string (form) of {sizeId, ratio?, quantity?}: exactly one of ratio/quantity per size' })
  // @Type cannot convert a JSON string: parse it and build the nested instances here, so the nested rules run.
  @Transform(({ value }) => {
    let parsed: unknown = value;
    if (typeof value === 'string') {
      try {
        parsed = JSON.parse(value);
      } catch {
        return value;
      }
    }
    return Array.isArray(parsed) ? plainToInstance(LaySizeDto, parsed.map((row) => (row !== null && typeof row === 'object' ? row : {})) as object[]) : parsed;
  })
  @IsDefined()
  @IsArray()
    @ArrayMaxSize(MAX_LAY_SIZES)
  @ValidateNested({ each: true })
  sizes: LaySizeDto[];

  @ApiProperty({ type: 'integer', minimum: 1, maximum: MAX_BUNDLE_SIZE })
  @ToInteger()
  @IsDefined()
  @IsInt()
  @Min(1)
  @Max(MAX_BUNDLE_SIZE)
  bundleSize: number;

  @ApiPropertyOptional({ type: 'integer', description: 'the cutter credited with the cutting scans; default the caller' })
  @ToInteger()
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(MAX_ID)
  cutterId?: number;

  @ApiPropertyOptional() @Trim() @IsOptional() @IsString() @MaxLength(500) note?: string;

  @ApiPropertyOptional({ type: 'integer', description: 'on edit: the version read (409 staleVersion when it moved)' })
  @ToInteger()
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(MAX_ID)
  version?: number;
}

export class LayIdParamDto {
  static fieldLabels = CUTTING_LABELS;
  @ApiProperty({ type: 'integer' }) @ToInteger() @IsDefined() @IsInt() @Min(1) @Max(MAX_ID) id: number;
}

export class OrderIdParamDto {
  static fieldLabels = CUTTING_LABELS;
  @ApiProperty({ type: 'integer' }) @ToInteger() @IsDefined() @IsInt() @Min(1) @Max(MAX_ID) orderId: number;
}

export class LayDeleteQueryDto {
  static fieldLabels = CUTTING_LABELS;
  @ApiPropertyOptional({ type: 'integer', description: 'the version read (409 staleVersion when it moved)' })
  @ToInteger()
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(MAX_ID)
  version?: number;
}

export class TicketQueryDto {
  static fieldLabels = CUTTING_LABELS;
  @ApiPropertyOptional({ type: 'integer' }) @ToInteger() @ValidateIf((dto: TicketQueryDto) => dto.orderId === undefined) @IsDefined() @IsInt() @Min(1) @Max(MAX_ID) layId?: number;
  @ApiPropertyOptional({ type: 'integer' }) @ToInteger() @IsOptional() @IsInt() @Min(1) @Max(MAX_ID) orderId?: number;
}
