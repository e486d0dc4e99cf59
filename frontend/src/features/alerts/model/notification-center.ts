// The bell's data: the caller's notifications over HTTP, then pushes to their own room
// `user:<id>` applied in place — nothing polls.
//
//   notification.created → at the top of the list, unread + 1, a toast
//   alert.cleared        → the alert shown resolved (sent to the rooms of those told about it)
//   resync / reconnect   → the list read again
import { NOTIFICATION_PAGE, type DelayAlertCleared, type UserNotification } from '@contracts/alerts';
import { ROOMS, type DomainEventEnvelope } from '@contracts/events';
import { createStore, type Store } from '../../../lib/create-store';
import { realtime, type RealtimeClient } from '../../../lib/socket';
import { fetchNotifications, markAllNotificationsRead, markNotificationRead } from '../api/notifications';

const RETRY_MS = 30_000;

export interface NotificationState {
  userId: number | null;
  items: UserNotification[];
  unread: number;
  loaded: boolean;
  /** The last read failed (the bell says so; the next push or reconnect reads again). */
  failed: boolean;
  /** Joined the user's room: pushes arrive from here on. */
  live: boolean;
}

export interface NotificationCenter {
  store: Store<NotificationState>;
  start(): () => void;
  markRead(id: number): Promise<void>;
  markAllRead(): Promise<void>;
}

export interface NotificationCenterOptions {
  client?: Pick<RealtimeClient, 'subscribe'>;
  /** Called for every notification pushed while running (the toast). */
  announce?: (notification: UserNotification) => void;
  now?: () => Date;
}

export function createNotificationCenter(options: NotificationCenterOptions = {}): NotificationCenter {
  const client = options.client ?? realtime;
  const now = options.now ?? (() => new Date());
  const store = createStore<NotificationState>({ userId: null, items: [], unread: 0, loaded: false, failed: false, live: false });
  let running = false;

  async function load(): Promise<number | null> {
    try {
      const list = await fetchNotifications();
      if (!running) return null;
      store.set((state) => ({ ...state, userId: list.userId, items: list.items, unread: list.unread, loaded: true, failed: false }));
      return list.userId;
    } catch {
      if (running) store.set((state) => ({ ...state, loaded: true, failed: true }));
      return null;
    }
  }

  function onEvent(event: DomainEventEnvelope): void {
    if (event.name === 'notification.created') {
      const notification = event.payload as UserNotification;
      if (store.get().items.some((item) => item.id === notification.id)) return;
      store.set((state) => ({
        ...state,
        items: [notification, ...state.items].slice(0, NOTIFICATION_PAGE),
        unread: state.unread + (notification.readAt ? 0 : 1),
      }));
      options.announce?.(notification);
    } else if (event.name === 'alert.cleared') {
      const cleared = event.payload as DelayAlertCleared;
      store.set((state) => ({
        ...state,
        items: state.items.map((item) => (item.alert.id === cleared.id ? { ...item, alert: { ...item.alert, clearedAt: cleared.clearedAt } } : item)),
      }));
    }
  }

  const markLocally = (ids: Set<number> | 'all') =>
    store.set((state) => {
      const at = now().toISOString();
      const items = state.items.map((item) => (!item.readAt && (ids === 'all' || ids.has(item.id)) ? { ...item, readAt: at } : item));
      const newlyRead = items.filter((item, index) => item !== state.items[index]).length;
      return { ...state, items, unread: ids === 'all' ? 0 : Math.max(0, state.unread - newlyRead) };
    });

  return {
    store,
    start() {
      running = true;
      let unsubscribe: (() => void) | null = null;
      let retry: ReturnType<typeof setTimeout> | null = null;
      // The room is the user's own, known from the first answer; until one arrives, try again.
      const begin = () => {
        retry = null;
        void load().then((userId) => {
          if (!running) return;
          if (userId === null) retry = setTimeout(begin, RETRY_MS);
          else
            unsubscribe = client.subscribe([ROOMS.user(userId)], {
              onEvent,
              // Also on the first join: what arrived between the first read and the join is read again.
              onResync: () => load().then(() => undefined),
              onSubscribed: (result) => store.set((state) => ({ ...state, live: result.joined.length > 0 })),
            });
        });
      };
      begin();
      return () => {
        running = false;
        store.set((state) => ({ ...state, live: false }));
        if (retry) clearTimeout(retry);
        unsubscribe?.();
      };
    },
    async markRead(id) {
      markLocally(new Set([id]));
      try {
        const { unread } = await markNotificationRead(id);
        store.set((state) => ({ ...state, unread }));
      } catch {
        await load();
      }
    },
    async markAllRead() {
      markLocally('all');
      try {
        await markAllNotificationsRead();
      } catch {
        await load();
      }
    },
  };
}
