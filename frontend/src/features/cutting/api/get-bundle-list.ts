// GET /api/admin/bundle/list?orderId=&colorId=&sizeId=&processId=&stuck=&page=&size=: one order's
// bundles, where each is, server-paged.
import type { BundleRecord } from '@contracts/bundles';
import type { ListPage } from '@contracts/master-data';
import { apiGet } from '../../../lib/http-client';

export interface BundleListQuery {
  orderId: number;
  colorId?: number | null;
  sizeId?: number | null;
  processId?: number | null;
  stuck?: boolean;
  page: number;
  size: number;
}

export function getBundleList(query: BundleListQuery, quiet = false): Promise<ListPage<BundleRecord>> {
  const params: Record<string, string | number> = { orderId: query.orderId, page: query.page, size: query.size };
  if (query.colorId) params.colorId = query.colorId;
  if (query.sizeId) params.sizeId = query.sizeId;
  if (query.processId) params.processId = query.processId;
  if (query.stuck) params.stuck = 'true';
  return apiGet<ListPage<BundleRecord>>('/admin/bundle/list', { params, silent: quiet });
}
