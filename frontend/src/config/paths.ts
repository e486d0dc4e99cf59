// The one route table (PRODUCT.md §6). The router, the guards, the sidebar and the breadcrumb
// all read it; a screen exists for the user exactly when it has an entry here and
// isRouteAllowed(name, permissions) holds. Screens load lazily, so each is its own chunk.
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
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
  /** Either a screen or a redirect target. */
  component?: LazyExoticComponent<ComponentType<RouteScreenProps>>;
  redirect?: string;
  /** Base-data screens: the master-data entity (URL segment) the generic screen shows. */
  entity?: string;
  /** The route a create/update screen belongs to: its menu entry and breadcrumb parent. */
  parent?: string;
}

// React.lazy wants a default export; our screens use named exports.
function screen<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string): LazyExoticComponent<ComponentType<RouteScreenProps>> {
  return lazy(async () => ({ default: (await load())[name] as ComponentType<RouteScreenProps> }));
}

// One list screen and one form screen serve every base-data entity (each its own route).
const masterDataList = screen(() => import('../features/base-data/components/MasterDataListPage'), 'MasterDataListPage');
const masterDataForm = screen(() => import('../features/base-data/components/MasterDataFormPage'), 'MasterDataFormPage');

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
    component: masterDataList,
    entity: entity.name,
  };
  if (entity.readOnly) return [index];
  const form = (kind: 'create' | 'update'): AppRoute => ({
    name: `${entity.routeName}${kind === 'create' ? 'Create' : 'Update'}`,
    path: basePath(entity.name, kind),
    titleKey: `baseData:routes.${entity.name}.${kind}`,
    layout: 'main',
    component: masterDataForm,
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
  settingIndex: '/setting/index',
} as const;

function productionRoutes(): AppRoute[] {
  const production = { icon: '', group: 'production' as const };
  const board = (name: string, path: string, titleKey: string, component: LazyExoticComponent<ComponentType<RouteScreenProps>>): AppRoute => ({
    name,
    path,
    titleKey: `board:routes.${titleKey}`,
    layout: 'bare',
    component,
  });
  return [
    {
      name: 'ScheduleIndex',
      path: PRODUCTION_PATHS.scheduleIndex,
      titleKey: 'schedule:routes.index',
      layout: 'main',
      menu: { ...production, icon: 'pi pi-chart-bar' },
      component: screen(() => import('../features/schedule/components/ScheduleListPage'), 'ScheduleListPage'),
    },
    {
      name: 'ScheduleUpdate',
      path: PRODUCTION_PATHS.scheduleUpdate(),
      titleKey: 'schedule:routes.update',
      layout: 'main',
      parent: 'ScheduleIndex',
      component: screen(() => import('../features/schedule/components/ScheduleUpdatePage'), 'ScheduleUpdatePage'),
    },
    {
      name: 'Scan',
      path: PRODUCTION_PATHS.scan,
      titleKey: 'scanStation:routes.station',
      layout: 'main',
      menu: { ...production, icon: 'pi pi-qrcode' },
      component: screen(() => import('../features/scan-station/components/ScanStationPage'), 'ScanStationPage'),
    },
    {
      name: 'DashboardRedirect',
      path: PRODUCTION_PATHS.dashboardRedirect,
      titleKey: 'board:routes.redirect',
      layout: 'main',
      menu: { ...production, icon: 'pi pi-desktop' },
      component: screen(() => import('../features/board/components/DashboardRedirectPage'), 'DashboardRedirectPage'),
    },
    board('WholeDashboard', PRODUCTION_PATHS.wholeDashboard, 'whole', screen(() => import('../features/board/components/WholeBoardPage'), 'WholeBoardPage')),
    board('ScrollDashboard', PRODUCTION_PATHS.scrollDashboard, 'scroll', screen(() => import('../features/board/components/ScrollBoardPage'), 'ScrollBoardPage')),
    board('DropDashboard', PRODUCTION_PATHS.dropDashboard, 'drop', screen(() => import('../features/board/components/DropBoardPage'), 'DropBoardPage')),
    { name: 'Mobile', path: PRODUCTION_PATHS.mobile, titleKey: 'board:routes.mobileHome', layout: 'bare', redirect: PRODUCTION_PATHS.mobileDashboard },
    board('MobileDashboard', PRODUCTION_PATHS.mobileDashboard, 'mobile', screen(() => import('../features/board/components/MobileBoardPage'), 'MobileBoardPage')),
  ];
}

function orderRoutes(): AppRoute[] {
  const orders = (name: string, path: string, titleKey: string, component: LazyExoticComponent<ComponentType<RouteScreenProps>>, extra: Partial<AppRoute> = {}): AppRoute => ({
    name,
    path,
    titleKey: `orders:routes.${titleKey}`,
    layout: 'main',
    component,
    ...extra,
  });
  const menu = (icon: string) => ({ menu: { icon, group: 'production' as const } });
  const saleOrderList = screen(() => import('../features/orders/sale-order/SaleOrderListPage'), 'SaleOrderListPage');
  const saleOrderForm = screen(() => import('../features/orders/sale-order/SaleOrderFormPage'), 'SaleOrderFormPage');
  const productionOrderList = screen(() => import('../features/orders/production-order/ProductionOrderListPage'), 'ProductionOrderListPage');
  const productionOrderCreate = screen(() => import('../features/orders/production-order/ProductionOrderCreatePage'), 'ProductionOrderCreatePage');
  const productionOrderUpdate = screen(() => import('../features/orders/production-order/ProductionOrderUpdatePage'), 'ProductionOrderUpdatePage');
  return [
    orders('SaleOrderIndex', ORDER_PATHS.saleOrderIndex, 'saleOrderIndex', saleOrderList, menu('pi pi-shopping-cart')),
    orders('SaleOrderCreate', ORDER_PATHS.saleOrderCreate, 'saleOrderCreate', saleOrderForm, { parent: 'SaleOrderIndex' }),
    orders('SaleOrderUpdate', ORDER_PATHS.saleOrderUpdate(), 'saleOrderUpdate', saleOrderForm, { parent: 'SaleOrderIndex' }),
    orders('ProductionOrderIndex', ORDER_PATHS.productionOrderIndex, 'productionOrderIndex', productionOrderList, menu('pi pi-cog')),
    orders('ProductionOrderCreate', ORDER_PATHS.productionOrderCreate, 'productionOrderCreate', productionOrderCreate, { parent: 'ProductionOrderIndex' }),
    orders('ProductionOrderUpdate', ORDER_PATHS.productionOrderUpdate(), 'productionOrderUpdate', productionOrderUpdate, { parent: 'ProductionOrderIndex' }),
    orders('OrderIndex', ORDER_PATHS.orderIndex, 'orderIndex', screen(() => import('../features/orders/order-document/DocumentListPage'), 'DocumentListPage'), menu('pi pi-camera')),
    orders('OrderCreate', ORDER_PATHS.orderCreate, 'orderCreate', screen(() => import('../features/orders/order-document/DocumentUploadPage'), 'DocumentUploadPage'), { parent: 'OrderIndex' }),
    orders('OrderReview', ORDER_PATHS.orderReview, 'orderReview', screen(() => import('../features/orders/order-review/OrderReviewPage'), 'OrderReviewPage'), menu('pi pi-verified')),
    orders('OrderHide', ORDER_PATHS.orderHide, 'orderHide', screen(() => import('../features/orders/order-hide/OrderHidePage'), 'OrderHidePage'), menu('pi pi-eye-slash')),
    orders('SaleOrderSub', ORDER_PATHS.saleOrderSub, 'saleOrderSub', screen(() => import('../features/orders/order-details/OrderDetailsPage'), 'OrderDetailsPage'), menu('pi pi-list')),
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
    component: screen(() => import('../features/home/components/ConsolePage'), 'ConsolePage'),
  },
  {
    name: 'Company',
    path: paths.company,
    titleKey: 'baseData:routes.company',
    layout: 'main',
    menu: { icon: 'pi pi-building', group: 'base' },
    component: screen(() => import('../features/base-data/components/CompanyPage'), 'CompanyPage'),
  },
  ...BASE_ENTITIES.flatMap(baseDataRoutes),
  ...orderRoutes(),
  ...productionRoutes(),
  {
    name: 'SettingIndex',
    path: PRODUCTION_PATHS.settingIndex,
    titleKey: 'settingsSystem:routes.index',
    layout: 'main',
    menu: { icon: 'pi pi-cog', group: 'setting' },
    component: screen(() => import('../features/settings-system/components/SystemSettingsPage'), 'SystemSettingsPage'),
  },
  {
    name: 'SettingDashboard',
    path: paths.settingDashboard,
    titleKey: 'common:routes.settingDashboard',
    layout: 'main',
    menu: { icon: 'pi pi-sliders-h', group: 'setting' },
    component: screen(() => import('../features/settings-dashboard/components/DashboardSettingsPage'), 'DashboardSettingsPage'),
  },
  {
    name: 'Permission',
    path: paths.settingPermission,
    titleKey: 'permission:page.title',
    layout: 'main',
    menu: { icon: 'pi pi-lock', group: 'setting' },
    component: screen(() => import('../features/permission/components/PermissionPage'), 'PermissionPage'),
  },
  {
    name: 'Login',
    path: paths.login,
    titleKey: 'common:routes.login',
    layout: 'bare',
    component: screen(() => import('../features/auth/components/LoginPage'), 'LoginPage'),
  },
  {
    name: 'Error',
    path: paths.notFound,
    titleKey: 'common:routes.error',
    layout: 'main',
    component: screen(() => import('../features/errors/components/NotFoundPage'), 'NotFoundPage'),
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
