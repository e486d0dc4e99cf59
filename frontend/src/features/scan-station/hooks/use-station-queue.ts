// The station's queue for React: one ScanQueue over localStorage per mounted station, sending
// through the scan API, flushed automatically while the station is open.
import { useEffect, useState, useSyncExternalStore } from 'react';
import type { ScanResult } from '@contracts/production';
import { recordBundleScan, recordRework, scanOf } from '../api/bundle';
import { recordScan, reverseScan } from '../api/scan';
import { ScanQueue, startAutoFlush, type QueuedOperation, type QueueSnapshot, type QueueStorage } from '../model/scan-queue';

function localStore(): QueueStorage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function sendOperation(operation: QueuedOperation): Promise<ScanResult> {
  switch (operation.kind) {
    case 'record':
      return recordScan(operation.input);
    case 'reverse':
      return reverseScan(operation.input);
    case 'bundle':
      return recordBundleScan(operation.input).then(scanOf);
    case 'rework':
      return recordRework(operation.input).then(scanOf);
  }
}

export function useStationQueue(ownerId: number | null): { queue: ScanQueue; snapshot: QueueSnapshot } {
  const [queue] = useState(() => new ScanQueue({ storage: localStore(), send: sendOperation }));
  const snapshot = useSyncExternalStore(queue.subscribe, queue.getSnapshot);

  // The owner is known once the user info has loaded; entries of that user may then be sent.
  useEffect(() => {
    queue.setOwner(ownerId);
    if (ownerId !== null) void queue.flushIfIdle()?.catch(() => undefined);
  }, [queue, ownerId]);

  useEffect(() => startAutoFlush(queue), [queue]);

  return { queue, snapshot };
}

/** navigator.onLine, live. It can say "online" without a working network; "offline" is reliable. */
export function useOnline(): boolean {
  const [online, setOnline] = useState(() => (typeof navigator === 'undefined' ? true : navigator.onLine !== false));
  useEffect(() => {
    const up = () => setOnline(true);
    const down = () => setOnline(false);
    window.addEventListener('online', up);
    window.addEventListener('offline', down);
    return () => {
      window.removeEventListener('online', up);
      window.removeEventListener('offline', down);
    };
  }, []);
  return online;
}
