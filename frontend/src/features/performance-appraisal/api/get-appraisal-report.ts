// GET /api/admin/statistics/appraisal (contracts/appraisal.ts).
import type { AppraisalReport } from '@contracts/appraisal';
import { apiGet } from '../../../lib/http-client';
import { toAppraisalParams, type AppraisalQuery } from '../model/appraisal-query';

/** `quiet`: a live refetch; a failure is shown on the page, not as a toast. */
export function getAppraisalReport(query: AppraisalQuery, signal?: AbortSignal, quiet = false): Promise<AppraisalReport> {
  return apiGet<AppraisalReport>('/admin/statistics/appraisal', { params: toAppraisalParams(query), signal, silent: quiet });
}
