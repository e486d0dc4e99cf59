import type { UserRecord } from '@contracts/users';
import { apiGet } from '../../../lib/http-client';

/** GET /admin/user/detail?id=: with permissions, processIds and attachmentProcessIds. */
export function getUser(id: number): Promise<UserRecord> {
  return apiGet<UserRecord>('/admin/user/detail', { params: { id } });
}
