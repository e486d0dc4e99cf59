import type { DashboardSettingsView } from '@contracts/api';
import { apiGet } from '../../../lib/http-client';
import { useAsyncData, type AsyncData } from '../../../lib/use-async';

/** GET /admin/setting/getDashboardSetting: the form's starting values, with the board key. */
export function getDashboardSetting(): Promise<DashboardSettingsView> {
  return apiGet<DashboardSettingsView>('/admin/setting/getDashboardSetting');
}

export function useDashboardSetting(): AsyncData<DashboardSettingsView> {
  return useAsyncData(getDashboardSetting);
}
