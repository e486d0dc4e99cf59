// Changes of one entity, live: the 'masterData.changed' events of room masterData:<entity>
// through the app's one socket. A burst of events becomes one call (debounced), and a
// reconnect that cannot replay what was missed counts as a change too.
import { useEffect, useRef } from 'react';
import { ROOMS, type MasterDataChanged } from '@contracts/events';
import type { MasterDataName } from '@contracts/master-data';
import { realtime, resyncAfterFirstJoin, type RealtimeClient } from '../../../lib/socket';

export const CHANGE_DEBOUNCE_MS = 300;

/**
 * `onChanges` receives the events collected during the debounce window (empty after a resync).
 * Returns the stop function.
 */
export function watchMasterData(
  client: RealtimeClient,
  entity: string,
  onChanges: (changes: MasterDataChanged[]) => void,
  debounceMs = CHANGE_DEBOUNCE_MS,
): () => void {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let collected: MasterDataChanged[] = [];
  const flush = () => {
    timer = null;
    const changes = collected;
    collected = [];
    onChanges(changes);
  };
  const schedule = () => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(flush, debounceMs);
  };
  const stop = client.subscribe([ROOMS.masterData(entity as MasterDataName)], {
    onEvent(event) {
      if (event.name !== 'masterData.changed') return;
      collected.push(event.payload as MasterDataChanged);
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

export function useMasterDataChanges(entity: string | undefined, onChanges: (changes: MasterDataChanged[]) => void): void {
  const latest = useRef(onChanges);
  latest.current = onChanges;
  useEffect(() => {
    if (!entity) return;
    return watchMasterData(realtime, entity, (changes) => latest.current(changes));
  }, [entity]);
}
