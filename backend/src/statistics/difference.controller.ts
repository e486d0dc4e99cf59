import { Controller, Get, Headers, Query, StreamableFile } from '@nestjs/common';
import { ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import { DIFFERENCE_EXPORT_MAX_ORDERS, type DifferenceReport } from '../../../contracts/difference.js';
import { ApiEnvelopeResponse } from '../common/http/api-envelope.decorator.js';
import { ForRoute } from '../common/http/route-access.decorators.js';
import { bodyPipe } from '../common/http/validation-pipe.js';
import { languageFromHeader } from '../common/i18n/translator.js';
import { DIFFERENCE_SHEET_TITLE, differenceWorkbook } from './difference.export.js';
import { DifferenceQueryDto, DifferenceReportDto } from './difference.dto.js';
import { DifferenceService } from './difference.service.js';
import { XLSX_TYPE, xlsxFile } from '../common/http/xlsx-file.js';


/** /api/admin/statistics/difference | difference/export (route StatisticsDifference): ordered vs cut vs finished vs stock vs shipped. */
@ApiTags('statistics')
@Controller('admin/statistics')
export class DifferenceController {
  constructor(private readonly differences: DifferenceService) {}

  @Get('difference')
  @ForRoute('StatisticsDifference')
  @ApiOperation({
    summary:
      'Difference statistics: one page of shown production orders with their colour × size rows (pieces scanned without colour/size on a notByCell row), ' +
      'and grandTotals, byCustomer, byGoods over every matching order',
  })
  @ApiEnvelopeResponse(DifferenceReportDto)
  report(@Query(bodyPipe(DifferenceQueryDto)) query: DifferenceQueryDto): Promise<DifferenceReport> {
    return this.differences.report(query);
  }

  @Get('difference/export')
  @ForRoute('StatisticsDifference')
  @ApiProduces(XLSX_TYPE)
  @ApiOperation({
    summary: `Difference statistics of the filter as an Excel file: a row per cell, order totals, the grand total, sheets by customer and by style (at most ${DIFFERENCE_EXPORT_MAX_ORDERS} orders)`,
  })
  async export(@Query(bodyPipe(DifferenceQueryDto)) query: DifferenceQueryDto, @Headers('accept-language') acceptLanguage?: string): Promise<StreamableFile> {
    const data = await this.differences.exportData(query);
    const language = languageFromHeader(acceptLanguage);
    return xlsxFile(await differenceWorkbook(data, language), 'difference', DIFFERENCE_SHEET_TITLE[language]);
  }
}
