// /api/admin/saleOrder/list|detail|export|create|update|delete.
import type { ListPage } from '@contracts/master-data';
import type { SaleOrder } from '@contracts/orders';
import { apiGet, apiPost, type FormBody } from '../../../lib/http-client';
import { toQueryParams, type ListState } from '../../base-data/model/list-state';

export function getSaleOrderList(state: ListState, signal?: AbortSignal): Promise<ListPage<SaleOrder>> {
  return apiGet<ListPage<SaleOrder>>('/admin/saleOrder/list', { params: toQueryParams(state), signal });
}

export function getSaleOrder(id: number | string): Promise<SaleOrder> {
  return apiGet<SaleOrder>('/admin/saleOrder/detail', { params: { id } });
}

/** The form shows the server's message itself (under the field or as a banner). */
export function saveSaleOrder(body: FormBody, mode: 'create' | 'update'): Promise<SaleOrder> {
  return apiPost<SaleOrder>(`/admin/saleOrder/${mode}`, body, { silent: true });
}

export function deleteSaleOrder(id: number, version?: number): Promise<null> {
  return apiPost<null>('/admin/saleOrder/delete', { id, version });
}
