// /api/admin/setting/audit | audit/export | audit/users (route SettingAudit).
import type { AuditPage, AuditUserOption } from '@contracts/audit';
import type { ListState } from '../../base-data/model/list-state';
import { apiGet } from '../../../lib/http-client';
import { downloadExcel } from '../../../lib/download-excel';
import { toAuditFilterParams, toAuditParams } from '../model/audit-query';

export function getAuditPage(state: ListState, signal?: AbortSignal): Promise<AuditPage> {
  return apiGet<AuditPage>('/admin/setting/audit', { params: toAuditParams(state), signal });
}

export function getAuditUsers(): Promise<AuditUserOption[]> {
  return apiGet<AuditUserOption[]>('/admin/setting/audit/users');
}

/** Every entry of the current filters as xlsx; resolves to the saved file's name. */
export function exportAudit(state: ListState): Promise<string> {
  return downloadExcel('/admin/setting/audit/export', toAuditFilterParams(state), 'audit.xlsx');
}
