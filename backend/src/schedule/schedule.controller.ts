import { Controller, Get, Headers, Query, StreamableFile } from '@nestjs/common';
import { ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { ScheduleDetail, ScheduleList } from '../../../contracts/production.js';
import { ApiEnvelopeResponse } from '../common/http/api-envelope.decorator.js';
import { ForRoute } from '../common/http/route-access.decorators.js';
import { bodyPipe } from '../common/http/validation-pipe.js';
import { languageFromHeader } from '../common/i18n/translator.js';
import { EXPORT_LIMIT } from '../master-data/master-data.controller-factory.js';
import { ScheduleDetailDto, ScheduleDetailQueryDto, ScheduleListDto, ScheduleListQueryDto } from './schedule.dto.js';
import { SCHEDULE_SHEET_TITLE, scheduleWorkbook } from './schedule.export.js';
import { ScheduleService } from './schedule.service.js';
import { XLSX_TYPE, xlsxFile } from '../common/http/xlsx-file.js';


/** /api/admin/schedule/list | export | detail (route Schedule): progress of shown orders per process. */
@ApiTags('schedule')
@Controller('admin/schedule')
export class ScheduleController {
  constructor(private readonly schedule: ScheduleService) {}

  @Get('list')
  @ForRoute('ScheduleIndex', 'ScheduleUpdate')
  @ApiOperation({
    summary:
      'Shown orders with their progress per process: one page, and totals over the whole filter. Completed orders only with includeCompleted=true; ' +
      'status is the order status (done = completed; delayed = past delivery or a step past its due date; partial = any pieces; else notStarted)',
  })
  @ApiEnvelopeResponse(ScheduleListDto)
  list(@Query(bodyPipe(ScheduleListQueryDto)) query: ScheduleListQueryDto): Promise<ScheduleList> {
    return this.schedule.list(query);
  }

  @Get('export')
  @ForRoute('ScheduleIndex', 'ScheduleUpdate')
  @ApiProduces(XLSX_TYPE)
  @ApiOperation({
    summary: `The schedule of the list's filter and sort (same query as list, page ignored) as an Excel file: the order columns, then done and planned per process (up to ${EXPORT_LIMIT} orders; more is refused with exportTooLarge)`,
  })
  async export(@Query(bodyPipe(ScheduleListQueryDto)) query: ScheduleListQueryDto, @Headers('accept-language') acceptLanguage?: string): Promise<StreamableFile> {
    const data = await this.schedule.exportRows(query, EXPORT_LIMIT);
    const language = languageFromHeader(acceptLanguage);
    return xlsxFile(await scheduleWorkbook(data, language), 'schedule', SCHEDULE_SHEET_TITLE[language]);
  }

  @Get('detail')
  @ForRoute('ScheduleIndex', 'ScheduleUpdate')
  @ApiOperation({ summary: "One order's progress per process and its latest 200 scans, newest first" })
  @ApiEnvelopeResponse(ScheduleDetailDto)
  detail(@Query(bodyPipe(ScheduleDetailQueryDto)) query: ScheduleDetailQueryDto): Promise<ScheduleDetail> {
    return this.schedule.detail(query.id);
  }
}
