import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Skeleton } from 'primereact/skeleton';
import { useLiveConsoleKpis } from '../api/live-console-kpis';
import { KPI_CARDS, formatKpi, kpiHref } from '../model/console-model';

/**
 * The six numbers of the floor, each highlighted for a moment when a push changed it. A card is a
 * link to the list of exactly the orders it counts; rates name the orders they are over.
 */
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
        const href = kpis ? kpiHref(card.key, kpis) : null;
        const label = card.metric ? t(`metrics.${card.metric}`) : t(`kpi.${card.key}`);
        const className = `kpi-card${href ? ' is-link' : ''}${isChanged ? ' is-changed' : ''}${alarming ? ' is-alarm' : ''}`;
        const content = (
          <>
            <span className="kpi-icon" style={{ color: card.color, background: `${card.color}1a` }} aria-hidden="true">
              <i className={card.icon} />
            </span>
            <span className="kpi-text">
              <span className="kpi-label">{label}</span>
              {value === null ? (
                <Skeleton width="4rem" height="1.6rem" />
              ) : (
                <strong className="kpi-value" style={alarming ? { color: card.color } : undefined} data-testid={`kpi-value-${card.key}`}>
                  {formatKpi(value, card.kind, i18n.language)}
                </strong>
              )}
              {kpis && card.kind === 'rate' && (
                <span className="kpi-population" data-testid={`kpi-population-${card.key}`}>
                  {t(`population.${kpis.metrics.population}`, { count: kpis.metrics.inProduction })}
                </span>
              )}
            </span>
            {href && <i className="pi pi-angle-right kpi-go" aria-hidden="true" />}
          </>
        );
        // A new key restarts the highlight animation on every change.
        const key = isChanged ? `${card.key}-${changed?.at}` : card.key;
        return href ? (
          <Link key={key} href={href} className={className} data-testid={`kpi-${card.key}`} title={t('kpi.open', { name: label })}>
            {content}
          </Link>
        ) : (
          <div key={key} className={className} data-testid={`kpi-${card.key}`}>
            {content}
          </div>
        );
      })}
    </section>
  );
}
