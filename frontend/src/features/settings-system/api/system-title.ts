// /api/admin/setting/getSystemTitles | updateSystemTitle (route SettingIndex): the system title
// per language, shown in tab titles, the sidebar, the login page and on boards.
import type { Localized } from '@contracts/master-data';
import { apiGet, apiPost } from '../../../lib/http-client';
import { useAsyncData, type AsyncData } from '../../../lib/use-async';

export function useSystemTitles(): AsyncData<Localized> {
  return useAsyncData(() => apiGet<Localized>('/admin/setting/getSystemTitles'));
}

/** Partial: a language left out keeps its title. Silent: the card shows the server's message. */
export function updateSystemTitles(change: Partial<Localized>): Promise<Localized> {
  return apiPost<Localized>('/admin/setting/updateSystemTitle', { ...change }, { silent: true });
}
