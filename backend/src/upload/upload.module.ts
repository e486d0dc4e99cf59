import { Module } from '@nestjs/common';
import { AttachmentStore } from './attachment-store.js';
import { ClearDocumentsController, ClearDocumentsService } from './clear-documents.js';
import { LegacyFileImport } from './legacy-file-import.js';
import { OrphanCleanup } from './orphan-cleanup.js';
import { UploadQuota, UploadQuotaInterceptor } from './upload-quota.js';
import { UploadController } from './upload.controller.js';
import { BoardLogoController } from './board-logo.controller.js';
import { UploadRepository } from './upload.repository.js';
import { UploadService } from './upload.service.js';

/**
 * Attachments: uploads checked by content (images re-encoded, PDFs checked and kept as is), their
 * records and bytes in the database, served to logged-in users under the owner's rule; orphans
 * removed after a day; clear documents (settings → data).
 */
@Module({
  controllers: [UploadController, ClearDocumentsController, BoardLogoController],
  providers: [UploadService, UploadQuota, UploadQuotaInterceptor, UploadRepository, AttachmentStore, LegacyFileImport, OrphanCleanup, ClearDocumentsService],
  exports: [UploadService, UploadRepository, AttachmentStore, UploadQuota, UploadQuotaInterceptor],
})
export class UploadModule {}
