import type { ListPage, MasterRecord } from '@contracts/master-data';
import { apiGet } from '../../../lib/http-client';
import { toQueryParams, type ListState } from '../model/list-state';

/** GET /admin/<entity>/list: one page, sorted, searched and filtered on the server. */
export function getMasterDataList(entity: string, state: ListState, signal?: AbortSignal): Promise<ListPage<MasterRecord>> {
  return apiGet<ListPage<MasterRecord>>(`/admin/${entity}/list`, { params: toQueryParams(state), signal });
}
