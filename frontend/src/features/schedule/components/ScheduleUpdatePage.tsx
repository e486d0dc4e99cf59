// /production/schedule/update/:id — one order's progress: the order, a card per process of its
// route with a form to record progress, and the scan history with reversal. Live through the
// order's room.
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { Skeleton } from 'primereact/skeleton';
import type { ScanRecord } from '@contracts/production';
import { PRODUCTION_PATHS, type RouteScreenProps } from '../../../config/paths';
import { getProcessList } from '../../../lib/session';
import { getProductionOrderGrid, getScanLookup } from '../api/schedule';
import { useScheduleDetail } from '../hooks/use-schedule-detail';
import { routeSteps } from '../model/progress-model';
import { LiveBadge } from '../../../components/LiveBadge';
import { FollowOrderButton } from './FollowOrderButton';
import { OrderHeader } from './OrderHeader';
import { ProcessCard } from './ProcessCard';
import type { GridOption } from './RecordProgressForm';
import { ReverseScanDialog } from './ReverseScanDialog';
import { ScanHistory } from './ScanHistory';
import '../../orders/orders.css';
import '../schedule.css';

/** Colours and sizes of the order's grid: from the scan lookup, else the production order. */
function useOrderGrid(orderId: number, firstProcessId: number | undefined): { colors: GridOption[]; sizes: GridOption[] } {
  const [grid, setGrid] = useState<{ colors: GridOption[]; sizes: GridOption[] }>({ colors: [], sizes: [] });
  useEffect(() => {
    if (!firstProcessId) return;
    let live = true;
    getScanLookup(orderId, firstProcessId)
      .then((lookup) => ({ colors: lookup.colors, sizes: lookup.sizes }))
      .catch(() => getProductionOrderGrid(orderId).then((order) => ({ colors: order.colors ?? [], sizes: order.sizes ?? [] })))
      .then((next) => live && setGrid({ colors: next.colors.map(({ id, name }) => ({ id, name })), sizes: next.sizes.map(({ id, name }) => ({ id, name })) }))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [orderId, firstProcessId]);
  return grid;
}

export function ScheduleUpdatePage({ params }: RouteScreenProps) {
  const { t } = useTranslation('schedule');
  const [, navigate] = useLocation();
  const id = Number(params.id);
  const valid = Number.isInteger(id) && id > 0;
  const { detail, loading, error, deleted, liveAt, reload, applyResult } = useScheduleDetail(valid ? id : 0);
  const [reversing, setReversing] = useState<ScanRecord | null>(null);
  const steps = useMemo(() => (detail ? routeSteps(detail.row, detail.columns) : []), [detail]);
  const grid = useOrderGrid(id, steps[0]?.step.processId);
  const allowed = useMemo(() => new Set(getProcessList().split(';').filter(Boolean).map(Number)), []);

  const back = (
    <Button type="button" label={t('detail.back')} icon="pi pi-arrow-left" text onClick={() => navigate(PRODUCTION_PATHS.scheduleIndex)} />
  );

  if (!valid) {
    return (
      <div className="page schedule-detail-page">
        <Message severity="error" text={t('detail.notFound')} />
        {back}
      </div>
    );
  }

  return (
    <div className="page schedule-detail-page" data-testid="schedule-detail">
      <header className="page-header page-header-row">
        <div>
          <h1 className="title-with-badge">
            {t('routes.update')}
            <LiveBadge lastEventAt={liveAt} />
          </h1>
          <p className="muted">{t('detail.subtitle')}</p>
        </div>
        <div className="page-actions">
          <FollowOrderButton orderId={id} />
          {back}
        </div>
      </header>
      {deleted && <Message severity="error" text={t('detail.deleted')} className="list-note" />}
      {error && !detail && (
        <div className="detail-failed">
          <Message severity="error" text={error} />
          <Button type="button" label={t('detail.retry')} icon="pi pi-refresh" outlined onClick={reload} />
        </div>
      )}
      {!detail && loading && (
        <div className="detail-skeleton">
          <Skeleton height="8rem" className="mb-3" />
          <div className="process-cards">
            {Array.from({ length: 3 }, (_, index) => (
              <Skeleton key={index} height="16rem" />
            ))}
          </div>
        </div>
      )}
      {detail && (
        <>
          <OrderHeader row={detail.row} />
          <h2 className="section-title">{t('detail.processes', { count: steps.length })}</h2>
          {steps.length === 0 ? (
            <Message severity="info" text={t('detail.noRoute')} />
          ) : (
            <div className="process-cards">
              {steps.map(({ step, column }, index) => (
                <ProcessCard
                  key={step.processId}
                  orderId={detail.row.id}
                  step={step}
                  column={column}
                  colors={grid.colors}
                  sizes={grid.sizes}
                  notPermitted={!allowed.has(step.processId)}
                  previousDone={index > 0 ? steps[index - 1].step.done : undefined}
                  onRecorded={applyResult}
                />
              ))}
            </div>
          )}
          <h2 className="section-title">
            {t('history.title')} <span className="muted section-count">{t('history.count', { count: detail.scans.length })}</span>
          </h2>
          <ScanHistory scans={detail.scans} onReverse={setReversing} />
        </>
      )}
      <ReverseScanDialog scan={reversing} onClose={() => setReversing(null)} onReversed={applyResult} />
    </div>
  );
}
