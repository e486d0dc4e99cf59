// Order changes, live: 'saleOrder.changed' / 'productionOrder.changed' of the given rooms
// through the app's one socket. A burst becomes one call (debounced), and a reconnect that
// cannot replay what was missed counts as a change too.
import { useEffect, useRef } from 'react';
import type { DomainEventEnvelope } from '@contracts/events';
import { realtime, resyncAfterFirstJoin, type RealtimeClient } from '../../../lib/socket';

export const ORDER_CHANGE_DEBOUNCE_MS = 250;

export function watchOrderRooms(
  client: RealtimeClient,
  rooms: string[],
  onChanges: (events: DomainEventEnvelope[]) => void,
  debounceMs = ORDER_CHANGE_DEBOUNCE_MS,
): () => void {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let collected: DomainEventEnvelope[] = [];
  const schedule = () => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      const events = collected;
      collected = [];
      onChanges(events);
    }, debounceMs);
  };
  const stop = client.subscribe(rooms, {
    onEvent(event) {
      if (event.name !== 'saleOrder.changed' && event.name !== 'productionOrder.changed') return;
      collected.push(event);
      schedule();
    },
    // The first join comes with the screen's own first load; later ones mean missed events.
    onResync: resyncAfterFirstJoin(schedule),
  });
  return () => {
    if (timer) clearTimeout(timer);
    stop();
  };
}

/** `rooms` is compared by content, so an inline array does not resubscribe on every render. */
export function useOrderEvents(rooms: string[] | null, onChanges: (events: DomainEventEnvelope[]) => void): void {
  const latest = useRef(onChanges);
  latest.current = onChanges;
  const key = rooms ? rooms.join('|') : '';
  useEffect(() => {
    if (!key) return;
    return watchOrderRooms(realtime, key.split('|'), (events) => latest.current(events));
  }, [key]);
}
