// An order's scan history, newest first; a scan not yet taken back (and not itself a
// correcting entry) can be reversed.
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Tag } from 'primereact/tag';
import type { ScanRecord } from '@contracts/production';
import { formatDate } from '../../../lib/format-date';

export const canReverse = (scan: ScanRecord): boolean => !scan.reversed && !scan.reversesScanId && scan.quantity > 0;

export function ScanHistory({ scans, onReverse }: { scans: ScanRecord[]; onReverse: (scan: ScanRecord) => void }) {
  const { t, i18n } = useTranslation('schedule');
  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 0, signDisplay: 'negative' });
  return (
    <div className="list-card scan-history" data-testid="scan-history">
      <DataTable
        value={scans}
        dataKey="id"
        size="small"
        stripedRows
        scrollable
        paginator={scans.length > 20}
        rows={20}
        emptyMessage={t('history.empty')}
        tableStyle={{ minWidth: '56rem' }}
        rowClassName={(scan: ScanRecord) => ({ 'is-reversal': Boolean(scan.reversesScanId), 'is-reversed': scan.reversed })}
      >
        <Column header={t('history.time')} className="cell-time" body={(scan: ScanRecord) => <span title={formatDate(scan.recordedAt, 'YYYY-MM-DD HH:mm:ss')}>{formatDate(scan.scannedAt, 'MM-DD HH:mm:ss')}</span>} />
        <Column header={t('history.process')} field="processName" />
        <Column
          header={t('history.quantity')}
          className="cell-number"
          headerClassName="cell-number"
          body={(scan: ScanRecord) => (
            <span className={scan.quantity < 0 ? 'qty-negative' : 'qty-positive'} data-testid={`scan-qty-${scan.id}`}>
              {scan.quantity > 0 ? '+' : ''}
              {number.format(scan.quantity)}
            </span>
          )}
        />
        <Column header={t('history.colorSize')} body={(scan: ScanRecord) => [scan.colorName, scan.sizeName].filter(Boolean).join(' / ') || <span className="cell-no">—</span>} />
        <Column header={t('history.worker')} body={(scan: ScanRecord) => scan.workerName ?? scan.recordedBy ?? '—'} />
        <Column header={t('history.device')} body={(scan: ScanRecord) => <span className="muted small">{scan.deviceId || '—'}</span>} />
        <Column
          header={t('history.flags')}
          body={(scan: ScanRecord) => (
            <span className="order-flags">
              {scan.reversesScanId && <Tag severity="secondary" icon="pi pi-undo" value={t('history.isReversal')} title={scan.note || undefined} />}
              {scan.reversed && <Tag severity="secondary" value={t('history.wasReversed')} />}
              {scan.flagged && <Tag severity="warning" icon="pi pi-exclamation-triangle" value={t('history.flagged')} />}
              {scan.note && !scan.reversesScanId && <span className="muted small" title={scan.note}>{scan.note}</span>}
            </span>
          )}
        />
        <Column
          header={t('history.actions')}
          className="cell-actions"
          headerClassName="cell-actions"
          frozen
          alignFrozen="right"
          body={(scan: ScanRecord) =>
            canReverse(scan) ? (
              <Button type="button" icon="pi pi-undo" text rounded size="small" severity="danger" aria-label={t('history.reverse')} tooltip={t('history.reverse')} tooltipOptions={{ position: 'left' }} onClick={() => onReverse(scan)} data-testid={`reverse-${scan.id}`} />
            ) : null
          }
        />
      </DataTable>
    </div>
  );
}
