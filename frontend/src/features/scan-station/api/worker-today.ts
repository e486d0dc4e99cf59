// GET /api/admin/scan/worker-today?workerId=: the worker's own pieces and pay today
// (contracts/appraisal.ts WorkerToday). Until a server has that endpoint (404) the station
// simply shows no panel: `null`.
import type { WorkerToday } from '@contracts/appraisal';
import { ApiError, apiGet } from '../../../lib/http-client';

export async function getWorkerToday(workerId: number, signal?: AbortSignal): Promise<WorkerToday | null> {
  try {
    return await apiGet<WorkerToday>('/admin/scan/worker-today', { params: { workerId }, signal, silent: true });
  } catch (error) {
    if (error instanceof ApiError && (error.code === 404 || error.code === 403)) return null;
    throw error;
  }
}
