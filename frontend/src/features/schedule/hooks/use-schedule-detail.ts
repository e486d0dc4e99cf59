// One order's progress, live: the detail from the API, refetched (coalesced) whenever the
// 'order:<id>' room says a scan landed or the order changed — by this screen or any other.
import { useCallback, useEffect } from 'react';
import type { ScanResult, ScheduleDetail } from '@contracts/production';
import { realtime, type RealtimeClient } from '../../../lib/socket';
import { getScheduleDetail } from '../api/schedule';
import { useLatestLoad } from '../../../lib/use-latest-load';
import { useLiveOrderRoom } from '../../../lib/use-live-order-room';

export const DETAIL_REFETCH_MS = 300;

/** Put a scan's answer into the detail at once (the event's refetch follows). */
export function applyScanResult(detail: ScheduleDetail, result: ScanResult): ScheduleDetail {
  if (result.order.id !== detail.row.id) return detail;
  const scans = detail.scans.filter((scan) => scan.id !== result.scan.id);
  // A reversal marks the scan it takes back.
  const reversed = result.scan.reversesScanId;
  const marked = reversed ? scans.map((scan) => (scan.scanId === reversed ? { ...scan, reversed: true } : scan)) : scans;
  return {
    ...detail,
    row: {
      ...detail.row,
      finishRate: result.order.finishRate,
      completed: result.order.completed,
      steps: { ...detail.row.steps, [String(result.step.processId)]: result.step },
    },
    scans: [result.scan, ...marked],
  };
}

export function useScheduleDetail(id: number, { client = realtime, fetch = getScheduleDetail, refetchMs = DETAIL_REFETCH_MS }: { client?: RealtimeClient; fetch?: typeof getScheduleDetail; refetchMs?: number } = {}) {
  const fetchDetail = useCallback((quiet: boolean) => fetch(id, quiet), [fetch, id]);
  const { data: detail, setData: setDetail, loading, error, load } = useLatestLoad(fetchDetail);
  const refreshQuietly = useCallback(() => load(true), [load]);

  const { scheduler, deleted, liveAt } = useLiveOrderRoom(id, refreshQuietly, client, refetchMs);
  useEffect(() => () => scheduler.cancel(), [scheduler]);

  const applyResult = useCallback((result: ScanResult) => {
    setDetail((current) => (current ? applyScanResult(current, result) : current));
    scheduler.request();
  }, [scheduler, setDetail]);

  return { detail, loading, error, deleted, liveAt, reload: () => void load(false), applyResult };
}
