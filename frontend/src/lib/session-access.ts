// Keeps the session's permissions in step with the server (issue 10, item 3): the server reads
// a user's access from the database on every request, and pushes `user.accessChanged` to the
// user's own room when an administrator changes it; the app then re-reads it here, so the menu
// and the route guard follow without a new login.
import type { SessionAccess } from '@contracts/users';
import { apiGet } from './http-client';
import { applySessionAccess } from './session';

/** GET /admin/user/access: the caller's effective access as it is now. */
export function getSessionAccess(): Promise<SessionAccess> {
  return apiGet<SessionAccess>('/admin/user/access', { silent: true });
}

/**
 * Re-reads the access and applies it; resolves with it and whether the screens changed (null
 * when it could not be read).
 */
export async function refreshSessionAccess(): Promise<(SessionAccess & { changed: boolean }) | null> {
  try {
    const access = await getSessionAccess();
    return { ...access, changed: applySessionAccess(access) };
  } catch {
    // Offline or the session ended: the HTTP client handles a 401; the next push retries.
    return null;
  }
}
