// The parts around a board's rows: clock, live indicator, totals, the frame of the TV boards.
import { memo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProgressTotals } from '@contracts/production';
import { formatDate } from '../../../lib/format-date';
import { useNow } from '../../../lib/use-now';
import { DEFAULT_SYSTEM_TITLES } from '../../../lib/system-title';
import { asLanguage } from '../../../lib/i18n';
import type { RefreshMode } from '../../../lib/board-vocabulary';
import { useBoardState, type BoardController } from '../api/board-store';
import { useLiveness } from '../hooks/use-liveness';
import { percentText, type BoardLiveness } from '../model/presentation';
import { BoardLanguageSwitch, useBoardLanguage } from './board-language';
import { BoardWipContext } from './BoardTable';
import '../board.css';
import '../board-metrics.css';

/** A clock that re-renders only itself, once a second. */
export const BoardClock = memo(function BoardClock({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation('board');
  const now = useNow(true);
  const date = new Date(now);
  return (
    <div className={`board-clock${compact ? ' is-compact' : ''}`} data-testid="board-clock">
      <div className="board-clock-time">{formatDate(now, 'HH:mm:ss')}</div>
      {!compact && (
        <div className="board-clock-date">
          {formatDate(now, 'YYYY-MM-DD')} {t(`weekdays.d${date.getDay()}`)}
        </div>
      )}
    </div>
  );
});

export function ConnectionBadge({ liveness }: { liveness: BoardLiveness }) {
  const { t } = useTranslation('board');
  const icon = liveness.kind === 'live' ? 'pi pi-circle-fill' : liveness.kind === 'reconnecting' ? 'pi pi-spin pi-sync' : 'pi pi-exclamation-triangle';
  return (
    <div
      className={`board-conn is-${liveness.kind}`}
      role="status"
      data-testid="board-connection"
      data-liveness={liveness.kind}
      title={liveness.kind === 'live' ? t('connection.liveTitle') : undefined}
    >
      <i className={icon} aria-hidden="true" />
      <span className="board-conn-label">{t(`connection.${liveness.kind}`)}</span>
      {liveness.kind === 'stale' && liveness.since !== null && (
        <span className="board-conn-since">{t('connection.staleSince', { time: formatDate(liveness.since, 'HH:mm:ss') })}</span>
      )}
    </div>
  );
}

const TOTAL_TILES = ['orders', 'onTime', 'delayed', 'finishRate', 'delayRate'] as const;

export const BoardTotals = memo(function BoardTotals({ totals, compact = false }: { totals: ProgressTotals | null; compact?: boolean }) {
  const { t } = useTranslation('board');
  const value = (key: (typeof TOTAL_TILES)[number]): string => {
    if (!totals) return '—';
    if (key === 'finishRate' || key === 'delayRate') return percentText(totals[key]);
    return String(totals[key]);
  };
  return (
    <dl className={`board-totals${compact ? ' is-compact' : ''}`} data-testid="board-totals">
      {TOTAL_TILES.map((key) => (
        <div key={key} className={`board-total is-${key}`} data-total={key}>
          <dt>{t(`totals.${key}`)}</dt>
          <dd className="board-num">{value(key)}</dd>
          {/* Every rate names the orders it is over (contracts/order-metrics.ts). */}
          {totals && (key === 'finishRate' || key === 'delayRate') && (
            <dd className="board-total-population" data-testid={`population-${key}`}>
              {t(`population.${totals.population}`, { count: totals.inProduction })}
            </dd>
          )}
        </div>
      ))}
    </dl>
  );
});

/** The company logo chosen in the system settings (none when unset or when it fails to load). */
export function BoardLogo({ controller }: { controller: BoardController }) {
  const logo = useBoardState(controller, (state) => state.snapshot?.logo ?? null, null);
  const [failed, setFailed] = useState<string | null>(null);
  if (!logo || failed === logo) return null;
  // Public (a board opened with the board key has no session), versioned by the image id.
  // Decorative: the company's name is written beside it.
  return <img className="board-logo" src={`/api/admin/setting/logo?v=${logo}`} alt="" data-testid="board-logo" onError={() => setFailed(logo)} />;
}

/** The system title in the board's language, from the snapshot (kept current by the events). */
export function useBoardSystemTitle(controller: BoardController): string {
  const { i18n } = useTranslation();
  const language = asLanguage(i18n.language);
  return useBoardState(controller, (state) => state.snapshot?.systemTitles?.[language] ?? DEFAULT_SYSTEM_TITLES[language], DEFAULT_SYSTEM_TITLES[language]);
}

/** Status colours, in the footer of the TV boards. */
export function BoardLegend() {
  const { t } = useTranslation('board');
  return (
    <ul className="board-legend" aria-label={t('legend')}>
      {(['notStarted', 'partial', 'atRisk', 'done', 'delayed'] as const).map((tone) => (
        <li key={tone} className={`tone-${tone}`}>
          <span className="board-legend-swatch" aria-hidden="true" />
          {t(`status.${tone}`)}
        </li>
      ))}
    </ul>
  );
}

/** Loading, failure (with the server's sentence) and "nothing to show", in the board's place. */
export function BoardMessage({ icon, children, action }: { icon: string; children: ReactNode; action?: ReactNode }) {
  return (
    <div className="board-message" role="status">
      <i className={icon} aria-hidden="true" />
      <div>{children}</div>
      {action}
    </div>
  );
}

interface BoardFrameProps {
  controller: BoardController;
  mode: RefreshMode;
  /** The footer's left part (page indicator, counts). */
  footer?: ReactNode;
  children: ReactNode;
}

function toggleFullscreen(): void {
  if (typeof document === 'undefined' || !document.documentElement.requestFullscreen) return;
  if (document.fullscreenElement) void document.exitFullscreen?.();
  else void document.documentElement.requestFullscreen().catch(() => undefined);
}

/** The TV board: header (company, title, totals, clock, live state), the rows, a footer. */
export function BoardFrame({ controller, mode, footer, children }: BoardFrameProps) {
  const { t } = useTranslation('board');
  useBoardLanguage();
  const systemTitle = useBoardSystemTitle(controller);
  const companyName = useBoardState(controller, (state) => state.snapshot?.companyName ?? '', '');
  // Pushed with the settings: a change of density re-lays every open board at once.
  const density = useBoardState(controller, (state) => state.snapshot?.settings.density ?? 'default', 'default');
  // Work in progress in the cells: the numbers are always in the DOM, the setting shows them (live, with the settings).
  const showWip = useBoardState(controller, (state) => state.snapshot?.settings.showWip ?? false, false);
  const totals = useBoardState(controller, (state) => state.snapshot?.totals ?? null, null);
  const loadedAt = useBoardState(controller, (state) => state.loadedAt, null);
  const liveness = useLiveness(loadedAt);

  return (
    <div
      className={`board-root board-tv is-${liveness.kind}`}
      data-mode={mode}
      data-density={density}
      data-testid="board-root"
      onDoubleClick={toggleFullscreen}
    >
      <header className="board-header">
        <div className="board-brand">
          <BoardLogo controller={controller} />
          <div className="board-brand-text">
            <div className="board-company" data-testid="board-company">
              {companyName || systemTitle}
            </div>
            <div className="board-title">
              {companyName ? systemTitle : t('title')} · {t(`mode.${mode}`)}
            </div>
          </div>
        </div>
        <BoardTotals totals={totals} />
        <div className="board-side">
          <BoardClock />
          <ConnectionBadge liveness={liveness} />
        </div>
      </header>
      <main className="board-main">
        <BoardWipContext.Provider value={showWip}>{children}</BoardWipContext.Provider>
      </main>
      <footer className="board-footer">
        <div className="board-footer-info">{footer}</div>
        <BoardLegend />
        <BoardLanguageSwitch />
      </footer>
    </div>
  );
}
