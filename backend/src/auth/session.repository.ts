import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { AuthenticatedUser } from '../common/http/route-access.decorators.js';
import { effectivePermissionsSql } from '../role/access-rules.js';

interface SessionRow {
  session_id: number;
  user_id: number;
  username: string;
  permissions: string[];
  process_ids: number[];
  attachment_process_ids: number[];
  must_change_password: boolean;
  expires_at: Date;
}

/** A live session's user, with what the access guard needs beyond the permissions. */
export interface SessionUser extends AuthenticatedUser {
  /** Only changePassword, logout and user/info are open until the password is changed. */
  mustChangePassword: boolean;
}

/** Sessions and the one query every authenticated request runs. */
@Injectable()
export class SessionRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async create(userId: number, tokenHash: string, expiresAt: Date, ip: string, userAgent: string): Promise<number> {
    const rows: { id: number }[] = await this.dataSource.query(
      `INSERT INTO user_session (user_id, token_hash, expires_at, ip, user_agent) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
      [userId, tokenHash, expiresAt, ip.slice(0, 64), userAgent.slice(0, 255)],
    );
    return rows[0].id;
  }

  /**
   * The live session's user, or null when the token is unknown, revoked, expired or the user
   * disabled. `permissions` are the effective ones — the user's roles' pages and extra pages,
   * read here on every request, so a change to a role or an assignment applies on the next one.
   */
  async findActive(tokenHash: string): Promise<SessionUser | null> {
    return (await this.findActiveUntil(tokenHash))?.user ?? null;
  }

  /** `findActive` with the session's expiry (the session cache never serves a session past it). */
  async findActiveUntil(tokenHash: string): Promise<{ user: SessionUser; expiresAt: Date } | null> {
    const rows: SessionRow[] = await this.dataSource.query(
      `SELECT s.id AS session_id, u.id AS user_id, u.username, ${effectivePermissionsSql('u')} AS permissions,
              u.process_ids, u.attachment_process_ids, u.must_change_password, s.expires_at
         FROM user_session s JOIN app_user u ON u.id = s.user_id
        WHERE s.token_hash = $1 AND s.revoked_at IS NULL AND s.expires_at > now() AND u.enabled`,
      [tokenHash],
    );
    const row = rows[0];
    if (!row) return null;
    const user: SessionUser = {
      id: row.user_id,
      username: row.username,
      sessionId: row.session_id,
      permissions: row.permissions,
      processIds: row.process_ids,
      attachmentProcessIds: row.attachment_process_ids,
      mustChangePassword: row.must_change_password,
    };
    return { user, expiresAt: new Date(row.expires_at) };
  }

  async revoke(sessionId: number): Promise<void> {
    await this.dataSource.query(`UPDATE user_session SET revoked_at = now() WHERE id = $1 AND revoked_at IS NULL`, [sessionId]);
  }

  async activeIdsOfUser(userId: number): Promise<number[]> {
    const rows: { id: number }[] = await this.dataSource.query(
      `SELECT id FROM user_session WHERE user_id = $1 AND revoked_at IS NULL AND expires_at > now()`,
      [userId],
    );
    return rows.map((row) => row.id);
  }

  /** Revokes every live session of a user (but `keepSessionId`); returns the revoked ids. */
  async revokeAllOfUser(userId: number, keepSessionId?: number): Promise<number[]> {
    const rows: { id: number }[] = await this.dataSource.query(
      `UPDATE user_session SET revoked_at = now()
        WHERE user_id = $1 AND revoked_at IS NULL AND id IS DISTINCT FROM $2 RETURNING id`,
      [userId, keepSessionId ?? null],
    );
    // UPDATE … RETURNING comes back as [rows, count].
    const returned = (Array.isArray(rows[0]) ? rows[0] : rows) as { id: number }[];
    return returned.map((row) => row.id);
  }

  /** Deletes sessions that expired or were revoked more than a day ago; returns how many. */
  async deleteExpired(): Promise<number> {
    const result: [unknown[], number] = await this.dataSource.query(
      `DELETE FROM user_session WHERE expires_at < now() - interval '1 day' OR revoked_at < now() - interval '1 day'`,
    );
    return result[1] ?? 0;
  }
}
