import { useTranslation } from 'react-i18next';
import { Message } from 'primereact/message';
import type { LoadedBundle } from '../hooks/use-scan-station';
import { bundleStartQuantity, isPartial, reworkAt, stepAt } from '../model/bundle';

/**
 * The scanned bundle ticket: what it is (order, style, colour, size, pieces), where it is, the
 * pieces open at the station's process, and the rework lots waiting here ("Rework returned").
 */
export function BundleCard({ bundle, looking, quantity, onRework }: { bundle: LoadedBundle; looking: boolean; quantity: number; onRework: (on: boolean) => void }) {
  const { t, i18n } = useTranslation('scanStation');
  const { detail } = bundle;
  if (!detail) {
    return (
      <div className="scan-order scan-bundle is-empty" data-testid="scan-bundle">
        <div className="scan-order-no">{bundle.code}</div>
        {looking ? <p className="muted">{t('scan.looking', { orderNo: bundle.code })}</p> : bundle.offline && <Message severity="warn" text={t('bundle.offline')} className="scan-note" />}
      </div>
    );
  }
  const step = stepAt(detail, bundle.processId);
  const rework = reworkAt(detail, bundle.processId);
  const available = bundleStartQuantity(detail, bundle.processId, bundle.mode);
  const where = detail.processName ? t('bundle.whereAt', { process: detail.processName, done: detail.processDone }) : t('bundle.notScanned');

  return (
    <div className={`scan-order scan-bundle${detail.stuck ? ' is-flagged' : ''}`} data-testid="scan-bundle" data-mode={bundle.mode}>
      <div className="scan-order-head">
        <div className="scan-order-no" data-testid="scan-bundle-code">
          {detail.code}
        </div>
        <div className="scan-order-tags">
          <span className="scan-tag">{t('bundle.tag')}</span>
          {detail.finished && <span className="scan-tag is-success">{t('bundle.finished')}</span>}
          {detail.stuck && <span className="scan-tag is-warning">{t('bundle.stuck')}</span>}
          {step?.qc && <span className="scan-tag is-warning">{t('bundle.qc')}</span>}
        </div>
      </div>
      {bundle.offline && <Message severity="warn" text={t('order.stale')} className="scan-note" />}
      <dl className="scan-order-facts">
        <div>
          <dt>{t('bundle.order')}</dt>
          <dd>{detail.orderNo}</dd>
        </div>
        <div>
          <dt>{t('order.style')}</dt>
          <dd>
            <strong>{detail.styleCode}</strong> {detail.styleName}
          </dd>
        </div>
        <div>
          <dt>{t('bundle.colorSize')}</dt>
          <dd data-testid="scan-bundle-cell">
            {detail.colorName} / {detail.sizeName}
          </dd>
        </div>
        <div>
          <dt>{t('bundle.quantity')}</dt>
          <dd>
            {detail.quantity}
            {detail.rejected > 0 && <span className="muted"> · {t('bundle.rejected', { count: detail.rejected })}</span>}
          </dd>
        </div>
        <div className="scan-bundle-where">
          <dt>{t('bundle.where')}</dt>
          <dd>
            {where}
            {detail.lastWorkerName && detail.lastScanAt && <span className="muted"> · {t('bundle.last', { worker: detail.lastWorkerName, at: new Date(detail.lastScanAt).toLocaleString(i18n.language, { month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' }) })}</span>}
          </dd>
        </div>
      </dl>
      {step ? (
        <div className="scan-bundle-open" data-testid="scan-bundle-open">
          <span>{bundle.mode === 'rework' ? t('bundle.reworkOpen') : t('bundle.openHere')}</span>
          <strong>{available}</strong>
          {bundle.mode === 'scan' && isPartial(quantity, available) && (
            <span className="scan-tag is-warning" data-testid="scan-bundle-partial">
              {t('bundle.partial', { count: available - quantity })}
            </span>
          )}
        </div>
      ) : (
        <Message severity="warn" text={t('order.notOnRoute')} className="scan-note" />
      )}
      {rework.lots.length > 0 && (
        <div className="scan-bundle-rework" data-testid="scan-bundle-rework">
          <ul>
            {rework.lots.map((lot) => (
              <li key={lot.defectId}>
                {t('bundle.reworkLot', { count: lot.quantity, type: lot.defectTypeName })}
                {lot.responsibleWorkerName && <span className="muted"> · {lot.responsibleWorkerName}</span>}
              </li>
            ))}
          </ul>
          {step && step.open > 0 && (
            <button type="button" className={`scan-chip${bundle.mode === 'rework' ? ' is-selected' : ''}`} aria-pressed={bundle.mode === 'rework'} onClick={() => onRework(bundle.mode !== 'rework')} data-testid="scan-bundle-rework-toggle">
              {t('bundle.reworkReturned', { count: rework.total })}
            </button>
          )}
        </div>
      )}
    </div>
  );
}
