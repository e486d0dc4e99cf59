import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { useTranslation } from 'react-i18next';
import { Tooltip } from 'primereact/tooltip';
import { findRoute, type AppRoute, type MenuGroupKey } from '../../config/paths';
import { buildMenu, menuRouteNameOf } from './menu';
import { useFoldedMenuGroups } from './use-folded-menu-groups';

export interface SidebarProps {
  title: string;
  permissions: readonly string[];
  currentPath: string;
  /** Icons only (desktop, collapsed). */
  collapsed: boolean;
  onNavigate?: () => void;
}

export function Sidebar({ title, permissions, currentPath, collapsed, onNavigate }: SidebarProps) {
  const { t } = useTranslation();
  const entries = buildMenu(permissions);
  const activeName = menuRouteNameOf(findRoute(currentPath));
  const { isFolded, toggle } = useFoldedMenuGroups();

  const item = (route: AppRoute, nested: boolean) => {
    const active = route.name === activeName;
    const label = t(route.titleKey);
    return (
      <li key={route.name}>
        <Link
          href={route.path}
          className={`sidebar-link${active ? ' is-active' : ''}${nested ? ' is-nested' : ''}`}
          aria-current={active ? 'page' : undefined}
          data-pr-tooltip={collapsed ? label : undefined}
          onClick={onNavigate}
        >
          <i className={route.menu?.icon} aria-hidden="true" />
          <span className="sidebar-label">{label}</span>
        </Link>
      </li>
    );
  };

  return (
    <nav className="sidebar" aria-label={t('layout.toggleSidebar')}>
      <div className="sidebar-brand" title={title}>
        <span className="sidebar-logo" aria-hidden="true">
          <i className="pi pi-th-large" />
        </span>
        <span className="sidebar-title">{title}</span>
      </div>
      <ul className="sidebar-menu">
        {entries.map((entry) =>
          entry.kind === 'item' ? (
            item(entry.route, false)
          ) : (
            <MenuGroupItem
              key={entry.group.key}
              groupKey={entry.group.key}
              icon={entry.group.icon}
              title={t(entry.group.titleKey)}
              // The group holding the open screen never hides it; icons-only mode shows every item.
              rail={collapsed}
              folded={!collapsed && isFolded(entry.group.key) && !entry.routes.some((route) => route.name === activeName)}
              onToggle={() => toggle(entry.group.key)}
            >
              {entry.routes.map((route) => item(route, true))}
            </MenuGroupItem>
          ),
        )}
      </ul>
      {collapsed && <Tooltip target=".sidebar-link" position="right" />}
    </nav>
  );
}

interface MenuGroupItemProps {
  groupKey: MenuGroupKey;
  icon: string;
  title: string;
  /** Icons-only mode: the title is a thin divider, every item shows. */
  rail: boolean;
  folded: boolean;
  onToggle: () => void;
  children: ReactNode;
}

/** A menu group whose title is a button folding its items away (remembered per browser). */
function MenuGroupItem({ groupKey, icon, title, rail, folded, onToggle, children }: MenuGroupItemProps) {
  const listId = `sidebar-group-${groupKey}`;
  if (rail) {
    return (
      <li className="sidebar-group">
        <div className="sidebar-group-title" role="presentation" />
        <ul aria-label={title}>{children}</ul>
      </li>
    );
  }
  return (
    <li className={`sidebar-group${folded ? ' is-folded' : ''}`}>
      <button type="button" className="sidebar-group-title" aria-expanded={!folded} aria-controls={listId} onClick={onToggle}>
        <i className={icon} aria-hidden="true" />
        <span className="sidebar-label">{title}</span>
        <i className={`sidebar-group-caret pi ${folded ? 'pi-angle-right' : 'pi-angle-down'}`} aria-hidden="true" />
      </button>
      <ul id={listId} hidden={folded}>
        {children}
      </ul>
    </li>
  );
}
