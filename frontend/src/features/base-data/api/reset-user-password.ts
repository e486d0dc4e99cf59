import { apiPost } from '../../../lib/http-client';

/** POST /admin/user/resetPassword: id and the new password (6–64 characters). */
export function resetUserPassword(id: number, password: string): Promise<unknown> {
  return apiPost<unknown>('/admin/user/resetPassword', { id, password }, { silent: true });
}
