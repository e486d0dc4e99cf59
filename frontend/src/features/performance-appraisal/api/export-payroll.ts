// GET /api/admin/statistics/payroll/export: the month's payroll as xlsx (one sheet, a total row).
import { downloadExcel } from '../../../lib/download-excel';
import { toPayrollParams, type PayrollQuery } from '../model/appraisal-query';

/** Resolves to the saved file's name. */
export function exportPayroll(query: PayrollQuery): Promise<string> {
  return downloadExcel('/admin/statistics/payroll/export', toPayrollParams(query), `payroll-${query.month}.xlsx`);
}
