// GET /api/admin/bundle/wip?orderId= (Schedule permission): bundles and pieces open per process,
// in total and per order, with the stuck ones (cut bundles, PRODUCT.md §4). Silent: the schedule
// shows no WIP rather than an error when it is unavailable.
import type { WipSummary } from '@contracts/bundles';
import { apiGet } from '../../../lib/http-client';

export function getWip(orderId?: number): Promise<WipSummary> {
  return apiGet<WipSummary>('/admin/bundle/wip', { params: orderId ? { orderId } : undefined, silent: true });
}
