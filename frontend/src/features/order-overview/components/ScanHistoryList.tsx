// The order's scans on the overview: read only (taking a scan back is done on the schedule detail).
import type { ScanRecord } from '@contracts/production';
import { ScanHistoryTable } from '../../../components/scan-history/ScanHistoryTable';

export function ScanHistoryList({ scans }: { scans: ScanRecord[] }) {
  return <ScanHistoryTable scans={scans} namespace="orderOverview" listKey="orderOverview.scans" testId="overview-scans" quantityTestId="overview-scan-qty-" />;
}
