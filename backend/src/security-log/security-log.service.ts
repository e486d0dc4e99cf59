import { type BeforeApplicationShutdown, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { AuditEntry } from '../../../contracts/audit.js';

export type SecurityAction =
  | 'login'
  | 'logout'
  | 'password.change'
  | 'password.reset'
  | 'permission.update'
  | 'user.update'
  | 'user.disable'
  | 'user.delete'
  | 'user.badgeRenew'
  | 'boardKey.rotate'
  // Administrative and destructive actions (the audit trail, issue 12).
  | 'setting.update'
  | 'database.backup'
  | 'database.restore'
  | 'data.clearDocuments'
  | 'data.clearAll'
  | 'record.delete'
  | 'order.review'
  | 'order.reviewCancel'
  | 'order.hide'
  | 'order.unhide'
  | 'attachment.upload'
  | 'attachment.delete'
  | 'user.avatar'
  | 'boardDevice.pair'
  | 'boardDevice.revoke';

export type SecurityResult = AuditEntry['result'];

/** Who acted, and from where: an authenticated user (the access guard adds ip and userAgent). */
export interface SecurityActor {
  id?: number | null;
  username?: string;
  ip?: string;
  userAgent?: string;
}

export interface SecurityEventInput {
  action: SecurityAction;
  result: SecurityResult;
  actor?: SecurityActor | null;
  target?: { type: string; id?: string | number | null; label?: string };
  /** Free details (never passwords or tokens): e.g. the reason of a refusal, permissions set. */
  detail?: Record<string, unknown>;
}

/** A stored event as the audit trail shows it, less the actor's current display name. */
export type SecurityEvent = Omit<AuditEntry, 'actorName'>;

export interface SecurityEventRow {
  id: string | number;
  at: Date;
  actor_user_id: number | null;
  actor_username: string;
  action: string;
  target_type: string;
  target_id: string | null;
  target_label: string;
  ip: string;
  user_agent: string;
  result: SecurityResult;
  detail: Record<string, unknown>;
}

const FORBIDDEN_DETAIL_KEYS = /pass|token|secret|key|hash/i;

/**
 * The security event log: every event goes to the `security_event` table (for the audit screen)
 * and to the application log — failures and refusals at `warn`, which is on in production,
 * successes at `log`. Writing it never fails the request it describes: a database error is
 * logged and swallowed.
 */
@Injectable()
export class SecurityLogService implements BeforeApplicationShutdown {
  private readonly logger = new Logger('Security');
  /** Writes not finished yet: callers do not wait for them, shutdown and tests do. */
  private readonly pending = new Set<Promise<void>>();

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Records an event; callers usually do not await it (it never holds up the answer). */
  record(event: SecurityEventInput): Promise<void> {
    const write = this.write(event).finally(() => this.pending.delete(write));
    this.pending.add(write);
    return write;
  }

  /** Resolves once every event recorded so far is stored (or its failure logged). */
  async flush(): Promise<void> {
    while (this.pending.size) await Promise.all([...this.pending]);
  }

  /** Before the database closes: the last events of a shutting-down instance are kept. */
  async beforeApplicationShutdown(): Promise<void> {
    await this.flush();
  }

  private async write(event: SecurityEventInput): Promise<void> {
    const actor = event.actor ?? {};
    const detail = scrub(event.detail ?? {});
    const line = [
      `${event.action} ${event.result}`,
      `actor=${actor.username || '-'}${actor.id ? `#${actor.id}` : ''}`,
      event.target ? `target=${event.target.type}:${event.target.label || event.target.id || '-'}` : '',
      `ip=${actor.ip || '-'}`,
      Object.keys(detail).length ? JSON.stringify(detail) : '',
    ]
      .filter(Boolean)
      .join(' ');
    if (event.result === 'success') this.logger.log(line);
    else this.logger.warn(line);
    try {
      await this.dataSource.query(
        `INSERT INTO security_event (actor_user_id, actor_username, action, target_type, target_id, target_label, ip, user_agent, result, detail)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10::jsonb)`,
        [
          actor.id ?? null,
          (actor.username ?? '').slice(0, 64),
          event.action,
          (event.target?.type ?? '').slice(0, 32),
          event.target?.id === undefined || event.target?.id === null ? null : String(event.target.id).slice(0, 64),
          (event.target?.label ?? '').slice(0, 128),
          (actor.ip ?? '').slice(0, 64),
          (actor.userAgent ?? '').slice(0, 255),
          event.result,
          JSON.stringify(detail),
        ],
      );
    } catch (error) {
      this.logger.error(`could not store security event ${event.action} ${event.result}: ${(error as Error).message}`);
    }
  }

  /** Newest first, optionally before an event id and of one actor (for the audit screen). */
  async list(options: { limit?: number; beforeId?: number; actorUserId?: number } = {}): Promise<SecurityEvent[]> {
    const rows: SecurityEventRow[] = await this.dataSource.query(
      `SELECT * FROM security_event
        WHERE ($1::bigint IS NULL OR id < $1) AND ($2::int IS NULL OR actor_user_id = $2)
        ORDER BY at DESC, id DESC LIMIT $3`,
      [options.beforeId ?? null, options.actorUserId ?? null, Math.min(Math.max(options.limit ?? 100, 1), 1000)],
    );
    return rows.map(securityEventOf);
  }
}

/** A security_event row as the API returns it. */
export function securityEventOf(row: SecurityEventRow): SecurityEvent {
  return {
    id: Number(row.id),
    at: new Date(row.at).toISOString(),
    actorUserId: row.actor_user_id,
    actorUsername: row.actor_username,
    action: row.action,
    targetType: row.target_type,
    targetId: row.target_id,
    targetLabel: row.target_label,
    ip: row.ip,
    userAgent: row.user_agent,
    result: row.result,
    detail: row.detail ?? {},
  };
}

/** Drops anything that looks like a secret, whatever a caller passed by mistake. */
function scrub(detail: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(detail).filter(([key]) => !FORBIDDEN_DETAIL_KEYS.test(key)));
}
