import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import type { AppRoute } from '../../config/paths';
import { getSidebarOpened, setSidebarOpened } from '../../lib/session';
import { ForcedPasswordChange, useAccountChrome } from '../../features/auth/components/AccountGuard';
import { AppBreadcrumb } from './AppBreadcrumb';
import { Sidebar } from './Sidebar';
import { useIsMobile } from './use-body-width';

export interface MainLayoutProps {
  title: string;
  permissions: readonly string[];
  route: AppRoute | undefined;
  currentPath: string;
  /** Right side of the top bar (language, logout): composed by the app. */
  actions?: ReactNode;
  children: ReactNode;
}

export function MainLayout({ title, permissions, route, currentPath, actions, children }: MainLayoutProps) {
  const { t } = useTranslation();
  const mobile = useIsMobile();
  // Desktop: a remembered choice (cookie). Mobile: an overlay that starts closed.
  const [desktopOpened, setDesktopOpened] = useState(getSidebarOpened);
  const [mobileOpened, setMobileOpened] = useState(false);
  // Password: the top bar's change entry, the default-password warning, and the forced change
  // that replaces every screen while an administrator-set password is pending.
  const account = useAccountChrome();

  useEffect(() => {
    setMobileOpened(false);
  }, [mobile, currentPath]);

  const opened = mobile ? mobileOpened : desktopOpened;
  const toggle = () => {
    if (mobile) {
      setMobileOpened((value) => !value);
      return;
    }
    setDesktopOpened((value) => {
      setSidebarOpened(!value);
      return !value;
    });
  };

  return (
    <div
      className={`layout ${mobile ? 'layout-mobile' : 'layout-desktop'} ${opened ? 'sidebar-open' : 'sidebar-collapsed'}`}
      data-device={mobile ? 'mobile' : 'desktop'}
      data-sidebar={opened ? 'open' : 'collapsed'}
    >
      <aside className="layout-sidebar">
        <Sidebar
          title={title}
          permissions={permissions}
          currentPath={currentPath}
          collapsed={!mobile && !opened}
          onNavigate={mobile ? () => setMobileOpened(false) : undefined}
        />
      </aside>
      {mobile && opened && <div className="layout-mask" role="presentation" onClick={() => setMobileOpened(false)} />}
      <div className="layout-main">
        <header className="layout-topbar">
          <Button
            className="topbar-toggle"
            icon={opened && !mobile ? 'pi pi-align-left' : 'pi pi-bars'}
            text
            rounded
            severity="secondary"
            aria-label={t('layout.toggleSidebar')}
            aria-expanded={opened}
            onClick={toggle}
          />
          <AppBreadcrumb route={route} />
          <div className="topbar-actions">
            {account.topbarEntry}
            {actions}
          </div>
        </header>
        {account.banner}
        <main className="layout-content">{account.blocked ? <ForcedPasswordChange /> : children}</main>
      </div>
    </div>
  );
}
