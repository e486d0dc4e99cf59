// /bundle/:code (route Bundle): one bundle traced — what it is and where it is, its pieces per
// process of the route (done, open, at rework, rejected), the open rework lots, and every event
// in time order: scans, rework scans, charge-backs, correcting entries, and defects with their
// type, disposition, rework process and inspector. Live on 'bundle.changed' in its order's room.
import type { ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { Skeleton } from 'primereact/skeleton';
import { Tag } from 'primereact/tag';
import type { BundleDetail, BundleEvent, BundleStep } from '@contracts/bundles';
import { isRouteAllowed } from '@contracts/routes';
import { LiveBadge } from '../../../components/LiveBadge';
import { CARD_MEDIA_QUERY, useMediaQuery } from '../../../components/data-list/use-narrow';
import { OrderOverviewIconLink } from '../../../components/OrderOverviewLink';
import { ORDER_PATHS, PRODUCTION_PATHS, type RouteScreenProps } from '../../../config/paths';
import { formatDate } from '../../../lib/format-date';
import { useSession } from '../../../lib/session';
import { useBundleDetail, type BundleDetailOptions } from '../hooks/use-bundle-detail';
import '../bundles.css';
import { useFeatureTranslation } from '../../../lib/i18n';
import { bundlesLocales } from '../locales';

const EVENT_ICONS: Record<BundleEvent['kind'], string> = {
  scan: 'pi pi-qrcode',
  rework: 'pi pi-replay',
  chargeBack: 'pi pi-minus-circle',
  reversal: 'pi pi-undo',
  defect: 'pi pi-exclamation-triangle',
};

/** A step's state in one word, for its tag. */
export function stepStateOf(step: BundleStep): 'rejected' | 'atRework' | 'open' | 'done' | 'waiting' {
  if (step.atRework > 0) return 'atRework';
  if (step.open > 0) return 'open';
  if (step.done > 0) return 'done';
  if (step.rejected > 0) return 'rejected';
  return 'waiting';
}

const STATE_SEVERITY = { done: 'success', open: 'info', atRework: 'warning', rejected: 'danger', waiting: 'secondary' } as const;

function Header({ bundle }: { bundle: BundleDetail }) {
  const { t, i18n } = useFeatureTranslation('bundles', bundlesLocales);
  const number = new Intl.NumberFormat(i18n.language);
  const mayCut = useSession((session) => isRouteAllowed('CuttingUpdate', session.permissions));
  const facts: [string, ReactNode, string?][] = [
    [
      t('fields.order'),
      <span className="bundle-order" key="order">
        {mayCut ? (
          <Link href={PRODUCTION_PATHS.cutting(bundle.orderId)} className="order-link">
            {bundle.orderNo}
          </Link>
        ) : (
          bundle.orderNo
        )}
        <OrderOverviewIconLink id={bundle.orderId} orderNo={bundle.orderNo} />
      </span>,
    ],
    [t('fields.style'), `${bundle.styleCode} ${bundle.styleName}`],
    [t('fields.color'), bundle.colorName],
    [t('fields.size'), bundle.sizeName],
    [t('fields.quantity'), number.format(bundle.quantity), 'quantity'],
    [t('fields.lay'), t('fields.layValue', { layNo: bundle.layNo, bundleNo: bundle.bundleNo })],
    [t('fields.rejected'), bundle.rejected ? number.format(bundle.rejected) : '0', bundle.rejected ? 'rejected' : undefined],
    [t('fields.atRework'), number.format(bundle.atRework)],
    [t('fields.where'), bundle.finished ? t('state.finished') : bundle.processName ? `${bundle.processName} · ${number.format(bundle.processDone)}` : t('state.notScanned')],
    [t('fields.lastScan'), bundle.lastScanAt ? `${formatDate(bundle.lastScanAt, 'YYYY-MM-DD HH:mm')}${bundle.lastWorkerName ? ` · ${bundle.lastWorkerName}` : ''}` : '—'],
  ];
  return (
    <section className="bundle-card" aria-labelledby="bundle-facts-title">
      <h2 id="bundle-facts-title" className="visually-hidden">
        {t('sections.facts')}
      </h2>
      <div className="bundle-tags">
        {bundle.finished && <Tag value={t('state.finished')} severity="success" />}
        {bundle.stuck && <Tag value={t('state.stuck')} severity="danger" icon="pi pi-clock" title={t('state.stuckHint')} data-testid="bundle-stuck" />}
        {bundle.atRework > 0 && <Tag value={t('state.atReworkCount', { count: bundle.atRework })} severity="warning" />}
        {bundle.rejected > 0 && <Tag value={t('state.rejectedCount', { count: bundle.rejected })} severity="danger" />}
      </div>
      <dl className="bundle-facts" data-testid="bundle-facts">
        {facts.map(([label, value, modifier]) => (
          <div key={label} className={modifier ? `is-${modifier}` : undefined}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function Steps({ steps }: { steps: BundleStep[] }) {
  const { t, i18n } = useFeatureTranslation('bundles', bundlesLocales);
  const number = new Intl.NumberFormat(i18n.language);
  const show = (value: number) => (value ? number.format(value) : '—');
  // Where the app's lists turn into cards: six columns do not fit a phone without scrolling sideways.
  const cards = useMediaQuery(CARD_MEDIA_QUERY);
  const processOf = (step: BundleStep) => (
    <>
      {step.processName}
      {step.qc && <span className="bundle-qc">{t('steps.qc')}</span>}
    </>
  );
  const stateTag = (state: ReturnType<typeof stepStateOf>) => <Tag value={t(`state.${state}`)} severity={STATE_SEVERITY[state]} />;
  return (
    <section className="bundle-card" aria-labelledby="bundle-steps-title">
      <h2 id="bundle-steps-title">{t('sections.steps')}</h2>
      {cards ? (
        <ul className="bundle-step-cards" data-testid="bundle-steps" data-view="cards">
          {steps.map((step) => {
            const state = stepStateOf(step);
            const facts: [string, number, string?][] = [
              [t('steps.done'), step.done],
              [t('steps.open'), step.open],
              [t('steps.atRework'), step.atRework, step.atRework ? 'is-warn' : undefined],
              [t('steps.rejected'), step.rejected, step.rejected ? 'is-bad' : undefined],
            ];
            return (
              <li key={step.processId} className={`bundle-step-card is-${state}`} data-testid={`step-${step.processId}`}>
                <div className="bundle-step-card-head">
                  <strong>{processOf(step)}</strong>
                  {stateTag(state)}
                </div>
                <dl className="bundle-step-card-facts">
                  {facts.map(([label, value, modifier]) => (
                    <div key={label} className={modifier}>
                      <dt>{label}</dt>
                      <dd>{show(value)}</dd>
                    </div>
                  ))}
                </dl>
              </li>
            );
          })}
        </ul>
      ) : (
        <div className="bundle-table-scroll" tabIndex={0} role="region" aria-labelledby="bundle-steps-title">
          <table className="bundle-steps" data-testid="bundle-steps" data-view="table">
            <thead>
              <tr>
                <th scope="col">{t('steps.process')}</th>
                <th scope="col">{t('steps.state')}</th>
                <th scope="col">{t('steps.done')}</th>
                <th scope="col">{t('steps.open')}</th>
                <th scope="col">{t('steps.atRework')}</th>
                <th scope="col">{t('steps.rejected')}</th>
              </tr>
            </thead>
            <tbody>
              {steps.map((step) => {
                const state = stepStateOf(step);
                return (
                  <tr key={step.processId} className={`is-${state}`} data-testid={`step-${step.processId}`}>
                    <th scope="row">{processOf(step)}</th>
                    <td>{stateTag(state)}</td>
                    <td>{show(step.done)}</td>
                    <td>{show(step.open)}</td>
                    <td className={step.atRework ? 'is-warn' : undefined}>{show(step.atRework)}</td>
                    <td className={step.rejected ? 'is-bad' : undefined}>{show(step.rejected)}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function Rework({ bundle }: { bundle: BundleDetail }) {
  const { t, i18n } = useFeatureTranslation('bundles', bundlesLocales);
  const number = new Intl.NumberFormat(i18n.language);
  return (
    <section className="bundle-card" aria-labelledby="bundle-rework-title">
      <h2 id="bundle-rework-title">{t('sections.rework')}</h2>
      {bundle.rework.length === 0 ? (
        <p className="muted">{t('rework.none')}</p>
      ) : (
        <ul className="bundle-rework" data-testid="bundle-rework">
          {bundle.rework.map((lot) => (
            <li key={lot.defectId}>
              <strong>{t('rework.lot', { count: lot.quantity, formatted: number.format(lot.quantity), process: lot.reworkProcessName })}</strong>
              <span>{lot.defectTypeName}</span>
              {lot.responsibleWorkerName && <span className="muted">{t('rework.responsible', { name: lot.responsibleWorkerName })}</span>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Timeline({ trace }: { trace: BundleEvent[] }) {
  const { t, i18n } = useFeatureTranslation('bundles', bundlesLocales);
  // Scans and their corrections carry a sign (a correction takes pieces back); defects are a count.
  const signed = new Intl.NumberFormat(i18n.language, { signDisplay: 'exceptZero' });
  const plain = new Intl.NumberFormat(i18n.language);
  // Newest first: the question is usually "what happened last".
  const events = [...trace].sort((a, b) => b.at.localeCompare(a.at));
  return (
    <section className="bundle-card" aria-labelledby="bundle-trace-title">
      <h2 id="bundle-trace-title">{t('sections.trace')}</h2>
      {events.length === 0 ? (
        <p className="muted">{t('trace.none')}</p>
      ) : (
        <ol className="bundle-timeline" data-testid="bundle-timeline">
          {events.map((event, index) => (
            <li key={`${event.kind}-${event.scanId ?? ''}-${event.at}-${index}`} className={`bundle-event is-${event.kind}`} data-kind={event.kind}>
              <i className={`${EVENT_ICONS[event.kind]} bundle-event-icon`} aria-hidden="true" />
              <div className="bundle-event-body">
                <div className="bundle-event-head">
                  <strong>{t(`trace.kind.${event.kind}`)}</strong>
                  <span>{event.processName}</span>
                  <span className={`bundle-event-quantity${event.quantity < 0 ? ' is-negative' : ''}`}>{(event.kind === 'defect' ? plain : signed).format(event.quantity)}</span>
                  <time className="muted" dateTime={event.at}>
                    {formatDate(event.at, 'YYYY-MM-DD HH:mm:ss')}
                  </time>
                </div>
                <div className="bundle-event-detail">
                  {event.workerName && <span>{t(event.kind === 'chargeBack' ? 'trace.chargedTo' : 'trace.worker', { name: event.workerName })}</span>}
                  {event.kind === 'defect' && (
                    <>
                      {event.defectTypeName && <span>{t('trace.defectType', { name: event.defectTypeName })}</span>}
                      {event.disposition && <span className={`bundle-disposition is-${event.disposition}`}>{t(`trace.disposition.${event.disposition}`)}</span>}
                      {event.disposition === 'rework' && event.reworkProcessName && <span>{t('trace.reworkAt', { process: event.reworkProcessName })}</span>}
                      {event.inspectorName && <span>{t('trace.inspector', { name: event.inspectorName })}</span>}
                    </>
                  )}
                  {event.scanId && <span className="muted bundle-scan-id">{event.scanId}</span>}
                </div>
              </div>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** `options` lets tests give the page a fake socket and fetcher. */
export function BundleTracePage({ params, options }: RouteScreenProps & { options?: BundleDetailOptions }) {
  const { t } = useFeatureTranslation('bundles', bundlesLocales);
  const [, navigate] = useLocation();
  const code = (params.code ?? '').trim();
  const { bundle, loading, error, notFound, liveAt, reload } = useBundleDetail(code, options);
  const back = <Button type="button" label={t('page.back')} icon="pi pi-arrow-left" text onClick={() => (window.history.length > 1 ? window.history.back() : navigate(ORDER_PATHS.productionOrderIndex))} />;

  if (notFound) {
    return (
      <div className="page bundle-page">
        <Message severity="error" text={t('page.notFound', { code })} />
        {back}
      </div>
    );
  }
  if (!bundle) {
    return (
      <div className="page bundle-page" data-testid="bundle-page">
        {error && !loading ? (
          <div className="bundle-error">
            <Message severity="error" text={t('page.loadFailed')} />
            <Button type="button" label={t('page.retry')} icon="pi pi-refresh" onClick={() => void reload()} />
          </div>
        ) : (
          <Skeleton height="14rem" />
        )}
      </div>
    );
  }
  return (
    <div className="page bundle-page" data-testid="bundle-page">
      <header className="bundle-header">
        <div>
          <h1 className="title-with-badge">
            <span className="bundle-title-code">{bundle.code}</span>
            <LiveBadge lastEventAt={liveAt} />
          </h1>
          <p className="muted bundle-subtitle">{t('page.subtitle', { orderNo: bundle.orderNo, color: bundle.colorName, size: bundle.sizeName })}</p>
        </div>
        {back}
      </header>
      <Header bundle={bundle} />
      <div className="bundle-columns">
        <Steps steps={bundle.steps} />
        <Rework bundle={bundle} />
      </div>
      <Timeline trace={bundle.trace} />
    </div>
  );
}
