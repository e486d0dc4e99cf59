// The one route table (PRODUCT.md §6). The router, the guards, the sidebar and the breadcrumb
// all read it; a screen exists for the user exactly when it has an entry here and
// isRouteAllowed(name, permissions) holds. Screens load lazily, so each is its own chunk.
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { PUBLIC_ROUTE_NAMES } from '@contracts/routes';

export type MenuGroupKey = 'setting';

export interface MenuGroup {
  key: MenuGroupKey;
  titleKey: string;
  icon: string;
}

export const MENU_GROUPS: Record<MenuGroupKey, MenuGroup> = {
  setting: { key: 'setting', titleKey: 'common:menu.setting', icon: 'pi pi-cog' },
};

export type RouteLayout = 'main' | 'bare';

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
  component?: LazyExoticComponent<ComponentType>;
  redirect?: string;
}

// React.lazy wants a default export; our screens use named exports.
function screen<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string): LazyExoticComponent<ComponentType> {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}

export const paths = {
  blank: '/',
  home: '/home/index',
  settingDashboard: '/setting/dashboard',
  login: '/login',
  notFound: '/404',
} as const;

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
    name: 'SettingDashboard',
    path: paths.settingDashboard,
    titleKey: 'common:routes.settingDashboard',
    layout: 'main',
    menu: { icon: 'pi pi-sliders-h', group: 'setting' },
    component: screen(() => import('../features/settings-dashboard/components/DashboardSettingsPage'), 'DashboardSettingsPage'),
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

/** Exact match, ignoring one trailing slash. No route has parameters yet. */
export function findRoute(pathname: string): AppRoute | undefined {
  const normalized = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return ROUTES.find((route) => route.path === normalized);
}
