// GET /api/admin/statistics/difference/export: every order matching the current filters, xlsx.
import { apiDownload, saveFile } from '../../../lib/http-client';
import { toDifferenceFilterParams, type DifferenceQuery } from '../model/difference-query';

/** Resolves to the saved file's name. */
export async function exportDifferenceReport(query: DifferenceQuery): Promise<string> {
  const file = await apiDownload('/admin/statistics/difference/export', toDifferenceFilterParams(query), 'difference.xlsx');
  const fileName = /\.xlsx$/i.test(file.fileName) ? file.fileName : `${file.fileName}.xlsx`;
  saveFile({ ...file, fileName });
  return fileName;
}
