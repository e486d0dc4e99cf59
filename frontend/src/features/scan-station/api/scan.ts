// /api/admin/scan/…: look an order up before scanning, record a scan, take one back. Every call
// is silent: the station shows the answer itself (colour, sound), never as a toast.
import type { UserInfo } from '@contracts/api';
import type { ScanInput, ScanLookup, ScanResult, ScanReverseInput } from '@contracts/production';
import { apiGet, apiPost, type FormBody } from '../../../lib/http-client';

/**
 * A scan waits at most this long for its answer. The scan keeps its id, so when no answer comes
 * it is queued and re-sent later without any risk of counting twice.
 */
export const SCAN_TIMEOUT_MS = 8_000;

export interface LookupQuery {
  orderNo: string;
  processId: number | null;
}

/** GET /admin/scan/lookup: the order with its progress and the room left at the process. */
export function lookupOrder(query: LookupQuery, signal?: AbortSignal): Promise<ScanLookup> {
  const params: Record<string, string | number> = { orderNo: query.orderNo };
  if (query.processId) params.processId = query.processId;
  return apiGet<ScanLookup>('/admin/scan/lookup', { params, signal, silent: true, timeout: SCAN_TIMEOUT_MS });
}

function bodyOf(input: object): FormBody {
  return Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined && value !== null && value !== '')) as FormBody;
}

/** POST /admin/scan/record. A replay of the same scanId answers the first answer again. */
export function recordScan(input: ScanInput): Promise<ScanResult> {
  return apiPost<ScanResult>('/admin/scan/record', bodyOf(input), { silent: true, timeout: SCAN_TIMEOUT_MS });
}

/** POST /admin/scan/reverse: a correcting entry that takes one scan back. */
export function reverseScan(input: ScanReverseInput): Promise<ScanResult> {
  return apiPost<ScanResult>('/admin/scan/reverse', bodyOf(input), { silent: true, timeout: SCAN_TIMEOUT_MS });
}

export interface ProcessOption {
  id: number;
  code: string;
  name: string;
  /** A QC process (when the options carry it; a bundle's steps say so too). */
  qc?: boolean;
}

/** GET /admin/process/options: processes of the flow in sort order, for the buttons and ticket codes. */
export function getProcessOptions(): Promise<ProcessOption[]> {
  return apiGet<ProcessOption[]>('/admin/process/options', { silent: true });
}

/** Who is signed in: queued scans are sent only in the session of the worker who made them. */
export function getCurrentUser(): Promise<UserInfo> {
  return apiGet<UserInfo>('/admin/user/info', { silent: true });
}
