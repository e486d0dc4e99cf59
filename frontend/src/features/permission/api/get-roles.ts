import type { RoleRecord } from '@contracts/users';
import { apiGet } from '../../../lib/http-client';

/** GET /admin/role/list: every role with its screens and how many users hold it, by name. */
export function getRoles(): Promise<RoleRecord[]> {
  return apiGet<RoleRecord[]>('/admin/role/list');
}
