import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from 'primereact/card';
import { Skeleton } from 'primereact/skeleton';
import { Tag } from 'primereact/tag';
import type { DashboardSettings } from '@contracts/api';
import { refreshModeOf } from '../../../lib/board-vocabulary';
import { formatDate } from '../../../lib/format-date';
import { useLiveDashboardSettings } from '../api/live-dashboard-settings';

export function BoardSettingsCard() {
  const { t } = useTranslation('home');
  const { t: tc } = useTranslation('common');
  const settings = useLiveDashboardSettings((state) => state.settings);
  const changed = useLiveDashboardSettings((state) => state.changed);
  const lastEvent = useLiveDashboardSettings((state) => state.lastEvent);
  const loadedAt = useLiveDashboardSettings((state) => state.loadedAt);
  const error = useLiveDashboardSettings((state) => state.error);

  const row = (key: keyof DashboardSettings, value: ReactNode) => {
    const isChanged = changed?.fields.includes(key) ?? false;
    return (
      // A new key restarts the highlight animation on every change.
      <div key={isChanged ? `${key}-${changed?.at}` : key} className={`setting-row${isChanged ? ' is-changed' : ''}`} data-field={key}>
        <dt>{tc(`board.fields.${key}`)}</dt>
        <dd data-testid={`board-${key}`}>{value}</dd>
      </div>
    );
  };

  return (
    <Card className="console-card board-card" title={t('board.title')}>
      {!settings ? (
        error ? (
          <p className="p-error">{t('board.loadFailed')}</p>
        ) : (
          <div aria-label={t('board.loading')}>
            {Array.from({ length: 6 }, (_, index) => (
              <Skeleton key={index} height="1.5rem" className="mb-2" />
            ))}
          </div>
        )
      ) : (
        <>
          <dl className="settings-list" data-testid="board-settings">
            {row('refreshType', tc(`board.refreshType.${refreshModeOf(settings.refreshType)}`))}
            {row('refreshInterval', tc('board.seconds', { count: settings.refreshInterval }))}
            {row('completedVisibleDays', tc('board.days', { count: settings.completedVisibleDays }))}
            {row('displayMode', tc(`board.displayMode.${settings.displayMode}`))}
            {row('sortBy', tc(`board.sortBy.${settings.sortBy}`))}
            {row(
              'boardKeyEnabled',
              <Tag
                severity={settings.boardKeyEnabled ? 'success' : 'secondary'}
                value={settings.boardKeyEnabled ? tc('board.enabled') : tc('board.disabled')}
              />,
            )}
          </dl>
          <div className="board-card-footer muted small" data-testid="board-last-event">
            <i className={lastEvent ? 'pi pi-bolt' : 'pi pi-download'} aria-hidden="true" />
            {lastEvent
              ? t('board.lastEvent', { seq: lastEvent.seq, time: formatDate(lastEvent.at, 'YYYY-MM-DD HH:mm:ss') })
              : t('board.noEvent', { time: formatDate(loadedAt, 'HH:mm:ss', '-') })}
          </div>
        </>
      )}
    </Card>
  );
}
