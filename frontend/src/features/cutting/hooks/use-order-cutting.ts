// One order's cutting data, live: loaded from the API and reloaded (coalesced) when the order's
// room says a scan landed, the order changed or a bundle changed (a lay saved elsewhere, a bundle
// scanned: the cut grid, the locks and the bundle list move).
import { useCallback, useEffect, useRef, useState } from 'react';
import type { OrderCutting } from '@contracts/bundles';
import type { DomainEventName } from '@contracts/events';
import { ApiError } from '../../../lib/http-client';
import { realtime, type RealtimeClient } from '../../../lib/socket';
import { useLiveOrderRoom } from '../../../lib/use-live-order-room';
import { getOrderCutting } from '../api/get-order-cutting';

export const CUTTING_REFETCH_MS = 300;
const BUNDLE_EVENTS: readonly DomainEventName[] = ['bundle.changed'];

export interface OrderCuttingOptions {
  client?: RealtimeClient;
  fetch?: typeof getOrderCutting;
  refetchMs?: number;
}

export function useOrderCutting(orderId: number, { client = realtime, fetch = getOrderCutting, refetchMs = CUTTING_REFETCH_MS }: OrderCuttingOptions = {}) {
  const [cutting, setCutting] = useState<OrderCutting | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [notFound, setNotFound] = useState(false);
  /** Bumped on every reload, so the bundle list reloads with the page. */
  const [revision, setRevision] = useState(0);
  const latest = useRef(0);

  const load = useCallback(
    async (quiet: boolean) => {
      if (!Number.isInteger(orderId) || orderId <= 0) {
        setLoading(false);
        return;
      }
      const request = ++latest.current;
      if (!quiet) setLoading(true);
      try {
        const next = await fetch(orderId, quiet);
        if (request !== latest.current) return;
        setCutting(next);
        setError(null);
        setNotFound(false);
        setRevision((value) => value + 1);
      } catch (failure) {
        if (request !== latest.current) return;
        if (failure instanceof ApiError && failure.code === 404) setNotFound(true);
        setError((failure as Error).message || 'error');
      } finally {
        if (request === latest.current) setLoading(false);
      }
    },
    [fetch, orderId],
  );

  const refreshQuietly = useCallback(() => load(true), [load]);
  const { scheduler, deleted, liveAt } = useLiveOrderRoom(orderId, refreshQuietly, client, refetchMs, BUNDLE_EVENTS);

  useEffect(() => {
    setCutting(null);
    void load(false);
    return () => scheduler.cancel();
  }, [load, scheduler]);

  return { cutting, loading, error, notFound, deleted, liveAt, revision, reload: () => load(true) };
}
