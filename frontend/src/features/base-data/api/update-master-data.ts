import type { MasterRecord } from '@contracts/master-data';
import { apiPost, type FormBody } from '../../../lib/http-client';

/** POST /admin/<entity>/update: id, version and the changed fields; 409 when version is stale. */
export function updateMasterData(entity: string, body: FormBody): Promise<MasterRecord> {
  return apiPost<MasterRecord>(`/admin/${entity}/update`, body, { silent: true });
}
