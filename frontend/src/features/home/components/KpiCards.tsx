import { useTranslation } from 'react-i18next';
import { Skeleton } from 'primereact/skeleton';
import { useLiveConsoleKpis } from '../api/live-console-kpis';
import { KPI_CARDS, formatKpi } from '../model/console-model';

/** The six numbers of the floor, each highlighted for a moment when a push changed it. */
export function KpiCards() {
  const { t, i18n } = useTranslation('home');
  const kpis = useLiveConsoleKpis((state) => state.kpis);
  const changed = useLiveConsoleKpis((state) => state.changed);
  return (
    <section className="kpi-grid" aria-label={t('kpi.title')} data-testid="kpi-cards">
      {KPI_CARDS.map((card) => {
        const value = kpis ? kpis[card.key] : null;
        const isChanged = changed?.keys.includes(card.key) ?? false;
        const alarming = card.alarm && value !== null && value > 0;
        return (
          <div
            // A new key restarts the highlight animation on every change.
            key={isChanged ? `${card.key}-${changed?.at}` : card.key}
            className={`kpi-card${isChanged ? ' is-changed' : ''}${alarming ? ' is-alarm' : ''}`}
            data-testid={`kpi-${card.key}`}
          >
            <span className="kpi-icon" style={{ color: card.color, background: `${card.color}1a` }} aria-hidden="true">
              <i className={card.icon} />
            </span>
            <span className="kpi-text">
              <span className="kpi-label">{t(`kpi.${card.key}`)}</span>
              {value === null ? (
                <Skeleton width="4rem" height="1.6rem" />
              ) : (
                <strong className="kpi-value" style={alarming ? { color: card.color } : undefined} data-testid={`kpi-value-${card.key}`}>
                  {formatKpi(value, card.kind, i18n.language)}
                </strong>
              )}
            </span>
          </div>
        );
      })}
    </section>
  );
}
