// /api/admin/schedule/… and /api/admin/scan/…: the schedule list and one order's progress,
// recording progress and taking a scan back (contracts/production.ts).
import type { ProductionOrder } from '@contracts/orders';
import type { ScanInput, ScanLookup, ScanResult, ScanReverseInput, ScheduleDetail, ScheduleList } from '@contracts/production';
import { apiGet, apiPost, type FormBody } from '../../../lib/http-client';
import { downloadExcel } from '../../../lib/download-excel';
import { toScheduleParams, type ScheduleQuery } from '../model/schedule-query';

/** `quiet`: a background refresh; a failure is shown on the page, not as a toast. */
export function getScheduleList(query: ScheduleQuery, signal?: AbortSignal, quiet = false): Promise<ScheduleList> {
  return apiGet<ScheduleList>('/admin/schedule/list', { params: toScheduleParams(query), signal, silent: quiet });
}

/** Excel of the list's filter and sort, every page (GET /admin/schedule/export); resolves to the file name. */
export function exportSchedule(query: ScheduleQuery): Promise<string> {
  const { page: _page, pageSize: _pageSize, ...params } = toScheduleParams(query);
  return downloadExcel('/admin/schedule/export', params, 'schedule.xlsx');
}

export function getScheduleDetail(id: number | string, quiet = false): Promise<ScheduleDetail> {
  return apiGet<ScheduleDetail>('/admin/schedule/detail', { params: { id }, silent: quiet });
}

/** Colours and sizes of the order's grid (and the room left at a process). Silent: optional. */
export function getScanLookup(orderId: number, processId: number): Promise<ScanLookup> {
  return apiGet<ScanLookup>('/admin/scan/lookup', { params: { orderId, processId }, silent: true });
}

/** Fallback for the colour/size choices when the lookup is unavailable. Silent: optional. */
export function getProductionOrderGrid(id: number): Promise<ProductionOrder> {
  return apiGet<ProductionOrder>('/admin/productionOrder/detail', { params: { id }, silent: true });
}

function formOf(input: object): FormBody {
  return Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined && value !== null)) as FormBody;
}

/** Silent: the form shows the server's reason itself (toast and inline). */
export function recordScan(input: ScanInput): Promise<ScanResult> {
  return apiPost<ScanResult>('/admin/scan/record', formOf(input), { silent: true });
}

export function reverseScan(input: ScanReverseInput): Promise<ScanResult> {
  return apiPost<ScanResult>('/admin/scan/reverse', formOf(input), { silent: true });
}
