import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, type Repository } from 'typeorm';
import type { LoginResult } from '../../../contracts/api.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { DomainException } from '../common/errors/domain.exception.js';
import type { AuthenticatedUser } from '../common/http/route-access.decorators.js';
import { EventBus } from '../events/event-bus.service.js';
import { SecurityLogService, type SecurityActor } from '../security-log/security-log.service.js';
import { effectivePermissionsOfUser } from '../role/access-rules.js';
import { UserEntity } from '../user/user.entity.js';
import { LoginThrottle } from './login-throttle.js';
import { PasswordHasher } from './password-hasher.js';
import { assertPasswordAcceptable } from './password-policy.js';
import { invalidatesSessions, SessionCache } from './session-cache.js';
import { hashSessionToken, newSessionToken } from './session-token.js';
import { SessionRepository, type SessionUser } from './session.repository.js';

export interface LoginContext {
  ip: string;
  userAgent: string;
}

@Injectable()
export class AuthService {
  private readonly logger = new Logger('Auth');
  /** Validated sessions for SESSION_CACHE_TTL_MS, cleared on every revocation or access change (session-cache.ts). */
  readonly sessionCache: SessionCache;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectRepository(UserEntity) private readonly users: Repository<UserEntity>,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly sessions: SessionRepository,
    private readonly throttle: LoginThrottle,
    private readonly hasher: PasswordHasher,
    private readonly events: EventBus,
    private readonly securityLog: SecurityLogService,
  ) {
    this.sessionCache = new SessionCache(config.SESSION_CACHE_TTL_MS);
    // This instance's own revocations and committed access changes. Other instances' reach it
    // through RealtimeGateway (Redis), which also turns the cache off while Redis is away.
    events.register({
      deliver: (committed) => {
        if (committed.some((event) => invalidatesSessions(event.name))) this.sessionCache.clear();
      },
      endSessions: () => this.sessionCache.clear(),
      endBoardKeySockets: () => undefined,
    });
  }

  async login(username: string, password: string, context: LoginContext): Promise<LoginResult> {
    const name = username.trim();
    const attempt: SecurityActor = { username: name.slice(0, 64), ip: context.ip, userAgent: context.userAgent };
    const target = { type: 'user', label: name.slice(0, 128) };
    try {
      // Counted before the password is checked, atomically: see LoginThrottle.
      await this.throttle.consume(name, context.ip);
    } catch (error) {
      void this.securityLog.record({ action: 'login', result: 'refused', actor: attempt, target, detail: { reason: 'throttled' } });
      throw error;
    }
    const user = await this.users
      .createQueryBuilder('user')
      .addSelect('user.passwordHash')
      .where('lower(user.username) = lower(:name)', { name })
      .getOne();
    let valid: boolean;
    try {
      // Unknown users are checked against a dummy hash at the same cost, so the answer's timing
      // does not reveal which usernames exist.
      valid = await this.hasher.verify(password, user?.passwordHash);
    } catch (error) {
      // The password queue is full (503): this attempt was not judged, so it costs nothing.
      await this.throttle.refund(name, context.ip);
      void this.securityLog.record({ action: 'login', result: 'refused', actor: attempt, target, detail: { reason: 'busy' } });
      throw error;
    }
    if (!user || !valid) {
      void this.securityLog.record({
        action: 'login',
        result: 'failure',
        actor: { ...attempt, id: user?.id ?? null },
        target: { ...target, id: user?.id ?? null },
        detail: { reason: user ? 'wrongPassword' : 'unknownUser' },
      });
      throw new DomainException('loginFailed');
    }
    await this.throttle.succeeded(name, context.ip);
    const actor: SecurityActor = { ...attempt, id: user.id, username: user.username };
    const userTarget = { type: 'user', id: user.id, label: user.username };
    // Roles and extra pages together: a user whose access comes only from roles may sign in.
    const permissions = await effectivePermissionsOfUser(this.dataSource.manager, user.id);
    if (!user.enabled || permissions.length === 0) {
      const reason = user.enabled ? 'noPermission' : 'disabled';
      void this.securityLog.record({ action: 'login', result: 'refused', actor, target: userTarget, detail: { reason } });
      throw new DomainException(user.enabled ? 'noPermissionAccount' : 'accountDisabled');
    }
    await this.rehashIfOutdated(user.id, password, user.passwordHash);

    const token = newSessionToken();
    const expiresAt = new Date(Date.now() + this.config.TOKEN_TTL_DAYS * 24 * 3600 * 1000);
    await this.sessions.create(user.id, hashSessionToken(token), expiresAt, context.ip, context.userAgent);
    void this.securityLog.record({
      action: 'login',
      result: 'success',
      actor,
      target: userTarget,
      detail: user.mustChangePassword ? { mustChangePassword: true } : {},
    });
    return {
      token,
      processList: user.processIds.join(';'),
      permission: permissions.join(';'),
      mustChangePassword: user.mustChangePassword,
      passwordIsDefault: user.passwordIsDefault,
    };
  }

  /**
   * The user behind a token, or null — for sockets, uploads and other callers outside the access
   * guard. A user who must change their password comes back with no permissions and no processes
   * at all: still signed in (the screen's socket stays up and the app does not bounce them to the
   * login page), but allowed nothing until the password is changed. Runs on every request: one
   * indexed query, or the session cache, which every revocation and access change clears on every
   * instance, so a revoked session or a disabled user is refused on the very next request.
   */
  async authenticate(token: string | undefined): Promise<AuthenticatedUser | null> {
    const user = await this.authenticateSession(token);
    if (!user) return null;
    const { mustChangePassword, ...plain } = user;
    return mustChangePassword ? { ...plain, permissions: [], processIds: [], attachmentProcessIds: [] } : plain;
  }

  /** The session's user including a pending password change (the access guard decides). */
  async authenticateSession(token: string | undefined): Promise<SessionUser | null> {
    if (!token || token.length > 256) return null;
    const tokenHash = hashSessionToken(token);
    const cached = this.sessionCache.get(tokenHash);
    if (cached) return cached;
    const ticket = this.sessionCache.ticket();
    const found = await this.sessions.findActiveUntil(tokenHash);
    if (!found) return null;
    this.sessionCache.set(tokenHash, found.user, found.expiresAt.getTime(), ticket);
    return found.user;
  }

  async logout(user: AuthenticatedUser & SecurityActor): Promise<void> {
    await this.sessions.revoke(user.sessionId);
    this.events.endSessions([user.sessionId]);
    void this.securityLog.record({ action: 'logout', result: 'success', actor: user, target: { type: 'user', id: user.id, label: user.username } });
  }

  /**
   * A user changes their own password: the current one is required (and throttled like a login,
   * so a stolen session cannot guess it), the new one must pass the rules and differ. Clears the
   * pending-change and default flags and ends the user's other sessions.
   */
  async changePassword(user: AuthenticatedUser & SecurityActor, currentPassword: string, newPassword: string): Promise<void> {
    const actor: SecurityActor = { ...user };
    const target = { type: 'user', id: user.id, label: user.username };
    const refuse = (reason: string, error: DomainException): never => {
      void this.securityLog.record({ action: 'password.change', result: 'refused', actor, target, detail: { reason } });
      throw error;
    };
    const ip = user.ip ?? '';
    try {
      await this.throttle.consume(user.username, ip);
    } catch (error) {
      return refuse('throttled', error as DomainException);
    }
    const rows: { password_hash: string }[] = await this.dataSource.query(`SELECT password_hash FROM app_user WHERE id = $1`, [user.id]);
    if (!rows[0]) throw new DomainException('tokenInvalid');
    let valid: boolean;
    try {
      valid = await this.hasher.verify(currentPassword, rows[0].password_hash);
    } catch (error) {
      await this.throttle.refund(user.username, ip);
      throw error;
    }
    if (!valid) refuse('wrongCurrentPassword', new DomainException('currentPasswordWrong', {}, { field: 'currentPassword' }));
    await this.throttle.succeeded(user.username, ip);
    if (newPassword === currentPassword) refuse('unchanged', new DomainException('passwordUnchanged', {}, { field: 'newPassword' }));
    try {
      assertPasswordAcceptable(newPassword, user.username, 'newPassword');
    } catch (error) {
      refuse('weak', error as DomainException);
    }
    const passwordHash = await this.hasher.hash(newPassword);
    await this.dataSource.query(
      `UPDATE app_user SET password_hash = $2, must_change_password = false, password_is_default = false,
              password_changed_at = now(), updated_at = now()
        WHERE id = $1`,
      // No version bump: the administrators' edit form (which the version guards) has no password.
      [user.id, passwordHash],
    );
    // Whoever else holds a session of this account (a stolen token, another browser) is out.
    const ended = await this.sessions.revokeAllOfUser(user.id, user.sessionId);
    this.events.endSessions(ended);
    void this.securityLog.record({ action: 'password.change', result: 'success', actor, target, detail: { endedSessions: ended.length } });
  }

  /** A hash made at an older (or other) cost is re-made at the current one after a good login. */
  private async rehashIfOutdated(userId: number, password: string, stored: string): Promise<void> {
    if (!this.hasher.needsRehash(stored)) return;
    try {
      const upgraded = await this.hasher.hash(password);
      // Only if nobody changed the password meanwhile.
      await this.dataSource.query(`UPDATE app_user SET password_hash = $3 WHERE id = $1 AND password_hash = $2`, [userId, stored, upgraded]);
    } catch (error) {
      // Busy or a database hiccup: the login still succeeds; the next one upgrades.
      this.logger.warn(`password rehash of user #${userId} skipped: ${(error as Error).message}`);
    }
  }
}
