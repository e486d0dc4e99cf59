// GET /api/admin/process/options: the processes of the flow in sort order (the bundle list's filter).
import { apiGet } from '../../../lib/http-client';

export interface ProcessOption {
  id: number;
  code: string;
  name: string;
}

export function getProcessOptions(): Promise<ProcessOption[]> {
  return apiGet<ProcessOption[]>('/admin/process/options', { silent: true });
}
