import { apiDownload, saveFile } from '../../../lib/http-client';
import { toQueryParams, type ListState } from '../model/list-state';

/** GET /admin/<entity>/export with the list's current filter and sort, saved as .xlsx. */
export async function exportMasterData(entity: string, state: ListState): Promise<string> {
  const file = await apiDownload(`/admin/${entity}/export`, toQueryParams(state, { paging: false }), `${entity}.xlsx`);
  const fileName = /\.xlsx$/i.test(file.fileName) ? file.fileName : `${file.fileName}.xlsx`;
  saveFile({ ...file, fileName });
  return fileName;
}
