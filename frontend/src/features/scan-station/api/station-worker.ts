// /api/admin/scan/worker and /workers: who is working at a shared station (issue 11). Silent:
// the station shows the answer itself.
import type { StationWorker } from '@contracts/appraisal';
import { apiGet } from '../../../lib/http-client';
import { SCAN_TIMEOUT_MS } from './scan';

/** GET /admin/scan/worker?badge=SBW1:<code>: the worker a badge names (404 badgeUnknown). */
export function getWorkerByBadge(badge: string): Promise<StationWorker> {
  return apiGet<StationWorker>('/admin/scan/worker', { params: { badge }, silent: true, timeout: SCAN_TIMEOUT_MS });
}

/** GET /admin/scan/workers?processId=: enabled workers allowed at the process, by name (the pick list). */
export function getStationWorkers(processId: number, signal?: AbortSignal): Promise<StationWorker[]> {
  return apiGet<StationWorker[]>('/admin/scan/workers', { params: { processId }, signal, silent: true });
}
