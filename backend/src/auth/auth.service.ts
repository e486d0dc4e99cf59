import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import type { LoginResult } from '../../../contracts/api.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { DomainException } from '../common/errors/domain.exception.js';
import type { AuthenticatedUser } from '../common/http/route-access.decorators.js';
import { EventBus } from '../events/event-bus.service.js';
import { UserEntity } from '../user/user.entity.js';
import { LoginThrottle } from './login-throttle.js';
import { DUMMY_PASSWORD_HASH, verifyPassword } from './password-hasher.js';
import { hashSessionToken, newSessionToken } from './session-token.js';
import { SessionRepository } from './session.repository.js';

export interface LoginContext {
  ip: string;
  userAgent: string;
}

@Injectable()
export class AuthService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectRepository(UserEntity) private readonly users: Repository<UserEntity>,
    private readonly sessions: SessionRepository,
    private readonly throttle: LoginThrottle,
    private readonly events: EventBus,
  ) {}

  async login(username: string, password: string, context: LoginContext): Promise<LoginResult> {
    const name = username.trim();
    await this.throttle.check(name, context.ip);
    const user = await this.users
      .createQueryBuilder('user')
      .addSelect('user.passwordHash')
      .where('lower(user.username) = lower(:name)', { name })
      .getOne();
    // Verify against a dummy hash for unknown users so response time does not reveal them.
    const valid = await verifyPassword(password, user?.passwordHash ?? DUMMY_PASSWORD_HASH);
    if (!user || !valid) {
      await this.throttle.recordFailure(name, context.ip);
      throw new DomainException('loginFailed');
    }
    await this.throttle.recordSuccess(name, context.ip);
    if (!user.enabled) throw new DomainException('accountDisabled');
    if (user.permissions.length === 0) throw new DomainException('noPermissionAccount');

    const token = newSessionToken();
    const expiresAt = new Date(Date.now() + this.config.TOKEN_TTL_DAYS * 24 * 3600 * 1000);
    await this.sessions.create(user.id, hashSessionToken(token), expiresAt, context.ip, context.userAgent);
    return { token, processList: user.processIds.join(';'), permission: user.permissions.join(';') };
  }

  /** The user behind a token, or null. Runs on every request: one indexed query, no cache, so
   * a revoked session or a disabled user is refused on the very next request. */
  async authenticate(token: string | undefined): Promise<AuthenticatedUser | null> {
    if (!token || token.length > 256) return null;
    return this.sessions.findActive(hashSessionToken(token));
  }

  async logout(user: AuthenticatedUser): Promise<void> {
    await this.sessions.revoke(user.sessionId);
    this.events.endSessions([user.sessionId]);
  }
}
