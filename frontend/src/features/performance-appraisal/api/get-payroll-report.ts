// GET /api/admin/statistics/payroll?month=YYYY-MM (&departmentId) (contracts/appraisal.ts).
import type { PayrollReport } from '@contracts/appraisal';
import { apiGet } from '../../../lib/http-client';
import { toPayrollParams, type PayrollQuery } from '../model/appraisal-query';

export function getPayrollReport(query: PayrollQuery, signal?: AbortSignal, quiet = false): Promise<PayrollReport> {
  return apiGet<PayrollReport>('/admin/statistics/payroll', { params: toPayrollParams(query), signal, silent: quiet });
}
