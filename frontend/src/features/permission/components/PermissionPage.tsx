// Who may open which screens: roles (named sets of screens, for a job) and, per user, the roles
// they hold plus extra pages and the processes they may scan. The trees offer the stored route
// catalogue, which this screen keeps in step with the frontend's route table.
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { TabPanel, TabView } from '../../../components/tabs/TabView';
import type { RoleRecord, RouteCatalogue } from '@contracts/users';
import { ApiError } from '../../../lib/http-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import { getRoles } from '../api/get-roles';
import { buildRouteCatalogue, generateRouteCatalogue, getRouteCatalogue, syncRouteCatalogue } from '../api/route-catalogue';
import { RolesPanel } from './RolesPanel';
import { UserAccessPanel } from './UserAccessPanel';
import '../permission.css';

export function PermissionPage() {
  const { t } = useTranslation('permission');
  const sessionPermissions = useSession((session) => session.permissions);
  const [catalogue, setCatalogue] = useState<RouteCatalogue | null>(null);
  const [generating, setGenerating] = useState(false);
  const [roles, setRoles] = useState<RoleRecord[] | null>(null);
  const [tab, setTab] = useState(0);

  useEffect(() => {
    let live = true;
    void (async () => {
      // Brings the stored catalogue up to date first (this user holds the Permission permission).
      const synced = await syncRouteCatalogue(sessionPermissions);
      const stored = synced.length > 0 ? synced : await getRouteCatalogue().catch(() => []);
      if (live) setCatalogue(stored);
    })();
    return () => {
      live = false;
    };
  }, [sessionPermissions]);

  const reloadRoles = useCallback(async () => {
    try {
      const list = await getRoles();
      setRoles(list);
      return list;
    } catch {
      setRoles((current) => current ?? []);
      return [];
    }
  }, []);

  useEffect(() => {
    void reloadRoles();
  }, [reloadRoles]);

  const generate = async () => {
    setGenerating(true);
    try {
      const own = buildRouteCatalogue();
      await generateRouteCatalogue(own);
      setCatalogue(await getRouteCatalogue().catch(() => own));
      notifySuccess(t('page.generated'));
    } catch (failure) {
      if (failure instanceof ApiError && failure.kind !== 'unauthorized') notifyError(failure.message);
    } finally {
      setGenerating(false);
    }
  };

  const emptyCatalogue = (
    <div className="permission-generate">
      <Message severity="info" text={t('page.emptyCatalogue')} />
      <Button type="button" label={t('page.generate')} icon="pi pi-sync" outlined loading={generating} onClick={() => void generate()} />
    </div>
  );

  return (
    <div className="page permission-page">
      <header className="page-header">
        <h1>{t('page.title')}</h1>
        <p className="muted">{t('page.subtitle')}</p>
      </header>
      <TabView
        className="permission-tabs"
        activeIndex={tab}
        onTabChange={(event) => {
          setTab(event.index);
          // Role counts and names may have changed on the other tab.
          void reloadRoles();
        }}
      >
        <TabPanel header={t('tabs.users')} leftIcon="pi pi-user">
          <UserAccessPanel catalogue={catalogue} roles={roles ?? []} emptyCatalogue={emptyCatalogue} />
        </TabPanel>
        <TabPanel header={t('tabs.roles')} leftIcon="pi pi-id-card">
          <RolesPanel catalogue={catalogue} roles={roles} reload={reloadRoles} emptyCatalogue={emptyCatalogue} />
        </TabPanel>
      </TabView>
    </div>
  );
}
