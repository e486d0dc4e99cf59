// GET /api/admin/production/overview/:id (route OrderOverview): one production order seen whole.
import type { OrderOverview } from '@contracts/order-overview';
import { apiGet } from '../../../lib/http-client';

/** `quiet`: a background refresh after a pushed change; a failure shows on the page, not as a toast. */
export function getOrderOverview(id: number, quiet = false): Promise<OrderOverview> {
  return apiGet<OrderOverview>(`/admin/production/overview/${id}`, { silent: quiet });
}
