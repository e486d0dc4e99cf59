// A report screen, live: the report for the current query from the API, loaded again at once
// when the query changes, and quietly refetched when one of `events` arrives in `rooms` —
// coalesced by the refresh scheduler to at most one refetch per `delayMs` (and never two at a
// time), however fast scans land. Reports (difference statistics, piece-rate pay) are sums over
// many orders that no single event carries, so a refetch is the only correct update.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { DomainEventName } from '@contracts/events';
import { createRefreshScheduler } from './refresh-scheduler';
import { realtime, resyncAfterFirstJoin, type RealtimeClient } from './socket';

export const REPORT_REFETCH_MS = 1000;

export interface LiveReportOptions {
  rooms: readonly string[];
  events: readonly DomainEventName[];
  client?: RealtimeClient;
  delayMs?: number;
  /** False: nothing is loaded (an invalid query). */
  enabled?: boolean;
}

export interface LiveReport<R> {
  data: R | null;
  loading: boolean;
  /** The last load failed (the previous numbers stay shown). */
  failed: boolean;
  /** When the last relevant event arrived (ISO), for the live badge. */
  lastEventAt: string | null;
  reload: () => void;
}

/** `fetch(query, signal, quiet)`: quiet loads show failures on the page, not as a toast. */
export function useLiveReport<Q, R>(query: Q, fetch: (query: Q, signal: AbortSignal, quiet: boolean) => Promise<R>, options: LiveReportOptions): LiveReport<R> {
  const { rooms, events, client = realtime, delayMs = REPORT_REFETCH_MS, enabled = true } = options;
  const [data, setData] = useState<R | null>(null);
  const [loading, setLoading] = useState(enabled);
  const [failed, setFailed] = useState(false);
  const [lastEventAt, setLastEventAt] = useState<string | null>(null);
  const queryRef = useRef(query);
  queryRef.current = query;
  const fetchRef = useRef(fetch);
  fetchRef.current = fetch;
  const enabledRef = useRef(enabled);
  enabledRef.current = enabled;
  const controllerRef = useRef<AbortController | null>(null);

  const load = useCallback(async (quiet: boolean) => {
    if (!enabledRef.current) return;
    controllerRef.current?.abort();
    const controller = new AbortController();
    controllerRef.current = controller;
    if (!quiet) setLoading(true);
    try {
      const result = await fetchRef.current(queryRef.current, controller.signal, quiet);
      if (controller.signal.aborted) return;
      setData(result);
      setFailed(false);
    } catch {
      if (controller.signal.aborted) return;
      setFailed(true);
    } finally {
      if (!controller.signal.aborted) setLoading(false);
    }
  }, []);

  const schedulerRef = useRef<ReturnType<typeof createRefreshScheduler> | null>(null);
  schedulerRef.current ??= createRefreshScheduler(() => load(true), delayMs);
  const scheduler = schedulerRef.current;

  // A new query loads at once; a coalesced refetch still waiting would only repeat it.
  const queryKey = JSON.stringify(query);
  useEffect(() => {
    scheduler.cancel();
    if (!enabled) {
      setLoading(false);
      return;
    }
    void load(false);
  }, [queryKey, enabled, load, scheduler]);

  useEffect(
    () => () => {
      scheduler.cancel();
      controllerRef.current?.abort();
    },
    [scheduler],
  );

  const roomKey = rooms.join('|');
  const eventKey = events.join('|');
  useEffect(() => {
    const wanted = new Set(eventKey.split('|'));
    return client.subscribe(roomKey.split('|'), {
      onEvent(event) {
        if (!wanted.has(event.name)) return;
        setLastEventAt(event.at);
        scheduler.request();
      },
      // The first join comes with the screen's own first load; later ones mean missed events.
      onResync: resyncAfterFirstJoin(() => scheduler.request()),
    });
  }, [client, roomKey, eventKey, scheduler]);

  const reload = useCallback(() => void load(false), [load]);
  return { data, loading, failed, lastEventAt, reload };
}
