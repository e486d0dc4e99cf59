// /production/dashboardRedirect: reads the board settings and opens the board of the current
// refreshType in its place (replace: the back button does not land here again).
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { useLocation } from 'wouter';
import type { RouteScreenProps } from '../../../config/paths';
import { useAsyncData } from '../../../lib/use-async';
import { getDashboardSetting } from '../api/board-api';
import { boardPathFor } from '../model/board-model';
import '../board.css';

export function DashboardRedirectPage(_props: RouteScreenProps) {
  const { t } = useTranslation('board');
  const [, navigate] = useLocation();
  const settings = useAsyncData(getDashboardSetting, []);
  const refreshType = settings.data?.refreshType;

  useEffect(() => {
    if (refreshType !== undefined) navigate(boardPathFor(refreshType), { replace: true });
  }, [refreshType, navigate]);

  return (
    <div className="board-redirect" role="status" data-testid="board-redirect">
      {settings.error ? (
        <>
          <i className="pi pi-exclamation-triangle" aria-hidden="true" />
          <p>{t('redirect.failed', { message: settings.error.message })}</p>
          <Button label={t('retry')} icon="pi pi-refresh" onClick={() => void settings.reload()} loading={settings.loading} />
        </>
      ) : (
        <>
          <i className="pi pi-spin pi-spinner" aria-hidden="true" />
          <p>{t('redirect.loading')}</p>
        </>
      )}
    </div>
  );
}
