// The console (/home/index): live KPIs and charts of the floor, then who is signed in, the live
// connection and the board settings.
import { useTranslation } from 'react-i18next';
import { Message } from 'primereact/message';
import { formatDate } from '../../../lib/format-date';
import { LiveBadge } from '../../../components/LiveBadge';
import { useLiveConsoleKpis } from '../api/live-console-kpis';
import { BoardSettingsCard } from './BoardSettingsCard';
import { ConnectionCard } from './ConnectionCard';
import { ConsoleCharts } from './ConsoleCharts';
import { KpiCards } from './KpiCards';
import { UserCard } from './UserCard';
import '../home.css';

export function ConsolePage() {
  const { t } = useTranslation('home');
  const kpis = useLiveConsoleKpis((state) => state.kpis);
  const error = useLiveConsoleKpis((state) => state.error);
  const lastEventAt = useLiveConsoleKpis((state) => state.lastEventAt);
  const loadedAt = useLiveConsoleKpis((state) => state.loadedAt);
  return (
    <div className="page console-page">
      <header className="page-header page-header-row">
        <div>
          <h1 className="title-with-badge">
            {t('console.title')}
            <LiveBadge lastEventAt={lastEventAt} />
          </h1>
          <p className="muted">{t('console.subtitle')}</p>
        </div>
        {loadedAt !== null && (
          <span className="muted small console-updated" data-testid="kpi-updated">
            {t('console.updatedAt', { time: formatDate(loadedAt, 'HH:mm:ss') })}
          </span>
        )}
      </header>
      {error && <Message severity={kpis ? 'warn' : 'error'} text={kpis ? t('kpi.refreshFailed', { message: error }) : t('kpi.loadFailed', { message: error })} className="list-note" />}
      <KpiCards />
      <div className="console-layout">
        <ConsoleCharts kpis={kpis} />
        <div className="console-side">
          <UserCard />
          <ConnectionCard />
        </div>
        <BoardSettingsCard />
      </div>
    </div>
  );
}
