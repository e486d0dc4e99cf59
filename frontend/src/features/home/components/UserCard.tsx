import { useTranslation } from 'react-i18next';
import { Avatar } from 'primereact/avatar';
import { Card } from 'primereact/card';
import { Skeleton } from 'primereact/skeleton';
import { Tag } from 'primereact/tag';
import { permissionNameOf } from '@contracts/routes';
import { ROUTES } from '../../../config/paths';
import { getPermissions } from '../../../lib/session';
import { useUserInfo } from '../api/get-user-info';

/** The console shows the user card small: a few modules, the rest on hover. */
const PERMISSIONS_SHOWN = 8;

export function UserCard() {
  const { t } = useTranslation('home');
  const { data: user, error, loading } = useUserInfo();
  const permissions = getPermissions();
  // Permission names are route names; show the screens' titles instead where there is one.
  const moduleTitle = (name: string): string => {
    const route = ROUTES.find((candidate) => candidate.menu && permissionNameOf(candidate.name) === name);
    return route ? t(route.titleKey) : name;
  };
  const displayName = user?.name || user?.username || '';

  return (
    <Card className="console-card user-card" title={t('user.title')}>
      {loading && !user ? (
        <div className="user-card-body">
          <Skeleton shape="circle" size="3.5rem" />
          <div className="user-card-text">
            <Skeleton width="10rem" height="1.4rem" />
            <Skeleton width="6rem" className="mt-2" />
          </div>
        </div>
      ) : error || !user ? (
        <p className="muted">{t('user.loadFailed')}</p>
      ) : (
        <>
          <div className="user-card-body">
            <Avatar
              image={user.avatar || undefined}
              label={user.avatar ? undefined : displayName.slice(0, 1).toUpperCase()}
              size="xlarge"
              shape="circle"
              className="user-avatar"
            />
            <div className="user-card-text">
              <div className="user-greeting" data-testid="user-greeting">
                {t('user.greeting', { name: displayName })}
              </div>
              <dl className="facts">
                <div>
                  <dt>{t('user.username')}</dt>
                  <dd data-testid="user-username">{user.username}</dd>
                </div>
                <div>
                  <dt>{t('user.userId')}</dt>
                  <dd>{user.id}</dd>
                </div>
              </dl>
            </div>
          </div>
          <div className="user-permissions">
            <span className="muted">{t('user.permissions')}</span>
            {permissions.slice(0, PERMISSIONS_SHOWN).map((name) => (
              <Tag key={name} value={moduleTitle(name)} severity="secondary" className="permission-tag" />
            ))}
            {permissions.length > PERMISSIONS_SHOWN && (
              <span className="muted small" title={permissions.slice(PERMISSIONS_SHOWN).map(moduleTitle).join('、')} data-testid="user-permissions-more">
                {t('user.more', { count: permissions.length - PERMISSIONS_SHOWN, total: permissions.length })}
              </span>
            )}
          </div>
        </>
      )}
    </Card>
  );
}
