// GET /api/admin/statistics/difference?orderId= (route StatisticsDifference): the order's
// ordered / cut / finished / in stock / shipped per colour × size (contracts/difference.ts).
import type { DifferenceOrder, DifferenceReport } from '@contracts/difference';
import { apiGet } from '../../../lib/http-client';

/** The order's row of the report, or null when the report does not list it. Always silent: the section is optional. */
export async function getOrderDifference(orderId: number): Promise<DifferenceOrder | null> {
  const report = await apiGet<DifferenceReport>('/admin/statistics/difference', { params: { orderId, page: 1, pageSize: 1, status: 'all' }, silent: true });
  return report?.rows?.find((row) => row.orderId === orderId) ?? null;
}
