// /admin/boardProfile/*: board profiles and paired TVs (permission SettingDashboard).
import type { BoardDevice, BoardProfile, BoardProfileFields, PairedDevice } from '@contracts/board-profiles';
import { apiGet, apiPost } from '../../../lib/http-client';

export function listBoardProfiles(): Promise<BoardProfile[]> {
  return apiGet<BoardProfile[]>('/admin/boardProfile/list');
}

export function listBoardDevices(): Promise<BoardDevice[]> {
  return apiGet<BoardDevice[]>('/admin/boardProfile/devices');
}

// Form-encoded like the dashboard settings: ids comma-separated, "" = every process / customer.
const profileBody = (fields: BoardProfileFields) => ({
  name: fields.name,
  processIds: fields.processIds.join(','),
  customerIds: fields.customerIds.join(','),
  displayMode: fields.displayMode,
  refreshType: fields.refreshType,
  refreshInterval: fields.refreshInterval,
  sortBy: fields.sortBy,
});

/** Create (no id) or update a profile. Silent: the dialog shows the server's message by its fields. */
export function saveBoardProfile(fields: BoardProfileFields, id?: number): Promise<BoardProfile> {
  return id === undefined
    ? apiPost<BoardProfile>('/admin/boardProfile/create', profileBody(fields), { silent: true })
    : apiPost<BoardProfile>('/admin/boardProfile/update', { id, ...profileBody(fields) }, { silent: true });
}

export function deleteBoardProfile(id: number): Promise<{ id: number; movedDevices: number }> {
  return apiPost('/admin/boardProfile/delete', { id });
}

/** profileId null = the default profile (the dashboard settings). */
export function pairBoardDevice(name: string, profileId: number | null): Promise<PairedDevice> {
  return apiPost<PairedDevice>('/admin/boardProfile/pair', profileId === null ? { name } : { name, profileId }, { silent: true });
}

export function revokeBoardDevice(id: number): Promise<BoardDevice> {
  return apiPost<BoardDevice>('/admin/boardProfile/revoke', { id });
}
