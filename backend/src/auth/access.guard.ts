import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { permissionNameOf } from '../../../contracts/routes.js';
import { DomainException } from '../common/errors/domain.exception.js';
import { ROUTE_ACCESS_KEY, type AuthenticatedUser, type RouteAccess } from '../common/http/route-access.decorators.js';
import { SettingService } from '../setting/setting.service.js';
import { BoardProfileService, type DeviceIdentity } from '../setting/board-profile.service.js';
import type { SecurityActor } from '../security-log/security-log.service.js';
import { AuthService } from './auth.service.js';
import { OPEN_BEFORE_PASSWORD_CHANGE_KEY } from './password-change.decorator.js';
import type { SessionUser } from './session.repository.js';

export function firstHeader(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** Who is calling, and from where (for the security log of whatever the request changes). */
export type AuthenticatedCaller = SessionUser & Required<Pick<SecurityActor, 'ip' | 'userAgent'>>;

/**
 * The caller of an endpoint that needs a session, or its refusal: no token 401 `unauthorized`,
 * an unknown, expired or revoked one 401 `tokenInvalid`, a password set by someone else 403
 * `passwordChangeRequired` unless the endpoint is open before that change. The one rule for the
 * access guard and for the scan's lean path (common/http/lean-route.ts).
 */
export function admitSession(
  token: string | undefined,
  user: SessionUser | null,
  from: { ip: string; userAgent: string },
  openBeforePasswordChange: () => boolean,
): AuthenticatedCaller {
  if (!token) throw new DomainException('unauthorized');
  if (!user) throw new DomainException('tokenInvalid');
  const caller = Object.assign(user, from);
  if (user.mustChangePassword && !openBeforePasswordChange()) throw new DomainException('passwordChangeRequired');
  return caller;
}

/**
 * Global guard: a public endpoint passes; any other needs a live session, and a route-bound one
 * needs the route's permission name in the user's list — checked on the server, every request.
 * A board endpoint also accepts the public board key instead of a session. A user whose password
 * was set by someone else reaches only the endpoints marked @OpenBeforePasswordChange.
 */
@Injectable()
export class AccessGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly auth: AuthService,
    // SettingModule is global: injected here without AuthModule importing it (no module cycle).
    private readonly settings: SettingService,
    private readonly devices: BoardProfileService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const access = this.reflector.getAllAndOverride<RouteAccess | undefined>(ROUTE_ACCESS_KEY, [
      context.getHandler(),
      context.getClass(),
    ]);
    // Undeclared endpoints are refused (RouteAccessAudit also stops such a build from booting).
    if (!access) throw new DomainException('forbidden');
    if (access.kind === 'public') return true;

    const request = context.switchToHttp().getRequest<Request & { user?: AuthenticatedUser; boardDevice?: DeviceIdentity }>();
    const token = firstHeader(request.headers.token);
    const user = token ? await this.auth.authenticateSession(token) : null;
    if (access.kind === 'board' && !user) {
      // Node lower-cases header names: `boardKey` arrives as `boardkey`. A valid key passes even
      // beside a stale token (a phone that once logged in still opens the public board). Checked
      // on every request, so turning the key off or rotating it locks boards out at once.
      const boardKey = firstHeader(request.headers.boardkey);
      if (boardKey && (await this.settings.verifyBoardKey(boardKey))) return true;
      // A stale board key beside a device key (a TV once opened by key, then paired) is not the answer.
      if (boardKey && !token && !request.headers.devicekey) throw new DomainException('boardKeyInvalid');
      // A paired TV's device key: board reads only (this branch is the only place it is looked at,
      // so it opens no other endpoint). Checked on every request: a revoked device gets 401 at once.
      const deviceKey = firstHeader(request.headers.devicekey);
      if (deviceKey) {
        const device = await this.devices.verifyDeviceKey(deviceKey);
        if (device) {
          request.boardDevice = device;
          return true;
        }
        if (!token) throw new DomainException('deviceKeyInvalid');
      }
    }
    // Who and from where, for the security log of whatever this request changes.
    const caller = admitSession(token, user, { ip: request.ip ?? '', userAgent: firstHeader(request.headers['user-agent']) ?? '' }, () =>
      Boolean(this.reflector.getAllAndOverride<boolean>(OPEN_BEFORE_PASSWORD_CHANGE_KEY, [context.getHandler(), context.getClass()])),
    );
    request.user = caller;

    if (access.kind === 'permission' && !access.routeNames.some((name) => caller.permissions.includes(permissionNameOf(name)))) {
      throw new DomainException('forbidden');
    }
    return true;
  }
}
