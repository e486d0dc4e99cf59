import type { ListPage } from '@contracts/master-data';
import { MAX_PAGE_SIZE } from '@contracts/master-data';
import type { UserRecord } from '@contracts/users';
import { apiGet } from '../../../lib/http-client';

/** GET /admin/user/list: the users matching a keyword, by username (one big page). */
export function getUsers(keyword: string): Promise<ListPage<UserRecord>> {
  const params: Record<string, string | number> = { page: 1, pageSize: MAX_PAGE_SIZE, sortField: 'username', sortOrder: 'asc' };
  if (keyword.trim()) params.keyword = keyword.trim();
  return apiGet<ListPage<UserRecord>>('/admin/user/list', { params });
}
