import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { permissionNameOf } from '../../../contracts/routes.js';
import { DomainException } from '../common/errors/domain.exception.js';
import { ROUTE_ACCESS_KEY, type AuthenticatedUser, type RouteAccess } from '../common/http/route-access.decorators.js';
import { AuthService } from './auth.service.js';

/**
 * Global guard: a public endpoint passes; any other needs a live session, and a route-bound one
 * needs the route's permission name in the user's list — checked on the server, every request.
 */
@Injectable()
export class AccessGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly auth: AuthService,
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

    const request = context.switchToHttp().getRequest<Request & { user?: AuthenticatedUser }>();
    const header = request.headers.token;
    const token = Array.isArray(header) ? header[0] : header;
    if (!token) throw new DomainException('unauthorized');
    const user = await this.auth.authenticate(token);
    if (!user) throw new DomainException('tokenInvalid');
    request.user = user;

    if (access.kind === 'permission' && !access.routeNames.some((name) => user.permissions.includes(permissionNameOf(name)))) {
      throw new DomainException('forbidden');
    }
    return true;
  }
}
