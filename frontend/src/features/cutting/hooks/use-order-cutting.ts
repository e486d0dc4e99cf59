// One order's cutting data, live: loaded from the API and reloaded (coalesced) when the order's
// room says a scan landed, the order changed or a bundle changed (a lay saved elsewhere, a bundle
// scanned: the cut grid, the locks and the bundle list move).
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { DomainEventName } from '@contracts/events';
import { realtime, type RealtimeClient } from '../../../lib/socket';
import { useLatestLoad } from '../../../lib/use-latest-load';
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
  /** Bumped on every reload, so the bundle list reloads with the page. */
  const [revision, setRevision] = useState(0);
  const bumpRevision = useCallback(() => setRevision((value) => value + 1), []);
  const fetchCutting = useMemo(() => (Number.isInteger(orderId) && orderId > 0 ? (quiet: boolean) => fetch(orderId, quiet) : null), [fetch, orderId]);
  const { data: cutting, loading, error, notFound, load } = useLatestLoad(fetchCutting, bumpRevision);

  const refreshQuietly = useCallback(() => load(true), [load]);
  const { scheduler, deleted, liveAt } = useLiveOrderRoom(orderId, refreshQuietly, client, refetchMs, { alsoOn: BUNDLE_EVENTS });
  useEffect(() => () => scheduler.cancel(), [scheduler]);

  return { cutting, loading, error, notFound, deleted, liveAt, revision, reload: () => load(true) };
}
