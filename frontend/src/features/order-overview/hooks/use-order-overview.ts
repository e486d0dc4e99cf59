// One order's overview, live: loaded from the API, and reloaded (coalesced) whenever the
// 'order:<id>' room says a scan landed or the order changed. The difference grid, when the user
// may see it, is reloaded with it; it fails on its own without taking the page down.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { DifferenceOrder } from '@contracts/difference';
import { ROOMS, type DomainEventEnvelope, type ProductionOrderChanged, type ProgressRecorded } from '@contracts/events';
import type { OrderOverview } from '@contracts/order-overview';
import { ApiError } from '../../../lib/http-client';
import { createRefreshScheduler } from '../../../lib/refresh-scheduler';
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
  const [deleted, setDeleted] = useState(false);
  const [liveAt, setLiveAt] = useState<string | null>(null);
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

  const schedulerRef = useRef<{ id: number; scheduler: ReturnType<typeof createRefreshScheduler> } | null>(null);
  if (!schedulerRef.current || schedulerRef.current.id !== id) {
    schedulerRef.current?.scheduler.cancel();
    schedulerRef.current = { id, scheduler: createRefreshScheduler(() => load(true), refetchMs) };
  }
  const scheduler = schedulerRef.current.scheduler;

  useEffect(() => {
    setOverview(null);
    setDeleted(false);
    void load(false);
    return () => scheduler.cancel();
  }, [load, scheduler]);

  useEffect(() => {
    if (!Number.isInteger(id) || id <= 0) return;
    let firstSync = true;
    const onEvent = (event: DomainEventEnvelope) => {
      if (event.name === 'production.progressed') {
        if ((event.payload as ProgressRecorded).orderId !== id) return;
      } else if (event.name === 'productionOrder.changed') {
        const payload = event.payload as ProductionOrderChanged;
        if (payload.id !== id) return;
        if (payload.action === 'deleted') {
          setDeleted(true);
          return;
        }
      } else return;
      setLiveAt(event.at);
      scheduler.request();
    };
    return client.subscribe([ROOMS.order(id)], {
      onEvent,
      // The first answer follows the page's own load; later ones mean events were missed.
      onResync() {
        if (firstSync) {
          firstSync = false;
          return;
        }
        scheduler.request();
      },
    });
  }, [client, id, scheduler]);

  return { overview, difference, loading, error, notFound, deleted, liveAt, reload: () => void load(false) };
}
