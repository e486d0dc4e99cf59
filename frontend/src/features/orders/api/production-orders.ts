// /api/admin/productionOrder/…: list, detail, create (direct, from a sales order), update,
// delete, document upload, review, hiding.
import type { Attachment, OrderDocuments } from '@contracts/attachments';
import type { ListPage } from '@contracts/master-data';
import type { ProductionOrder } from '@contracts/orders';
import { apiGet, apiPost, type FormBody } from '../../../lib/http-client';
import { toQueryParams, type ListState } from '../../base-data/model/list-state';

export function getProductionOrderList(state: ListState, signal?: AbortSignal): Promise<ListPage<ProductionOrder>> {
  return apiGet<ListPage<ProductionOrder>>('/admin/productionOrder/list', { params: toQueryParams(state), signal });
}

export function getProductionOrder(id: number | string): Promise<ProductionOrder> {
  return apiGet<ProductionOrder>('/admin/productionOrder/detail', { params: { id } });
}

export function saveProductionOrder(body: FormBody, mode: 'create' | 'update'): Promise<ProductionOrder> {
  return apiPost<ProductionOrder>(`/admin/productionOrder/${mode}`, body, { silent: true });
}

export function createFromSaleOrder(saleOrderId: number, lineIds: number[]): Promise<ProductionOrder[]> {
  return apiPost<ProductionOrder[]>('/admin/productionOrder/createFromSaleOrder', { saleOrderId, lineIds: lineIds.join(',') });
}

export function deleteProductionOrder(id: number, version?: number): Promise<null> {
  return apiPost<null>('/admin/productionOrder/delete', { id, version });
}

export function uploadDocument(id: number, version: number, document: string): Promise<ProductionOrder> {
  return apiPost<ProductionOrder>('/admin/productionOrder/uploadDocument', { id, version, document });
}

/** An order's documents (images and PDFs), newest first, and whether this user may open them. */
export function getOrderDocuments(id: number): Promise<OrderDocuments> {
  return apiGet<OrderDocuments>('/admin/productionOrder/documents', { params: { id } });
}

/** POST …/addDocument?id= (multipart `file`): one more document; the server checks kind and size per the upload settings. */
export function addOrderDocument(id: number, file: File): Promise<Attachment> {
  const body = new FormData();
  body.append('file', file);
  return apiPost<Attachment>(`/admin/productionOrder/addDocument?id=${id}`, body, { timeout: 120_000 });
}

export function removeOrderDocument(id: number, upload: string): Promise<OrderDocuments> {
  return apiPost<OrderDocuments>('/admin/productionOrder/removeDocument', { id, upload });
}

/** The image is served to a session by the token cookie, so a plain <img> can show it. */
export const documentUrl = (id: number, uploadedAt: string | null): string =>
  `/api/admin/productionOrder/document?id=${id}${uploadedAt ? `&v=${encodeURIComponent(uploadedAt)}` : ''}`;

export interface ReviewInput {
  id: number;
  version: number;
  reviewDate: string;
  note: string;
  confirmWithoutDocument?: boolean;
}

/** Silent: the review dialog turns 'documentNotUploaded' into a confirmation. */
export function reviewProductionOrder(input: ReviewInput): Promise<ProductionOrder> {
  const body: FormBody = { id: input.id, version: input.version, reviewDate: input.reviewDate, note: input.note };
  if (input.confirmWithoutDocument) body.confirmWithoutDocument = 'true';
  return apiPost<ProductionOrder>('/admin/productionOrder/review', body, { silent: true });
}

export function cancelReview(id: number, version: number, note: string): Promise<ProductionOrder> {
  return apiPost<ProductionOrder>('/admin/productionOrder/cancelReview', { id, version, note });
}

export function setHidden(ids: number[], hidden: boolean): Promise<{ changed: number }> {
  return apiPost<{ changed: number }>(`/admin/productionOrder/${hidden ? 'hide' : 'show'}`, { ids: ids.join(',') });
}
