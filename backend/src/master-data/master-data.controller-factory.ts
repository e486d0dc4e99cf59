import { Body, Controller, Get, HttpCode, Inject, Post, Query, StreamableFile, type Type } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiProduces, ApiQuery, ApiTags } from '@nestjs/swagger';
import { Headers } from '@nestjs/common';
import { ToInteger } from '../common/http/form-transforms.js';
import { IsDefined, IsInt, Min } from 'class-validator';
import { ApiProperty } from '@nestjs/swagger';
import type { ListPage, MasterDataDefinition, MasterRecord } from '../../../contracts/master-data.js';
import { bodyPipe } from '../common/http/validation-pipe.js';
import { languageFromHeader } from '../common/i18n/translator.js';
import { Authenticated, CurrentUser, ForRoute, SuccessMessage, type AuthenticatedUser } from '../common/http/route-access.decorators.js';
import { masterDataWorkbook } from './excel-export.js';
import { parseListQuery } from './list-query.js';
import { buildMasterDataDto } from './master-data.dto-factory.js';
import type { MasterDataService, WriteValues } from './master-data.service.js';
import { Audited } from '../security-log/audited.decorator.js';
import { XLSX_TYPE, xlsxFile } from '../common/http/xlsx-file.js';

/** At most this many rows go into one Excel export. */
export const EXPORT_LIMIT = 50_000;

export class RecordIdDto {
  @ApiProperty({ type: 'integer' })
  @ToInteger()
  @IsDefined()
  @IsInt()
  @Min(1)
  id: number;
}

export const masterDataServiceToken = (name: string) => `MasterDataService:${name}`;


/**
 * The HTTP side of one master-data entity, generated from its definition:
 *   GET  list | detail | options | export,  POST create | update | delete
 * each declaring its route (<Entity>Index / Create / Update) for the permission check.
 */
export function createMasterDataController(
  definition: MasterDataDefinition,
  dtos?: { create?: Type<object>; update?: Type<object>; /** Routes whose permission opens `options` (default: any logged-in user). */ optionsRoutes?: [string, ...string[]] },
): Type<unknown> {
  const optionsRoutes = dtos?.optionsRoutes;
  const OptionsAccess = () => (optionsRoutes ? ForRoute(...optionsRoutes) : Authenticated());
  const CreateDto = dtos?.create ?? buildMasterDataDto(definition, 'create');
  const UpdateDto = dtos?.update ?? buildMasterDataDto(definition, 'update');
  const route = {
    index: `${definition.routeName}Index`,
    create: `${definition.routeName}Create`,
    update: `${definition.routeName}Update`,
  };
  const label = definition.label.en;
  // Deletes are on the audit trail; users' deletes are already security events (user.delete).
  const AuditedDelete = () => (definition.name === 'user' ? () => undefined : Audited({ action: 'record.delete', target: definition.name, targetId: 'body.id' }));

  // Reading: every entity. Read-only ones (document types) stop here, so their write paths
  // do not exist at all (404) rather than exist and refuse.
  @ApiTags(`master data: ${definition.name}`)
  @Controller(`admin/${definition.name}`)
  class MasterDataReadController {
    constructor(@Inject(masterDataServiceToken(definition.name)) readonly service: MasterDataService) {}

    @Get('list')
    @ForRoute(route.index)
    @ApiOperation({ summary: `${label}: one page, sorted, searched and filtered (filter.<field>=value)` })
    @ApiQuery({ name: 'page', required: false, type: 'integer' })
    @ApiQuery({ name: 'pageSize', required: false, type: 'integer' })
    @ApiQuery({ name: 'sortField', required: false, enum: Object.keys(definition.fields) })
    @ApiQuery({ name: 'sortOrder', required: false, enum: ['asc', 'desc'] })
    @ApiQuery({ name: 'keyword', required: false })
    list(@Query() query: Record<string, unknown>): Promise<ListPage<MasterRecord>> {
      return this.service.list(parseListQuery(query, definition));
    }

    @Get('detail')
    @ForRoute(route.index)
    @ApiOperation({ summary: `${label}: one record` })
    detail(@Query(bodyPipe(RecordIdDto)) query: RecordIdDto): Promise<MasterRecord> {
      return this.service.detail(query.id);
    }

    @Get('options')
    @OptionsAccess()
    @ApiOperation({ summary: `${label}: id, code and name of every record, for drop-downs on other screens` })
    options(): Promise<{ id: number; code: string; name: string }[]> {
      return this.service.options();
    }

    @Get('export')
    @ForRoute(route.index)
    @ApiProduces(XLSX_TYPE)
    @ApiOperation({ summary: `${label}: the current filter as an Excel file (up to ${EXPORT_LIMIT} rows)` })
    async export(@Query() query: Record<string, unknown>, @Headers('accept-language') acceptLanguage?: string): Promise<StreamableFile> {
      const parsed = parseListQuery(query, definition);
      const rows = await this.service.exportRows(parsed, EXPORT_LIMIT);
      const language = languageFromHeader(acceptLanguage ?? (query.lang as string | undefined));
      const file = await masterDataWorkbook(definition, rows, language);
      return xlsxFile(file, definition.name, definition.label[language]);
    }

  }

  @ApiTags(`master data: ${definition.name}`)
  @Controller(`admin/${definition.name}`)
  class MasterDataController extends MasterDataReadController {
    @Post('create')
    @HttpCode(200)
    @ForRoute(route.create)
    @SuccessMessage('messages.saveSuccess')
    @ApiOperation({ summary: `${label}: create` })
    @ApiBody({ type: CreateDto })
    create(@Body(bodyPipe(CreateDto)) body: WriteValues, @CurrentUser() actor: AuthenticatedUser): Promise<MasterRecord> {
      return this.service.create(body, actor);
    }

    @Post('update')
    @HttpCode(200)
    @ForRoute(route.update)
    @SuccessMessage('messages.saveSuccess')
    @ApiOperation({ summary: `${label}: update the given fields; refused with 409 when \`version\` is stale` })
    @ApiBody({ type: UpdateDto })
    update(@Body(bodyPipe(UpdateDto)) body: WriteValues & { id: number; version: number }, @CurrentUser() actor: AuthenticatedUser): Promise<MasterRecord> {
      return this.service.update(body, actor);
    }

    @Post('delete')
    @HttpCode(200)
    @ForRoute(route.index)
    @SuccessMessage('messages.deleteSuccess')
    @AuditedDelete()
    @ApiOperation({ summary: `${label}: delete; refused with 409 while other records use it` })
    @ApiBody({ type: RecordIdDto })
    async delete(@Body(bodyPipe(RecordIdDto)) body: RecordIdDto, @CurrentUser() actor: AuthenticatedUser): Promise<null> {
      await this.service.delete(body.id, actor);
      return null;
    }
  }
  const controller = definition.readOnly ? MasterDataReadController : MasterDataController;
  Object.defineProperty(controller, 'name', { value: `${definition.routeName}Controller` });
  return controller;
}
