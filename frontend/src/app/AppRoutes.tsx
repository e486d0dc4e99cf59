// Routing and its guards (PRODUCT.md §6), all decided from the route table in config/paths:
// no token → /login?redirect=…; signed in on /login → /; not permitted or unknown → 404 page.
import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Redirect, useLocation, useSearch } from 'wouter';
import { isRouteAllowed } from '@contracts/routes';
import { LanguageDropdown } from '../components/LanguageDropdown';
import { PageLoader } from '../components/PageLoader';
import { isPublicRoute, matchRoutePath, NOT_FOUND_ROUTE, paths, type AppRoute } from '../config/paths';
import { useSession } from '../lib/session';
import { useSystemTitle } from '../lib/system-title';
import { NOT_FOUND_SCREEN, screenOf } from './route-screens';

// The signed-in frame (sidebar, top bar) loads with the first screen that needs it: the login
// page and the boards opened by key never download it.
const MainLayout = lazy(() => import('../components/layout/MainLayout').then((module) => ({ default: module.MainLayout })));
const LogoutButton = lazy(() => import('../features/auth/components/LogoutButton').then((module) => ({ default: module.LogoutButton })));
const NotificationBell = lazy(() => import('../features/alerts/components/NotificationBell').then((module) => ({ default: module.NotificationBell })));

export type GuardDecision =
  | { kind: 'render'; route: AppRoute; params: Record<string, string> }
  | { kind: 'redirect'; to: string }
  | { kind: 'notFound' };

/** The guard as a pure function, so the rule is testable without rendering. */
export function decideRoute(pathname: string, search: string, token: string | undefined, permissions: readonly string[]): GuardDecision {
  const match = matchRoutePath(pathname);
  const route = match?.route;
  if (!route) return token ? { kind: 'notFound' } : { kind: 'redirect', to: loginRedirect(pathname, search) };
  if (!isPublicRoute(route) && !token) return { kind: 'redirect', to: loginRedirect(pathname, search) };
  if (route.path === paths.login && token) return { kind: 'redirect', to: paths.blank };
  if (!isRouteAllowed(route.name, permissions)) return { kind: 'notFound' };
  // A redirect keeps the query string: /mobile?key=… must reach /mobile/dashboard?key=….
  if (route.redirect) return { kind: 'redirect', to: withSearch(route.redirect, search) };
  return { kind: 'render', route, params: match.params };
}

function withSearch(path: string, search: string): string {
  const query = search.replace(/^\?/, '');
  return query ? `${path}?${query}` : path;
}

function loginRedirect(pathname: string, search: string): string {
  const target = `${pathname}${search ? `?${search.replace(/^\?/, '')}` : ''}`;
  return target === paths.blank ? paths.login : `${paths.login}?redirect=${encodeURIComponent(target)}`;
}

export function AppRoutes() {
  const [location] = useLocation();
  const search = useSearch();
  const token = useSession((session) => session.token);
  const permissions = useSession((session) => session.permissions);
  const title = useSystemTitle();
  const { t } = useTranslation();

  useEffect(() => {
    window.scrollTo(0, 0);
    document.querySelector('.layout-content')?.scrollTo?.(0, 0);
  }, [location]);

  const decision = decideRoute(location, search, token, permissions);
  const shownRoute = decision.kind === 'render' ? decision.route : decision.kind === 'notFound' ? NOT_FOUND_ROUTE : undefined;
  const pageTitle = shownRoute ? t(shownRoute.titleKey) : '';

  // The tab names the page first: a row of tabs (or the task bar) then tells screens apart.
  useEffect(() => {
    if (decision.kind !== 'redirect') document.title = pageTitle ? `${pageTitle} · ${title}` : title;
  }, [decision.kind, pageTitle, title]);

  // Keyed by target: wouter's Redirect navigates once on mount, and chained redirects
  // (/login → / → /home/index) would otherwise reuse the first instance and stop halfway.
  if (decision.kind === 'redirect') return <Redirect key={decision.to} to={decision.to} replace />;

  const route = decision.kind === 'render' ? decision.route : NOT_FOUND_ROUTE;
  const params = decision.kind === 'render' ? decision.params : {};
  const Screen = screenOf(route) ?? NOT_FOUND_SCREEN;
  // Keyed by route and parameters: the generic base-data screens serve many routes, and each
  // must start fresh rather than carry one entity's state into another's.
  const screen = (
    <Suspense fallback={<PageLoader />}>
      <Screen key={`${route.name}:${JSON.stringify(params)}`} route={route} params={params} />
    </Suspense>
  );

  // The 404 page keeps the menu for a signed-in user, so there is always a way on.
  if (route.layout === 'bare' || !token) return <div className="bare-layout">{screen}</div>;
  return (
    <MainLayout
      title={title}
      permissions={permissions}
      route={route}
      currentPath={location}
      actions={
        <>
          {/* Its own boundary: the page never waits for the bell's chunk. */}
          <Suspense fallback={null}>
            <NotificationBell />
          </Suspense>
          <LanguageDropdown />
          <LogoutButton />
        </>
      }
    >
      {screen}
    </MainLayout>
  );
}
