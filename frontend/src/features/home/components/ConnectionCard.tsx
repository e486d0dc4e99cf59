import { useTranslation } from 'react-i18next';
import { Card } from 'primereact/card';
import { Tag } from 'primereact/tag';
import { useStore } from '../../../lib/create-store';
import { formatDate } from '../../../lib/format-date';
import { realtime, type ConnectionStatus } from '../../../lib/socket';
import { formatDuration, useNow } from '../../../lib/use-now';

const SEVERITY: Record<ConnectionStatus, 'success' | 'warning' | 'danger' | 'secondary' | 'info'> = {
  idle: 'secondary',
  connecting: 'info',
  connected: 'success',
  reconnecting: 'warning',
  disconnected: 'danger',
};

const ICON: Record<ConnectionStatus, string> = {
  idle: 'pi pi-minus-circle',
  connecting: 'pi pi-spin pi-spinner',
  connected: 'pi pi-wifi',
  reconnecting: 'pi pi-spin pi-sync',
  disconnected: 'pi pi-times-circle',
};

export function ConnectionCard() {
  const { t } = useTranslation('home');
  const status = useStore(realtime.connection, (state) => state.status);
  const staleSince = useStore(realtime.connection, (state) => state.staleSince);
  const lastConnectedAt = useStore(realtime.connection, (state) => state.lastConnectedAt);
  const reason = useStore(realtime.connection, (state) => state.reason);
  const now = useNow(staleSince !== null);

  return (
    <Card className={`console-card connection-card is-${status}`} title={t('connection.title')}>
      <div className="connection-status" data-testid="connection-status" data-status={status}>
        <span className={`connection-dot is-${status}`} aria-hidden="true" />
        <Tag severity={SEVERITY[status]} icon={ICON[status]} value={t(`connection.status.${status}`)} />
      </div>
      {staleSince !== null ? (
        <div className="connection-stale" role="status">
          <div className="stale-duration">{t('connection.staleFor', { duration: formatDuration(now - staleSince) })}</div>
          <div className="muted">{t('connection.staleSince', { time: formatDate(staleSince, 'HH:mm:ss') })}</div>
          {reason === 'unauthorized' && <div className="p-error">{t('connection.unauthorized')}</div>}
        </div>
      ) : (
        <p className="muted connection-hint">{t('connection.liveHint')}</p>
      )}
      {lastConnectedAt !== null && (
        <div className="muted small">{t('connection.lastConnected', { time: formatDate(lastConnectedAt, 'YYYY-MM-DD HH:mm:ss') })}</div>
      )}
    </Card>
  );
}
