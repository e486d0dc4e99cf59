// The one data source of every board (whole, scroll, drop, mobile): a snapshot over HTTP, then
// the 'board' room's events applied in place. Boards read slices through selectors, so a scan
// re-renders the one row it changed (and the totals), not the board.
//
//   production.progressed     → the row's step and summary in place; unknown order → refetch
//   productionOrder.changed   → refetch (debounced): hidden/deleted drop out, new ones appear
//   settings.dashboardUpdated → new settings at once, refetch (filters and sort may change);
//                               a new refreshType is announced for TV boards to follow
//   resync / reconnect gap    → refetch; events newer than the snapshot are applied again on it
//   alert.raised / cleared    → the order's alert marker (open alerts re-read with each snapshot)
//   settings.adminUpdated     → (system section) the system title and the logo, at once
//   boardProfile.changed      → (paired TV) refetch: the snapshot carries its profile's settings
import { useEffect, useMemo } from 'react';
import type { DelayAlert, DelayAlertCleared } from '@contracts/alerts';
import type { AdminSettingsChanged } from '@contracts/admin-settings';
import type { DashboardSettings } from '@contracts/api';
import { ROOMS, type DomainEventEnvelope, type ProgressRecorded, type ProductionOrderChanged } from '@contracts/events';
import type { BoardSnapshot } from '@contracts/production';
import { createStore, useStore, type Store } from '../../../lib/create-store';
import { ApiError, type ApiErrorKind } from '../../../lib/http-client';
import { realtime, type RealtimeClient } from '../../../lib/socket';
import { applySystemSection } from '../../../lib/system-title';
import { applyProgress, reconcileRows, refreshModeChanged, withTotals } from '../model/board-model';
import { FLASH_MS, localDay, msUntilMidnight } from '../model/presentation';
import { marksOf, NO_MARKS, withCleared, withRaised, type AlertMarks } from '../model/alert-marks';
import { fetchBoardSnapshot, fetchOpenAlerts, sourceId, type BoardSource } from './board-api';

/** A highlight of a row (and of one of its cells) that just changed. */
export interface RowFlash {
  /** Changes with every highlight, so the animation restarts (used as a React key). */
  id: number;
  /** The process cell that changed, for a scan. */
  processId: number | null;
  kind: 'progress' | 'added' | 'changed';
  at: number;
}

export interface BoardError {
  kind: ApiErrorKind;
  code: number;
  message: string;
}

export interface BoardState {
  snapshot: BoardSnapshot | null;
  /** When the snapshot last loaded (ms since epoch). */
  loadedAt: number | null;
  loading: boolean;
  /** The last snapshot request failed (the board keeps showing the previous data, marked). */
  error: BoardError | null;
  /** Rows highlighted right now, by order id. Entries keep their identity until they change. */
  flashes: ReadonlyMap<number, RowFlash>;
  /** Set when a settings change moved the boards to another refreshType. */
  modeChange: { refreshType: number; at: number } | null;
  /** The local calendar day; steps turn red at midnight without a server round trip. */
  today: string;
  lastEvent: { seq: number; at: string } | null;
  /** Open delay alerts by order: the rows' markers. */
  alerts: AlertMarks;
}

export interface BoardController {
  readonly source: BoardSource;
  readonly store: Store<BoardState>;
  /** Load and subscribe; returns the stop function. */
  start(): () => void;
  /** Fetch the snapshot again now. */
  reload(): Promise<void>;
}

type BoardClient = Pick<RealtimeClient, 'subscribe' | 'connection' | 'connectBoardKey' | 'disconnectBoardKey'> &
  Partial<Pick<RealtimeClient, 'connectDeviceKey' | 'disconnectDeviceKey'>>;

export interface BoardControllerOptions {
  source: BoardSource;
  client?: BoardClient;
  fetchSnapshot?: () => Promise<BoardSnapshot>;
  /** Open delay alerts; a controller given its own snapshots (tests) has none unless given these too. */
  fetchAlerts?: () => Promise<DelayAlert[]>;
  now?: () => number;
  /** Screens re-render at most this often (ms; createStore's notifyEveryMs). 0 (tests): on every change. */
  notifyEveryMs?: number;
}

export const REFETCH_DEBOUNCE_MS = 300;
/**
 * A board re-renders at most this often while scans stream in (a lone scan shows at once). At 100
 * scans/s a 500-order TV board rendered every frame of events — page busy over half the time,
 * tasks of 70–140 ms (bench/board-browser.bench.ts) — for changes no one across the room can
 * tell apart at 10 a second.
 */
export const BOARD_NOTIFY_EVERY_MS = 100;
/**
 * The board totals go over every row: recomputed at most this often while scans stream in (at
 * once when the last recompute is older; otherwise once at the end of the interval). At 100
 * scans/s on a 500-row board, recomputing per scan was the largest single cost in the page.
 */
export const TOTALS_EVERY_MS = 250;
/** Refetches triggered by events are at least this far apart (a busy floor must not hammer). */
export const MIN_REFETCH_GAP_MS = 1_000;
const RETRY_DELAYS_MS = [2_000, 5_000, 10_000, 30_000];
const UNAUTHORIZED_RETRY_MS = 30_000;
/** Events kept to re-apply on a snapshot that was read before they committed. */
const RECENT_CAPACITY = 500;
const MIDNIGHT_MARGIN_MS = 5_000;

interface Recent {
  seq: number;
  payload: ProgressRecorded;
}

export function createBoardController(options: BoardControllerOptions): BoardController {
  const { source } = options;
  const client = options.client ?? realtime;
  const fetchSnapshot = options.fetchSnapshot ?? (() => fetchBoardSnapshot(source));
  const fetchAlerts = options.fetchAlerts ?? (options.fetchSnapshot ? async () => [] : () => fetchOpenAlerts(source));
  const now = options.now ?? Date.now;

  const store = createStore<BoardState>(
    {
      snapshot: null,
      loadedAt: null,
      loading: false,
      error: null,
      flashes: new Map(),
      modeChange: null,
      today: localDay(new Date(now())),
      lastEvent: null,
      alerts: NO_MARKS,
    },
    { notifyEveryMs: options.notifyEveryMs ?? 0 },
  );
  /** Alerts a push cleared while the open list was being read: not marked again by that answer. */
  let clearedWhileReading = new Set<number>();

  let running = false;
  let flashCounter = 0;
  // Seq of the newest event applied per step and per order: an older one arriving late (two
  // transactions may commit out of seq order) must not put old numbers back.
  let stepSeq = new Map<string, number>();
  let orderSeq = new Map<number, number>();
  let recent: Recent[] = [];
  let latestSettings: { seq: number; settings: DashboardSettings } | null = null;
  /** Orders that pushed progress but were not on the board: asked for once, then known absent. */
  const wanted = new Set<number>();
  /** Applying a frame of events (onEvents): scans leave the totals to its end (totalsStale). */
  let inFrame = false;
  let totalsStale = false;
  let totalsAt = Number.NEGATIVE_INFINITY;
  let totalsTimer: ReturnType<typeof setTimeout> | null = null;

  /** Totals for scans applied without them: now, or at the end of the current TOTALS_EVERY_MS. */
  const settleTotals = () => {
    if (!totalsStale || totalsTimer) return;
    const wait = totalsAt + TOTALS_EVERY_MS - now();
    if (wait <= 0) {
      totalsStale = false;
      totalsAt = now();
      store.set((state) => (state.snapshot ? { ...state, snapshot: withTotals(state.snapshot) } : state));
      return;
    }
    totalsTimer = setTimeout(() => {
      totalsTimer = null;
      settleTotals();
    }, wait);
  };
  const absent = new Set<number>();

  let inflight: Promise<void> | null = null;
  let again = false;
  let lastLoadStart = Number.NEGATIVE_INFINITY;
  let failures = 0;
  let refetchTimer: ReturnType<typeof setTimeout> | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;
  let flashTimer: ReturnType<typeof setTimeout> | null = null;
  let midnightTimer: ReturnType<typeof setTimeout> | null = null;

  // ——— highlights ———

  const addFlashes = (entries: { orderId: number; processId: number | null; kind: RowFlash['kind'] }[]) => {
    if (entries.length === 0) return;
    const at = now();
    store.set((state) => {
      const flashes = new Map(state.flashes);
      for (const entry of entries) flashes.set(entry.orderId, { id: ++flashCounter, processId: entry.processId, kind: entry.kind, at });
      return { ...state, flashes };
    });
    if (!flashTimer) flashTimer = setTimeout(pruneFlashes, FLASH_MS + 50);
  };

  function pruneFlashes(): void {
    flashTimer = null;
    const cutoff = now() - FLASH_MS;
    const { flashes } = store.get();
    if (flashes.size === 0) return;
    const keep = [...flashes].filter(([, flash]) => flash.at > cutoff);
    if (keep.length !== flashes.size) store.set((state) => ({ ...state, flashes: new Map(keep) }));
    if (keep.length > 0 && running) flashTimer = setTimeout(pruneFlashes, FLASH_MS + 50);
  }

  // ——— applying events ———

  /** Applies a scan to `snapshot`; 'missing' when the order is not on the board. */
  const applyOne = (snapshot: BoardSnapshot, item: Recent, deferTotals = false): BoardSnapshot | 'missing' | 'stale' => {
    const { payload, seq } = item;
    const stepKey = `${payload.orderId}:${payload.processId}`;
    const step = (stepSeq.get(stepKey) ?? -1) < seq;
    const order = (orderSeq.get(payload.orderId) ?? -1) < seq;
    if (!step && !order) return 'stale';
    const result = applyProgress(snapshot, payload, { step, order, deferTotals });
    if (result.kind === 'missing') return 'missing';
    if (step) stepSeq.set(stepKey, seq);
    if (order) orderSeq.set(payload.orderId, seq);
    return result.snapshot;
  };

  const onProgress = (seq: number, payload: ProgressRecorded) => {
    recent.push({ seq, payload });
    if (recent.length > RECENT_CAPACITY) recent = recent.slice(-RECENT_CAPACITY);
    const snapshot = store.get().snapshot;
    // Before the first snapshot: kept in `recent`, applied on it if it is older.
    if (!snapshot) return;
    // The totals wait for the frame's last event, and at most TOTALS_EVERY_MS (settleTotals).
    const next = applyOne(snapshot, { seq, payload }, true);
    if (next === 'stale') return;
    if (next === 'missing') {
      if (absent.has(payload.orderId)) return;
      wanted.add(payload.orderId);
      scheduleRefetch();
      return;
    }
    totalsStale = true;
    store.set((state) => ({ ...state, snapshot: next }));
    if (!inFrame) settleTotals();
    addFlashes([{ orderId: payload.orderId, processId: payload.processId, kind: 'progress' }]);
  };

  const onSettings = (seq: number, settings: DashboardSettings) => {
    if (latestSettings && latestSettings.seq > seq) return;
    latestSettings = { seq, settings };
    absent.clear();
    store.set((state) => {
      // Before the first snapshot (or after a failed one) the change is still announced: a TV
      // must end on the latest presentation whatever arrives first (the snapshot's own
      // refreshType, read after this change, would otherwise look like nothing moved).
      if (!state.snapshot) return { ...state, modeChange: { refreshType: settings.refreshType, at: now() } };
      const moved = refreshModeChanged(state.snapshot.settings, settings);
      return {
        ...state,
        snapshot: { ...state.snapshot, settings },
        modeChange: moved ? { refreshType: settings.refreshType, at: now() } : state.modeChange,
      };
    });
    scheduleRefetch();
  };

  const onEvent = (event: DomainEventEnvelope) => {
    store.set((state) => ({ ...state, lastEvent: { seq: event.seq, at: event.at } }));
    switch (event.name) {
      case 'production.progressed':
        onProgress(event.seq, event.payload as ProgressRecorded);
        break;
      case 'productionOrder.changed':
        absent.delete((event.payload as ProductionOrderChanged).id);
        scheduleRefetch();
        break;
      case 'settings.dashboardUpdated':
        // A paired TV's settings are its profile's over these: the snapshot says what it shows now.
        if (source.kind === 'device') {
          absent.clear();
          scheduleRefetch();
        } else onSettings(event.seq, event.payload as DashboardSettings);
        break;
      case 'boardProfile.changed':
        // Rare (an administrator saved a profile): every paired TV re-reads its board, and a
        // change of presentation shows without a reload.
        if (source.kind === 'device') scheduleRefetch();
        break;
      case 'settings.adminUpdated':
        // The system title and the logo: the heading and the tab title follow without a reload.
        {
          const change = event.payload as AdminSettingsChanged;
          if (change.section !== 'system') break;
          const { titles, logo } = change.system;
          store.set((state) => (state.snapshot ? { ...state, snapshot: { ...state.snapshot, systemTitles: titles, logo } } : state));
          applySystemSection(change.system);
        }
        break;
      case 'alert.raised':
        store.set((state) => ({ ...state, alerts: withRaised(state.alerts, event.payload as DelayAlert) }));
        break;
      case 'alert.cleared':
        clearedWhileReading.add((event.payload as DelayAlertCleared).id);
        store.set((state) => ({ ...state, alerts: withCleared(state.alerts, event.payload as DelayAlertCleared) }));
        break;
      default:
        break;
    }
  };

  /** A frame of events (a batch window or a replay): applied together, one notification, one render. */
  const onEvents = (events: DomainEventEnvelope[]) =>
    store.batch(() => {
      inFrame = true;
      try {
        events.forEach(onEvent);
      } finally {
        inFrame = false;
      }
      settleTotals();
    });

  // ——— snapshots ———

  const applySnapshot = (incoming: BoardSnapshot) => {
    const previous = store.get().snapshot;
    const reconciled = reconcileRows(previous?.rows ?? null, incoming.rows);
    let snapshot: BoardSnapshot = { ...incoming, rows: reconciled.rows };
    if (latestSettings && latestSettings.seq > incoming.headSeq) snapshot = { ...snapshot, settings: latestSettings.settings };

    // Everything up to headSeq is in the snapshot; newer scans we already received go on top.
    stepSeq = new Map();
    orderSeq = new Map();
    recent = recent.filter((item) => item.seq > incoming.headSeq).sort((a, b) => a.seq - b.seq);
    for (const item of recent) {
      const next = applyOne(snapshot, item);
      if (typeof next === 'object') snapshot = next;
    }
    // Its totals are the server's, or computed over the scans just applied on it.
    totalsStale = false;

    const present = new Set(snapshot.rows.map((row) => row.id));
    for (const id of wanted) if (!present.has(id)) absent.add(id);
    wanted.clear();
    for (const id of present) absent.delete(id);

    const moved = previous !== null && refreshModeChanged(previous.settings, snapshot.settings);
    store.set((state) => ({
      ...state,
      snapshot,
      loadedAt: now(),
      loading: false,
      error: null,
      modeChange: moved ? { refreshType: snapshot.settings.refreshType, at: now() } : state.modeChange,
    }));
    if (previous) {
      addFlashes([
        ...reconciled.added.map((orderId) => ({ orderId, processId: null, kind: 'added' as const })),
        ...reconciled.changed.map((orderId) => ({ orderId, processId: null, kind: 'changed' as const })),
      ]);
    }
  };

  const onLoadError = (error: unknown) => {
    const failure: BoardError =
      error instanceof ApiError
        ? { kind: error.kind, code: error.code, message: error.message }
        : { kind: 'network', code: 0, message: error instanceof Error ? error.message : String(error) };
    const unauthorized = failure.kind === 'unauthorized';
    store.set((state) => ({
      ...state,
      loading: false,
      error: failure,
      // A refused board key (turned off or rotated) or a revoked TV shows no data at all.
      snapshot: unauthorized && source.kind !== 'session' ? null : state.snapshot,
    }));
    if (!running) return;
    // A signed-in board whose token was refused is on its way to the login screen.
    if (unauthorized && source.kind === 'session') return;
    const delay = unauthorized ? UNAUTHORIZED_RETRY_MS : RETRY_DELAYS_MS[Math.min(failures, RETRY_DELAYS_MS.length - 1)];
    failures += 1;
    if (retryTimer) clearTimeout(retryTimer);
    retryTimer = setTimeout(() => {
      retryTimer = null;
      void load();
    }, delay);
  };

  /** Fetch a snapshot; a call during a fetch asks for one more after it (read after the call). */
  function load(): Promise<void> {
    if (inflight) {
      again = true;
      return inflight;
    }
    inflight = (async () => {
      do {
        again = false;
        lastLoadStart = now();
        if (retryTimer) clearTimeout(retryTimer);
        retryTimer = null;
        store.set((state) => (state.loading ? state : { ...state, loading: true }));
        try {
          const snapshot = await fetchSnapshot();
          if (!running) return;
          failures = 0;
          applySnapshot(snapshot);
          void loadAlerts();
          // The public board's socket may have been refused while its key was off: knock again.
          connectKeyed();
        } catch (error) {
          if (!running) return;
          onLoadError(error);
          again = false;
        }
      } while (again && running);
    })().finally(() => {
      inflight = null;
    });
    return inflight;
  }

  /** The open alerts, with every snapshot. A failure keeps the markers as they are (they are extra). */
  async function loadAlerts(): Promise<void> {
    clearedWhileReading = new Set();
    try {
      const alerts = await fetchAlerts();
      const marks = marksOf(alerts, clearedWhileReading);
      // None before, none now: the state (and every selector) stays as it was.
      if (running) store.set((state) => (marks.size === 0 && state.alerts.size === 0 ? state : { ...state, alerts: marks }));
    } catch {
      // Kept: pushes still move them, the next snapshot reads them again.
    }
  }

  function scheduleRefetch(delay = REFETCH_DEBOUNCE_MS): void {
    if (refetchTimer || !running) return;
    const wait = Math.max(delay, lastLoadStart + MIN_REFETCH_GAP_MS - now());
    refetchTimer = setTimeout(() => {
      refetchTimer = null;
      void load();
    }, wait);
  }

  const armMidnight = () => {
    midnightTimer = setTimeout(() => {
      midnightTimer = null;
      if (!running) return;
      // Delays grow and completed orders age out at midnight: a new day, a fresh snapshot.
      store.set((state) => ({ ...state, today: localDay(new Date(now())) }));
      scheduleRefetch(0);
      armMidnight();
    }, msUntilMidnight(new Date(now())) + MIDNIGHT_MARGIN_MS);
  };

  function connectKeyed(): void {
    if (source.kind === 'boardKey') client.connectBoardKey(source.key);
    else if (source.kind === 'device') client.connectDeviceKey?.(source.key);
  }

  return {
    source,
    store,
    reload: load,
    start() {
      running = true;
      connectKeyed();
      void load();
      const unsubscribe = client.subscribe([ROOMS.board], { onEvent, onEvents, onResync: load });
      // The server closed the public board's socket (key turned off or rotated): the snapshot
      // request says whether the key still works, and shows the message if not.
      const unwatch =
        source.kind !== 'session'
          ? client.connection.subscribe(() => {
              if (client.connection.get().status === 'disconnected') scheduleRefetch(REFETCH_DEBOUNCE_MS);
            })
          : () => undefined;
      armMidnight();
      return () => {
        running = false;
        for (const timer of [refetchTimer, retryTimer, flashTimer, midnightTimer, totalsTimer]) if (timer) clearTimeout(timer);
        refetchTimer = retryTimer = flashTimer = midnightTimer = totalsTimer = null;
        unsubscribe();
        unwatch();
        if (source.kind === 'boardKey') client.disconnectBoardKey(source.key);
        else if (source.kind === 'device') client.disconnectDeviceKey?.(source.key);
      };
    },
  };
}

// ——— shared instances ———

interface Entry {
  controller: BoardController;
  users: number;
  stop: (() => void) | null;
  idle: ReturnType<typeof setTimeout> | null;
}

/** Kept a little after the last board unmounts: a TV switching boards reuses its data. */
const IDLE_STOP_MS = 10_000;
const entries = new Map<string, Entry>();

function entryFor(source: BoardSource): Entry {
  const id = sourceId(source);
  let entry = entries.get(id);
  if (!entry) {
    entry = { controller: createBoardController({ source, notifyEveryMs: BOARD_NOTIFY_EVERY_MS }), users: 0, stop: null, idle: null };
    entries.set(id, entry);
  }
  return entry;
}

function retain(entry: Entry): void {
  if (entry.idle) clearTimeout(entry.idle);
  entry.idle = null;
  entry.users += 1;
  if (!entry.stop) entry.stop = entry.controller.start();
}

function release(entry: Entry, id: string): void {
  entry.users -= 1;
  if (entry.users > 0) return;
  entry.idle = setTimeout(() => {
    entry.idle = null;
    if (entry.users > 0) return;
    entry.stop?.();
    entry.stop = null;
    entries.delete(id);
  }, IDLE_STOP_MS);
}

/** The board data for `source`, started while at least one component uses it. */
export function useBoardController(source: BoardSource | null): BoardController | null {
  const id = source ? sourceId(source) : null;
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the id names the source
  const entry = useMemo(() => (source ? entryFor(source) : null), [id]);
  useEffect(() => {
    if (!entry || !id) return;
    // The entry may have been stopped and dropped meanwhile (StrictMode, a quick remount).
    if (!entries.has(id)) entries.set(id, entry);
    retain(entry);
    return () => release(entry, id);
  }, [entry, id]);
  return entry?.controller ?? null;
}

const EMPTY_STORE = createStore<BoardState | null>(null);

/** A slice of the board's state (null before a source is known). */
export function useBoardState<S>(controller: BoardController | null, selector: (state: BoardState) => S, fallback: S): S {
  const store = (controller?.store ?? EMPTY_STORE) as Store<BoardState | null>;
  return useStore(store, (state) => (state ? selector(state) : fallback));
}
