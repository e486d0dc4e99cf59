// /api/admin/bundle/…: a bundle's detail for the station, and recording it (scan, QC inspection,
// rework returned). Silent like the order scans: the station shows the answer itself.
import type { BundleDetail, BundleScanInput, BundleScanResult, InspectInput, InspectResult, ReworkInput } from '@contracts/bundles';
import type { ScanResult } from '@contracts/production';
import { apiGet, apiPost, type FormBody } from '../../../lib/http-client';
import { SCAN_TIMEOUT_MS } from './scan';

function bodyOf(input: object): FormBody {
  return Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined && value !== null && value !== '')) as FormBody;
}

/** GET /admin/bundle/:code (case-insensitive). */
export function getBundle(code: string, signal?: AbortSignal): Promise<BundleDetail> {
  return apiGet<BundleDetail>(`/admin/bundle/${encodeURIComponent(code)}`, { signal, silent: true, timeout: SCAN_TIMEOUT_MS });
}

/** POST /admin/bundle/scan. A replay of the same scanId answers the first answer again. */
export function recordBundleScan(input: BundleScanInput): Promise<BundleScanResult> {
  return apiPost<BundleScanResult>('/admin/bundle/scan', bodyOf(input), { silent: true, timeout: SCAN_TIMEOUT_MS });
}

/**
 * POST /admin/bundle/rework. The contract names no answer type of its own; it is read as the
 * scan's (bundle, scan, openAfter), or a bare ScanResult (see scanOf).
 */
export function recordRework(input: ReworkInput): Promise<BundleScanResult | ScanResult> {
  return apiPost<BundleScanResult | ScanResult>('/admin/bundle/rework', bodyOf(input), { silent: true, timeout: SCAN_TIMEOUT_MS });
}

/** The order-level scan of a bundle answer (what the queue and the worker's numbers use). */
export function scanOf(result: BundleScanResult | ScanResult): ScanResult {
  return 'scan' in result && result.scan && typeof result.scan === 'object' && 'order' in result.scan ? result.scan : (result as ScanResult);
}

/**
 * POST /admin/bundle/inspect. JSON, not a form: the defects are a list of objects. Sent
 * online only (the inspector needs the bundle's open pieces and earlier processes anyway).
 */
export function inspectBundle(input: InspectInput): Promise<InspectResult> {
  // A string body passes the client's form encoding untouched (lib/http-client toFormBody).
  return apiPost<InspectResult>('/admin/bundle/inspect', JSON.stringify(input) as unknown as FormBody, {
    silent: true,
    timeout: SCAN_TIMEOUT_MS,
    headers: { 'Content-Type': 'application/json' },
  });
}

export interface DefectTypeOption {
  id: number;
  code: string;
  name: string;
}

/** GET /admin/defectType/options: the defect types (generic master-data options, any logged-in user). */
export function getDefectTypeOptions(): Promise<DefectTypeOption[]> {
  return apiGet<DefectTypeOption[]>('/admin/defectType/options', { silent: true });
}
