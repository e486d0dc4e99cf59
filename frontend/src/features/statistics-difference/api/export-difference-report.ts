// GET /api/admin/statistics/difference/export: every order matching the current filters, xlsx.
import { downloadExcel } from '../../../lib/download-excel';
import { toDifferenceFilterParams, type DifferenceQuery } from '../model/difference-query';

/** Resolves to the saved file's name. */
export function exportDifferenceReport(query: DifferenceQuery): Promise<string> {
  return downloadExcel('/admin/statistics/difference/export', toDifferenceFilterParams(query), 'difference.xlsx');
}
