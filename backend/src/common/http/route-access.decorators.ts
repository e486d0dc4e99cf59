import { applyDecorators, createParamDecorator, type ExecutionContext, SetMetadata } from '@nestjs/common';
import { ApiHeader, ApiSecurity } from '@nestjs/swagger';

// Every endpoint declares who may call it, with exactly one of these (Public, Authenticated,
// BoardReader, ForRoute). The access guard enforces it per request, and RouteAccessAudit refuses
// to boot when an endpoint declares none.
export const ROUTE_ACCESS_KEY = 'stitchboard:route-access';
export const SUCCESS_MESSAGE_KEY = 'stitchboard:success-message';

export type RouteAccess =
  | { kind: 'public' }
  | { kind: 'authenticated' }
  | { kind: 'permission'; routeNames: string[] }
  | { kind: 'board' };

/** No token needed (login, system title, health, the public board). */
export const Public = () => SetMetadata(ROUTE_ACCESS_KEY, { kind: 'public' } satisfies RouteAccess);

/** Any logged-in user (own user info, logout, reading board settings). */
export const Authenticated = () =>
  applyDecorators(SetMetadata(ROUTE_ACCESS_KEY, { kind: 'authenticated' } satisfies RouteAccess), ApiSecurity('token'));

/** Request header carrying the public board key (the no-login mobile board, PRODUCT.md §5). */
export const BOARD_KEY_HEADER = 'boardKey';

/**
 * What a board reads: any logged-in user (token), or the public mobile board with the board key
 * the administrator can turn off or rotate. Without a token the caller is anonymous:
 * `CurrentUser` is undefined.
 */
export const BoardReader = () =>
  applyDecorators(
    SetMetadata(ROUTE_ACCESS_KEY, { kind: 'board' } satisfies RouteAccess),
    ApiSecurity('token'),
    ApiHeader({ name: 'token', required: false, description: 'session token of any user; or send boardKey instead' }),
    ApiHeader({ name: BOARD_KEY_HEADER, required: false, description: 'the public board key (when enabled in the board settings); used when no token is sent' }),
    ApiHeader({ name: 'deviceKey', required: false, description: "a paired TV's device key (board profiles); used when no token is sent" }),
  );

/**
 * The screen (route name) this endpoint belongs to; the caller needs its permission name
 * (the route name less an Index/Create/Update suffix). An endpoint several screens use (the
 * order list serves the order, review and hide screens) names them all: any one suffices.
 */
export const ForRoute = (routeName: string, ...alsoFor: string[]) =>
  applyDecorators(
    SetMetadata(ROUTE_ACCESS_KEY, { kind: 'permission', routeNames: [routeName, ...alsoFor] } satisfies RouteAccess),
    ApiSecurity('token'),
    ApiHeader({ name: 'token', required: true, description: `session token; needs permission for route ${[routeName, ...alsoFor].join(' or ')}` }),
  );

/** The i18n key of the envelope's message on success (default messages.success). */
export const SuccessMessage = (key: string) => SetMetadata(SUCCESS_MESSAGE_KEY, key);

/** Who is calling, as the access guard found them. */
export interface AuthenticatedUser {
  id: number;
  username: string;
  sessionId: number;
  permissions: string[];
  processIds: number[];
  attachmentProcessIds: number[];
}

export const CurrentUser = createParamDecorator((_data: unknown, context: ExecutionContext): AuthenticatedUser => {
  return context.switchToHttp().getRequest<{ user: AuthenticatedUser }>().user;
});
