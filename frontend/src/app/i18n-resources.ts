// All namespaces, composed here because lib/ must not import features. Screens that ship their
// own texts with their code (cutting, bundle trace: useFeatureTranslation) are not here.
import { commonLocales } from '../locales/common';
import { authLocales } from '../features/auth/locales';
import { baseDataLocales } from '../features/base-data/locales';
import { permissionLocales } from '../features/permission/locales';
import { errorsLocales } from '../features/errors/locales';
import { homeLocales } from '../features/home/locales';
import { settingsDashboardLocales } from '../features/settings-dashboard/locales';
import { ordersLocales } from '../features/orders/locales';
import { scheduleLocales } from '../features/schedule/locales';
import { boardLocales } from '../features/board/locales';
import { scanStationLocales } from '../features/scan-station/locales';
import { settingsSystemLocales } from '../features/settings-system/locales';
import { orderOverviewLocales } from '../features/order-overview/locales';
import { statisticsDifferenceLocales } from '../features/statistics-difference/locales';
import { performanceAppraisalLocales } from '../features/performance-appraisal/locales';
import { alertsLocales } from '../features/alerts/locales';
import { settingsAuditLocales } from '../features/settings-audit/locales';
import { clearDataLocales } from '../features/settings-clear-data/locales';
import type { Language, LanguageResources } from '../lib/i18n';

const namespaces = {
  common: commonLocales,
  auth: authLocales,
  errors: errorsLocales,
  home: homeLocales,
  baseData: baseDataLocales,
  permission: permissionLocales,
  settingsDashboard: settingsDashboardLocales,
  orders: ordersLocales,
  schedule: scheduleLocales,
  board: boardLocales,
  scanStation: scanStationLocales,
  settingsSystem: settingsSystemLocales,
  orderOverview: orderOverviewLocales,
  statisticsDifference: statisticsDifferenceLocales,
  performanceAppraisal: performanceAppraisalLocales,
  alerts: alertsLocales,
  settingsAudit: settingsAuditLocales,
  clearData: clearDataLocales,
};

function forLanguage(language: Language): LanguageResources {
  return Object.fromEntries(Object.entries(namespaces).map(([ns, locales]) => [ns, locales[language]]));
}

export const i18nResources: Record<Language, LanguageResources> = {
  'zh-CN': forLanguage('zh-CN'),
  en: forLanguage('en'),
};
