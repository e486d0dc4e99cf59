// GET /api/admin/saleOrderSub/list|export: order lines × colour × size across orders.
import type { ListPage } from '@contracts/master-data';
import type { OrderLineRow } from '@contracts/orders';
import { apiGet } from '../../../lib/http-client';
import { toQueryParams, type ListState } from '../../base-data/model/list-state';

export interface OrderLinePage extends ListPage<OrderLineRow> {
  totals: { quantity: number; amount: number };
}

export function getOrderLines(state: ListState, signal?: AbortSignal): Promise<OrderLinePage> {
  return apiGet<OrderLinePage>('/admin/saleOrderSub/list', { params: toQueryParams(state), signal });
}
