// An order's scan history on the schedule detail; a scan not yet taken back (and not itself a
// correcting entry) can be reversed from its row.
import { useTranslation } from 'react-i18next';
import type { ScanRecord } from '@contracts/production';
import { ScanHistoryTable } from '../../../components/scan-history/ScanHistoryTable';

export const canReverse = (scan: ScanRecord): boolean => !scan.reversed && !scan.reversesScanId && scan.quantity > 0;

export function ScanHistory({ scans, onReverse }: { scans: ScanRecord[]; onReverse: (scan: ScanRecord) => void }) {
  const { t } = useTranslation('schedule');
  return (
    <ScanHistoryTable
      scans={scans}
      namespace="schedule"
      listKey="schedule.scanHistory"
      testId="scan-history"
      quantityTestId="scan-qty-"
      rowActions={(scan) =>
        canReverse(scan) ? [{ key: 'reverse', label: t('history.reverse'), icon: 'pi pi-undo', danger: true, inline: true, onSelect: () => onReverse(scan), testId: `reverse-${scan.id}` }] : []
      }
    />
  );
}
