// The session lives in cookies (PRODUCT.md §6): token, permission and process list, 7 days,
// the same lifetime as the server-side token.
import Cookies from 'js-cookie';
import { parsePermissionString } from '@contracts/routes';
import type { LoginResult } from '@contracts/api';
import type { SessionAccess } from '@contracts/users';
import { createStore, useStore } from './create-store';

const SESSION_DAYS = 7;

export const COOKIE_NAMES = {
  token: 'token',
  permission: 'permission',
  processList: 'processList',
  sidebarStatus: 'sidebarStatus',
} as const;

const cookieOptions: Cookies.CookieAttributes = { expires: SESSION_DAYS, sameSite: 'lax', path: '/' };

export function getToken(): string | undefined {
  return Cookies.get(COOKIE_NAMES.token) || undefined;
}

export function getPermissions(): string[] {
  return parsePermissionString(Cookies.get(COOKIE_NAMES.permission));
}

export interface SessionState {
  token: string | undefined;
  permissions: readonly string[];
}

const readSession = (): SessionState => ({ token: getToken(), permissions: getPermissions() });

// Cookies are not observable: this store mirrors them so guards and the sidebar re-render on
// login, logout and a 401.
export const sessionStore = createStore<SessionState>(readSession());

export function useSession<S>(selector: (session: SessionState) => S): S {
  return useStore(sessionStore, selector);
}

/** Re-read the cookies (tests, or a cookie changed by another tab before a navigation). */
export function refreshSession(): void {
  sessionStore.set(readSession());
}

export function getProcessList(): string {
  return Cookies.get(COOKIE_NAMES.processList) ?? '';
}

export function saveSession(result: Pick<LoginResult, 'token' | 'permission' | 'processList'>): void {
  Cookies.set(COOKIE_NAMES.token, result.token, cookieOptions);
  Cookies.set(COOKIE_NAMES.permission, result.permission, cookieOptions);
  Cookies.set(COOKIE_NAMES.processList, result.processList, cookieOptions);
  refreshSession();
}

/**
 * The server's current view of this session's access (GET user/access), replacing the copy the
 * login left in the cookies: the sidebar, the route guard and the screens re-render with it. A
 * session that ended meanwhile is not brought back. True when the screens the user may open changed.
 */
export function applySessionAccess(access: Pick<SessionAccess, 'permission' | 'processList'>): boolean {
  if (!getToken()) return false;
  Cookies.set(COOKIE_NAMES.permission, access.permission, cookieOptions);
  Cookies.set(COOKIE_NAMES.processList, access.processList, cookieOptions);
  const current = sessionStore.get();
  const permissions = parsePermissionString(access.permission);
  // Same list: keep the array, so nothing subscribed to it re-renders for nothing.
  if (current.permissions.join(';') === permissions.join(';')) return false;
  sessionStore.set({ ...current, permissions });
  return true;
}

/** Per-session screen state (list pages, filters) is kept under this sessionStorage prefix. */
export const SESSION_STATE_PREFIX = 'stitchboard.';

function clearSessionState(): void {
  try {
    for (const key of Object.keys(window.sessionStorage)) {
      if (key.startsWith(SESSION_STATE_PREFIX)) window.sessionStorage.removeItem(key);
    }
  } catch {
    // Storage can be blocked; there is then nothing to clear.
  }
}

export function clearSession(): void {
  // The next user of this tab starts with fresh lists.
  clearSessionState();
  Cookies.remove(COOKIE_NAMES.token, { path: '/' });
  Cookies.remove(COOKIE_NAMES.permission, { path: '/' });
  Cookies.remove(COOKIE_NAMES.processList, { path: '/' });
  refreshSession();
}

/** Sidebar open state survives reloads; missing cookie means open (the desktop default). */
export function getSidebarOpened(): boolean {
  return Cookies.get(COOKIE_NAMES.sidebarStatus) !== '0';
}

export function setSidebarOpened(opened: boolean): void {
  Cookies.set(COOKIE_NAMES.sidebarStatus, opened ? '1' : '0', { sameSite: 'lax', path: '/' });
}
