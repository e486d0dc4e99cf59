// The route catalogue: every screen's route name. Permissions are lists of these names.
// A route is allowed when its name less an Index/Create/Update suffix is in the user's list.

/** Routes that need no permission entry (some still need a token, see PUBLIC_ROUTE_NAMES). */
export const ALWAYS_ALLOWED_ROUTE_NAMES = [
  'Login',
  'Error',
  'Blank',
  'Mobile',
  'MobileDashboard',
  'WholeDashboard',
  'ScrollDashboard',
  'DropDashboard',
  'Kiosk',
] as const;

/** Routes a browser may open without a token. */
export const PUBLIC_ROUTE_NAMES = ['Login', 'Error', 'Mobile', 'MobileDashboard', 'Kiosk'] as const;

/**
 * Permission names of the screens that exist. Later capabilities add theirs here; the admin
 * account is granted every name in this list.
 */
export const PERMISSION_NAMES = [
  'Home',
  'Company',
  'Department',
  'Process',
  'Goods',
  'OrderType',
  'Color',
  'Category',
  'TranOrderType',
  'PayMethod',
  'Size',
  'UnitGroup',
  'Currency',
  'Salesperson',
  'Designer',
  'Merchandiser',
  'Customer',
  'User',
  'SaleOrder',
  'ProductionOrder',
  'Order',
  'OrderReview',
  'OrderHide',
  'SaleOrderSub',
  'Schedule',
  'DashboardRedirect',
  'StatisticsDifference',
  'Scan',
  'Setting',
  'SettingDashboard',
  'Permission',
  'OrderOverview',
  'PerformanceAppraisalDetails',
  'ClearData',
  'SettingAudit',
  'Cutting',
  'Bundle',
  'DefectType',
] as const;
export type PermissionName = (typeof PERMISSION_NAMES)[number];

const SUFFIX = /(Index|Create|Update)$/;

/** `SaleOrderCreate` → `SaleOrder`: the name a permission list holds for that route. */
export function permissionNameOf(routeName: string): string {
  return routeName.replace(SUFFIX, '');
}

export function isRouteAllowed(routeName: string, permissions: readonly string[]): boolean {
  if ((ALWAYS_ALLOWED_ROUTE_NAMES as readonly string[]).includes(routeName)) return true;
  return permissions.includes(permissionNameOf(routeName));
}

/** The permission string of the login response: names joined by `;`. */
export function parsePermissionString(permission: string | null | undefined): string[] {
  return (permission ?? '')
    .split(';')
    .map((name) => name.trim())
    .filter(Boolean);
}
