import type { UserRecord } from '@contracts/users';
import { apiPost } from '../../../lib/http-client';

export interface UserPermissionUpdate {
  id: number;
  version: number;
  permissions: readonly string[];
  processIds: readonly number[];
  attachmentProcessIds: readonly number[];
}

/** POST /admin/user/updatePermission: every list comma-separated ("Home,Goods", "1,3"). */
export function updateUserPermission(update: UserPermissionUpdate): Promise<UserRecord | null> {
  return apiPost<UserRecord | null>(
    '/admin/user/updatePermission',
    {
      id: update.id,
      version: update.version,
      permissions: update.permissions.join(','),
      processIds: update.processIds.join(','),
      attachmentProcessIds: update.attachmentProcessIds.join(','),
    },
    { silent: true },
  );
}
