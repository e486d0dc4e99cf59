import { Module } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { SecurityAuditInterceptor } from './security-audit.interceptor.js';
import { SecurityLogService } from './security-log.service.js';

/** Imported and re-exported by the (global) AuthModule, so every module can record events. */
@Module({
  providers: [SecurityLogService, { provide: APP_INTERCEPTOR, useClass: SecurityAuditInterceptor }],
  exports: [SecurityLogService],
})
export class SecurityLogModule {}
