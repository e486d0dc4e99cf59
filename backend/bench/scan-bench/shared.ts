// Shared by the scan bench's processes (orchestrator, app server, bare server, board clients,
// load generator): the clock, a latency histogram, scan ids that carry their send time, and a
// small request/answer protocol over the child-process IPC channel.
import { fork, type ChildProcess } from 'node:child_process';
import { performance } from 'node:perf_hooks';

/**
 * Wall-clock milliseconds with sub-ms resolution, comparable between processes of this machine:
 * each process's performance.timeOrigin is read from the system clock at start, and the
 * orchestrator measures the remaining offset of every child (see measureOffset).
 */
export function clock(): number {
  return performance.timeOrigin + performance.now();
}

// ——— scan ids carrying their send time ———
// `<phase>-<index>-<send time in µs>`: fits SCAN_ID_PATTERN (8–64 of [A-Za-z0-9_-]) and travels
// in the event's payload (`scanId`), so a board client computes the latency on receipt without
// asking anyone when the scan was sent.

export function scanIdOf(phase: string, index: number, sentAtMs: number): string {
  return `${phase}-${index}-${Math.round(sentAtMs * 1000)}`;
}

export function parseScanId(scanId: string): { phase: string; index: number; sentAtMs: number } | null {
  const first = scanId.indexOf('-');
  const second = scanId.indexOf('-', first + 1);
  if (first < 0 || second < 0) return null;
  return { phase: scanId.slice(0, first), index: Number(scanId.slice(first + 1, second)), sentAtMs: Number(scanId.slice(second + 1)) / 1000 };
}

// ——— a fixed-bucket histogram: 10 µs buckets to 1 s, then 1 ms buckets to 120 s ———

const FINE_BUCKETS = 100_000; // 0–1000 ms by 0.01 ms
const COARSE_BUCKETS = 119_000; // 1–120 s by 1 ms
export const HISTOGRAM_SIZE = FINE_BUCKETS + COARSE_BUCKETS + 1;

export function newHistogram(): Uint32Array {
  return new Uint32Array(HISTOGRAM_SIZE);
}

export function record(histogram: Uint32Array, ms: number): void {
  const value = ms < 0 ? 0 : ms;
  const index = value < 1000 ? Math.floor(value * 100) : Math.min(HISTOGRAM_SIZE - 1, FINE_BUCKETS + Math.floor(value - 1000));
  histogram[index]++;
}

export function merge(into: Uint32Array, from: Uint32Array): void {
  for (let i = 0; i < HISTOGRAM_SIZE; i++) into[i] += from[i];
}

function valueOf(index: number): number {
  return index < FINE_BUCKETS ? (index + 0.5) / 100 : 1000 + (index - FINE_BUCKETS) + 0.5;
}

export interface Summary {
  count: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  mean: number;
}

export function summarize(histogram: Uint32Array): Summary {
  let count = 0;
  let sum = 0;
  let maxIndex = -1;
  for (let i = 0; i < HISTOGRAM_SIZE; i++) {
    if (histogram[i] === 0) continue;
    count += histogram[i];
    sum += histogram[i] * valueOf(i);
    maxIndex = i;
  }
  const at = (point: number) => {
    if (count === 0) return NaN;
    const rank = Math.max(1, Math.ceil((point / 100) * count));
    let seen = 0;
    for (let i = 0; i < HISTOGRAM_SIZE; i++) {
      seen += histogram[i];
      if (seen >= rank) return valueOf(i);
    }
    return valueOf(maxIndex);
  };
  return { count, p50: at(50), p95: at(95), p99: at(99), max: maxIndex < 0 ? NaN : valueOf(maxIndex), mean: count ? sum / count : NaN };
}

/** Exact summary of a small sample (per-scan figures, response times). */
export function summarizeValues(values: ArrayLike<number>): Summary {
  const sorted = Float64Array.from(values).sort();
  const at = (point: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((point / 100) * sorted.length) - 1))] : NaN);
  let sum = 0;
  for (const value of sorted) sum += value;
  return { count: sorted.length, p50: at(50), p95: at(95), p99: at(99), max: sorted.length ? sorted[sorted.length - 1] : NaN, mean: sorted.length ? sum / sorted.length : NaN };
}

// ——— request/answer over IPC ———

interface Request {
  id: number;
  type: string;
  args: unknown;
}
interface Answer {
  id: number;
  ok: boolean;
  value?: unknown;
  error?: string;
}

export type Handlers = Record<string, (args: never) => unknown>;

/** In a child: answers the orchestrator's requests with `handlers`. */
export function serve(handlers: Handlers): void {
  const handle = async (message: Request) => {
    const handler = handlers[message.type] as ((args: unknown) => unknown) | undefined;
    try {
      if (!handler) throw new Error(`unknown request ${message.type}`);
      process.send!({ id: message.id, ok: true, value: await handler(message.args) } satisfies Answer);
    } catch (error) {
      process.send!({ id: message.id, ok: false, error: error instanceof Error ? (error.stack ?? error.message) : String(error) } satisfies Answer);
    }
  };
  process.on('message', (message: Request) => void handle(message));
  // The orchestrator gone: nothing left to do.
  process.on('disconnect', () => process.exit(0));
}

export interface Child {
  process: ChildProcess;
  name: string;
  call<T = unknown>(type: string, args?: unknown): Promise<T>;
  /** This child's clock minus the orchestrator's, ms. */
  offset: number;
}

/** Starts `role` of the bench (a file next to this one) in a child process. */
export async function startChild(role: string, name: string, execArgv: string[] = [], env: NodeJS.ProcessEnv = process.env): Promise<Child> {
  const child = fork(new URL(`./${role}.js`, import.meta.url), [], { execArgv, env, serialization: 'advanced', stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  let next = 0;
  const waiting = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  child.on('message', (message: Answer) => {
    const entry = waiting.get(message.id);
    if (!entry) return;
    waiting.delete(message.id);
    if (message.ok) entry.resolve(message.value);
    else entry.reject(new Error(`${name}: ${message.error}`));
  });
  child.on('exit', (code) => {
    for (const entry of waiting.values()) entry.reject(new Error(`${name} exited (${code})`));
    waiting.clear();
  });
  const handle: Child = {
    process: child,
    name,
    offset: 0,
    call: <T>(type: string, args?: unknown) =>
      new Promise<T>((resolve, reject) => {
        const id = ++next;
        waiting.set(id, { resolve: resolve as (value: unknown) => void, reject });
        child.send({ id, type, args } satisfies Request);
      }),
  };
  await handle.call('ready');
  handle.offset = await measureOffset(handle);
  return handle;
}

/** The child's clock minus ours: the sample with the shortest IPC round trip of 25. */
async function measureOffset(child: Child): Promise<number> {
  let best = { rtt: Infinity, offset: 0 };
  for (let i = 0; i < 25; i++) {
    const sent = clock();
    const theirs = await child.call<number>('clock');
    const back = clock();
    if (back - sent < best.rtt) best = { rtt: back - sent, offset: theirs - (sent + back) / 2 };
  }
  return best.offset;
}

/** CPU seconds (user + system) this process has used. */
export function cpuSeconds(): number {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1e6;
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
