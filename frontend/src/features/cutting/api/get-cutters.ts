// GET /api/admin/scan/workers?processId=: enabled users allowed at the process (the station's
// pick list), here the cutters a lay's cutting scans may be credited to.
import type { StationWorker } from '@contracts/appraisal';
import { apiGet } from '../../../lib/http-client';

export function getCutters(cuttingProcessId: number): Promise<StationWorker[]> {
  return apiGet<StationWorker[]>('/admin/scan/workers', { params: { processId: cuttingProcessId }, silent: true });
}
