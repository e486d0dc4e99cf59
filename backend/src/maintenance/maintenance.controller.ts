import { createReadStream } from 'node:fs';
import {
  Body,
  type CallHandler,
  Controller,
  type ExecutionContext,
  Get,
  HttpCode,
  Injectable,
  type NestInterceptor,
  Post,
  Req,
  StreamableFile,
  UploadedFile,
} from '@nestjs/common';
import type { Observable } from 'rxjs';
import { ApiBody, ApiConflictResponse, ApiConsumes, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { DomainException } from '../common/errors/domain.exception.js';
import { ApiEnvelopeResponse } from '../common/http/api-envelope.decorator.js';
import { AcceptsFile } from '../common/http/multipart.js';
import { ForRoute, SuccessMessage } from '../common/http/route-access.decorators.js';
import { Audited } from '../security-log/audited.decorator.js';
import { BackupService, MAX_BACKUP_FILE_BYTES, type RestoreResult } from './backup.service.js';
import { ClearAllService, type ClearAllResult } from './clear-all.service.js';
import { ClearAllDto, ClearAllResultDto, RestoreResultDto } from './maintenance.dto.js';

const RESTORE_CONFIRMATION = 'RESTORE';

/** On a database server the restore is refused before a byte of the file is buffered. */
@Injectable()
export class EmbeddedDatabaseOnly implements NestInterceptor {
  constructor(private readonly backups: BackupService) {}

  intercept(_context: ExecutionContext, next: CallHandler): Observable<unknown> {
    this.backups.assertEmbedded();
    return next.handle();
  }
}

@ApiTags('setting')
@Controller('admin/setting')
export class MaintenanceController {
  constructor(
    private readonly clear: ClearAllService,
    private readonly backups: BackupService,
  ) {}

  @Post('clearAll')
  @HttpCode(200)
  @ForRoute('ClearData')
  @Audited({ action: 'data.clearAll', target: 'database' })
  @SuccessMessage('messages.success')
  @ApiOperation({
    summary:
      'Wipe sales orders, production orders, scans, alerts and the event log for a new start (base data, users, roles and settings stay); confirmTitle must be the system title (zh-CN or en). Every open screen resyncs (data.reset).',
  })
  @ApiEnvelopeResponse(ClearAllResultDto)
  @ApiConflictResponse({ description: "errorKey 'maintenanceBusy': another clear or restore is running" })
  clearAll(@Body() body: ClearAllDto): Promise<ClearAllResult> {
    return this.clear.clearAll(body.confirmTitle);
  }

  @Get('backup')
  // A backup carries every password hash and board key, and a restored file could grant any
  // permission: only holders of the Permission screen (the top administrators) may do either.
  @ForRoute('Permission')
  @Audited({ action: 'database.backup', target: 'database' })
  @ApiProduces('application/gzip')
  @ApiOperation({ summary: "Download a consistent backup of the embedded database (.json.gz). Needs the Permission screen; on a database server 409 errorKey 'backupServerManaged'" })
  @ApiConflictResponse({ description: "errorKey 'backupServerManaged': use the database server's own tools" })
  async backup(@Req() request: Request): Promise<StreamableFile> {
    const file = await this.backups.createBackup();
    const stream = createReadStream(file.path);
    const dispose = () => void file.dispose();
    stream.once('close', dispose);
    request.once('close', () => stream.destroy());
    return new StreamableFile(stream, { type: 'application/gzip', length: file.bytes, disposition: `attachment; filename="${file.name}"` });
  }

  @Post('restore')
  @HttpCode(200)
  // Permission holders only, as for the backup.
  @ForRoute('Permission')
  @Audited({ action: 'database.restore', target: 'database' })
  @SuccessMessage('messages.success')
  @AcceptsFile({ field: 'file', fileSize: MAX_BACKUP_FILE_BYTES }, EmbeddedDatabaseOnly)
  @ApiConsumes('multipart/form-data')
  @ApiBody({
    schema: {
      type: 'object',
      required: ['file', 'confirm'],
      properties: { file: { type: 'string', format: 'binary' }, confirm: { type: 'string', enum: [RESTORE_CONFIRMATION] } },
    },
  })
  @ApiOperation({
    summary:
      "Replace the embedded database's data with a backup (confirm=RESTORE); every open screen resyncs. 400 for a file that is not a backup, damaged (errorKey 'backupInvalid') or from another version (errorKey 'backupMigrationsDiffer'); 409 'backupServerManaged' on a database server",
  })
  @ApiEnvelopeResponse(RestoreResultDto)
  restore(@UploadedFile() file: Express.Multer.File | undefined, @Body() body: Record<string, unknown> | undefined): Promise<RestoreResult> {
    this.backups.assertEmbedded();
    if (body?.confirm !== RESTORE_CONFIRMATION) {
      throw new DomainException('validation', {}, { field: 'confirm', problem: 'confirmRestore', label: { 'zh-CN': '确认', en: 'Confirmation' } });
    }
    if (!file) throw new DomainException('validation', {}, { field: 'file', problem: 'required', label: { 'zh-CN': '备份文件', en: 'Backup file' } });
    return this.backups.restore(file.buffer);
  }
}
