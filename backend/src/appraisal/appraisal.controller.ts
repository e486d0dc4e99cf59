import { Controller, Get, Headers, Query, StreamableFile } from '@nestjs/common';
import { ApiOperation, ApiProduces, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { AppraisalReport, PayrollReport, WorkerToday } from '../../../contracts/appraisal.js';
import { ApiEnvelopeResponse } from '../common/http/api-envelope.decorator.js';
import { CurrentUser, ForRoute, type AuthenticatedUser } from '../common/http/route-access.decorators.js';
import { bodyPipe } from '../common/http/validation-pipe.js';
import { languageFromHeader } from '../common/i18n/translator.js';
import { AppraisalQueryDto, AppraisalReportDto, MAX_APPRAISAL_DAYS, PayrollQueryDto, PayrollReportDto, WorkerTodayDto, WorkerTodayQueryDto } from './appraisal.dto.js';
import { AppraisalService } from './appraisal.service.js';
import { XLSX_TYPE, xlsxFile } from '../common/http/xlsx-file.js';

/** The appraisal workbooks come with their sheet title. */
const download = ({ file, name }: { file: Buffer; name: string }) => xlsxFile(file, 'export', name);

/** Piece-rate pay (route PerformanceAppraisalDetails): /api/admin/statistics/appraisal | payroll and their exports. */
@ApiTags('appraisal')
@Controller('admin/statistics')
export class AppraisalController {
  constructor(private readonly appraisal: AppraisalService) {}

  @Get('appraisal')
  @ForRoute('PerformanceAppraisalDetails')
  @ApiOperation({
    summary: `Pieces and piece-rate pay per worker, process, sub-process and day over a period (at most ${MAX_APPRAISAL_DAYS} days; default this month), with totals by worker, process and day`,
  })
  @ApiEnvelopeResponse(AppraisalReportDto)
  report(@Query(bodyPipe(AppraisalQueryDto)) query: AppraisalQueryDto): Promise<AppraisalReport> {
    return this.appraisal.appraisal(query);
  }

  @Get('appraisal/export')
  @ForRoute('PerformanceAppraisalDetails')
  @ApiProduces(XLSX_TYPE)
  @ApiQuery({ name: 'lang', required: false, description: 'zh-CN or en (else Accept-Language)' })
  @ApiOperation({ summary: 'The appraisal rows of the filter (every page) as an Excel file, with a total row' })
  async exportReport(
    @Query(bodyPipe(AppraisalQueryDto)) query: AppraisalQueryDto,
    @Query('lang') lang: string | undefined,
    @Headers('accept-language') acceptLanguage: string | undefined,
  ): Promise<StreamableFile> {
    return download(await this.appraisal.appraisalWorkbook(query, languageFromHeader(acceptLanguage ?? lang)));
  }

  @Get('payroll')
  @ForRoute('PerformanceAppraisalDetails')
  @ApiOperation({ summary: "A month's piece-rate pay per worker (what payroll is handed), with the total" })
  @ApiEnvelopeResponse(PayrollReportDto)
  payroll(@Query(bodyPipe(PayrollQueryDto)) query: PayrollQueryDto): Promise<PayrollReport> {
    return this.appraisal.payroll(query);
  }

  @Get('payroll/export')
  @ForRoute('PerformanceAppraisalDetails')
  @ApiProduces(XLSX_TYPE)
  @ApiQuery({ name: 'lang', required: false, description: 'zh-CN or en (else Accept-Language)' })
  @ApiOperation({ summary: "The month's payroll as an Excel file: one sheet, one line per worker, a total row" })
  async exportPayroll(
    @Query(bodyPipe(PayrollQueryDto)) query: PayrollQueryDto,
    @Query('lang') lang: string | undefined,
    @Headers('accept-language') acceptLanguage: string | undefined,
  ): Promise<StreamableFile> {
    return download(await this.appraisal.payrollWorkbook(query, languageFromHeader(acceptLanguage ?? lang)));
  }
}

/**
 * GET /api/admin/scan/worker-today (route Scan): the station's "your pieces and pay today". Its
 * own controller under the scan prefix, so the floor's controller stays the scans' own.
 */
@ApiTags('scan')
@Controller('admin/scan')
export class WorkerTodayController {
  constructor(private readonly appraisal: AppraisalService) {}

  @Get('worker-today')
  @ForRoute('Scan')
  @ApiOperation({ summary: "A worker's pieces and pay today (factory day), per process: the caller, or a worker the caller may credit" })
  @ApiEnvelopeResponse(WorkerTodayDto)
  workerToday(@Query(bodyPipe(WorkerTodayQueryDto)) query: WorkerTodayQueryDto, @CurrentUser() user: AuthenticatedUser): Promise<WorkerToday> {
    return this.appraisal.workerToday(query.workerId, user);
  }
}
