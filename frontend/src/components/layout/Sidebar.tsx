import { Link } from 'wouter';
import { useTranslation } from 'react-i18next';
import { Tooltip } from 'primereact/tooltip';
import { findRoute, type AppRoute } from '../../config/paths';
import { buildMenu, menuRouteNameOf } from './menu';

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
            <li key={entry.group.key} className="sidebar-group">
              <div className="sidebar-group-title">
                <i className={entry.group.icon} aria-hidden="true" />
                <span className="sidebar-label">{t(entry.group.titleKey)}</span>
              </div>
              <ul>{entry.routes.map((route) => item(route, true))}</ul>
            </li>
          ),
        )}
      </ul>
      {collapsed && <Tooltip target=".sidebar-link" position="right" />}
    </nav>
  );
}
