// One order's overview, live: loaded from the API, and reloaded (coalesced) whenever the
// 'order:<id>' room says a scan landed or the order changed. The difference grid, when the user
// may see it, is reloaded with it; it fails on its own without taking the page down.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { DifferenceOrder } from '@contracts/difference';
import type { OrderOverview } from '@contracts/order-overview';
import { ApiError } from '../../../lib/http-client';
import { useLiveOrderRoom } from '../../../lib/use-live-order-room';
import { realtime, type RealtimeClient } from '../../../lib/socket';
import { getOrderDifference } from '../api/get-order-difference';
import { getOrderOverview } from '../api/get-order-overview';

export const OVERVIEW_REFETCH_MS = 300;

/** The difference section: not asked for (no permission), loading, loaded, or unavailable. */
export type DifferenceState = { kind: 'off' } | { kind: 'loading' } | { kind: 'ready'; order: DifferenceOrder | null } | { kind: 'unavailable' };

export interface OrderOverviewOptions {
  client?: RealtimeClient;
  fetch?: typeof getOrderOverview;
  fetchDifference?: typeof getOrderDifference;
  /** Whether to load the difference grid (the user holds StatisticsDifference). */
  withDifference?: boolean;
  refetchMs?: number;
}

export function useOrderOverview(
  id: number,
  { client = realtime, fetch = getOrderOverview, fetchDifference = getOrderDifference, withDifference = false, refetchMs = OVERVIEW_REFETCH_MS }: OrderOverviewOptions = {},
) {
  const [overview, setOverview] = useState<OrderOverview | null>(null);
  const [difference, setDifference] = useState<DifferenceState>({ kind: withDifference ? 'loading' : 'off' });
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [notFound, setNotFound] = useState(false);
  const latestRequest = useRef(0);

  const load = useCallback(
    async (quiet: boolean) => {
      // The page shows "does not exist" for an id that cannot be one, without asking the server.
      if (!Number.isInteger(id) || id <= 0) {
        setLoading(false);
        return;
      }
      const request = ++latestRequest.current;
      if (!quiet) setLoading(true);
      const differenceRequest = withDifference ? fetchDifference(id).then((order) => ({ kind: 'ready', order }) as const, () => ({ kind: 'unavailable' }) as const) : null;
      try {
        const next = await fetch(id, quiet);
        if (request !== latestRequest.current) return;
        setOverview(next);
        setError(null);
        setNotFound(false);
      } catch (failure) {
        if (request !== latestRequest.current) return;
        if (failure instanceof ApiError && failure.code === 404) setNotFound(true);
        setError((failure as Error).message || 'error');
      } finally {
        if (request === latestRequest.current) setLoading(false);
      }
      const nextDifference = await differenceRequest;
      if (nextDifference && request === latestRequest.current) setDifference(nextDifference);
    },
    [fetch, fetchDifference, id, withDifference],
  );

  const refreshQuietly = useCallback(() => load(true), [load]);
  const { scheduler, deleted, liveAt } = useLiveOrderRoom(id, refreshQuietly, client, refetchMs);

  useEffect(() => {
    setOverview(null);
    void load(false);
    return () => scheduler.cancel();
  }, [load, scheduler]);

  return { overview, difference, loading, error, notFound, deleted, liveAt, reload: () => void load(false) };
}
