// /api/admin/setting/clearDocuments(/preview) and clearAll (route ClearData). Errors come back
// as toasts (the HTTP client shows the server's translated message).
import { apiGet, apiPost } from '../../../lib/http-client';

export interface ClearDocumentsCounts {
  orders: number;
  files: number;
  bytes: number;
}

export interface ClearAllCounts {
  saleOrders: number;
  productionOrders: number;
  scans: number;
  events: number;
}

export function previewClearDocuments(before: string): Promise<ClearDocumentsCounts> {
  return apiGet<ClearDocumentsCounts>('/admin/setting/clearDocuments/preview', { params: { before } });
}

export function clearDocuments(before: string): Promise<ClearDocumentsCounts> {
  return apiPost<ClearDocumentsCounts>('/admin/setting/clearDocuments', { before });
}

export function clearAll(confirmTitle: string): Promise<ClearAllCounts> {
  return apiPost<ClearAllCounts>('/admin/setting/clearAll', { confirmTitle });
}
