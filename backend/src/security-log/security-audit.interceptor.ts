import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import type { Request } from 'express';
import { type Observable, tap } from 'rxjs';
import { SecurityLogService, type SecurityAction, type SecurityActor } from './security-log.service.js';

/**
 * Security events of endpoints that live in other modules, recorded without touching them:
 * `Controller.method` → action. A success is recorded when the handler answers, a failure when it
 * throws (the access guard's refusals never reach here: they are not the endpoint's doing).
 */
const WATCHED: Record<string, { action: SecurityAction; target: string }> = {
  'SettingController.rotateBoardKey': { action: 'boardKey.rotate', target: 'setting' },
};

@Injectable()
export class SecurityAuditInterceptor implements NestInterceptor {
  constructor(private readonly log: SecurityLogService) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const watched = WATCHED[`${context.getClass().name}.${context.getHandler().name}`];
    if (!watched) return next.handle();
    const request = context.switchToHttp().getRequest<Request & { user?: SecurityActor }>();
    const actor: SecurityActor = { ...request.user, ip: request.ip ?? '', userAgent: String(request.headers['user-agent'] ?? '') };
    const target = { type: watched.target, label: watched.action };
    return next.handle().pipe(
      tap({
        next: () => void this.log.record({ action: watched.action, result: 'success', actor, target }),
        error: (error: unknown) =>
          void this.log.record({ action: watched.action, result: 'failure', actor, target, detail: { error: (error as Error)?.message ?? 'error' } }),
      }),
    );
  }
}
