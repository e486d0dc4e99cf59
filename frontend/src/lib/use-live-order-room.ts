// The live part of every screen about one production order (schedule detail, order overview,
// cutting, bundle trace):
// a coalescing refresh scheduler for that order, and its room 'order:<id>'. A scan that landed
// or a change of the order asks for a quiet refresh; a deletion is reported instead, and a resync
// after the first (events were missed while offline) refreshes too.
import { useEffect, useRef, useState } from 'react';
import { ROOMS, type DomainEventEnvelope, type DomainEventName, type ProductionOrderChanged, type ProgressRecorded } from '@contracts/events';
import { createRefreshScheduler, type RefreshScheduler } from './refresh-scheduler';
import { resyncAfterFirstJoin, type RealtimeClient } from './socket';

const NO_EVENTS: readonly DomainEventName[] = [];

export interface LiveOrderRoom {
  /** Ask for a refresh (coalesced); the screen also cancels it when it unmounts or the order changes. */
  scheduler: RefreshScheduler;
  /** The order was deleted while the screen was open. */
  deleted: boolean;
  /** When the last event about this order arrived (ISO), for the live badge. */
  liveAt: string | null;
}

export interface LiveOrderRoomOptions {
  /** More events of the room, naming the order by `orderId`, that ask for a refresh too (the cutting page: 'bundle.changed'). */
  alsoOn?: readonly DomainEventName[];
  /**
   * Narrows the room to what the screen shows: an event this returns false for is ignored
   * altogether (the bundle trace: only its own bundle's changes). The latest one given is used.
   */
  accept?: (event: DomainEventEnvelope) => boolean;
}

/** `refresh` is the screen's quiet reload; the latest one given is the one called. */
export function useLiveOrderRoom(
  id: number,
  refresh: () => Promise<unknown> | unknown,
  client: RealtimeClient,
  refetchMs: number,
  { alsoOn = NO_EVENTS, accept }: LiveOrderRoomOptions = {},
): LiveOrderRoom {
  const [deleted, setDeleted] = useState(false);
  const [liveAt, setLiveAt] = useState<string | null>(null);
  const refreshRef = useRef(refresh);
  const acceptRef = useRef(accept);
  useEffect(() => {
    refreshRef.current = refresh;
    acceptRef.current = accept;
  }, [refresh, accept]);

  const schedulerRef = useRef<{ id: number; scheduler: RefreshScheduler } | null>(null);
  if (!schedulerRef.current || schedulerRef.current.id !== id) {
    schedulerRef.current?.scheduler.cancel();
    schedulerRef.current = { id, scheduler: createRefreshScheduler(() => refreshRef.current(), refetchMs) };
  }
  const scheduler = schedulerRef.current.scheduler;

  useEffect(() => {
    setDeleted(false);
    if (!Number.isInteger(id) || id <= 0) return;
    const onEvent = (event: DomainEventEnvelope) => {
      if (acceptRef.current && !acceptRef.current(event)) return;
      if (event.name === 'production.progressed') {
        if ((event.payload as ProgressRecorded).orderId !== id) return;
      } else if (event.name === 'productionOrder.changed') {
        const payload = event.payload as ProductionOrderChanged;
        if (payload.id !== id) return;
        if (payload.action === 'deleted') {
          setDeleted(true);
          return;
        }
      } else if (alsoOn.includes(event.name)) {
        if ((event.payload as { orderId?: number }).orderId !== id) return;
      } else return;
      setLiveAt(event.at);
      scheduler.request();
    };
    return client.subscribe([ROOMS.order(id)], {
      onEvent,
      // The first answer follows the screen's own load; later ones mean events were missed.
      onResync: resyncAfterFirstJoin(() => scheduler.request()),
    });
  }, [client, id, scheduler, alsoOn]);

  return { scheduler, deleted, liveAt };
}
