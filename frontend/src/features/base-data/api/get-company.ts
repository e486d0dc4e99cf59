import type { MasterRecord } from '@contracts/master-data';
import { apiGet } from '../../../lib/http-client';

/** GET /admin/company/detail: the one company record. */
export function getCompany(): Promise<MasterRecord> {
  return apiGet<MasterRecord>('/admin/company/detail');
}
