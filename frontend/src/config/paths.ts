// The one route table (PRODUCT.md §6) as data: names, paths, titles, menu places. The router,
// the guards, the sidebar, the breadcrumb and the screens that build links all read it; a screen
// exists for the user exactly when it has an entry here and isRouteAllowed(name, permissions)
// holds. Which component renders a route is the router's business (app/route-screens.ts), so
// this module imports no screen and features can import it without closing an import circle.
import { PERMISSION_NAMES, PUBLIC_ROUTE_NAMES } from '@contracts/routes';
import { MASTER_DATA, SPECIAL_MASTER_DATA } from '@contracts/master-data';

export type MenuGroupKey = 'base' | 'production' | 'setting';

export interface MenuGroup {
  key: MenuGroupKey;
  titleKey: string;
  icon: string;
}

export const MENU_GROUPS: Record<MenuGroupKey, MenuGroup> = {
  base: { key: 'base', titleKey: 'common:menu.base', icon: 'pi pi-database' },
  production: { key: 'production', titleKey: 'orders:menu.production', icon: 'pi pi-briefcase' },
  setting: { key: 'setting', titleKey: 'common:menu.setting', icon: 'pi pi-cog' },
};

export type RouteLayout = 'main' | 'bare';

/** What every screen receives: its route and the values of its path parameters (`:id`). */
export interface RouteScreenProps {
  route: AppRoute;
  params: Record<string, string>;
}

export interface AppRoute {
  /** The route name of the permission rule (contracts/routes.ts). */
  name: string;
  path: string;
  titleKey: string;
  /** 'bare' screens have no sidebar (login). The 404 page takes the main layout when logged in. */
  layout: RouteLayout;
  /** Shown in the sidebar when present, under `group` or at the top level. */
  menu?: { icon: string; group?: MenuGroupKey };
  /** A redirect target; routes without one render the screen app/route-screens.ts gives them. */
  redirect?: string;
  /** Base-data screens: the master-data entity (URL segment) the generic screen shows. */
  entity?: string;
  /** The route a create/update screen belongs to: its menu entry and breadcrumb parent. */
  parent?: string;
  /**
   * A screen with a permission of its own but no sidebar entry (it is opened from other screens'
   * rows): the group the permission screen and the breadcrumb place it in.
   */
  permissionGroup?: MenuGroupKey;
}

interface BaseEntity {
  name: string;
  routeName: string;
  readOnly?: boolean;
}

/** Every base-data entity with list/create/update screens, in the sidebar's order. */
export const BASE_ENTITIES: readonly BaseEntity[] = (() => {
  const entities: BaseEntity[] = [...Object.values(MASTER_DATA), ...Object.values(SPECIAL_MASTER_DATA), { name: 'user', routeName: 'User' }];
  const order = (entity: BaseEntity) => (PERMISSION_NAMES as readonly string[]).indexOf(entity.routeName);
  return entities.sort((a, b) => order(a) - order(b));
})();

const ENTITY_ICONS: Record<string, string> = {
  department: 'pi pi-sitemap',
  process: 'pi pi-list-check',
  goods: 'pi pi-shopping-bag',
  ordertype: 'pi pi-file',
  color: 'pi pi-palette',
  category: 'pi pi-tags',
  tranOrderType: 'pi pi-flag',
  payMethod: 'pi pi-credit-card',
  size: 'pi pi-arrows-h',
  unitGroup: 'pi pi-box',
  currency: 'pi pi-dollar',
  salesperson: 'pi pi-briefcase',
  designer: 'pi pi-pencil',
  merchandiser: 'pi pi-user-edit',
  customer: 'pi pi-users',
  user: 'pi pi-user',
};

export const basePath = (entity: string, screen: 'index' | 'create' | 'update', id?: number | string): string =>
  screen === 'update' ? `/base/${entity}/update/${id ?? ':id'}` : `/base/${entity}/${screen}`;

/** `/base/<entity>/index|create|update/:id`, named <RouteName>Index / Create / Update. */
function baseDataRoutes(entity: BaseEntity): AppRoute[] {
  const index: AppRoute = {
    name: `${entity.routeName}Index`,
    path: basePath(entity.name, 'index'),
    titleKey: `baseData:routes.${entity.name}.index`,
    layout: 'main',
    menu: { icon: ENTITY_ICONS[entity.name] ?? 'pi pi-table', group: 'base' },
    entity: entity.name,
  };
  if (entity.readOnly) return [index];
  const form = (kind: 'create' | 'update'): AppRoute => ({
    name: `${entity.routeName}${kind === 'create' ? 'Create' : 'Update'}`,
    path: basePath(entity.name, kind),
    titleKey: `baseData:routes.${entity.name}.${kind}`,
    layout: 'main',
    entity: entity.name,
    parent: index.name,
  });
  return [index, form('create'), form('update')];
}

export const paths = {
  blank: '/',
  home: '/home/index',
  settingDashboard: '/setting/dashboard',
  settingPermission: '/setting/permission',
  settingClearData: '/setting/clearData',
  settingAudit: '/setting/audit',
  company: '/base/company',
  login: '/login',
  notFound: '/404',
} as const;

/** The order screens (PRODUCT.md §6), group 生产管理 / Production. */
export const ORDER_PATHS = {
  saleOrderIndex: '/production/saleOrder/index',
  saleOrderCreate: '/production/saleOrder/create',
  saleOrderUpdate: (id: number | string = ':id') => `/production/saleOrder/update/${id}`,
  productionOrderIndex: '/production/productionOrder/index',
  productionOrderCreate: '/production/productionOrder/create',
  productionOrderUpdate: (id: number | string = ':id') => `/production/productionOrder/update/${id}`,
  orderIndex: '/production/order/index',
  orderCreate: '/production/order/create',
  orderReview: '/production/order/review',
  orderHide: '/production/orderHide',
  saleOrderSub: '/production/saleOrderSub',
  /** One production order seen whole (issue 11), opened from every list of production orders. */
  orderOverview: (id: number | string = ':id') => `/production/orderOverview/${id}`,
} as const;

/** Progress on the floor: schedule, scan station and the boards (PRODUCT.md §6). */
export const PRODUCTION_PATHS = {
  scheduleIndex: '/production/schedule/index',
  scheduleUpdate: (id: number | string = ':id') => `/production/schedule/update/${id}`,
  scan: '/production/scan',
  dashboardRedirect: '/production/dashboardRedirect',
  wholeDashboard: '/wholeDashboard',
  scrollDashboard: '/scrollDashboard',
  dropDashboard: '/dropDashboard',
  mobile: '/mobile',
  mobileDashboard: '/mobile/dashboard',
  /** A paired TV (board profiles): opened once with ?device=<key>, then runs on that key. */
  kiosk: '/kiosk',
  settingIndex: '/setting/index',
  statisticsDifference: '/production/statistics/difference',
  performanceAppraisalDetails: '/production/performanceAppraisalDetails',
  /** Lays, bundles and bundle tickets of one production order (issue 14). */
  cutting: (orderId: number | string = ':orderId') => `/cutting/${orderId}`,
  /** One bundle's trace, by its code (issue 14). */
  bundle: (code: string = ':code') => `/bundle/${code === ':code' ? code : encodeURIComponent(code)}`,
} as const;

function productionRoutes(): AppRoute[] {
  const production = { icon: '', group: 'production' as const };
  const board = (name: string, path: string, titleKey: string): AppRoute => ({ name, path, titleKey: `board:routes.${titleKey}`, layout: 'bare' });
  return [
    {
      name: 'ScheduleIndex',
      path: PRODUCTION_PATHS.scheduleIndex,
      titleKey: 'schedule:routes.index',
      layout: 'main',
      menu: { ...production, icon: 'pi pi-chart-bar' },
    },
    {
      name: 'ScheduleUpdate',
      path: PRODUCTION_PATHS.scheduleUpdate(),
      titleKey: 'schedule:routes.update',
      layout: 'main',
      parent: 'ScheduleIndex',
    },
    {
      name: 'Scan',
      path: PRODUCTION_PATHS.scan,
      titleKey: 'scanStation:routes.station',
      layout: 'main',
      menu: { ...production, icon: 'pi pi-qrcode' },
    },
    {
      name: 'DashboardRedirect',
      path: PRODUCTION_PATHS.dashboardRedirect,
      titleKey: 'board:routes.redirect',
      layout: 'main',
      menu: { ...production, icon: 'pi pi-desktop' },
    },
    board('WholeDashboard', PRODUCTION_PATHS.wholeDashboard, 'whole'),
    board('ScrollDashboard', PRODUCTION_PATHS.scrollDashboard, 'scroll'),
    board('DropDashboard', PRODUCTION_PATHS.dropDashboard, 'drop'),
    { name: 'Mobile', path: PRODUCTION_PATHS.mobile, titleKey: 'board:routes.mobileHome', layout: 'bare', redirect: PRODUCTION_PATHS.mobileDashboard },
    board('MobileDashboard', PRODUCTION_PATHS.mobileDashboard, 'mobile'),
    board('Kiosk', PRODUCTION_PATHS.kiosk, 'kiosk'),
    {
      name: 'StatisticsDifference',
      path: PRODUCTION_PATHS.statisticsDifference,
      titleKey: 'statisticsDifference:routes.index',
      layout: 'main',
      menu: { ...production, icon: 'pi pi-sort-alt' },
    },
    {
      name: 'PerformanceAppraisalDetails',
      path: PRODUCTION_PATHS.performanceAppraisalDetails,
      titleKey: 'performanceAppraisal:routes.index',
      layout: 'main',
      menu: { ...production, icon: 'pi pi-wallet' },
    },
    // Opened from the production orders (cutting) and from bundle lists and scans (trace).
    { name: 'CuttingUpdate', path: PRODUCTION_PATHS.cutting(), titleKey: 'orders:cutting.route', layout: 'main', permissionGroup: 'production' },
    { name: 'Bundle', path: PRODUCTION_PATHS.bundle(), titleKey: 'orders:cutting.traceRoute', layout: 'main', permissionGroup: 'production' },
  ];
}

function orderRoutes(): AppRoute[] {
  const orders = (name: string, path: string, titleKey: string, extra: Partial<AppRoute> = {}): AppRoute => ({
    name,
    path,
    titleKey: `orders:routes.${titleKey}`,
    layout: 'main',
    ...extra,
  });
  const menu = (icon: string) => ({ menu: { icon, group: 'production' as const } });
  return [
    orders('SaleOrderIndex', ORDER_PATHS.saleOrderIndex, 'saleOrderIndex', menu('pi pi-shopping-cart')),
    orders('SaleOrderCreate', ORDER_PATHS.saleOrderCreate, 'saleOrderCreate', { parent: 'SaleOrderIndex' }),
    orders('SaleOrderUpdate', ORDER_PATHS.saleOrderUpdate(), 'saleOrderUpdate', { parent: 'SaleOrderIndex' }),
    orders('ProductionOrderIndex', ORDER_PATHS.productionOrderIndex, 'productionOrderIndex', menu('pi pi-cog')),
    orders('ProductionOrderCreate', ORDER_PATHS.productionOrderCreate, 'productionOrderCreate', { parent: 'ProductionOrderIndex' }),
    orders('ProductionOrderUpdate', ORDER_PATHS.productionOrderUpdate(), 'productionOrderUpdate', { parent: 'ProductionOrderIndex' }),
    orders('OrderIndex', ORDER_PATHS.orderIndex, 'orderIndex', menu('pi pi-camera')),
    orders('OrderCreate', ORDER_PATHS.orderCreate, 'orderCreate', { parent: 'OrderIndex' }),
    orders('OrderReview', ORDER_PATHS.orderReview, 'orderReview', menu('pi pi-verified')),
    orders('OrderHide', ORDER_PATHS.orderHide, 'orderHide', menu('pi pi-eye-slash')),
    orders('SaleOrderSub', ORDER_PATHS.saleOrderSub, 'saleOrderSub', menu('pi pi-list')),
    { name: 'OrderOverview', path: ORDER_PATHS.orderOverview(), titleKey: 'orderOverview:routes.overview', layout: 'main', permissionGroup: 'production' },
  ];
}

export const ROUTES: readonly AppRoute[] = [
  { name: 'Blank', path: paths.blank, titleKey: 'common:routes.home', layout: 'main', redirect: paths.home },
  {
    name: 'HomeIndex',
    path: paths.home,
    titleKey: 'common:routes.homeIndex',
    layout: 'main',
    menu: { icon: 'pi pi-home' },
  },
  // Daily work first: the production group sits right under the console, base data below it.
  ...orderRoutes(),
  ...productionRoutes(),
  {
    name: 'Company',
    path: paths.company,
    titleKey: 'baseData:routes.company',
    layout: 'main',
    menu: { icon: 'pi pi-building', group: 'base' },
  },
  ...BASE_ENTITIES.flatMap(baseDataRoutes),
  {
    name: 'SettingIndex',
    path: PRODUCTION_PATHS.settingIndex,
    titleKey: 'settingsSystem:routes.index',
    layout: 'main',
    menu: { icon: 'pi pi-cog', group: 'setting' },
  },
  {
    name: 'SettingDashboard',
    path: paths.settingDashboard,
    titleKey: 'common:routes.settingDashboard',
    layout: 'main',
    menu: { icon: 'pi pi-sliders-h', group: 'setting' },
  },
  {
    name: 'Permission',
    path: paths.settingPermission,
    titleKey: 'permission:page.title',
    layout: 'main',
    menu: { icon: 'pi pi-lock', group: 'setting' },
  },
  {
    name: 'SettingAudit',
    path: paths.settingAudit,
    titleKey: 'settingsAudit:routes.index',
    layout: 'main',
    menu: { icon: 'pi pi-history', group: 'setting' },
  },
  {
    name: 'ClearData',
    path: paths.settingClearData,
    titleKey: 'clearData:routes.index',
    layout: 'main',
    menu: { icon: 'pi pi-eraser', group: 'setting' },
  },
  {
    name: 'Login',
    path: paths.login,
    titleKey: 'common:routes.login',
    layout: 'bare',
  },
  {
    name: 'Error',
    path: paths.notFound,
    titleKey: 'common:routes.error',
    layout: 'main',
  },
];

export const NOT_FOUND_ROUTE: AppRoute = ROUTES.find((route) => route.name === 'Error')!;

export function isPublicRoute(route: AppRoute): boolean {
  return (PUBLIC_ROUTE_NAMES as readonly string[]).includes(route.name);
}

/** Parameters of `pathname` matched against a pattern with `:name` segments, or null. */
export function matchPath(pattern: string, pathname: string): Record<string, string> | null {
  const normalized = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const want = pattern.split('/');
  const have = normalized.split('/');
  if (want.length !== have.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    if (want[i].startsWith(':')) {
      if (!have[i]) return null;
      try {
        params[want[i].slice(1)] = decodeURIComponent(have[i]);
      } catch {
        return null;
      }
    } else if (want[i] !== have[i]) return null;
  }
  return params;
}

export interface RouteMatch {
  route: AppRoute;
  params: Record<string, string>;
}

/** The route of a path (ignoring one trailing slash) with its parameters. */
export function matchRoutePath(pathname: string): RouteMatch | undefined {
  for (const route of ROUTES) {
    const params = matchPath(route.path, pathname);
    if (params) return { route, params };
  }
  return undefined;
}

export function findRoute(pathname: string): AppRoute | undefined {
  return matchRoutePath(pathname)?.route;
}

export function routeByName(name: string): AppRoute | undefined {
  return ROUTES.find((route) => route.name === name);
}
