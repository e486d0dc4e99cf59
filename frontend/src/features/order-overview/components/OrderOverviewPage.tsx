// /production/orderOverview/:id — one production order seen whole (issue 11): where it came
// from, what is ordered, how far each process is, the differences, its document and review,
// and every scan with its worker and corrections. Live through the order's room.
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { Skeleton } from 'primereact/skeleton';
import { Tag } from 'primereact/tag';
import { isRouteAllowed } from '@contracts/routes';
import { ORDER_PATHS, PRODUCTION_PATHS, type RouteScreenProps } from '../../../config/paths';
import { LiveBadge } from '../../../components/LiveBadge';
import { useSession } from '../../../lib/session';
import { useOrderOverview, type OrderOverviewOptions } from '../hooks/use-order-overview';
import { DifferenceTable } from './DifferenceTable';
import { OrderCard, ReviewDocumentCard, SaleOrderCard } from './OverviewCards';
import { OverviewStatusTag } from './OverviewStatusTag';
import { QuantityGrid } from './QuantityGrid';
import { RouteProgress } from './RouteProgress';
import { ScanHistoryList } from './ScanHistoryList';
import '../order-overview.css';

const SECTION_IDS = { grid: 'overview-grid-section', route: 'overview-route-section', difference: 'overview-difference-section', scans: 'overview-scans-section' } as const;

/** `options` lets tests give the page a fake socket and fetchers. */
export function OrderOverviewPage({ params, options }: RouteScreenProps & { options?: OrderOverviewOptions }) {
  const { t, i18n } = useTranslation('orderOverview');
  const [, navigate] = useLocation();
  const permissions = useSession((session) => session.permissions);
  const id = Number(params.id);
  const valid = Number.isInteger(id) && id > 0 && id <= 2_147_483_647;
  const withDifference = isRouteAllowed('StatisticsDifference', permissions);
  const { overview, difference, loading, error, notFound, deleted, liveAt, reload } = useOrderOverview(valid ? id : 0, { withDifference, ...options });
  const percent = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 });
  const number = new Intl.NumberFormat(i18n.language);

  // Back where the user came from (any of several lists); a page opened directly goes to the order list.
  const back = (
    <Button
      type="button"
      label={t('page.back')}
      icon="pi pi-arrow-left"
      text
      onClick={() => (window.history.length > 1 ? window.history.back() : navigate(ORDER_PATHS.productionOrderIndex))}
    />
  );

  if (!valid || notFound) {
    return (
      <div className="page order-overview-page">
        <Message severity="error" text={t('page.notFound')} />
        {back}
      </div>
    );
  }

  const order = overview?.order;
  const sections: [string, string][] = [
    [SECTION_IDS.grid, t('grid.title')],
    [SECTION_IDS.route, t('route.title')],
    ...(withDifference ? ([[SECTION_IDS.difference, t('difference.title')]] as [string, string][]) : []),
    [SECTION_IDS.scans, t('history.title')],
  ];

  return (
    <div className="page order-overview-page" data-testid="order-overview">
      <header className="page-header page-header-row overview-header">
        <div className="overview-heading">
          <h1 className="title-with-badge">
            {t('routes.overview')}
            {order && <span className="overview-order-no" data-testid="overview-order-no">{order.orderNo}</span>}
            <LiveBadge lastEventAt={liveAt} />
          </h1>
          {order ? (
            <p className="overview-tags" data-testid="overview-tags">
              <OverviewStatusTag status={order.status} />
              <span className="overview-rate" data-testid="overview-finish-rate">
                {t('page.finishRate', { rate: percent.format(order.finishRate) })}
              </span>
              {order.delayDays > 0 && <Tag severity="danger" value={t('page.daysLate', { count: order.delayDays })} />}
              {order.completed && <Tag severity="success" icon="pi pi-check" value={t('page.completed')} />}
              {order.hidden && <Tag severity="secondary" icon="pi pi-eye-slash" value={t('page.hidden')} data-testid="overview-hidden" />}
              {order.flagged && <Tag severity="warning" icon="pi pi-exclamation-triangle" value={t('page.flagged')} />}
            </p>
          ) : (
            <p className="muted">{t('page.subtitle')}</p>
          )}
        </div>
        <div className="page-actions">
          {order && isRouteAllowed('ScheduleUpdate', permissions) && (
            <Link href={PRODUCTION_PATHS.scheduleUpdate(order.id)} className="p-button p-button-text">
              <i className="pi pi-chart-bar" aria-hidden="true" />
              &nbsp;{t('page.schedule')}
            </Link>
          )}
          {order && isRouteAllowed('ProductionOrderUpdate', permissions) && (
            <Link href={ORDER_PATHS.productionOrderUpdate(order.id)} className="p-button p-button-text">
              <i className="pi pi-pencil" aria-hidden="true" />
              &nbsp;{t('page.edit')}
            </Link>
          )}
          {back}
        </div>
      </header>

      {deleted && <Message severity="error" text={t('page.deleted')} className="list-note" />}
      {order?.hidden && <Message severity="info" text={t('page.hiddenNote')} className="list-note" />}
      {error && !overview && (
        <div className="detail-failed">
          <Message severity="error" text={error || t('page.loadFailed')} />
          <Button type="button" label={t('page.retry')} icon="pi pi-refresh" outlined onClick={reload} />
        </div>
      )}
      {!overview && loading && (
        <div className="overview-cards">
          {Array.from({ length: 3 }, (_, index) => (
            <Skeleton key={index} height="12rem" />
          ))}
        </div>
      )}

      {overview && (
        <>
          <nav className="overview-jump" aria-label={t('page.sections')}>
            {sections.map(([target, label]) => (
              <a key={target} href={`#${target}`}>
                {label}
              </a>
            ))}
          </nav>
          <div className="overview-cards">
            <OrderCard overview={overview} />
            <SaleOrderCard overview={overview} />
            <ReviewDocumentCard overview={overview} />
          </div>

          <section id={SECTION_IDS.grid} className="overview-section" aria-labelledby={`${SECTION_IDS.grid}-title`}>
            <h2 id={`${SECTION_IDS.grid}-title`} className="section-title">
              {t('grid.title')} <span className="muted section-count">{number.format(overview.order.totalQuantity)}</span>
            </h2>
            <QuantityGrid grid={overview.grid} />
          </section>

          <section id={SECTION_IDS.route} className="overview-section" aria-labelledby={`${SECTION_IDS.route}-title`}>
            <h2 id={`${SECTION_IDS.route}-title`} className="section-title">
              {t('route.title')}
            </h2>
            <RouteProgress steps={overview.route} />
          </section>

          {withDifference && (
            <section id={SECTION_IDS.difference} className="overview-section" aria-labelledby={`${SECTION_IDS.difference}-title`} data-testid="overview-difference-section">
              <h2 id={`${SECTION_IDS.difference}-title`} className="section-title">
                {t('difference.title')}
              </h2>
              <DifferenceTable state={difference} />
            </section>
          )}

          <section id={SECTION_IDS.scans} className="overview-section" aria-labelledby={`${SECTION_IDS.scans}-title`}>
            <h2 id={`${SECTION_IDS.scans}-title`} className="section-title">
              {t('history.title')}{' '}
              <span className="muted section-count" data-testid="overview-scan-count">
                {overview.scans.length < overview.scanCount
                  ? t('history.limited', { shown: overview.scans.length, count: overview.scanCount })
                  : t('history.count', { count: overview.scanCount })}
              </span>
            </h2>
            <ScanHistoryList scans={overview.scans} />
          </section>
        </>
      )}
    </div>
  );
}
