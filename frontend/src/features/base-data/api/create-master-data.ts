import type { MasterRecord } from '@contracts/master-data';
import { apiPost, type FormBody } from '../../../lib/http-client';

/** POST /admin/<entity>/create. Silent: the form shows the refusal next to the field. */
export function createMasterData(entity: string, body: FormBody): Promise<MasterRecord> {
  return apiPost<MasterRecord>(`/admin/${entity}/create`, body, { silent: true });
}
