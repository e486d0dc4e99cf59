// GET /api/admin/cutting/order/:orderId (permission Cutting): ordered vs cut per colour × size,
// and the order's lays.
import type { OrderCutting } from '@contracts/bundles';
import { apiGet } from '../../../lib/http-client';

/** `quiet`: a background refresh after a pushed change; a failure shows on the page, not as a toast. */
export function getOrderCutting(orderId: number, quiet = false): Promise<OrderCutting> {
  return apiGet<OrderCutting>(`/admin/cutting/order/${orderId}`, { silent: quiet });
}
