import { useTranslation } from 'react-i18next';
import type { ProgressTotals } from '@contracts/production';
import { STATUS_STYLES } from '../../../lib/status-style';

/**
 * The totals bar above the grid: over every order the filter selects, not just this page. The
 * numbers are the contract's (contracts/order-metrics.ts); each rate names the orders it is over.
 */
export function ScheduleTotals({ totals, language }: { totals: ProgressTotals | null; language: string }) {
  const { t } = useTranslation('schedule');
  const number = new Intl.NumberFormat(language, { maximumFractionDigits: 0 });
  const rate = (value: number) => `${new Intl.NumberFormat(language, { maximumFractionDigits: 1 }).format(value)}%`;
  const items: { key: string; label: string; value: string; color?: string; population?: string }[] = totals
    ? [
        { key: 'orders', label: t('totals.orders'), value: number.format(totals.orders) },
        { key: 'onTime', label: t('totals.onTime'), value: number.format(totals.onTime), color: STATUS_STYLES.done.text },
        { key: 'delayed', label: t('totals.delayed'), value: number.format(totals.delayed), color: STATUS_STYLES.delayed.text },
        { key: 'completed', label: t('totals.completed'), value: number.format(totals.completed) },
        {
          key: 'finishRate',
          label: t('totals.finishRate'),
          value: rate(totals.finishRate),
          color: STATUS_STYLES.partial.text,
          population: t(`population.${totals.population}`, { count: totals.inProduction }),
        },
        {
          key: 'delayRate',
          label: t('totals.delayRate'),
          value: rate(totals.delayRate),
          color: totals.delayRate > 0 ? STATUS_STYLES.delayed.text : undefined,
          population: t(`population.${totals.population}`, { count: totals.inProduction }),
        },
      ]
    : [];
  return (
    <section className="schedule-totals" aria-label={t('totals.title')} data-testid="schedule-totals">
      {totals
        ? items.map((item) => (
            <div key={item.key} className="schedule-total" data-testid={`total-${item.key}`}>
              <span className="schedule-total-label">{item.label}</span>
              <strong className="schedule-total-value" style={item.color ? { color: item.color } : undefined}>
                {item.value}
              </strong>
              {item.population && (
                <span className="schedule-total-population muted small" data-testid={`population-${item.key}`}>
                  {item.population}
                </span>
              )}
            </div>
          ))
        : Array.from({ length: 6 }, (_, index) => <div key={index} className="schedule-total is-empty" />)}
    </section>
  );
}

/** What the cell colours mean. */
export function StatusLegend() {
  const { t } = useTranslation('schedule');
  return (
    <div className="schedule-legend" aria-label={t('legend.title')}>
      {(['notStarted', 'partial', 'done', 'delayed'] as const).map((status) => (
        <span key={status} className="legend-item">
          <span className="legend-swatch" style={{ background: STATUS_STYLES[status].color }} />
          {t(`status.${status}`)}
        </span>
      ))}
    </div>
  );
}
