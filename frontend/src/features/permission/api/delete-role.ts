import { apiPost } from '../../../lib/http-client';

/** POST /admin/role/delete: refused (409 roleInUse, naming the holders) while users hold it. */
export function deleteRole(id: number): Promise<unknown> {
  return apiPost<unknown>('/admin/role/delete', { id }, { silent: true });
}
