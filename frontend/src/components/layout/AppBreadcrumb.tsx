import { Link } from 'wouter';
import { useTranslation } from 'react-i18next';
import { BreadCrumb } from 'primereact/breadcrumb';
import type { MenuItem } from 'primereact/menuitem';
import { paths, type AppRoute } from '../../config/paths';
import { breadcrumbOf } from './menu';

export function AppBreadcrumb({ route }: { route: AppRoute | undefined }) {
  const { t } = useTranslation();
  // Links go through wouter so the breadcrumb never reloads the page.
  const crumb = (label: string, path?: string, last = false): MenuItem => ({
    label,
    template: () =>
      path && !last ? (
        <Link href={path} className="crumb-link">
          {label}
        </Link>
      ) : (
        <span className={last ? 'crumb-current' : 'crumb-text'}>{label}</span>
      ),
  });
  const crumbs = breadcrumbOf(route).filter((item) => item.path !== paths.home);
  const model = crumbs.map((item, index) => crumb(t(item.titleKey), item.path, index === crumbs.length - 1));
  const home: MenuItem = {
    template: () => (
      <Link href={paths.home} className="crumb-link" aria-label={t('routes.homeIndex')}>
        <i className="pi pi-home" aria-hidden="true" />
        {route?.path === paths.home && <span className="crumb-current crumb-home-label">{t('routes.homeIndex')}</span>}
      </Link>
    ),
  };
  return <BreadCrumb className="app-breadcrumb" home={home} model={model} />;
}
