// Whether what the page shows is live: pushed changes arrive, or the connection is down and the
// numbers may be stale (PRODUCT.md §5: a screen that has been offline says so).
import { useTranslation } from 'react-i18next';
import { useStore } from '../lib/create-store';
import { formatDate } from '../lib/format-date';
import { realtime } from '../lib/socket';
import { formatDuration, useNow } from '../lib/use-now';
import './live-badge.css';

export function LiveBadge({ lastEventAt }: { lastEventAt?: string | null }) {
  const { t } = useTranslation('common');
  const status = useStore(realtime.connection, (state) => state.status);
  const staleSince = useStore(realtime.connection, (state) => state.staleSince);
  const now = useNow(staleSince !== null);
  const live = status === 'connected';
  const stale = staleSince !== null;
  const text = live ? t('live.on') : stale ? t('live.stale', { duration: formatDuration(now - staleSince) }) : t('live.connecting');
  const title = lastEventAt ? t('live.lastEvent', { time: formatDate(lastEventAt, 'HH:mm:ss') }) : undefined;
  return (
    <span className={`live-badge ${live ? 'is-live' : stale ? 'is-stale' : 'is-waiting'}`} role="status" title={title} data-testid="live-badge">
      <span className="live-dot" aria-hidden="true" />
      {text}
    </span>
  );
}
