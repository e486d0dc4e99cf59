// GET /api/admin/statistics/difference (contracts/difference.ts).
import type { DifferenceReport } from '@contracts/difference';
import { apiGet } from '../../../lib/http-client';
import { toDifferenceParams, type DifferenceQuery } from '../model/difference-query';

/** `quiet`: a live refetch; a failure is shown on the page, not as a toast. */
export function getDifferenceReport(query: DifferenceQuery, signal?: AbortSignal, quiet = false): Promise<DifferenceReport> {
  return apiGet<DifferenceReport>('/admin/statistics/difference', { params: toDifferenceParams(query), signal, silent: quiet });
}
