// The worker at this station, remembered on the device (localStorage): a shared PC keeps the
// worker who badged in across a reload, until they sign out or the next one badges in. Only
// what the station shows is kept; the server decides on every scan whether the worker may be
// credited with it.
import type { StationWorker } from '@contracts/appraisal';

const KEY = 'stitchboard.scan.worker';

function isStationWorker(value: unknown): value is StationWorker {
  if (!value || typeof value !== 'object') return false;
  const worker = value as Record<string, unknown>;
  return (
    Number.isInteger(worker.id) &&
    (worker.id as number) > 0 &&
    typeof worker.name === 'string' &&
    typeof worker.username === 'string' &&
    Array.isArray(worker.processIds) &&
    worker.processIds.every((id) => Number.isInteger(id))
  );
}

export function getStoredWorker(): StationWorker | null {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(KEY) ?? 'null');
    return isStationWorker(parsed) ? { ...parsed, departmentName: parsed.departmentName ?? null } : null;
  } catch {
    return null;
  }
}

export function storeWorker(worker: StationWorker | null): void {
  try {
    if (worker) window.localStorage.setItem(KEY, JSON.stringify(worker));
    else window.localStorage.removeItem(KEY);
  } catch {
    // Blocked storage: the worker is forgotten on reload, scans still carry them until then.
  }
}

/** Whether the station may credit the worker at this process (the server checks it too). */
export function mayWorkAt(worker: StationWorker | null, processId: number | null): boolean {
  return worker === null || processId === null || worker.processIds.includes(processId);
}
