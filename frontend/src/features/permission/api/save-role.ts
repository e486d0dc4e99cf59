import type { RoleRecord } from '@contracts/users';
import { apiPost } from '../../../lib/http-client';

export interface RoleDraft {
  name: string;
  description: string;
  permissions: readonly string[];
}

/**
 * POST /admin/role/create, or /admin/role/update for an existing role (its version guards
 * against overwriting someone else's edit: 409 conflict). Lists comma-separated.
 */
export function saveRole(draft: RoleDraft, existing?: Pick<RoleRecord, 'id' | 'version'>): Promise<RoleRecord> {
  const body = { name: draft.name, description: draft.description, permissions: draft.permissions.join(',') };
  return existing
    ? apiPost<RoleRecord>('/admin/role/update', { ...body, id: existing.id, version: existing.version }, { silent: true })
    : apiPost<RoleRecord>('/admin/role/create', body, { silent: true });
}
