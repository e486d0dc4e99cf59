// The console (/home/index): the floor's key figures, each a link to the orders behind it; then
// what needs attention now (delayed orders, orders due this week, today's busiest processes) and
// the trend. Everything updates live; the badge by the title says whether it is live.
import { useTranslation } from 'react-i18next';
import { Message } from 'primereact/message';
import { formatDate } from '../../../lib/format-date';
import { LiveBadge } from '../../../components/LiveBadge';
import { useLiveConsoleKpis } from '../api/live-console-kpis';
import { useUserInfo } from '../api/get-user-info';
import { UserAvatar } from '../../auth/components/UserAvatar';
import { useProfile } from '../../auth/model/profile-state';
import { ConsoleCharts } from './ConsoleCharts';
import { ConsoleLists } from './ConsoleLists';
import { KpiCards } from './KpiCards';
import '../home.css';

export function ConsolePage() {
  const { t } = useTranslation('home');
  const kpis = useLiveConsoleKpis((state) => state.kpis);
  const error = useLiveConsoleKpis((state) => state.error);
  const lastEventAt = useLiveConsoleKpis((state) => state.lastEventAt);
  const loadedAt = useLiveConsoleKpis((state) => state.loadedAt);
  // Who is signed in (the top bar does not say; office PCs are shared).
  const { data: user } = useUserInfo();
  // The top bar's copy follows an avatar change at once; this screen's own read is the fallback.
  const profile = useProfile();
  const userName = user?.name || user?.username;
  const avatar = profile && profile.id === user?.id ? profile.avatar : (user?.avatar ?? '');
  return (
    <div className="page console-page">
      <header className="page-header page-header-row">
        <div className="console-identity">
          {userName && <UserAvatar name={userName} avatar={avatar} size="large" className="console-avatar" testId="console-avatar" />}
          <div>
            <h1 className="title-with-badge">
              {t('console.title')}
              <LiveBadge lastEventAt={lastEventAt} />
            </h1>
            <p className="muted">
              {userName && (
                <span className="console-greeting" data-testid="user-greeting">
                  {t('console.greeting', { name: userName })}
                </span>
              )}
              {t('console.subtitle')}
            </p>
          </div>
        </div>
        {loadedAt !== null && (
          <span className="muted small console-updated" data-testid="kpi-updated">
            {t('console.updatedAt', { time: formatDate(loadedAt, 'HH:mm:ss') })}
          </span>
        )}
      </header>
      {error && <Message severity={kpis ? 'warn' : 'error'} text={kpis ? t('kpi.refreshFailed', { message: error }) : t('kpi.loadFailed', { message: error })} className="list-note" />}
      <KpiCards />
      <ConsoleLists kpis={kpis} />
      <div className="console-layout">
        <ConsoleCharts kpis={kpis} />
      </div>
    </div>
  );
}
