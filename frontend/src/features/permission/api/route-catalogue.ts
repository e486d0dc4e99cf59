// The route catalogue: the screens a permission can open, as the frontend's route table and
// both language resources describe them. The server stores it (generateRoute) so the
// permission screen offers exactly the screens that exist.
import i18next from 'i18next';
import { ALWAYS_ALLOWED_ROUTE_NAMES, permissionNameOf } from '@contracts/routes';
import { PERMISSION_ADMIN, type RouteCatalogue, type RouteCatalogueEntry } from '@contracts/users';
import type { Localized } from '@contracts/master-data';
import { MENU_GROUPS, ROUTES, type AppRoute } from '../../../config/paths';
import { apiGet, apiPost } from '../../../lib/http-client';

const localizedText = (key: string): Localized => ({
  'zh-CN': i18next.getFixedT('zh-CN')(key),
  en: i18next.getFixedT('en')(key),
});

/** One entry per permission name, in sidebar order; screens without a menu entry belong to their list. */
export function buildRouteCatalogue(routes: readonly AppRoute[] = ROUTES): RouteCatalogue {
  const entries = new Map<string, RouteCatalogueEntry>();
  for (const route of routes) {
    // A screen opened only from other screens (the order overview) still has its own tick.
    const place = route.menu ?? (route.permissionGroup ? { group: route.permissionGroup } : undefined);
    if (!place || (ALWAYS_ALLOWED_ROUTE_NAMES as readonly string[]).includes(route.name)) continue;
    const name = permissionNameOf(route.name);
    if (entries.has(name)) continue;
    const group = place.group ?? '';
    const entry: RouteCatalogueEntry = { name, group, title: localizedText(route.titleKey) };
    if (group) entry.groupTitle = localizedText(MENU_GROUPS[group].titleKey);
    entries.set(name, entry);
  }
  return [...entries.values()];
}

/** JSON with every object's keys sorted: the same value always gives the same text. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, field]) => field !== undefined);
    entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, field]) => `${JSON.stringify(key)}:${canonicalJson(field)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

// The server stores the catalogue as jsonb, which hands objects back with their keys in its own
// order ({en, zh-CN}): compare values, not text, or every page load re-posts an unchanged one.
const normalized = (catalogue: RouteCatalogue) =>
  canonicalJson(catalogue.map(({ name, group, title, groupTitle }) => ({ name, group, title, groupTitle: groupTitle ?? null })));

export const sameCatalogue = (a: RouteCatalogue, b: RouteCatalogue): boolean => normalized(a) === normalized(b);

/** GET /admin/setting/getRouteCatalogue: what the server stored ([] before the first generate). */
export async function getRouteCatalogue(): Promise<RouteCatalogue> {
  const stored = await apiGet<RouteCatalogue | null>('/admin/setting/getRouteCatalogue', { silent: true });
  return Array.isArray(stored) ? stored : [];
}

/** POST /admin/setting/generateRoute: `routes` = the catalogue as a JSON string. */
export function generateRouteCatalogue(catalogue: RouteCatalogue = buildRouteCatalogue()): Promise<unknown> {
  return apiPost<unknown>('/admin/setting/generateRoute', { routes: JSON.stringify(catalogue) }, { silent: true });
}

let synced: Promise<RouteCatalogue> | null = null;

/**
 * For a user who may change permissions: make the stored catalogue match this frontend's
 * (once per page load). Resolves with the catalogue now stored; never rejects.
 */
export function syncRouteCatalogue(permissions: readonly string[]): Promise<RouteCatalogue> {
  if (!permissions.includes(PERMISSION_ADMIN)) return Promise.resolve([]);
  synced ??= (async () => {
    const own = buildRouteCatalogue();
    try {
      const stored = await getRouteCatalogue();
      if (sameCatalogue(stored, own)) return stored;
      await generateRouteCatalogue(own);
      return own;
    } catch {
      synced = null;
      return [];
    }
  })();
  return synced;
}
