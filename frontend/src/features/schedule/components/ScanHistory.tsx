// An order's scan history, newest first; a scan not yet taken back (and not itself a
// correcting entry) can be reversed.
import { useTranslation } from 'react-i18next';
import { Tag } from 'primereact/tag';
import type { ScanRecord } from '@contracts/production';
import { DataList, type DataListColumn } from '../../../components/data-list';
import { formatDate } from '../../../lib/format-date';

export const canReverse = (scan: ScanRecord): boolean => !scan.reversed && !scan.reversesScanId && scan.quantity > 0;

export function ScanHistory({ scans, onReverse }: { scans: ScanRecord[]; onReverse: (scan: ScanRecord) => void }) {
  const { t, i18n } = useTranslation('schedule');
  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 0, signDisplay: 'negative' });
  const columns: DataListColumn<ScanRecord>[] = [
    { key: 'time', header: t('history.time'), className: 'cell-time', card: 'title', body: (scan) => <span title={formatDate(scan.recordedAt, 'YYYY-MM-DD HH:mm:ss')}>{formatDate(scan.scannedAt, 'MM-DD HH:mm:ss')}</span> },
    { key: 'process', header: t('history.process'), card: 'subtitle', body: (scan) => scan.processName },
    {
      key: 'quantity',
      header: t('history.quantity'),
      className: 'cell-number',
      body: (scan) => (
        <span className={scan.quantity < 0 ? 'qty-negative' : 'qty-positive'} data-testid={`scan-qty-${scan.id}`}>
          {scan.quantity > 0 ? '+' : ''}
          {number.format(scan.quantity)}
        </span>
      ),
    },
    { key: 'colorSize', header: t('history.colorSize'), body: (scan) => [scan.colorName, scan.sizeName].filter(Boolean).join(' / ') || <span className="cell-no">—</span> },
    { key: 'worker', header: t('history.worker'), body: (scan) => scan.workerName ?? scan.recordedBy ?? '—' },
    { key: 'device', header: t('history.device'), optional: true, body: (scan) => <span className="muted small">{scan.deviceId || '—'}</span> },
    {
      key: 'flags',
      header: t('history.flags'),
      card: 'status',
      body: (scan) => (
        <span className="order-flags">
          {scan.reversesScanId && <Tag severity="secondary" icon="pi pi-undo" value={t('history.isReversal')} title={scan.note || undefined} />}
          {scan.reversed && <Tag severity="secondary" value={t('history.wasReversed')} />}
          {scan.flagged && <Tag severity="warning" icon="pi pi-exclamation-triangle" value={t('history.flagged')} />}
          {scan.note && !scan.reversesScanId && (
            <span className="muted small" title={scan.note}>
              {scan.note}
            </span>
          )}
        </span>
      ),
    },
  ];
  return (
    <DataList
      listKey="schedule.scanHistory"
      rows={scans}
      columns={columns}
      rowLabel={(scan) => `${scan.processName} ${formatDate(scan.scannedAt, 'MM-DD HH:mm:ss')}`}
      rowActions={(scan) =>
        canReverse(scan) ? [{ key: 'reverse', label: t('history.reverse'), icon: 'pi pi-undo', danger: true, inline: true, onSelect: () => onReverse(scan), testId: `reverse-${scan.id}` }] : []
      }
      tableProps={{
        paginator: scans.length > 20,
        rows: 20,
        rowClassName: (scan: ScanRecord) => ({ 'is-reversal': Boolean(scan.reversesScanId), 'is-reversed': scan.reversed }),
      }}
      emptyMessage={t('history.empty')}
      minTableWidth={640}
      className="scan-history"
      testId="scan-history"
    />
  );
}
