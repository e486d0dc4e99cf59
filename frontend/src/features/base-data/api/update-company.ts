import type { MasterRecord } from '@contracts/master-data';
import { apiPost, type FormBody } from '../../../lib/http-client';

/** POST /admin/company/update: the changed fields (with id and version when the record has them). */
export function updateCompany(body: FormBody): Promise<MasterRecord> {
  return apiPost<MasterRecord>('/admin/company/update', body, { silent: true });
}
