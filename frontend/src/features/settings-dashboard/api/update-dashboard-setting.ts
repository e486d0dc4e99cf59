import type { DashboardSettings, DashboardSettingsView } from '@contracts/api';
import { apiPost } from '../../../lib/http-client';

/**
 * POST /admin/setting/updateDashboardSetting (permission SettingDashboard). Form-encoded, so the
 * boolean travels as "true"/"false". Silent: the form shows the server's validation message
 * next to the fields instead of a toast.
 */
export function updateDashboardSetting(settings: DashboardSettings): Promise<DashboardSettingsView> {
  return apiPost<DashboardSettingsView>(
    '/admin/setting/updateDashboardSetting',
    {
      refreshType: settings.refreshType,
      refreshInterval: settings.refreshInterval,
      completedVisibleDays: settings.completedVisibleDays,
      displayMode: settings.displayMode,
      sortBy: settings.sortBy,
      boardKeyEnabled: settings.boardKeyEnabled,
      density: settings.density,
      // Ids travel comma-separated; "" clears the scope (every process / customer).
      processIds: settings.processIds?.join(','),
      customerIds: settings.customerIds?.join(','),
    },
    { silent: true },
  );
}
