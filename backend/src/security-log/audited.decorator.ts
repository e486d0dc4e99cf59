import { SetMetadata } from '@nestjs/common';
import type { SecurityAction } from './security-log.service.js';

export const AUDITED_KEY = 'stitchboard:audited';

export interface AuditedSpec {
  action: SecurityAction;
  /** What kind of record the action touches (e.g. 'setting', 'productionOrder', 'customer'). */
  target: string;
  /** Where the target's id is in the request, when there is one (e.g. 'body.id', 'query.id'). */
  targetId?: `${'body' | 'query' | 'params'}.${string}`;
}

/**
 * Puts an endpoint on the audit trail: the SecurityAuditInterceptor records who called it, from
 * where, on what, and whether it succeeded or failed — without the handler doing anything.
 */
export const Audited = (spec: AuditedSpec) => SetMetadata(AUDITED_KEY, spec);
