import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsDefined, IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import type { Localized } from '../../../contracts/master-data.js';
import { ToBoolean, ToInteger, Trim } from '../common/http/form-transforms.js';
import { DomainException } from '../common/errors/domain.exception.js';

const MAX_ID = 2_147_483_647;
const ORDER_NO = /^[A-Za-z0-9._/-]+$/;

/** Field labels for validation messages (the pipe names the first bad field by these). */
export const PRODUCTION_ORDER_LABELS: Record<string, Localized> = {
  id: { 'zh-CN': '编号', en: 'Id' },
  version: { 'zh-CN': '版本', en: 'Version' },
  orderNo: { 'zh-CN': '生产单号', en: 'Production order no.' },
  customer: { 'zh-CN': '客户', en: 'Customer' },
  goodsId: { 'zh-CN': '款号', en: 'Style' },
  productName: { 'zh-CN': '品名', en: 'Product name' },
  orderDate: { 'zh-CN': '下单日期', en: 'Order date' },
  deliveryDate: { 'zh-CN': '交货日期', en: 'Delivery date' },
  customerOrderNo: { 'zh-CN': '客户订单号', en: 'Customer PO' },
  note: { 'zh-CN': '备注', en: 'Note' },
  cells: { 'zh-CN': '颜色尺码数量', en: 'Colour × size quantities' },
  route: { 'zh-CN': '工艺路线', en: 'Route' },
  saleOrderId: { 'zh-CN': '销售订单', en: 'Sales order' },
  lineIds: { 'zh-CN': '订单明细', en: 'Order lines' },
  document: { 'zh-CN': '生产单据', en: 'Production document' },
  reviewDate: { 'zh-CN': '审核日期', en: 'Review date' },
  confirmWithoutDocument: { 'zh-CN': '确认无单据审核', en: 'Confirm without document' },
  ids: { 'zh-CN': '生产单', en: 'Production orders' },
};

export class ProductionOrderIdDto {
  static fieldLabels = PRODUCTION_ORDER_LABELS;
  @ApiProperty({ type: 'integer' }) @ToInteger() @IsDefined() @IsInt() @Min(1) @Max(MAX_ID) id: number;
}

export class ProductionOrderDeleteDto extends ProductionOrderIdDto {
  @ApiPropertyOptional({ type: 'integer', description: 'the version shown; refused with 409 when stale' })
  @ToInteger()
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(MAX_ID)
  version?: number;
}

/** The fields of direct entry; all optional here, the create DTO makes some required. */
class ProductionOrderFields {
  static fieldLabels = PRODUCTION_ORDER_LABELS;

  @ApiPropertyOptional({ description: 'generated from the numbering pattern when left out' })
  @Transform(({ value }) => (typeof value === 'string' ? value.trim() || undefined : (value as unknown)))
  @IsOptional()
  @IsString()
  @MaxLength(32)
  @Matches(ORDER_NO)
  orderNo?: string;

  @ApiPropertyOptional({ description: 'defaults to the style name' }) @Trim() @IsOptional() @IsString() @MaxLength(128) productName?: string;
  @ApiPropertyOptional() @Trim() @IsOptional() @IsString() @MaxLength(64) customerOrderNo?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(500) note?: string;

  @ApiPropertyOptional({ description: 'JSON string of RouteStep[] ({processId, sequence, dueDate?}); default: every process of the flow in sort order' })
  @IsOptional()
  @IsString()
  @MaxLength(100_000)
  route?: string;
}

export class ProductionOrderCreateDto extends ProductionOrderFields {
  @ApiProperty({ type: 'integer', description: 'customer id' }) @ToInteger() @IsDefined() @IsInt() @Min(1) @Max(MAX_ID) customer: number;
  @ApiProperty({ type: 'integer', description: 'style (goods) id' }) @ToInteger() @IsDefined() @IsInt() @Min(1) @Max(MAX_ID) goodsId: number;
  @ApiProperty({ example: '2025-03-01' }) @Trim() @IsDefined() @IsString() orderDate: string;
  @ApiProperty({ example: '2025-04-15' }) @Trim() @IsDefined() @IsString() deliveryDate: string;

  @ApiProperty({ description: 'JSON string of MatrixCell[] ({colorId, sizeId, quantity}); at least one positive quantity' })
  @IsDefined()
  @IsString()
  @MaxLength(500_000)
  cells: string;
}

export class ProductionOrderUpdateDto extends ProductionOrderFields {
  @ApiProperty({ type: 'integer' }) @ToInteger() @IsDefined() @IsInt() @Min(1) @Max(MAX_ID) id: number;
  @ApiProperty({ type: 'integer' }) @ToInteger() @IsDefined() @IsInt() @Min(1) @Max(MAX_ID) version: number;
  @ApiPropertyOptional({ type: 'integer' }) @ToInteger() @IsOptional() @IsInt() @Min(1) @Max(MAX_ID) customer?: number;
  @ApiPropertyOptional({ type: 'integer' }) @ToInteger() @IsOptional() @IsInt() @Min(1) @Max(MAX_ID) goodsId?: number;
  @ApiPropertyOptional() @Trim() @IsOptional() @IsString() orderDate?: string;
  @ApiPropertyOptional() @Trim() @IsOptional() @IsString() deliveryDate?: string;
  @ApiPropertyOptional({ description: 'JSON string of MatrixCell[]' }) @IsOptional() @IsString() @MaxLength(500_000) cells?: string;
}

export class CreateFromSaleOrderDto {
  static fieldLabels = PRODUCTION_ORDER_LABELS;
  @ApiProperty({ type: 'integer' }) @ToInteger() @IsDefined() @IsInt() @Min(1) @Max(MAX_ID) saleOrderId: number;

  @ApiPropertyOptional({ description: 'line ids, comma-separated; empty = every line not yet in production', example: '3,4' })
  @IsOptional()
  @IsString()
  @MaxLength(10_000)
  lineIds?: string;
}

export class UploadDocumentDto {
  static fieldLabels = PRODUCTION_ORDER_LABELS;
  @ApiProperty({ type: 'integer' }) @ToInteger() @IsDefined() @IsInt() @Min(1) @Max(MAX_ID) id: number;
  @ApiProperty({ type: 'integer' }) @ToInteger() @IsDefined() @IsInt() @Min(1) @Max(MAX_ID) version: number;
  @ApiProperty({ description: 'upload id from POST /api/admin/upload/image' }) @IsDefined() @IsString() @MaxLength(64) document: string;
}

export class ReviewDto {
  static fieldLabels = PRODUCTION_ORDER_LABELS;
  @ApiProperty({ type: 'integer' }) @ToInteger() @IsDefined() @IsInt() @Min(1) @Max(MAX_ID) id: number;
  @ApiProperty({ type: 'integer' }) @ToInteger() @IsDefined() @IsInt() @Min(1) @Max(MAX_ID) version: number;
  @ApiPropertyOptional({ description: 'YYYY-MM-DD; default today' }) @Trim() @IsOptional() @IsString() reviewDate?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(500) note?: string;

  @ApiPropertyOptional({ type: 'boolean', description: "'true' reviews an order without a production document" })
  @ToBoolean()
  @IsOptional()
  @IsBoolean()
  confirmWithoutDocument?: boolean;
}

export class CancelReviewDto {
  static fieldLabels = PRODUCTION_ORDER_LABELS;
  @ApiProperty({ type: 'integer' }) @ToInteger() @IsDefined() @IsInt() @Min(1) @Max(MAX_ID) id: number;
  @ApiProperty({ type: 'integer' }) @ToInteger() @IsDefined() @IsInt() @Min(1) @Max(MAX_ID) version: number;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(500) note?: string;
}

export class IdsDto {
  static fieldLabels = PRODUCTION_ORDER_LABELS;
  @ApiProperty({ description: 'production order ids, comma-separated', example: '3,4' })
  @IsDefined()
  @IsString()
  @MaxLength(20_000)
  ids: string;
}

export class DocumentQueryDto extends ProductionOrderIdDto {}

/** addDocument's order id (query `id` or multipart field `id`), checked by hand: the body is multipart. */
export class OrderDocumentAddDto {
  static parse(value: unknown): { id: number } {
    const id = typeof value === 'number' ? value : typeof value === 'string' && /^\d{1,10}$/.test(value.trim()) ? Number(value) : NaN;
    if (!Number.isInteger(id) || id < 1 || id > MAX_ID) {
      throw new DomainException('validation', {}, { field: 'id', problem: value === undefined || value === '' ? 'required' : 'invalid', label: PRODUCTION_ORDER_LABELS.id });
    }
    return { id };
  }
}

export class OrderDocumentRemoveDto {
  static fieldLabels = { ...PRODUCTION_ORDER_LABELS, upload: { 'zh-CN': '文件编号', en: 'File id' } };
  @ApiProperty({ type: 'integer' }) @ToInteger() @IsDefined() @IsInt() @Min(1) @Max(MAX_ID) id: number;
  @ApiProperty({ description: 'attachment id (32 hex digits)' }) @Trim() @IsDefined() @IsString() @Matches(/^[0-9a-f]{32}$/) upload: string;
}
