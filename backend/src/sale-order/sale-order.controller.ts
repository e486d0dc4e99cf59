import { Body, Controller, Get, Headers, HttpCode, Post, Query, StreamableFile } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiProduces, ApiProperty, ApiPropertyOptional, ApiQuery, ApiTags } from '@nestjs/swagger';
import { IsDefined, IsInt, IsOptional, Min } from 'class-validator';
import type { ListPage } from '../../../contracts/master-data.js';
import type { SaleOrder } from '../../../contracts/orders.js';
import { ToInteger } from '../common/http/form-transforms.js';
import { ForRoute, SuccessMessage } from '../common/http/route-access.decorators.js';
import { bodyPipe } from '../common/http/validation-pipe.js';
import { languageFromHeader } from '../common/i18n/translator.js';
import { EXPORT_LIMIT, RecordIdDto } from '../master-data/master-data.controller-factory.js';
import { parseOrderListQuery } from './order-list-query.js';
import { SaleOrderCreateDto, SaleOrderUpdateDto } from './sale-order.dto.js';
import { SALE_ORDER_SHEET_TITLE, saleOrderWorkbook } from './sale-order.export.js';
import { SALE_ORDER_LIST_SPEC } from './sale-order.repository.js';
import { SaleOrderService } from './sale-order.service.js';
import { Audited } from '../security-log/audited.decorator.js';
import { XLSX_TYPE, xlsxFile } from '../common/http/xlsx-file.js';

export class SaleOrderDeleteDto {
  @ApiProperty({ type: 'integer' })
  @ToInteger()
  @IsDefined()
  @IsInt()
  @Min(1)
  id: number;

  @ApiPropertyOptional({ type: 'integer', description: 'When given, a stale version is refused with 409' })
  @ToInteger()
  @IsOptional()
  @IsInt()
  @Min(1)
  version?: number;
}


/** /api/admin/saleOrder/list | detail | export | create | update | delete (route SaleOrder…). */
@ApiTags('sales orders')
@Controller('admin/saleOrder')
export class SaleOrderController {
  constructor(private readonly orders: SaleOrderService) {}

  @Get('list')
  @ForRoute('SaleOrderIndex')
  @ApiOperation({ summary: 'Sales orders: one page; filter.customer, filter.merchandiser, filter.salesperson, filter.orderDateFrom/To, filter.deliveryDateFrom/To' })
  @ApiQuery({ name: 'page', required: false, type: 'integer' })
  @ApiQuery({ name: 'pageSize', required: false, type: 'integer' })
  @ApiQuery({ name: 'sortField', required: false, enum: SALE_ORDER_LIST_SPEC.sortFields })
  @ApiQuery({ name: 'sortOrder', required: false, enum: ['asc', 'desc'] })
  @ApiQuery({ name: 'keyword', required: false })
  list(@Query() query: Record<string, unknown>): Promise<ListPage<SaleOrder>> {
    return this.orders.list(parseOrderListQuery(query, SALE_ORDER_LIST_SPEC));
  }

  @Get('detail')
  @ForRoute('SaleOrderIndex')
  @ApiOperation({ summary: 'One sales order with its lines: the style’s colours and sizes (grid rows and columns) and the cells' })
  detail(@Query(bodyPipe(RecordIdDto)) query: RecordIdDto): Promise<SaleOrder> {
    return this.orders.detail(query.id);
  }

  @Get('export')
  @ForRoute('SaleOrderIndex')
  @ApiProduces(XLSX_TYPE)
  @ApiOperation({ summary: `Sales orders of the current filter as an Excel file (up to ${EXPORT_LIMIT} rows)` })
  async export(@Query() query: Record<string, unknown>, @Headers('accept-language') acceptLanguage?: string): Promise<StreamableFile> {
    const rows = await this.orders.exportRows(parseOrderListQuery(query, SALE_ORDER_LIST_SPEC), EXPORT_LIMIT);
    const language = languageFromHeader(acceptLanguage ?? (query.lang as string | undefined));
    return xlsxFile(await saleOrderWorkbook(rows, language), 'saleOrder', SALE_ORDER_SHEET_TITLE[language]);
  }

  @Post('create')
  @HttpCode(200)
  @ForRoute('SaleOrderCreate')
  @SuccessMessage('messages.saveSuccess')
  @ApiOperation({ summary: 'Create a sales order; totals are derived; orderNo from the numbering pattern when left out' })
  @ApiBody({ type: SaleOrderCreateDto })
  create(@Body(bodyPipe(SaleOrderCreateDto)) body: SaleOrderCreateDto): Promise<SaleOrder> {
    return this.orders.create(body);
  }

  @Post('update')
  @HttpCode(200)
  @ForRoute('SaleOrderUpdate')
  @SuccessMessage('messages.saveSuccess')
  @ApiOperation({ summary: 'Update: fields left out keep their value; `lines` replaces the lines (ids keep existing ones); 409 when `version` is stale' })
  @ApiBody({ type: SaleOrderUpdateDto })
  update(@Body(bodyPipe(SaleOrderUpdateDto)) body: SaleOrderUpdateDto): Promise<SaleOrder> {
    return this.orders.update(body);
  }

  @Post('delete')
  @HttpCode(200)
  @ForRoute('SaleOrderIndex')
  @SuccessMessage('messages.deleteSuccess')
  @Audited({ action: 'record.delete', target: 'saleOrder', targetId: 'body.id' })
  @ApiOperation({ summary: 'Delete; refused with 409 while production orders were made from it' })
  @ApiBody({ type: SaleOrderDeleteDto })
  async delete(@Body(bodyPipe(SaleOrderDeleteDto)) body: SaleOrderDeleteDto): Promise<null> {
    await this.orders.delete(body.id, body.version);
    return null;
  }
}
