import { ALL_MASTER_DATA, COMPANY_DEFINITION } from '../../../contracts/master-data.js';
import { permissionNameOf } from '../../../contracts/routes.js';
import type { AuthenticatedUser } from '../common/http/route-access.decorators.js';

/** Who is behind a socket: a logged-in user, a public board that showed the board key, or a paired TV (device key). */
export type SocketIdentity =
  | { kind: 'user'; user: AuthenticatedUser }
  | { kind: 'boardKey' }
  | { kind: 'device'; deviceId: number; profileId: number | null };

const BOARD_KEY_ROOMS = new Set(['board', 'settings']);
const ENTITY_ROOM = /^(order|saleOrder|process):([1-9]\d{0,9})$/;
const MASTER_DATA_ROOM = /^masterData:([a-zA-Z]{1,32})$/;
/** A user's own room (access changes): only that user's sockets, whatever they may open. */
const USER_ROOM_PATTERN = /^user:([1-9]\d{0,9})$/;

// A room carries the data of some HTTP endpoints; joining it needs what reading them needs
// (the route names of their @ForRoute, any one suffices). Keep in step with the controllers.
/** Production orders: productionOrder list/detail (ProductionOrderIndex, OrderIndex, OrderReview, OrderHide) and the schedule. */
const PRODUCTION_ORDER_ROUTES = ['ProductionOrderIndex', 'OrderIndex', 'OrderReview', 'OrderHide', 'ScheduleIndex'];
/** The list room also feeds the order-lines screen (sale-order-sub list, SaleOrderSub), which shows their production. */
const PRODUCTION_ORDER_LIST_ROUTES = [...PRODUCTION_ORDER_ROUTES, 'SaleOrderSub'];
/**
 * One order's progress also shows at the scan station (scan lookup) — scanners hold Scan — on its
 * overview, and on its cutting page and bundle traces (bundle.changed goes to the order's room).
 */
const ORDER_ROUTES = [...PRODUCTION_ORDER_ROUTES, 'Scan', 'OrderOverview', 'Cutting', 'Bundle'];
/** Sale orders: saleOrder list/detail (SaleOrderIndex) and the sale-order lines (SaleOrderSub). */
const SALE_ORDER_ROUTES = ['SaleOrderIndex', 'SaleOrderSub'];
/**
 * Every scan, for the screens that add scans up: the console (statistics/console is ForRoute
 * HomeIndex), the difference statistics and the piece-rate appraisal (their reports are
 * ForRoute StatisticsDifference / PerformanceAppraisalDetails).
 */
const STATISTICS_ROUTES = ['HomeIndex', 'StatisticsDifference', 'PerformanceAppraisalDetails'];
/** A process's stream of progress: the schedule and the scan station. */
const PROCESS_ROUTES = ['ScheduleIndex', 'Scan'];
/** masterData:<entity> → the entity's list route (<routeName>Index); company and user have their own screens. */
const MASTER_DATA_ROUTES: ReadonlyMap<string, string[]> = new Map([
  ...Object.values(ALL_MASTER_DATA).map((definition): [string, string[]] => [definition.name, [`${definition.routeName}Index`]]),
  [COMPANY_DEFINITION.name, [COMPANY_DEFINITION.routeName]],
  ['user', ['UserIndex']],
]);

function holdsAny(user: AuthenticatedUser, routeNames: readonly string[]): boolean {
  return routeNames.some((routeName) => user.permissions.includes(permissionNameOf(routeName)));
}

/**
 * The server, not the client, decides which rooms a socket may join: a room needs the same
 * permission as the endpoints serving its data. Called on every subscribe with the session's
 * current permissions, so a permission change applies from the next subscribe.
 */
export function mayJoin(identity: SocketIdentity, room: string): boolean {
  // A paired TV may see exactly what the public board sees: board rooms, nothing else.
  if (identity.kind === 'boardKey' || identity.kind === 'device') return BOARD_KEY_ROOMS.has(room);
  const { user } = identity;
  switch (room) {
    case 'board':
    case 'settings':
      return true;
    case 'statistics':
      return holdsAny(user, STATISTICS_ROUTES);
    case 'saleOrders':
      return holdsAny(user, SALE_ORDER_ROUTES);
    case 'productionOrders':
      return holdsAny(user, PRODUCTION_ORDER_LIST_ROUTES);
  }
  const entity = ENTITY_ROOM.exec(room);
  if (entity) {
    const [, kind, id] = entity;
    if (kind === 'order') return holdsAny(user, ORDER_ROUTES);
    if (kind === 'saleOrder') return holdsAny(user, SALE_ORDER_ROUTES);
    return holdsAny(user, PROCESS_ROUTES) || user.processIds.includes(Number(id));
  }
  const own = USER_ROOM_PATTERN.exec(room);
  if (own) return Number(own[1]) === user.id;
  const masterData = MASTER_DATA_ROOM.exec(room);
  if (masterData) {
    const routes = MASTER_DATA_ROUTES.get(masterData[1]); // a Map: no prototype names
    return routes !== undefined && holdsAny(user, routes);
  }
  return false;
}

const SESSION_ROOM_PREFIX = 'session:';
export const USER_ROOM_PREFIX = 'user:';
export const SESSION_ROOM = (sessionId: number) => `${SESSION_ROOM_PREFIX}${sessionId}`;
export const USER_ROOM = (userId: number) => `${USER_ROOM_PREFIX}${userId}`;
export const BOARD_KEY_ROOM = 'board-key';
/** A paired TV's own sockets (revoke closes them). */
export const DEVICE_ROOM_PREFIX = 'device:';
export const DEVICE_ROOM = (deviceId: number) => `${DEVICE_ROOM_PREFIX}${deviceId}`;

/**
 * A room a socket sits in by who it is, not by subscribing: its session's, its user's, its
 * paired TV's, the board-key sockets' room. Subscriptions (and the metrics of them) leave these
 * out; the socket's own id room is told apart by the caller, which knows the socket ids.
 */
export function isIdentityRoom(room: string): boolean {
  return room.startsWith(SESSION_ROOM_PREFIX) || room.startsWith(USER_ROOM_PREFIX) || room.startsWith(DEVICE_ROOM_PREFIX) || room === BOARD_KEY_ROOM;
}
