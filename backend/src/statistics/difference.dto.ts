import { applyDecorators } from '@nestjs/common';
import { ApiExtraModels, ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import {
  DIFFERENCE_MAX_PAGE_SIZE,
  DIFFERENCE_STATUSES,
  type DifferenceCell,
  type DifferenceGroup,
  type DifferenceNumbers,
  type DifferenceOrder,
  type DifferenceQuery,
  type DifferenceReport,
  type DifferenceStatus,
} from '../../../contracts/difference.js';
import { DEFAULT_PAGE_SIZE, type Localized } from '../../../contracts/master-data.js';
import { ToBoolean, ToInteger, Trim } from '../common/http/form-transforms.js';
import { MAX_CLIENT_NUMBER } from '../common/http/validation-pipe.js';
import { BlankAsUnset, IsCalendarDay } from '../schedule/schedule.dto.js';

/** Field names in both languages: validation messages name the field the user sees. */
export const DIFFERENCE_LABELS: Record<string, Localized> = {
  page: { 'zh-CN': '页码', en: 'Page' },
  pageSize: { 'zh-CN': '每页条数', en: 'Page size' },
  customerId: { 'zh-CN': '客户', en: 'Customer' },
  goodsId: { 'zh-CN': '款式', en: 'Style' },
  orderNo: { 'zh-CN': '生产单号', en: 'Order no.' },
  orderDateFrom: { 'zh-CN': '下单日期从', en: 'Order date from' },
  orderDateTo: { 'zh-CN': '下单日期到', en: 'Order date to' },
  deliveryFrom: { 'zh-CN': '交货日期从', en: 'Delivery from' },
  deliveryTo: { 'zh-CN': '交货日期到', en: 'Delivery to' },
  status: { 'zh-CN': '状态', en: 'Status' },
  onlyDifferences: { 'zh-CN': '只看有差异', en: 'Only differences' },
  orderId: { 'zh-CN': '生产单', en: 'Production order' },
};

const IdFilter = () => applyDecorators(BlankAsUnset(), ToInteger(), IsOptional(), IsInt(), Min(1), Max(MAX_CLIENT_NUMBER));
const DayFilter = () => applyDecorators(BlankAsUnset(), Trim(), IsOptional(), IsCalendarDay());

/**
 * GET /api/admin/statistics/difference (and /export): which orders. Blank values mean "not set"
 * (the screen sends every filter field). That a from-day is not after its to-day is checked by
 * the service, which names the field.
 */
export class DifferenceQueryDto implements DifferenceQuery {
  static fieldLabels = DIFFERENCE_LABELS;

  @ApiPropertyOptional({ type: 'integer', default: 1 }) @BlankAsUnset() @ToInteger() @IsOptional() @IsInt() @Min(1) @Max(1_000_000) page?: number;

  @ApiPropertyOptional({ type: 'integer', default: DEFAULT_PAGE_SIZE, maximum: DIFFERENCE_MAX_PAGE_SIZE })
  @BlankAsUnset()
  @ToInteger()
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(DIFFERENCE_MAX_PAGE_SIZE)
  pageSize?: number;

  @ApiPropertyOptional({ type: 'integer', description: 'customer id' }) @IdFilter() customerId?: number;
  @ApiPropertyOptional({ type: 'integer', description: 'style (goods) id' }) @IdFilter() goodsId?: number;

  @ApiPropertyOptional({ description: 'production order no. contains (ignoring case)' })
  @BlankAsUnset()
  @Trim()
  @IsOptional()
  @IsString()
  @MaxLength(32)
  orderNo?: string;

  @ApiPropertyOptional({ example: '2026-03-01' }) @DayFilter() orderDateFrom?: string;
  @ApiPropertyOptional({ example: '2026-03-31' }) @DayFilter() orderDateTo?: string;
  @ApiPropertyOptional({ example: '2026-03-01' }) @DayFilter() deliveryFrom?: string;
  @ApiPropertyOptional({ example: '2026-03-31' }) @DayFilter() deliveryTo?: string;

  @ApiPropertyOptional({ enum: DIFFERENCE_STATUSES, default: 'open', description: 'open: not completed; completed; all' })
  @BlankAsUnset()
  @IsOptional()
  @IsIn(DIFFERENCE_STATUSES)
  status?: DifferenceStatus;

  @ApiPropertyOptional({ type: 'boolean', default: false, description: 'only orders whose totals have a difference ≠ 0' })
  @BlankAsUnset()
  @ToBoolean()
  @IsOptional()
  @IsBoolean()
  onlyDifferences?: boolean;

  @ApiPropertyOptional({ type: 'integer', description: 'one production order (the overview of one order)' }) @IdFilter() orderId?: number;
}

// OpenAPI descriptions of contracts/difference.ts: each class implements its interface, so a
// field added there and forgotten here does not compile.

const nullableInt = (description: string) => ApiProperty({ type: 'integer', nullable: true, description });

export class DifferenceNumbersDto implements DifferenceNumbers {
  @ApiProperty({ description: 'colour × size quantity of the order' }) ordered: number;
  @nullableInt('done at the cutting process; null when it is not on the route') cut: number | null;
  @nullableInt('done at the end process; null when it is not on the route') finished: number | null;
  @nullableInt('warehouse-in done − warehouse-out done; null when warehouse-in is not on the route') inStock: number | null;
  @nullableInt('done at warehouse-out; null when it is not on the route') shipped: number | null;
  @nullableInt('cut − ordered (negative: short)') cutDiff: number | null;
  @nullableInt('finished − cut') finishedDiff: number | null;
  @nullableInt('shipped − ordered') shippedDiff: number | null;
}

export class DifferenceCellDto extends DifferenceNumbersDto implements DifferenceCell {
  @ApiProperty({ type: 'integer', nullable: true }) colorId: number | null;
  @ApiProperty({ type: 'string', nullable: true }) colorName: string | null;
  @ApiProperty({ type: 'integer', nullable: true }) sizeId: number | null;
  @ApiProperty({ type: 'string', nullable: true }) sizeName: string | null;
  @ApiProperty({ description: 'the pieces scanned without colour/size (step done − Σ cell done)' }) notByCell: boolean;
}

@ApiExtraModels(DifferenceNumbersDto, DifferenceCellDto)
export class DifferenceOrderDto implements DifferenceOrder {
  @ApiProperty() orderId: number;
  @ApiProperty() orderNo: string;
  @ApiProperty({ type: 'integer', nullable: true }) saleOrderId: number | null;
  @ApiProperty({ type: 'string', nullable: true }) saleOrderNo: string | null;
  @ApiProperty({ type: 'integer', nullable: true }) customerId: number | null;
  @ApiProperty({ type: 'string', nullable: true }) customerName: string | null;
  @ApiProperty({ type: 'integer', nullable: true }) goodsId: number | null;
  @ApiProperty({ type: 'string', nullable: true }) goodsCode: string | null;
  @ApiProperty({ type: 'string', nullable: true }) goodsName: string | null;
  @ApiProperty({ example: '2026-03-01' }) orderDate: string;
  @ApiProperty({ example: '2026-03-31' }) deliveryDate: string;
  @ApiProperty() completed: boolean;
  @ApiProperty({ type: DifferenceNumbersDto, description: 'sums of the rows: the stages equal the schedule’s step done' }) totals: DifferenceNumbers;
  @ApiProperty({ type: [DifferenceCellDto] }) cells: DifferenceCell[];
  @ApiProperty({ type: 'integer', description: 'pieces QC scrapped (Σ rejected of the live cut bundles): part of a cut → finished shortfall' }) rejected: number;
}

export class DifferenceGroupDto implements DifferenceGroup {
  @ApiProperty({ type: 'integer', nullable: true, description: 'customer or style id' }) key: number | null;
  @ApiProperty() label: string;
  @ApiProperty() orders: number;
  @ApiProperty({ type: DifferenceNumbersDto, description: 'sums of the orders’ totals' }) totals: DifferenceNumbers;
}

@ApiExtraModels(DifferenceOrderDto, DifferenceGroupDto, DifferenceNumbersDto)
export class DifferenceReportDto implements DifferenceReport {
  @ApiProperty({ type: [DifferenceOrderDto], description: 'one page, by delivery date then id' }) rows: DifferenceOrder[];
  @ApiProperty({ description: 'orders matching the filter' }) total: number;
  @ApiProperty() page: number;
  @ApiProperty() pageSize: number;
  @ApiProperty({ type: DifferenceNumbersDto, description: 'over every matching order, not only this page' }) grandTotals: DifferenceNumbers;
  @ApiProperty({ type: [DifferenceGroupDto], description: 'every matching order by customer' }) byCustomer: DifferenceGroup[];
  @ApiProperty({ type: [DifferenceGroupDto], description: 'every matching order by style' }) byGoods: DifferenceGroup[];
}
