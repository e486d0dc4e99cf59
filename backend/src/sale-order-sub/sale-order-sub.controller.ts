import { Controller, Get, Headers, Query, StreamableFile } from '@nestjs/common';
import { ApiOperation, ApiProduces, ApiQuery, ApiTags } from '@nestjs/swagger';
import { ForRoute } from '../common/http/route-access.decorators.js';
import { languageFromHeader } from '../common/i18n/translator.js';
import { EXPORT_LIMIT } from '../master-data/master-data.controller-factory.js';
import { parseOrderListQuery } from '../sale-order/order-list-query.js';
import { ORDER_LINES_SHEET_TITLE, orderLinesWorkbook } from './sale-order-sub.export.js';
import { ORDER_LINE_LIST_SPEC } from './sale-order-sub.repository.js';
import { SaleOrderSubService, type OrderLinePage } from './sale-order-sub.service.js';
import { XLSX_TYPE, xlsxFile } from '../common/http/xlsx-file.js';


/** /api/admin/saleOrderSub/list | export (route SaleOrderSub): order lines × colour × size across orders. */
@ApiTags('order details')
@Controller('admin/saleOrderSub')
export class SaleOrderSubController {
  constructor(private readonly details: SaleOrderSubService) {}

  @Get('list')
  @ForRoute('SaleOrderSub')
  @ApiOperation({
    summary:
      'Order details: one page plus `totals {quantity, amount}` over the whole filter; filter.customer, goods, color, size, dateFrom, dateTo, deliveryFrom, deliveryTo, state (notInProduction|inProduction|completed), keyword',
  })
  @ApiQuery({ name: 'page', required: false, type: 'integer' })
  @ApiQuery({ name: 'pageSize', required: false, type: 'integer' })
  @ApiQuery({ name: 'sortField', required: false, enum: ORDER_LINE_LIST_SPEC.sortFields })
  @ApiQuery({ name: 'sortOrder', required: false, enum: ['asc', 'desc'] })
  @ApiQuery({ name: 'keyword', required: false })
  list(@Query() query: Record<string, unknown>): Promise<OrderLinePage> {
    return this.details.list(parseOrderListQuery(query, ORDER_LINE_LIST_SPEC));
  }

  @Get('export')
  @ForRoute('SaleOrderSub')
  @ApiProduces(XLSX_TYPE)
  @ApiOperation({ summary: `Order details of the current filter as an Excel file with a totals row (up to ${EXPORT_LIMIT} rows)` })
  async export(@Query() query: Record<string, unknown>, @Headers('accept-language') acceptLanguage?: string): Promise<StreamableFile> {
    const { rows, totals } = await this.details.exportRows(parseOrderListQuery(query, ORDER_LINE_LIST_SPEC), EXPORT_LIMIT);
    const language = languageFromHeader(acceptLanguage ?? (query.lang as string | undefined));
    return xlsxFile(await orderLinesWorkbook(rows, totals, language), 'saleOrderSub', ORDER_LINES_SHEET_TITLE[language]);
  }
}
