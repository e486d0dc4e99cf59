import type { MasterRecord } from '@contracts/master-data';
import { apiPost } from '../../../lib/http-client';

/** POST /admin/user/:id/badge: a new badge code; the old badge stops working. Answers the user with badgeCode. */
export function renewUserBadge(id: number): Promise<MasterRecord> {
  return apiPost<MasterRecord>(`/admin/user/${id}/badge`);
}
