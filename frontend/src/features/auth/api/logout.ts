import { apiPost } from '../../../lib/http-client';

/** POST /admin/login/logout: the server revokes the token. */
export function logout(): Promise<null> {
  return apiPost<null>('/admin/login/logout');
}
