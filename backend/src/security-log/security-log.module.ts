import { Module } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { AuditRetentionJob } from './audit-retention.js';
import { AuditTrailService } from './audit-trail.service.js';
import { AuditController } from './audit.controller.js';
import { SecurityAuditInterceptor } from './security-audit.interceptor.js';
import { SecurityLogService } from './security-log.service.js';

/**
 * Imported and re-exported by the (global) AuthModule, so every module can record events. Also
 * the audit screen's endpoints (/admin/setting/audit) and the trail's daily retention job.
 */
@Module({
  controllers: [AuditController],
  providers: [SecurityLogService, AuditTrailService, AuditRetentionJob, { provide: APP_INTERCEPTOR, useClass: SecurityAuditInterceptor }],
  exports: [SecurityLogService],
})
export class SecurityLogModule {}
