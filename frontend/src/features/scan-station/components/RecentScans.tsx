import { useTranslation } from 'react-i18next';
import { confirmDialog } from 'primereact/confirmdialog';
import { Button } from 'primereact/button';
import type { RecentScan } from '../model/device';

export function RecentScans({ recent, ownerId, onUndo }: { recent: RecentScan[]; ownerId: number | null; onUndo: (scan: RecentScan) => void }) {
  const { t, i18n } = useTranslation('scanStation');
  const { t: tc } = useTranslation('common');
  const askUndo = (scan: RecentScan) =>
    confirmDialog({
      header: t('recent.undoTitle'),
      message: t('recent.undoConfirm', { orderNo: scan.orderNo, process: scan.processName, quantity: scan.quantity }),
      icon: 'pi pi-undo',
      defaultFocus: 'reject',
      acceptClassName: 'p-button-danger',
      acceptLabel: t('recent.undo'),
      rejectLabel: tc('actions.cancel'),
      accept: () => onUndo(scan),
    });
  return (
    <section className="scan-panel scan-recent" aria-label={t('recent.title')} data-testid="scan-recent">
      <header className="scan-panel-head">
        <h2>
          <i className="pi pi-history" aria-hidden="true" /> {t('recent.title')}
        </h2>
      </header>
      {recent.length === 0 ? (
        <p className="muted scan-panel-note">{t('recent.empty')}</p>
      ) : (
        <ul className="scan-entries">
          {recent.map((scan) => {
            const { state } = scan;
            const mine = scan.ownerId === null || ownerId === null || scan.ownerId === ownerId;
            return (
              <li key={scan.scanId} className={`scan-entry is-${state}`}>
                <span className="scan-entry-main">
                  <strong>{scan.orderNo}</strong> · {scan.processName} <span className="scan-entry-qty">+{scan.quantity}</span>
                  <span className="muted scan-entry-time">{new Date(scan.at).toLocaleTimeString(i18n.language, { hour: '2-digit', minute: '2-digit' })}</span>
                </span>
                <span className={`scan-state is-${state}`}>{t(`recent.state.${state}`)}</span>
                {state === 'recorded' && mine && (
                  <Button type="button" size="small" text severity="danger" icon="pi pi-undo" label={t('recent.undo')} onClick={() => askUndo(scan)} className="scan-entry-undo" />
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
