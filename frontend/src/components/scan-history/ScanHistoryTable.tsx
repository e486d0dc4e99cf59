// An order's scans, newest first, with the worker credited and the correcting entries that took
// a scan back (history is never edited: a correction is a negative entry of its own). Shown by
// the schedule detail (where a scan can be taken back) and the order overview (read only); each
// passes its own i18n namespace, both of which carry the same `history.*` labels.
import { useTranslation } from 'react-i18next';
import { Tag } from 'primereact/tag';
import type { ScanRecord } from '@contracts/production';
import { DataList, type DataListColumn, type RowAction } from '../data-list';
import { formatDate } from '../../lib/format-date';

export interface ScanHistoryTableProps {
  scans: ScanRecord[];
  /** i18n namespace holding the `history.*` labels. */
  namespace: 'schedule' | 'orderOverview';
  /** Remembers the column choice per screen. */
  listKey: string;
  testId: string;
  /** Prefix of each quantity cell's test id (`<prefix><scan id>`). */
  quantityTestId: string;
  rowActions?: (scan: ScanRecord) => RowAction[];
}

export function ScanHistoryTable({ scans, namespace, listKey, testId, quantityTestId, rowActions }: ScanHistoryTableProps) {
  const { t, i18n } = useTranslation(namespace);
  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 0, signDisplay: 'exceptZero' });
  const columns: DataListColumn<ScanRecord>[] = [
    {
      key: 'time',
      header: t('history.time'),
      className: 'cell-time',
      card: 'title',
      body: (scan) => <span title={formatDate(scan.recordedAt, 'YYYY-MM-DD HH:mm:ss')}>{formatDate(scan.scannedAt, 'MM-DD HH:mm:ss')}</span>,
    },
    { key: 'process', header: t('history.process'), card: 'subtitle', body: (scan) => scan.processName },
    {
      key: 'quantity',
      header: t('history.quantity'),
      className: 'cell-number',
      body: (scan) => (
        <span className={scan.quantity < 0 ? 'qty-negative' : 'qty-positive'} data-testid={`${quantityTestId}${scan.id}`}>
          {number.format(scan.quantity)}
        </span>
      ),
    },
    { key: 'colorSize', header: t('history.colorSize'), body: (scan) => [scan.colorName, scan.sizeName].filter(Boolean).join(' / ') || <span className="muted">—</span> },
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
          {/* A correction's note is already the title of its tag. */}
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
      listKey={listKey}
      rows={scans}
      columns={columns}
      rowLabel={(scan) => `${scan.processName} ${formatDate(scan.scannedAt, 'MM-DD HH:mm:ss')}`}
      rowActions={rowActions}
      tableProps={{
        paginator: scans.length > 20,
        rows: 20,
        rowClassName: (scan: ScanRecord) => ({ 'is-reversal': Boolean(scan.reversesScanId), 'is-reversed': scan.reversed }),
      }}
      emptyMessage={t('history.empty')}
      minTableWidth={640}
      className={testId}
      testId={testId}
    />
  );
}
