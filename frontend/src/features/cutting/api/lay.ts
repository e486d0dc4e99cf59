// POST /api/admin/cutting/lay (create), PUT /api/admin/cutting/lay/:id (edit, with `version`),
// DELETE /api/admin/cutting/lay/:id?version= (delete). A lay's sizes are a list of objects, so the
// body travels as JSON (the API takes JSON as well as forms). Silent: the dialog and the list
// show the server's refusal (layBundlesScanned, staleVersion, over plan) themselves.
import type { ApiEnvelope } from '@contracts/api';
import type { LayInput, LayRecord } from '@contracts/bundles';
import { http } from '../../../lib/http-client';

async function sendJson<T>(method: 'post' | 'put', url: string, body: object): Promise<T> {
  const response = await http.request<ApiEnvelope<T>>({ method, url, data: JSON.stringify(body), headers: { 'Content-Type': 'application/json' }, silent: true });
  return response.data.data;
}

export function createLay(input: LayInput): Promise<LayRecord> {
  return sendJson<LayRecord>('post', '/admin/cutting/lay', input);
}

export function updateLay(id: number, input: LayInput): Promise<LayRecord> {
  return sendJson<LayRecord>('put', `/admin/cutting/lay/${id}`, input);
}

export async function deleteLay(id: number, version: number): Promise<void> {
  await http.delete<ApiEnvelope<null>>(`/admin/cutting/lay/${id}`, { params: { version }, silent: true });
}
