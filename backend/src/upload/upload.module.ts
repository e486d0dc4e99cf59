import { Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { ImageStore } from './image-store.js';
import { UploadQuota, UploadQuotaInterceptor } from './upload-quota.js';
import { UploadController } from './upload.controller.js';
import { UploadRepository } from './upload.repository.js';
import { UploadService } from './upload.service.js';

/** Uploaded images: checked by content, re-encoded, stored outside the web root, served to logged-in users. */
@Module({
  controllers: [UploadController],
  providers: [
    UploadService,
    UploadQuota,
    UploadQuotaInterceptor,
    UploadRepository,
    { provide: ImageStore, inject: [APP_CONFIG], useFactory: (config: AppConfig) => ImageStore.fromConfig(config) },
  ],
})
export class UploadModule {}
