// The console's numbers, live: a snapshot from the API, then a refetch whenever the
// 'statistics' room reports progress or an order change — coalesced to at most one a second
// however busy the floor is, and never two at a time.
import { createContext, useContext } from 'react';
import { ROOMS, type DomainEventEnvelope } from '@contracts/events';
import type { ConsoleKpis } from '@contracts/production';
import { createLiveSourceHook, createStore, type Store } from '../../../lib/create-store';
import { realtime, resyncAfterFirstJoin, type RealtimeClient } from '../../../lib/socket';
import { createRefreshScheduler } from '../../../lib/refresh-scheduler';
import { changedKpis, type KpiKey } from '../model/console-model';
import { getConsoleKpis } from './get-console-kpis';

export const CONSOLE_REFETCH_MS = 1000;

export interface LiveConsoleKpisState {
  kpis: ConsoleKpis | null;
  loadedAt: number | null;
  /** The last load failed: its message (the previous numbers stay shown). */
  error: string | null;
  /** The server refused the room: the numbers then only change on reload. */
  refused: boolean;
  lastEventAt: string | null;
  /** Which cards changed with the last load, and when: drives the highlight. */
  changed: { keys: KpiKey[]; at: number } | null;
}

export interface LiveConsoleKpis {
  store: Store<LiveConsoleKpisState>;
  start(): () => void;
}

const RELEVANT = new Set(['production.progressed', 'productionOrder.changed']);

export function createLiveConsoleKpis(client: RealtimeClient, fetch: (quiet: boolean) => Promise<ConsoleKpis> = getConsoleKpis, delayMs = CONSOLE_REFETCH_MS): LiveConsoleKpis {
  const store = createStore<LiveConsoleKpisState>({ kpis: null, loadedAt: null, error: null, refused: false, lastEventAt: null, changed: null });

  const load = async (quiet: boolean) => {
    try {
      const next = await fetch(quiet);
      store.set((current) => {
        const keys = current.kpis ? changedKpis(current.kpis, next) : [];
        return { ...current, kpis: next, loadedAt: Date.now(), error: null, changed: keys.length > 0 ? { keys, at: Date.now() } : current.changed };
      });
    } catch (failure) {
      store.set((current) => ({ ...current, error: (failure as Error).message || 'error' }));
    }
  };

  return {
    store,
    start() {
      const scheduler = createRefreshScheduler(() => load(true), delayMs);
      void load(false);
      const stop = client.subscribe([ROOMS.statistics], {
        onEvent(event: DomainEventEnvelope) {
          if (!RELEVANT.has(event.name)) return;
          store.set((current) => ({ ...current, lastEventAt: event.at }));
          scheduler.request();
        },
        onResync: resyncAfterFirstJoin(() => scheduler.request()),
        onSubscribed: (result) => store.set((current) => ({ ...current, refused: result.refused.includes(ROOMS.statistics) })),
      });
      return () => {
        scheduler.cancel();
        stop();
      };
    },
  };
}

export type ConsoleKpisHook = <S>(selector: (state: LiveConsoleKpisState) => S) => S;

/** Subscribed while at least one component uses it. */
const useAppConsoleKpis: ConsoleKpisHook = createLiveSourceHook(createLiveConsoleKpis(realtime));

/** Which live source the console's parts read: the app's, or a test's own (fake socket and API). */
export const ConsoleKpisContext = createContext<ConsoleKpisHook>(useAppConsoleKpis);

/** The console's numbers, lists included, live. */
export function useLiveConsoleKpis<S>(selector: (state: LiveConsoleKpisState) => S): S {
  return useContext(ConsoleKpisContext)(selector);
}
