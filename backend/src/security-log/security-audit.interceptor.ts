import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { AUDITED_KEY, type AuditedSpec } from './audited.decorator.js';
import { type Observable, tap } from 'rxjs';
import { SecurityLogService, type SecurityActor } from './security-log.service.js';

/**
 * Security events of endpoints that live in other modules, recorded without touching them:
 * `Controller.method` → action. A success is recorded when the handler answers, a failure when it
 * throws (the access guard's refusals never reach here: they are not the endpoint's doing).
 */
const WATCHED: Record<string, AuditedSpec> = {
  'SettingController.rotateBoardKey': { action: 'boardKey.rotate', target: 'setting' },
};

@Injectable()
export class SecurityAuditInterceptor implements NestInterceptor {
  constructor(
    private readonly log: SecurityLogService,
    private readonly reflector: Reflector,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const watched =
      this.reflector.get<AuditedSpec | undefined>(AUDITED_KEY, context.getHandler()) ??
      WATCHED[`${context.getClass().name}.${context.getHandler().name}`];
    if (!watched) return next.handle();
    const request = context.switchToHttp().getRequest<Request & { user?: SecurityActor }>();
    const actor: SecurityActor = { ...request.user, ip: request.ip ?? '', userAgent: String(request.headers['user-agent'] ?? '') };
    const target = { type: watched.target, id: targetIdOf(request, watched), label: watched.action };
    return next.handle().pipe(
      tap({
        next: () => void this.log.record({ action: watched.action, result: 'success', actor, target }),
        error: (error: unknown) =>
          void this.log.record({ action: watched.action, result: 'failure', actor, target, detail: { error: (error as Error)?.message ?? 'error' } }),
      }),
    );
  }
}

/** The target's id from the request, when the spec says where it is (only scalars are kept). */
function targetIdOf(request: Request, spec: AuditedSpec): string | number | null {
  if (!spec.targetId) return null;
  const [source, field] = spec.targetId.split('.') as ['body' | 'query' | 'params', string];
  const container = request[source] as Record<string, unknown> | undefined;
  const value = container && typeof container === 'object' ? container[field] : undefined;
  return typeof value === 'string' || typeof value === 'number' ? value : null;
}
