// /api/admin/setting/getProductionSetting | updateProductionSetting (route Setting): the rules
// scans are checked by.
import type { ProductionSettings } from '@contracts/production';
import { apiGet, apiPost } from '../../../lib/http-client';
import { useAsyncData, type AsyncData } from '../../../lib/use-async';

export function getProductionSetting(): Promise<ProductionSettings> {
  return apiGet<ProductionSettings>('/admin/setting/getProductionSetting');
}

export function useProductionSetting(): AsyncData<ProductionSettings> {
  return useAsyncData(getProductionSetting);
}

/**
 * Partial update: only the fields given change. Form-encoded, so booleans travel as
 * "true"/"false". Silent: the form shows the server's message itself.
 */
export function updateProductionSetting(change: Partial<ProductionSettings>): Promise<ProductionSettings> {
  return apiPost<ProductionSettings>('/admin/setting/updateProductionSetting', { ...change }, { silent: true });
}
