import type { UserRecord, UserRoleFields } from '@contracts/users';
import { apiGet } from '../../../lib/http-client';

/** GET /admin/user/detail?id=: with extra pages (permissions), roles, effective pages and process lists. */
export function getUser(id: number): Promise<UserRecord & UserRoleFields> {
  return apiGet<UserRecord & UserRoleFields>('/admin/user/detail', { params: { id } });
}
