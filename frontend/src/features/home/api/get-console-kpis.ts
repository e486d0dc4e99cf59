import type { ConsoleKpis } from '@contracts/production';
import { apiGet } from '../../../lib/http-client';

/** GET /admin/statistics/console. `quiet`: a live refresh; a failure shows on the card only. */
export function getConsoleKpis(quiet = false): Promise<ConsoleKpis> {
  return apiGet<ConsoleKpis>('/admin/statistics/console', { silent: quiet });
}
