// The board settings as the boards see them: a snapshot from the API, then every
// 'settings.dashboardUpdated' event from the 'settings' room, caught up after reconnects.
import type { DashboardSettings, DashboardSettingsView } from '@contracts/api';
import { ROOMS, type DomainEventEnvelope } from '@contracts/events';
import { createLiveSourceHook, createStore, type Store } from '../../../lib/create-store';
import { realtime, type RealtimeClient } from '../../../lib/socket';
import { getDashboardSetting } from './get-dashboard-setting';

export interface LiveDashboardSettingsState {
  settings: DashboardSettingsView | null;
  loadedAt: number | null;
  lastEvent: { seq: number; at: string } | null;
  /** Fields that differ from the previous value, and when: drives the highlight. */
  changed: { fields: (keyof DashboardSettings)[]; at: number } | null;
  error: boolean;
  /** The server refused the room (no permission): the values then only come from snapshots. */
  refused: boolean;
}

const SETTING_KEYS: (keyof DashboardSettings)[] = [
  'refreshType',
  'refreshInterval',
  'completedVisibleDays',
  'displayMode',
  'sortBy',
  'boardKeyEnabled',
];

function diff(previous: DashboardSettings | null, next: DashboardSettings): (keyof DashboardSettings)[] {
  if (!previous) return [];
  return SETTING_KEYS.filter((key) => previous[key] !== next[key]);
}

export interface LiveDashboardSettings {
  store: Store<LiveDashboardSettingsState>;
  /** Load and subscribe; returns the stop function. */
  start(): () => void;
}

export function createLiveDashboardSettings(
  client: RealtimeClient,
  fetchSnapshot: () => Promise<DashboardSettingsView> = getDashboardSetting,
): LiveDashboardSettings {
  const store = createStore<LiveDashboardSettingsState>({
    settings: null,
    loadedAt: null,
    lastEvent: null,
    changed: null,
    error: false,
    refused: false,
  });
  // Counts applied events, so a snapshot requested before an event cannot overwrite it.
  let eventsApplied = 0;

  const apply = (next: DashboardSettingsView, patch: Partial<LiveDashboardSettingsState>) =>
    store.set((current) => {
      const fields = diff(current.settings, next);
      return {
        ...current,
        ...patch,
        settings: next,
        changed: fields.length > 0 ? { fields, at: Date.now() } : current.changed,
      };
    });

  const loadSnapshot = async () => {
    const before = eventsApplied;
    try {
      const snapshot = await fetchSnapshot();
      if (eventsApplied !== before) {
        // Events carry the full settings; only the board key (not in events) is taken.
        store.set((current) => ({ ...current, settings: current.settings && { ...current.settings, boardKey: snapshot.boardKey } }));
        return;
      }
      apply(snapshot, { loadedAt: Date.now(), error: false });
    } catch {
      store.set((current) => ({ ...current, error: current.settings === null }));
    }
  };

  const onEvent = (event: DomainEventEnvelope) => {
    if (event.name !== 'settings.dashboardUpdated') return;
    eventsApplied += 1;
    const current = store.get().settings;
    // The envelope type is not narrowed by its name; this name always carries the settings.
    const payload = event.payload as DashboardSettings;
    apply({ ...payload, boardKey: current?.boardKey }, { lastEvent: { seq: event.seq, at: event.at }, error: false });
  };

  return {
    store,
    start() {
      void loadSnapshot();
      return client.subscribe([ROOMS.settings], {
        onEvent,
        onResync: loadSnapshot,
        onSubscribed: (result) => store.set((current) => ({ ...current, refused: result.refused.includes(ROOMS.settings) })),
      });
    },
  };
}

/** Subscribed while at least one component uses it. */
export const useLiveDashboardSettings: <S>(selector: (state: LiveDashboardSettingsState) => S) => S = createLiveSourceHook(createLiveDashboardSettings(realtime));
