// Sidebar and breadcrumb content, derived from the route table and the permission rule, so a
// screen the user may not open never shows up in the menu.
import { isRouteAllowed } from '@contracts/routes';
import { MENU_GROUPS, ROUTES, routeByName, type AppRoute, type MenuGroup } from '../../config/paths';

export type MenuEntry = { kind: 'item'; route: AppRoute } | { kind: 'group'; group: MenuGroup; routes: AppRoute[] };

export function buildMenu(permissions: readonly string[], routes: readonly AppRoute[] = ROUTES): MenuEntry[] {
  const entries: MenuEntry[] = [];
  for (const route of routes) {
    if (!route.menu || !isRouteAllowed(route.name, permissions)) continue;
    const groupKey = route.menu.group;
    if (!groupKey) {
      entries.push({ kind: 'item', route });
      continue;
    }
    // Groups appear where their first permitted screen is in the table; empty groups never.
    const existing = entries.find((entry) => entry.kind === 'group' && entry.group.key === groupKey);
    if (existing && existing.kind === 'group') existing.routes.push(route);
    else entries.push({ kind: 'group', group: MENU_GROUPS[groupKey], routes: [route] });
  }
  return entries;
}

export interface Crumb {
  titleKey: string;
  path?: string;
}

/** Group (if any) then the screen; the home link is added by the breadcrumb itself. */
export function breadcrumbOf(route: AppRoute | undefined): Crumb[] {
  if (!route) return [];
  const crumbs: Crumb[] = [];
  const parent = route.parent ? routeByName(route.parent) : undefined;
  const group = (parent ?? route).menu?.group ?? route.permissionGroup;
  if (group) crumbs.push({ titleKey: MENU_GROUPS[group].titleKey });
  if (parent) crumbs.push({ titleKey: parent.titleKey, path: parent.path });
  crumbs.push({ titleKey: route.titleKey, path: route.path });
  return crumbs;
}

/** The menu entry to highlight for a path: the screen itself, or the list a form belongs to. */
export function menuRouteNameOf(route: AppRoute | undefined): string | undefined {
  return route?.parent ?? route?.name;
}
