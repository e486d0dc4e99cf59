// The router's path → screen table: which component renders each route of config/paths.ts.
// It is the only module that imports the screens, and nothing imports it but the router, so
// features can link to each other through config/paths without an import circle. Screens load
// lazily, so each is its own chunk.
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { AppRoute, RouteScreenProps } from '../config/paths';

export type Screen = LazyExoticComponent<ComponentType<RouteScreenProps>>;

// React.lazy wants a default export; our screens use named exports.
function screen<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string): Screen {
  return lazy(async () => ({ default: (await load())[name] as ComponentType<RouteScreenProps> }));
}

// One list screen and one form screen serve every base-data entity (each its own route).
const masterDataList = screen(() => import('../features/base-data/components/MasterDataListPage'), 'MasterDataListPage');
const masterDataForm = screen(() => import('../features/base-data/components/MasterDataFormPage'), 'MasterDataFormPage');
const saleOrderForm = screen(() => import('../features/orders/sale-order/SaleOrderFormPage'), 'SaleOrderFormPage');

const SCREENS: Record<string, Screen> = {
  HomeIndex: screen(() => import('../features/home/components/ConsolePage'), 'ConsolePage'),
  Company: screen(() => import('../features/base-data/components/CompanyPage'), 'CompanyPage'),
  SaleOrderIndex: screen(() => import('../features/orders/sale-order/SaleOrderListPage'), 'SaleOrderListPage'),
  SaleOrderCreate: saleOrderForm,
  SaleOrderUpdate: saleOrderForm,
  ProductionOrderIndex: screen(() => import('../features/orders/production-order/ProductionOrderListPage'), 'ProductionOrderListPage'),
  ProductionOrderCreate: screen(() => import('../features/orders/production-order/ProductionOrderCreatePage'), 'ProductionOrderCreatePage'),
  ProductionOrderUpdate: screen(() => import('../features/orders/production-order/ProductionOrderUpdatePage'), 'ProductionOrderUpdatePage'),
  OrderIndex: screen(() => import('../features/orders/order-document/DocumentListPage'), 'DocumentListPage'),
  OrderCreate: screen(() => import('../features/orders/order-document/DocumentUploadPage'), 'DocumentUploadPage'),
  OrderReview: screen(() => import('../features/orders/order-review/OrderReviewPage'), 'OrderReviewPage'),
  OrderHide: screen(() => import('../features/orders/order-hide/OrderHidePage'), 'OrderHidePage'),
  SaleOrderSub: screen(() => import('../features/orders/order-details/OrderDetailsPage'), 'OrderDetailsPage'),
  OrderOverview: screen(() => import('../features/order-overview/components/OrderOverviewPage'), 'OrderOverviewPage'),
  ScheduleIndex: screen(() => import('../features/schedule/components/ScheduleListPage'), 'ScheduleListPage'),
  ScheduleUpdate: screen(() => import('../features/schedule/components/ScheduleUpdatePage'), 'ScheduleUpdatePage'),
  Scan: screen(() => import('../features/scan-station/components/ScanStationPage'), 'ScanStationPage'),
  DashboardRedirect: screen(() => import('../features/board/components/DashboardRedirectPage'), 'DashboardRedirectPage'),
  WholeDashboard: screen(() => import('../features/board/components/WholeBoardPage'), 'WholeBoardPage'),
  ScrollDashboard: screen(() => import('../features/board/components/ScrollBoardPage'), 'ScrollBoardPage'),
  DropDashboard: screen(() => import('../features/board/components/DropBoardPage'), 'DropBoardPage'),
  MobileDashboard: screen(() => import('../features/board/components/MobileBoardPage'), 'MobileBoardPage'),
  Kiosk: screen(() => import('../features/board/components/KioskBoardPage'), 'KioskBoardPage'),
  SettingIndex: screen(() => import('../features/settings-system/components/SystemSettingsPage'), 'SystemSettingsPage'),
  SettingDashboard: screen(() => import('../features/settings-dashboard/components/DashboardSettingsPage'), 'DashboardSettingsPage'),
  Permission: screen(() => import('../features/permission/components/PermissionPage'), 'PermissionPage'),
  Login: screen(() => import('../features/auth/components/LoginPage'), 'LoginPage'),
  Error: screen(() => import('../features/errors/components/NotFoundPage'), 'NotFoundPage'),
  StatisticsDifference: screen(() => import('../features/statistics-difference/components/DifferencePage'), 'DifferencePage'),
  PerformanceAppraisalDetails: screen(() => import('../features/performance-appraisal/components/PerformanceAppraisalPage'), 'PerformanceAppraisalPage'),
  SettingAudit: screen(() => import('../features/settings-audit/components/AuditPage'), 'AuditPage'),
  ClearData: screen(() => import('../features/settings-clear-data/components/ClearDataPage'), 'ClearDataPage'),
  CuttingUpdate: screen(() => import('../features/cutting/components/CuttingPage'), 'CuttingPage'),
  Bundle: screen(() => import('../features/bundles/components/BundleTracePage'), 'BundleTracePage'),
};

/** The screen of a route: its own entry, else the generic base-data screen of its entity. */
export function screenOf(route: AppRoute): Screen | undefined {
  const own = SCREENS[route.name];
  if (own) return own;
  if (!route.entity) return undefined;
  return route.name.endsWith('Index') ? masterDataList : masterDataForm;
}

export const NOT_FOUND_SCREEN: Screen = SCREENS.Error;
