// The worker at a shared station (issue 11): who the scans are credited to, remembered on the
// device; a badge read switches it, the pick list chooses it, "sign out" clears it (scans are
// then the signed-in account's own). Also their pieces and pay today, refetched after each
// scan of theirs — this station's, or another station's pushed on the process room.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { StationWorker, WorkerToday } from '@contracts/appraisal';
import { ROOMS, type ProgressRecorded } from '@contracts/events';
import { ApiError } from '../../../lib/http-client';
import { realtime } from '../../../lib/socket';
import { getWorkerByBadge } from '../api/station-worker';
import { getWorkerToday } from '../api/worker-today';
import { getStoredWorker, storeWorker } from '../model/station-worker';

/** Scans arriving in a burst refetch the day's numbers once. */
export const TODAY_REFRESH_DEBOUNCE_MS = 400;

export type BadgeOutcome = { ok: true; worker: StationWorker } | { ok: false; message: string; offline: boolean };

/** The worker a pushed scan credited, when the event says (older servers' events do not). */
export function creditedWorkerOf(payload: ProgressRecorded): number | null {
  const workerId = (payload as ProgressRecorded & { workerId?: unknown }).workerId;
  return typeof workerId === 'number' ? workerId : null;
}

export function useStationWorker(processId: number | null, accountId: number | null) {
  const [worker, setWorker] = useState<StationWorker | null>(getStoredWorker);
  const [today, setToday] = useState<WorkerToday | null>(null);
  /** Whose numbers the panel shows: the chosen worker, else the signed-in account. */
  const creditedId = worker?.id ?? accountId;
  const loadSeq = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const choose = useCallback((next: StationWorker | null) => {
    setWorker(next);
    storeWorker(next);
  }, []);

  /** A badge read: the worker it names becomes the station's worker. */
  const identify = useCallback(
    async (badge: string): Promise<BadgeOutcome> => {
      try {
        const found = await getWorkerByBadge(badge);
        choose(found);
        return { ok: true, worker: found };
      } catch (error) {
        const offline = error instanceof ApiError && (error.kind === 'network' || error.kind === 'timeout');
        return { ok: false, message: error instanceof Error ? error.message : String(error), offline };
      }
    },
    [choose],
  );

  const loadToday = useCallback(async () => {
    const seq = ++loadSeq.current;
    if (creditedId === null) {
      setToday(null);
      return;
    }
    try {
      const numbers = await getWorkerToday(creditedId);
      if (seq === loadSeq.current) setToday(numbers);
    } catch {
      // Offline or refused: the last numbers stay until the next scan brings new ones.
    }
  }, [creditedId]);

  /** Refetch soon (a burst of scans becomes one request). */
  const refreshToday = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      timer.current = null;
      void loadToday();
    }, TODAY_REFRESH_DEBOUNCE_MS);
  }, [loadToday]);

  useEffect(() => {
    setToday(null);
    void loadToday();
    return () => {
      if (timer.current) clearTimeout(timer.current);
    };
  }, [loadToday]);

  // The worker's scans at this process from any station (a second PC, a phone) arrive as events.
  useEffect(() => {
    if (processId === null || creditedId === null) return;
    let first = true;
    return realtime.subscribe([ROOMS.process(processId)], {
      onEvent(event) {
        if (event.name !== 'production.progressed') return;
        if (creditedWorkerOf(event.payload as ProgressRecorded) === creditedId) refreshToday();
      },
      onResync() {
        // The first join comes with our own first load; a later one means events were missed.
        if (first) first = false;
        else refreshToday();
      },
    });
  }, [creditedId, processId, refreshToday]);

  return { worker, choose, signOut: () => choose(null), identify, today, refreshToday };
}

export type StationWorkerState = ReturnType<typeof useStationWorker>;
