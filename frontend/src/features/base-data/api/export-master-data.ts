import { downloadExcel } from '../../../lib/download-excel';
import { toQueryParams, type ListState } from '../model/list-state';

/** GET /admin/<entity>/export with the list's current filter and sort (plus `extra` parameters), saved as .xlsx. */
export function exportMasterData(entity: string, state: ListState, extra: Record<string, string> = {}): Promise<string> {
  return downloadExcel(`/admin/${entity}/export`, { ...toQueryParams(state, { paging: false }), ...extra }, `${entity}.xlsx`);
}
