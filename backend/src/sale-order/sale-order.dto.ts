import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsDefined, IsInt, IsNumber, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import type { Localized } from '../../../contracts/master-data.js';
import { ToInteger, Trim } from '../common/http/form-transforms.js';

// Form bodies carry strings: '' for an optional reference means "none" (null); numbers are
// converted only when they look like numbers, so the validator names the field otherwise.
const ToOptionalId = () =>
  Transform(({ value }) => {
    if (value === '' || value === null || value === 'null') return null;
    if (typeof value === 'string' && /^\s*\d+\s*$/.test(value)) return Number(value);
    return value as unknown;
  });
const ToMoney = () =>
  Transform(({ value }) => {
    if (typeof value === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(value)) return Number(value);
    return value as unknown;
  });
const ToOptionalDate = () => Transform(({ value }) => (value === '' || value === 'null' ? null : typeof value === 'string' ? value.trim() : (value as unknown)));

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const MAX_ID = 2_147_483_647;
export const MAX_MONEY = 9_999_999_999.99;
/** The JSON of the lines; 200 lines of a few hundred cells each stay far below it. */
export const MAX_LINES_JSON = 2_000_000;

export const SALE_ORDER_LABELS: Record<string, Localized> = {
  id: { 'zh-CN': 'ID', en: 'ID' },
  version: { 'zh-CN': '版本', en: 'Version' },
  orderNo: { 'zh-CN': '订单号', en: 'Order no.' },
  orderDate: { 'zh-CN': '下单日期', en: 'Order date' },
  deliveryDate: { 'zh-CN': '交货日期', en: 'Delivery date' },
  expectedDelivery: { 'zh-CN': '预计交货', en: 'Expected delivery' },
  customer: { 'zh-CN': '客户', en: 'Customer' },
  customerOrderNo: { 'zh-CN': '客户订单号', en: 'Customer PO' },
  currency: { 'zh-CN': '币种', en: 'Currency' },
  freight: { 'zh-CN': '运费', en: 'Freight' },
  payMethod: { 'zh-CN': '付款方式', en: 'Payment method' },
  orderType: { 'zh-CN': '单据类型', en: 'Order type' },
  shipmentPlace: { 'zh-CN': '出货地点', en: 'Shipment place' },
  salesperson: { 'zh-CN': '业务员', en: 'Salesperson' },
  designer: { 'zh-CN': '设计师', en: 'Designer' },
  merchandiser: { 'zh-CN': '跟单员', en: 'Merchandiser' },
  note: { 'zh-CN': '备注', en: 'Note' },
  lines: { 'zh-CN': '明细', en: 'Lines' },
  totalQuantity: { 'zh-CN': '总数量', en: 'Total quantity' },
  totalAmount: { 'zh-CN': '总金额', en: 'Total amount' },
  totalCost: { 'zh-CN': '总成本', en: 'Total cost' },
  profit: { 'zh-CN': '利润', en: 'Profit' },
  profitRate: { 'zh-CN': '利润率', en: 'Profit rate' },
  productionOrderCount: { 'zh-CN': '生产单数', en: 'Production orders' },
  goodsId: { 'zh-CN': '款式', en: 'Style' },
  costPrice: { 'zh-CN': '成本价', en: 'Cost price' },
  sellingPrice: { 'zh-CN': '销售价', en: 'Selling price' },
  quantity: { 'zh-CN': '数量', en: 'Quantity' },
  packingQuantity: { 'zh-CN': '装箱数', en: 'Packing quantity' },
  productName: { 'zh-CN': '品名', en: 'Product name' },
  packingUnit: { 'zh-CN': '包装单位', en: 'Packing unit' },
};

function optionalId(description: string): PropertyDecorator[] {
  return [ApiPropertyOptional({ type: 'integer', nullable: true, description }), ToOptionalId(), IsOptional(), IsInt(), Min(1), Max(MAX_ID)];
}
function optionalText(max: number): PropertyDecorator[] {
  return [ApiPropertyOptional({ type: 'string', maxLength: max }), Trim(), IsOptional(), IsString(), MaxLength(max)];
}
const apply = (target: object, field: string, decorators: PropertyDecorator[]) => decorators.forEach((decorate) => decorate(target, field));

/**
 * The header fields shared by create and update. On update every field is optional: left out
 * keeps its value (and `lines` left out keeps the lines).
 */
function headerDto(mode: 'create' | 'update') {
  const required = mode === 'create';
  class Header {
    static fieldLabels = SALE_ORDER_LABELS;
    orderNo?: string;
    orderDate: string;
    deliveryDate: string;
    expectedDelivery?: string | null;
    customer: number;
    customerOrderNo?: string;
    currency?: number | null;
    freight?: number;
    payMethod?: number | null;
    orderType?: number | null;
    shipmentPlace?: string;
    salesperson?: number | null;
    designer?: number | null;
    merchandiser?: number | null;
    note?: string;
    lines: string;
  }
  const p = Header.prototype;
  const presence = required ? [IsDefined()] : [IsOptional()];
  apply(p, 'orderNo', [
    ApiPropertyOptional({ type: 'string', maxLength: 32, description: 'Generated from the numbering pattern when left out or empty' }),
    // An empty form field means "generate one".
    Transform(({ value }) => (typeof value === 'string' ? value.trim() || undefined : (value as unknown))),
    IsOptional(),
    IsString(),
    MaxLength(32),
    Matches(/^[A-Za-z0-9\-_./#]+$/, { context: { problem: 'codeInvalid' } }),
  ]);
  for (const field of ['orderDate', 'deliveryDate']) {
    apply(p, field, [ApiProperty({ type: 'string', example: '2025-11-24', required }), Trim(), ...presence, IsString(), Matches(DATE, { context: { problem: 'invalid' } })]);
  }
  apply(p, 'expectedDelivery', [ApiPropertyOptional({ type: 'string', example: '2025-12-20', nullable: true }), ToOptionalDate(), IsOptional(), IsString(), Matches(DATE, { context: { problem: 'invalid' } })]);
  apply(p, 'customer', [ApiProperty({ type: 'integer', required }), ToInteger(), ...presence, IsInt(), Min(1), Max(MAX_ID)]);
  apply(p, 'customerOrderNo', optionalText(64));
  apply(p, 'shipmentPlace', optionalText(128));
  apply(p, 'note', optionalText(500));
  for (const field of ['currency', 'payMethod', 'orderType', 'salesperson', 'designer', 'merchandiser']) apply(p, field, optionalId(`${field} id; empty = none`));
  apply(p, 'freight', [ApiPropertyOptional({ type: 'number', example: 120 }), ToMoney(), IsOptional(), IsNumber({ maxDecimalPlaces: 2, allowNaN: false, allowInfinity: false }), Min(0), Max(MAX_MONEY)]);
  apply(p, 'lines', [
    ApiProperty({ type: 'string', required, description: 'JSON string of SaleOrderLineInput[] (contracts/orders.ts); at least one line', example: '[{"goodsId":1,"costPrice":10,"sellingPrice":25,"cells":[{"colorId":1,"sizeId":2,"quantity":100}]}]' }),
    ...presence,
    IsString(),
    MaxLength(MAX_LINES_JSON),
  ]);
  return Header;
}

export class SaleOrderCreateDto extends headerDto('create') {}

export class SaleOrderUpdateDto extends headerDto('update') {
  @ApiProperty({ type: 'integer' })
  @ToInteger()
  @IsDefined()
  @IsInt()
  @Min(1)
  id: number;

  @ApiProperty({ type: 'integer', description: 'The version the client read; 409 when stale' })
  @ToInteger()
  @IsDefined()
  @IsInt()
  @Min(1)
  version: number;
}
