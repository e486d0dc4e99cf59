import type { MasterRecord } from '@contracts/master-data';
import { apiGet } from '../../../lib/http-client';

/** GET /admin/<entity>/detail?id=: one record with its child data (steps, sizes, colours). */
export function getMasterDataDetail<T extends MasterRecord = MasterRecord>(entity: string, id: number | string, options: { silent?: boolean } = {}): Promise<T> {
  return apiGet<T>(`/admin/${entity}/detail`, { params: { id }, silent: options.silent });
}
