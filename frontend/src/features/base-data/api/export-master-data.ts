import { apiDownload, saveFile } from '../../../lib/http-client';
import { toQueryParams, type ListState } from '../model/list-state';

/** GET an Excel export and save it, named by the server (always ending .xlsx); resolves to the file name. */
export async function downloadExcel(url: string, params: Record<string, string | number>, fallbackName: string): Promise<string> {
  const file = await apiDownload(url, params, fallbackName);
  const fileName = /\.xlsx$/i.test(file.fileName) ? file.fileName : `${file.fileName}.xlsx`;
  saveFile({ ...file, fileName });
  return fileName;
}

/** GET /admin/<entity>/export with the list's current filter and sort (plus `extra` parameters), saved as .xlsx. */
export function exportMasterData(entity: string, state: ListState, extra: Record<string, string> = {}): Promise<string> {
  return downloadExcel(`/admin/${entity}/export`, { ...toQueryParams(state, { paging: false }), ...extra }, `${entity}.xlsx`);
}
