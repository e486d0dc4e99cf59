import { useTranslation } from 'react-i18next';
import { Message } from 'primereact/message';
import { ProgressBar } from 'primereact/progressbar';
import type { LoadedOrder } from '../hooks/use-scan-station';
import type { RemainingNumbers } from '../model/remaining';

const format = (value: number, language: string) => new Intl.NumberFormat(language, { maximumFractionDigits: 0 }).format(value);

/** The scanned order: who and what, and where it stands at the chosen process. */
/**
 * `numbers`: remaining (plan − done) of the order at the process, or of the chosen colour × size
 * (`cellLabel`), with the tolerance shown apart.
 */
export function OrderCard({ order, looking, numbers, cellLabel }: { order: LoadedOrder; looking: boolean; numbers: RemainingNumbers | null; cellLabel: string | null }) {
  const { t, i18n } = useTranslation('scanStation');
  const lookup = order.lookup;
  if (!lookup) {
    return (
      <div className="scan-order is-empty" data-testid="scan-order">
        <div className="scan-order-no">{order.orderNo}</div>
        {looking ? <p className="muted">{t('scan.looking', { orderNo: order.orderNo })}</p> : order.offline && <Message severity="warn" text={t('order.offline')} className="scan-note" />}
      </div>
    );
  }
  const { row, columns } = lookup;
  const step = row.steps[String(order.processId)];
  const planned = step?.planned ?? 0;
  const done = step?.done ?? 0;
  const percent = planned > 0 ? Math.min(100, Math.round((done / planned) * 100)) : 0;
  const routeColumns = columns.filter((column) => row.steps[String(column.id)]);

  return (
    <div className={`scan-order${row.flagged ? ' is-flagged' : ''}`} data-testid="scan-order">
      <div className="scan-order-head">
        <div className="scan-order-no" data-testid="scan-order-no">
          {row.orderNo}
        </div>
        <div className="scan-order-tags">
          {row.completed && <span className="scan-tag is-success">{t('order.completed')}</span>}
          {row.delayDays > 0 && <span className="scan-tag is-danger">{t('order.delayed', { count: row.delayDays })}</span>}
          {row.flagged && <span className="scan-tag is-warning">{t('order.flagged')}</span>}
        </div>
      </div>
      {order.offline && <Message severity="warn" text={t('order.stale')} className="scan-note" />}
      <dl className="scan-order-facts">
        <div>
          <dt>{t('order.customer')}</dt>
          <dd>{row.customerLabel}</dd>
        </div>
        <div>
          <dt>{t('order.style')}</dt>
          <dd>
            <strong>{row.goodsCode}</strong> {row.productName}
          </dd>
        </div>
        <div>
          <dt>{t('order.delivery')}</dt>
          <dd>{row.deliveryDate}</dd>
        </div>
        <div>
          <dt>{t('order.total')}</dt>
          <dd>{format(row.totalQuantity, i18n.language)}</dd>
        </div>
      </dl>
      {step ? (
        <div className="scan-order-progress">
          <div className="scan-order-numbers">
            <div>
              <span className="scan-figure-label">{t('order.atProcess')}</span>
              <span className="scan-figure" data-testid="scan-done">
                {format(done, i18n.language)} <small>/ {format(planned, i18n.language)}</small>
              </span>
            </div>
            {numbers && (
              <div className="scan-remaining">
                <span className="scan-figure-label">
                  {numbers.subProcess ? t('order.subProcessRemaining', { name: numbers.subProcess }) : numbers.cell && cellLabel ? t('order.cellRemaining', { cell: cellLabel }) : t('order.remaining')}
                </span>
                <span className="scan-figure" data-testid="scan-remaining">
                  {format(numbers.remaining, i18n.language)}
                </span>
                {numbers.tolerance !== null && (
                  <span className="scan-tolerance" data-testid="scan-tolerance">
                    {t('order.tolerance', { count: numbers.tolerance })}
                  </span>
                )}
              </div>
            )}
          </div>
          {numbers?.subProcess && (
            <p className="scan-ready-note" data-testid="scan-sub-process-note">
              <i className="pi pi-info-circle" aria-hidden="true" /> {t('order.subProcessNote', { name: numbers.subProcess })}
            </p>
          )}
          {numbers && numbers.ready < numbers.remaining && (
            <p className="scan-ready-note" data-testid="scan-ready">
              <i className="pi pi-info-circle" aria-hidden="true" /> {t('order.readyCapped', { count: numbers.ready })}
            </p>
          )}
          <ProgressBar value={percent} showValue={false} className="scan-progress" />
        </div>
      ) : (
        <Message severity="warn" text={t('order.notOnRoute')} className="scan-note" />
      )}
      {lookup.warnings.length > 0 && (
        <ul className="scan-warnings" data-testid="scan-warnings">
          {lookup.warnings.map((warning) => (
            <li key={warning}>
              <i className="pi pi-exclamation-triangle" aria-hidden="true" /> {warning}
            </li>
          ))}
        </ul>
      )}
      {routeColumns.length > 0 && (
        <ol className="scan-route" aria-label={t('order.route')}>
          {routeColumns.map((column) => {
            const item = row.steps[String(column.id)];
            return (
              <li key={column.id} className={`scan-route-step is-${item.status}${column.id === order.processId ? ' is-current' : ''}`}>
                <span className="scan-route-name">{column.name}</span>
                <span className="scan-route-count">
                  {format(item.done, i18n.language)}/{format(item.planned, i18n.language)}
                </span>
              </li>
            );
          })}
        </ol>
      )}
    </div>
  );
}
