import { apiGet } from '../../../lib/http-client';

export interface ProcessOption {
  id: number;
  code: string;
  name: string;
}

/** GET /admin/process/options: every process, for the two process pickers. */
export function getProcessOptions(): Promise<ProcessOption[]> {
  return apiGet<ProcessOption[]>('/admin/process/options');
}
