// One bundle, live: loaded by code, then reloaded (coalesced) whenever its order's room says this
// bundle changed ('bundle.changed' naming its id or code), and after a resync (events missed).
import { useCallback, useEffect, useRef, useState } from 'react';
import type { BundleDetail } from '@contracts/bundles';
import { ROOMS, type BundleChanged, type DomainEventEnvelope } from '@contracts/events';
import { ApiError } from '../../../lib/http-client';
import { createRefreshScheduler } from '../../../lib/refresh-scheduler';
import { realtime, resyncAfterFirstJoin, type RealtimeClient } from '../../../lib/socket';
import { getBundle } from '../api/get-bundle';

export const BUNDLE_REFETCH_MS = 300;

export interface BundleDetailOptions {
  client?: RealtimeClient;
  fetch?: typeof getBundle;
  refetchMs?: number;
}

export function useBundleDetail(code: string, { client = realtime, fetch = getBundle, refetchMs = BUNDLE_REFETCH_MS }: BundleDetailOptions = {}) {
  const [bundle, setBundle] = useState<BundleDetail | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [notFound, setNotFound] = useState(false);
  const [liveAt, setLiveAt] = useState<string | null>(null);
  const latest = useRef(0);

  const load = useCallback(
    async (quiet: boolean) => {
      if (!code) {
        setLoading(false);
        setNotFound(true);
        return;
      }
      const request = ++latest.current;
      if (!quiet) setLoading(true);
      try {
        const next = await fetch(code, quiet);
        if (request !== latest.current) return;
        setBundle(next);
        setError(null);
        setNotFound(false);
      } catch (failure) {
        if (request !== latest.current) return;
        if (failure instanceof ApiError && failure.code === 404) setNotFound(true);
        setError((failure as Error).message || 'error');
      } finally {
        if (request === latest.current) setLoading(false);
      }
    },
    [code, fetch],
  );

  const loadRef = useRef(load);
  loadRef.current = load;
  const [scheduler] = useState(() => createRefreshScheduler(() => loadRef.current(true), refetchMs));

  useEffect(() => {
    setBundle(null);
    void load(false);
    return () => scheduler.cancel();
  }, [load, scheduler]);

  // The room is the bundle's order's, known once the bundle is loaded.
  const orderId = bundle?.orderId ?? 0;
  const bundleId = bundle?.id ?? 0;
  const bundleCode = bundle?.code ?? '';
  useEffect(() => {
    if (!orderId) return;
    const onEvent = (event: DomainEventEnvelope) => {
      if (event.name !== 'bundle.changed') return;
      const payload = event.payload as BundleChanged;
      // A lay change (bundleId null) may have voided this bundle: refresh on those too.
      const thisBundle = payload.bundleId === null || payload.bundleId === bundleId || payload.code?.toUpperCase() === bundleCode.toUpperCase();
      if (payload.orderId !== orderId || !thisBundle) return;
      setLiveAt(event.at);
      scheduler.request();
    };
    return client.subscribe([ROOMS.order(orderId)], { onEvent, onResync: resyncAfterFirstJoin(() => scheduler.request()) });
  }, [client, orderId, bundleId, bundleCode, scheduler]);

  return { bundle, loading, error, notFound, liveAt, reload: () => load(false) };
}
