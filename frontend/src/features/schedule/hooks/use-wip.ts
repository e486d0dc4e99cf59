// The schedule's work in progress (cut bundles): loaded once, then reloaded at most every
// WIP_REFETCH_MS while the schedule's own live events arrive (`liveAt` moves with each), so a busy
// floor does not turn every scan into a WIP request. Unavailable → null: the schedule shows no WIP.
import { useEffect, useRef, useState } from 'react';
import type { WipSummary } from '@contracts/bundles';
import { createRefreshScheduler } from '../../../lib/refresh-scheduler';
import { getWip } from '../api/get-wip';

export const WIP_REFETCH_MS = 5_000;

export function useWip(liveAt: string | null, fetchWip: typeof getWip = getWip, refetchMs = WIP_REFETCH_MS): WipSummary | null {
  const [wip, setWip] = useState<WipSummary | null>(null);
  const live = useRef(true);
  const fetchRef = useRef(fetchWip);
  fetchRef.current = fetchWip;
  const [scheduler] = useState(() =>
    createRefreshScheduler(async () => {
      const next = await fetchRef.current().catch(() => null);
      if (live.current) setWip(next);
    }, refetchMs),
  );

  useEffect(() => {
    live.current = true;
    scheduler.flush();
    return () => {
      live.current = false;
      scheduler.cancel();
    };
  }, [scheduler]);

  useEffect(() => {
    if (liveAt) scheduler.request();
  }, [liveAt, scheduler]);

  return wip;
}
