import type { DashboardSettingsView } from '@contracts/api';
import { apiGet } from '../../../lib/http-client';

/** GET /admin/setting/getDashboardSetting: the snapshot the live store starts from. */
export function getDashboardSetting(): Promise<DashboardSettingsView> {
  return apiGet<DashboardSettingsView>('/admin/setting/getDashboardSetting');
}
