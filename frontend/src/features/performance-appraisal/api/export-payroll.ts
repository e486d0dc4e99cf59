// GET /api/admin/statistics/payroll/export: the month's payroll as xlsx (one sheet, a total row).
import { apiDownload, saveFile } from '../../../lib/http-client';
import { toPayrollParams, type PayrollQuery } from '../model/appraisal-query';

/** Resolves to the saved file's name. */
export async function exportPayroll(query: PayrollQuery): Promise<string> {
  const file = await apiDownload('/admin/statistics/payroll/export', toPayrollParams(query), `payroll-${query.month}.xlsx`);
  const fileName = /\.xlsx$/i.test(file.fileName) ? file.fileName : `${file.fileName}.xlsx`;
  saveFile({ ...file, fileName });
  return fileName;
}
