// What the station remembers on this device (localStorage, not the session: a floor PC or
// phone keeps its station id and process across logins): the device id, the chosen process and
// sub-process per process, the last quantity per process, and the last scans made here (for
// taking one back).
const KEYS = {
  process: 'stitchboard.scan.process',
  subProcesses: 'stitchboard.scan.subProcesses',
  quantities: 'stitchboard.scan.quantities',
  recent: 'stitchboard.scan.recent',
} as const;

export const RECENT_LIMIT = 12;

function readItem(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function writeItem(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Blocked storage: the station still works, it just forgets on reload.
  }
}

function readJson<T>(key: string, fallback: T): T {
  const raw = readItem(key);
  if (!raw) return fallback;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return fallback;
  }
}

export function getStoredProcess(): number | null {
  const value = Number(readItem(KEYS.process));
  return Number.isInteger(value) && value > 0 ? value : null;
}

export function storeProcess(processId: number | null): void {
  writeItem(KEYS.process, processId ? String(processId) : null);
}

/** The sub-process last chosen at this process (a worker at one PC does the same step all day); null: the whole process. */
export function getStoredSubProcess(processId: number): number | null {
  const value = readJson<Record<string, number>>(KEYS.subProcesses, {})[String(processId)];
  return typeof value === 'number' && value > 0 ? value : null;
}

export function storeSubProcess(processId: number, subProcessId: number | null): void {
  const all = readJson<Record<string, number>>(KEYS.subProcesses, {});
  if (subProcessId === null) delete all[String(processId)];
  else all[String(processId)] = subProcessId;
  writeItem(KEYS.subProcesses, JSON.stringify(all));
}

export function getLastQuantity(processId: number): number | null {
  const value = readJson<Record<string, number>>(KEYS.quantities, {})[String(processId)];
  return typeof value === 'number' && value > 0 ? value : null;
}

export function storeLastQuantity(processId: number, quantity: number): void {
  const all = readJson<Record<string, number>>(KEYS.quantities, {});
  all[String(processId)] = quantity;
  writeItem(KEYS.quantities, JSON.stringify(all));
}

/** A scan made on this device, newest first; `state` follows what the server answered. */
export interface RecentScan {
  scanId: string;
  orderNo: string;
  processId: number;
  processName: string;
  quantity: number;
  at: string;
  state: 'recorded' | 'queued' | 'refused' | 'reversed' | 'reversing';
  /** Owner (user id) — only the worker who made a scan may take it back from this list. */
  ownerId: number | null;
}

export function getRecentScans(): RecentScan[] {
  const list = readJson<RecentScan[]>(KEYS.recent, []);
  return Array.isArray(list) ? list : [];
}

export function storeRecentScans(list: RecentScan[]): void {
  writeItem(KEYS.recent, JSON.stringify(list.slice(0, RECENT_LIMIT)));
}
