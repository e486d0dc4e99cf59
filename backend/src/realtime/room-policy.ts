import type { AuthenticatedUser } from '../common/http/route-access.decorators.js';

/** Who is behind a socket: a logged-in user, or a public board that showed the board key. */
export type SocketIdentity = { kind: 'user'; user: AuthenticatedUser } | { kind: 'boardKey' };

const BOARD_KEY_ROOMS = new Set(['board', 'settings']);
const USER_ROOMS = new Set(['board', 'settings', 'statistics', 'saleOrders', 'productionOrders']);
const ENTITY_ROOM = /^(order|saleOrder|process):[1-9]\d{0,9}$/;
const MASTER_DATA_ROOM = /^masterData:[a-zA-Z]{1,32}$/;

/** The server, not the client, decides which rooms a socket may join. */
export function mayJoin(identity: SocketIdentity, room: string): boolean {
  if (identity.kind === 'boardKey') return BOARD_KEY_ROOMS.has(room);
  return USER_ROOMS.has(room) || ENTITY_ROOM.test(room) || MASTER_DATA_ROOM.test(room);
}

export const SESSION_ROOM = (sessionId: number) => `session:${sessionId}`;
export const BOARD_KEY_ROOM = 'board-key';
