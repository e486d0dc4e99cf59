// The station's outbox. Every confirmed scan (or take-back) is written here with its scan id
// *before* it is sent, and leaves only when the server has answered:
//   - success (or a replay of an earlier success) → removed;
//   - a refusal (4xx: previous process not finished, over the plan, …) → moved to `refused`,
//     where it stays with the server's message until the worker dismisses it;
//   - no answer (network down, timeout, 5xx) → stays pending, and the flush stops there so that
//     later entries never overtake it. It is re-sent later with the same scan id, which the
//     server counts once however often it arrives.
// Nothing is ever dropped silently. The state lives in localStorage (read before and written
// after every change, so two tabs of the same device do not overwrite each other) and in memory
// when storage is unavailable. Plain TypeScript: the React side only subscribes.
import type { BundleScanInput, ReworkInput } from '@contracts/bundles';
import type { ScanInput, ScanResult, ScanReverseInput } from '@contracts/production';
import { ApiError } from '../../../lib/http-client';

/**
 * Bundle scans and rework returned ride the same queue: their answer carries the order-level
 * ScanResult the queue hands on, and the server counts a re-sent scanId once. (QC inspections
 * are not queued: see api/bundle.ts.)
 */
export type QueuedOperation =
  | { kind: 'record'; input: ScanInput }
  | { kind: 'reverse'; input: ScanReverseInput }
  | { kind: 'bundle'; input: BundleScanInput }
  | { kind: 'rework'; input: ReworkInput };

/** What the worker saw when confirming: shown in the pending and refused lists. */
export interface EntryLabel {
  orderNo: string;
  processName: string;
  quantity: number;
}

export interface QueueEntry {
  scanId: string;
  operation: QueuedOperation;
  /** The user who confirmed it; entries are sent only in that user's session (null: anyone's). */
  ownerId: number | null;
  label: EntryLabel;
  queuedAt: string;
  attempts: number;
  /** Why the last attempt got no answer. */
  lastError: string | null;
}

export interface RefusedEntry extends QueueEntry {
  message: string;
  errorKey: string | null;
  refusedAt: string;
}

export interface QueueSnapshot {
  pending: readonly QueueEntry[];
  refused: readonly RefusedEntry[];
  /** Storage failed: the entries live only in this page until it can write again. */
  memoryOnly: boolean;
  flushing: boolean;
}

export interface QueueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

export type FailureKind = 'retry' | 'refuse' | 'blocked';

export interface Failure {
  kind: FailureKind;
  message: string;
  errorKey: string | null;
}

/**
 * How a failed send is handled. No answer, a timeout or a server fault: try again later.
 * 401: the session ended — keep everything and wait for the worker to log in again.
 * Any other 4xx: the server refused this scan; re-sending it would be refused again.
 */
export function classifyFailure(error: unknown): Failure {
  if (error instanceof ApiError) {
    const errorKey = typeof error.data.errorKey === 'string' ? error.data.errorKey : null;
    if (error.kind === 'network' || error.kind === 'timeout') return { kind: 'retry', message: error.message, errorKey };
    if (error.kind === 'unauthorized') return { kind: 'blocked', message: error.message, errorKey };
    const retryable = error.code >= 500 || error.code === 408 || error.code === 429 || error.code === 0;
    return { kind: retryable ? 'retry' : 'refuse', message: error.message, errorKey };
  }
  return { kind: 'retry', message: error instanceof Error ? error.message : String(error), errorKey: null };
}

export interface FlushReport {
  sent: { entry: QueueEntry; result: ScanResult }[];
  refused: { entry: QueueEntry; failure: Failure }[];
  /** Why the flush stopped with entries left (null: nothing of this owner is left). */
  stoppedBy: null | 'offline' | 'network' | 'blocked';
}

/** One entry answered during a flush (`live`: the entry a Confirm is waiting for). */
export type SettledEvent =
  | { kind: 'sent'; entry: QueueEntry; result: ScanResult; live: boolean }
  | { kind: 'refused'; entry: QueueEntry; failure: Failure; live: boolean };

export type SubmitOutcome =
  | { status: 'recorded'; result: ScanResult }
  | { status: 'refused'; message: string; errorKey: string | null }
  | { status: 'queued'; reason: 'offline' | 'network' | 'blocked' | 'waiting' };

export interface ScanQueueOptions {
  storage: QueueStorage | null;
  key?: string;
  send: (operation: QueuedOperation) => Promise<ScanResult>;
  isOnline?: () => boolean;
  now?: () => Date;
}

export const QUEUE_STORAGE_KEY = 'stitchboard.scan.queue';

interface StoredState {
  pending: QueueEntry[];
  refused: RefusedEntry[];
}

const emptyState = (): StoredState => ({ pending: [], refused: [] });

function isStoredState(value: unknown): value is StoredState {
  return typeof value === 'object' && value !== null && Array.isArray((value as StoredState).pending) && Array.isArray((value as StoredState).refused);
}

export type NewEntry = Pick<QueueEntry, 'scanId' | 'operation' | 'label'> & { ownerId?: number | null };

export class ScanQueue {
  private readonly storage: QueueStorage | null;
  private readonly key: string;
  private readonly send: ScanQueueOptions['send'];
  private readonly isOnline: () => boolean;
  private readonly now: () => Date;
  private memory: StoredState;
  private memoryOnly = false;
  private flushing = false;
  private owner: number | null = null;
  private chain: Promise<unknown> = Promise.resolve();
  private queuedFlushes = 0;
  private readonly listeners = new Set<() => void>();
  private readonly settledListeners = new Set<(event: SettledEvent) => void>();
  private snapshot: QueueSnapshot;

  constructor(options: ScanQueueOptions) {
    this.storage = options.storage;
    this.key = options.key ?? QUEUE_STORAGE_KEY;
    this.send = options.send;
    this.isOnline = options.isOnline ?? (() => (typeof navigator === 'undefined' ? true : navigator.onLine !== false));
    this.now = options.now ?? (() => new Date());
    this.memory = this.read();
    this.snapshot = this.makeSnapshot();
  }

  // ——— state ———

  private read(): StoredState {
    if (!this.storage || this.memoryOnly) return this.memory ?? emptyState();
    try {
      const raw = this.storage.getItem(this.key);
      if (!raw) return emptyState();
      const parsed: unknown = JSON.parse(raw);
      return isStoredState(parsed) ? parsed : (this.memory ?? emptyState());
    } catch {
      return this.memory ?? emptyState();
    }
  }

  private write(state: StoredState): void {
    this.memory = state;
    if (!this.storage) return;
    try {
      this.storage.setItem(this.key, JSON.stringify(state));
      this.memoryOnly = false;
    } catch {
      // Full or blocked storage: keep the entries in memory and say so on the screen.
      this.memoryOnly = true;
    }
  }

  /** Read-modify-write: another tab may have changed the stored queue in between. */
  private mutate(change: (state: StoredState) => void): void {
    const state = this.read();
    change(state);
    this.write(state);
    this.emit();
  }

  private makeSnapshot(): QueueSnapshot {
    return { pending: this.memory.pending, refused: this.memory.refused, memoryOnly: this.memoryOnly, flushing: this.flushing };
  }

  private emit(): void {
    this.snapshot = this.makeSnapshot();
    for (const listener of this.listeners) listener();
  }

  getSnapshot = (): QueueSnapshot => this.snapshot;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Told of every entry the server answered, e.g. to show a queued scan's late answer. */
  onSettled(listener: (event: SettledEvent) => void): () => void {
    this.settledListeners.add(listener);
    return () => this.settledListeners.delete(listener);
  }

  private settle(event: SettledEvent): void {
    for (const listener of this.settledListeners) {
      try {
        listener(event);
      } catch {
        // A listener's failure must not stop the flush.
      }
    }
  }

  /** Another tab wrote the queue (the `storage` event): show its state. */
  reload(): void {
    this.memory = this.read();
    this.emit();
  }

  /** The signed-in user: only their entries (and unowned ones) are sent. */
  setOwner(ownerId: number | null): void {
    this.owner = ownerId;
  }

  getOwner(): number | null {
    return this.owner;
  }

  private mayFlush(entry: QueueEntry): boolean {
    return entry.ownerId === null || entry.ownerId === this.owner;
  }

  /** Entries this session can send. */
  sendable(): QueueEntry[] {
    return this.read().pending.filter((entry) => this.mayFlush(entry));
  }

  enqueue(entry: NewEntry): QueueEntry {
    const full: QueueEntry = {
      scanId: entry.scanId,
      operation: entry.operation,
      label: entry.label,
      ownerId: entry.ownerId === undefined ? this.owner : entry.ownerId,
      queuedAt: this.now().toISOString(),
      attempts: 0,
      lastError: null,
    };
    this.mutate((state) => {
      if (!state.pending.some((existing) => existing.scanId === full.scanId)) state.pending.push(full);
    });
    return full;
  }

  /** The worker has read a refusal: it leaves the list. */
  dismiss(scanId: string): void {
    this.mutate((state) => {
      state.refused = state.refused.filter((entry) => entry.scanId !== scanId);
    });
  }

  // ——— sending ———

  /**
   * Sends the pending entries in order, one at a time. Flushes never overlap: a flush asked for
   * while one runs starts after it (so a new entry is always sent behind the older ones).
   * `live` names the entry the worker is waiting for: its refusal is answered on the spot and not
   * kept in the refused list.
   */
  flush(options: { live?: string } = {}): Promise<FlushReport> {
    this.queuedFlushes += 1;
    const run = this.chain.then(() => {
      this.queuedFlushes -= 1;
      return this.runFlush(options.live);
    });
    this.chain = run.catch(() => undefined);
    return run;
  }

  /** For timers: start a flush unless one is running or waiting, and there is something to send. */
  flushIfIdle(): Promise<FlushReport> | null {
    if (this.flushing || this.queuedFlushes > 0 || this.sendable().length === 0) return null;
    return this.flush();
  }

  private async runFlush(live: string | undefined): Promise<FlushReport> {
    const report: FlushReport = { sent: [], refused: [], stoppedBy: null };
    if (this.sendable().length === 0) return report;
    if (!this.isOnline()) {
      report.stoppedBy = 'offline';
      return report;
    }
    this.flushing = true;
    this.emit();
    try {
      const done = new Set<string>();
      for (;;) {
        const entry = this.sendable().find((candidate) => !done.has(candidate.scanId));
        if (!entry) break;
        done.add(entry.scanId);
        try {
          const result = await this.send(entry.operation);
          this.mutate((state) => {
            state.pending = state.pending.filter((candidate) => candidate.scanId !== entry.scanId);
          });
          report.sent.push({ entry, result });
          this.settle({ kind: 'sent', entry, result, live: entry.scanId === live });
        } catch (error) {
          const failure = classifyFailure(error);
          if (failure.kind === 'refuse') {
            this.mutate((state) => {
              state.pending = state.pending.filter((candidate) => candidate.scanId !== entry.scanId);
              if (entry.scanId !== live && !state.refused.some((candidate) => candidate.scanId === entry.scanId)) {
                state.refused.push({ ...entry, attempts: entry.attempts + 1, message: failure.message, errorKey: failure.errorKey, refusedAt: this.now().toISOString() });
              }
            });
            report.refused.push({ entry, failure });
            this.settle({ kind: 'refused', entry, failure, live: entry.scanId === live });
            continue;
          }
          this.mutate((state) => {
            state.pending = state.pending.map((candidate) =>
              candidate.scanId === entry.scanId ? { ...candidate, attempts: candidate.attempts + 1, lastError: failure.message } : candidate,
            );
          });
          // Stop here: the entries behind this one must not overtake it.
          report.stoppedBy = failure.kind === 'blocked' ? 'blocked' : 'network';
          break;
        }
      }
    } finally {
      this.flushing = false;
      this.emit();
    }
    return report;
  }

  /**
   * What the worker's Confirm does: queue the entry, then send the queue up to it. The answer
   * is the server's for that entry, or 'queued' when it could not be sent now.
   */
  async submit(entry: NewEntry): Promise<SubmitOutcome> {
    const queued = this.enqueue(entry);
    if (!this.isOnline()) return { status: 'queued', reason: 'offline' };
    const report = await this.flush({ live: queued.scanId });
    const sent = report.sent.find((item) => item.entry.scanId === queued.scanId);
    if (sent) return { status: 'recorded', result: sent.result };
    const refused = report.refused.find((item) => item.entry.scanId === queued.scanId);
    if (refused) return { status: 'refused', message: refused.failure.message, errorKey: refused.failure.errorKey };
    return { status: 'queued', reason: report.stoppedBy ?? 'waiting' };
  }
}

export interface AutoFlushTarget {
  addEventListener(type: string, listener: () => void): void;
  removeEventListener(type: string, listener: () => void): void;
}

/**
 * Sends the queue when the device comes back online, when another tab changed it, and on a
 * timer while anything is pending (the `online` event is not reliable on every device).
 * Returns the function that stops it.
 */
export function startAutoFlush(queue: ScanQueue, options: { target?: AutoFlushTarget; intervalMs?: number } = {}): () => void {
  const target = options.target ?? window;
  const intervalMs = options.intervalMs ?? 10_000;
  const tryFlush = () => {
    void queue.flushIfIdle()?.catch(() => undefined);
  };
  const onStorage = () => queue.reload();
  target.addEventListener('online', tryFlush);
  target.addEventListener('storage', onStorage);
  const timer = setInterval(tryFlush, intervalMs);
  tryFlush();
  return () => {
    target.removeEventListener('online', tryFlush);
    target.removeEventListener('storage', onStorage);
    clearInterval(timer);
  };
}
