// One bundle, live: loaded by code, then reloaded (coalesced) whenever its order's room says this
// bundle changed ('bundle.changed' naming its id or code), and after a resync (events missed).
import { useCallback, useEffect, useMemo } from 'react';
import type { BundleChanged, DomainEventEnvelope, DomainEventName } from '@contracts/events';
import { realtime, type RealtimeClient } from '../../../lib/socket';
import { useLatestLoad } from '../../../lib/use-latest-load';
import { useLiveOrderRoom } from '../../../lib/use-live-order-room';
import { getBundle } from '../api/get-bundle';

export const BUNDLE_REFETCH_MS = 300;
const BUNDLE_EVENTS: readonly DomainEventName[] = ['bundle.changed'];

export interface BundleDetailOptions {
  client?: RealtimeClient;
  fetch?: typeof getBundle;
  refetchMs?: number;
}

export function useBundleDetail(code: string, { client = realtime, fetch = getBundle, refetchMs = BUNDLE_REFETCH_MS }: BundleDetailOptions = {}) {
  const fetchBundle = useMemo(() => (code ? (quiet: boolean) => fetch(code, quiet) : null), [code, fetch]);
  const { data: bundle, loading, error, notFound, load } = useLatestLoad(fetchBundle);

  // The room is the bundle's order's, known once the bundle is loaded. Of its events only this
  // bundle's changes count; a scan or an order change elsewhere in the order does not touch it.
  const orderId = bundle?.orderId ?? 0;
  const bundleId = bundle?.id ?? 0;
  const bundleCode = bundle?.code ?? '';
  const isThisBundle = useCallback(
    (event: DomainEventEnvelope) => {
      if (event.name !== 'bundle.changed') return false;
      const payload = event.payload as BundleChanged;
      // A lay change (bundleId null) may have voided this bundle: refresh on those too.
      return payload.bundleId === null || payload.bundleId === bundleId || payload.code?.toUpperCase() === bundleCode.toUpperCase();
    },
    [bundleId, bundleCode],
  );
  const refreshQuietly = useCallback(() => load(true), [load]);
  const { scheduler, liveAt } = useLiveOrderRoom(orderId, refreshQuietly, client, refetchMs, { alsoOn: BUNDLE_EVENTS, accept: isThisBundle });
  // The scheduler follows the order (a new one once the bundle is loaded): a refresh still
  // waiting when the page closes or moves to another bundle is dropped.
  useEffect(() => () => scheduler.cancel(), [scheduler]);

  return { bundle, loading, error, notFound: notFound || !code, liveAt, reload: () => load(false) };
}
