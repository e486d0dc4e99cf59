import type { UserRecord, UserRoleFields } from '@contracts/users';
import { apiPost } from '../../../lib/http-client';

export interface UserPermissionUpdate {
  id: number;
  version: number;
  permissions: readonly string[];
  processIds: readonly number[];
  attachmentProcessIds: readonly number[];
  roleIds: readonly number[];
}

/** POST /admin/user/updatePermission: every list comma-separated ("Home,Goods", "1,3"); `permissions` are the extra pages beside the roles. */
export function updateUserPermission(update: UserPermissionUpdate): Promise<(UserRecord & Partial<UserRoleFields>) | null> {
  return apiPost<(UserRecord & Partial<UserRoleFields>) | null>(
    '/admin/user/updatePermission',
    {
      id: update.id,
      version: update.version,
      permissions: update.permissions.join(','),
      processIds: update.processIds.join(','),
      attachmentProcessIds: update.attachmentProcessIds.join(','),
      roleIds: update.roleIds.join(','),
    },
    { silent: true },
  );
}
