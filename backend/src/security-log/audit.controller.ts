import { Controller, Get, Headers, Query, StreamableFile } from '@nestjs/common';
import { ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import { AUDIT_EXPORT_LIMIT, type AuditPage, type AuditUserOption } from '../../../contracts/audit.js';
import { ApiEnvelopeResponse } from '../common/http/api-envelope.decorator.js';
import { ForRoute } from '../common/http/route-access.decorators.js';
import { bodyPipe } from '../common/http/validation-pipe.js';
import { languageFromHeader } from '../common/i18n/translator.js';
import { AuditTrailService, AUDIT_SHEET_TITLE } from './audit-trail.service.js';
import { AuditPageDto, AuditQueryDto, AuditUserOptionDto } from './audit.dto.js';
import { XLSX_TYPE, xlsxFile } from '../common/http/xlsx-file.js';


/** /api/admin/setting/audit | audit/export | audit/users (route SettingAudit): the audit trail. */
@ApiTags('settings: audit trail')
@Controller('admin/setting')
export class AuditController {
  constructor(private readonly audit: AuditTrailService) {}

  @Get('audit')
  @ForRoute('SettingAudit')
  @ApiOperation({
    summary: 'The audit trail, newest first: who did what to which record, when, from which address, and how it ended',
    description: 'Filters: userId (the actor), action, from / to (days on the server calendar, both included), result. 400 when `to` is before `from`.',
  })
  @ApiEnvelopeResponse(AuditPageDto)
  list(@Query(bodyPipe(AuditQueryDto)) query: AuditQueryDto): Promise<AuditPage> {
    return this.audit.list(query);
  }

  @Get('audit/export')
  @ForRoute('SettingAudit')
  @ApiProduces(XLSX_TYPE)
  @ApiOperation({ summary: `The filtered audit trail (same filters as the list) as an Excel file with the screen's columns, newest first (at most ${AUDIT_EXPORT_LIMIT} rows)` })
  async export(@Query(bodyPipe(AuditQueryDto)) query: AuditQueryDto, @Headers('accept-language') acceptLanguage?: string): Promise<StreamableFile> {
    const language = languageFromHeader(acceptLanguage);
    return xlsxFile(await this.audit.workbook(query, language), 'audit', AUDIT_SHEET_TITLE[language]);
  }

  @Get('audit/users')
  @ForRoute('SettingAudit')
  @ApiOperation({ summary: "Every account's id, username and name, for the audit screen's user filter" })
  @ApiEnvelopeResponse(AuditUserOptionDto, { isArray: true })
  users(): Promise<AuditUserOption[]> {
    return this.audit.users();
  }
}
