// The app under test, alone in its process (started with --expose-gc): the real HTTP and
// Socket.IO stack (on Express, or on Fastify when setUp asks: http-adapter bench) on a scratch database, with a process flow, a style and production orders
// whose first process can take many scans. The orchestrator asks it for heap and CPU figures.
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { writeHeapSnapshot } from 'node:v8';
import { DataSource } from 'typeorm';
import { RealtimeGateway } from '../../src/realtime/realtime.gateway.js';
import { bootBenchApp, createBenchFactory, createScanOrders, type BenchApp, type HttpAdapterName } from '../bench-app.js';
import { clock, cpuSeconds, serve } from './shared.js';

export interface ServerInfo {
  url: string;
  token: string;
  databaseUrl: string;
  userId: number;
  processId: number;
  orderIds: number[];
  hotOrderId: number;
  pid: number;
}

let bench: BenchApp | undefined;

/** The fan-out's window bounds, the session cache TTL, DB_PIPELINE, DB_POOL_SIZE and SCAN_LEAN_PATH, when the bench is run with them set (to compare settings). */
function fanOutEnv(): Record<string, string> {
  return Object.fromEntries(Object.entries(process.env).filter((entry): entry is [string, string] => (entry[0].startsWith('REALTIME_FANOUT_') || entry[0] === 'SESSION_CACHE_TTL_MS' || entry[0] === 'DB_PIPELINE' || entry[0] === 'DB_POOL_SIZE' || entry[0] === 'SCAN_LEAN_PATH') && entry[1] !== undefined));
}

async function setUp(args: { orders: number; plannedPerOrder: number; httpAdapter?: HttpAdapterName }): Promise<ServerInfo> {
  bench = await bootBenchApp({ env: fanOutEnv(), httpAdapter: args.httpAdapter });
  if (!bench.databaseUrl) throw new Error('the scan bench needs PostgreSQL (DATABASE_URL)');
  const db = bench.app.get(DataSource);
  // Scans go to the first process, so "scan in order" (on, the default) never refuses them.
  const factory = await createBenchFactory(bench, 'SCAN');
  const [{ id: userId }]: { id: number }[] = await db.query(`SELECT id FROM app_user WHERE username = 'admin'`);
  const orderIds = await createScanOrders(bench, factory, { orders: args.orders + 1, plannedPerOrder: args.plannedPerOrder });
  await db.query('ANALYZE');
  const hotOrderId = orderIds.pop()!;
  return { url: bench.url, token: bench.token, databaseUrl: bench.databaseUrl, userId, processId: factory.processes[0], orderIds, hotOrderId, pid: process.pid };
}

/**
 * Another instance of the app on the database `setUp` made (two instances behind the Redis
 * adapter: `env` carries REDIS_URL and a stream name of the bench's own).
 */
async function attach(args: { databaseUrl: string; env: Record<string, string> }): Promise<{ url: string; token: string; pid: number }> {
  bench = await bootBenchApp({ databaseUrl: args.databaseUrl, env: { ...fanOutEnv(), ...args.env } });
  return { url: bench.url, token: bench.token, pid: process.pid };
}

let profiler: Session | undefined;

const gc = (globalThis as { gc?: () => void }).gc;

serve({
  ready: () => true,
  clock: () => clock(),
  cpu: () => cpuSeconds(),
  setUp,
  attach,
  /** The fan-out's counters (frames, writes, its current window). */
  fanOut: () => ({ ...bench?.app.get(RealtimeGateway).fanOut?.stats, ...bench?.app.get(RealtimeGateway).frameWrites }),
  /** The fan-out's write path: straight to idle WebSockets (the default) or always through Socket.IO. */
  setDirectWrites: (args: { enabled: boolean }) => {
    bench!.app.get(RealtimeGateway).frameWrites.directEnabled = args.enabled;
    return true;
  },
  /** heapUsed after full collections (when --expose-gc is on), bytes. */
  heap: async () => {
    for (let i = 0; i < 3; i++) {
      gc?.();
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return { heapUsed: process.memoryUsage().heapUsed, forcedGc: gc !== undefined };
  },
  /** A heap snapshot of this process, written to `path` (heap-probe: what a board costs, by constructor). */
  heapSnapshot: (args: { path: string }) => writeHeapSnapshot(args.path),
  /** A CPU profile of this process from now (scan-profile bench). */
  profileStart: async (args: { intervalUs?: number }) => {
    profiler = new Session();
    profiler.connect();
    await profiler.post('Profiler.enable');
    await profiler.post('Profiler.setSamplingInterval', { interval: args.intervalUs ?? 200 });
    await profiler.post('Profiler.start');
    return true;
  },
  /** Stops the profile and writes it to `file` (a .cpuprofile). */
  profileStop: async (args: { file: string }) => {
    if (!profiler) return false;
    const { profile } = await profiler.post('Profiler.stop');
    writeFileSync(args.file, JSON.stringify(profile));
    profiler.disconnect();
    profiler = undefined;
    return true;
  },
  close: async () => {
    await bench?.close();
    setTimeout(() => process.exit(0), 10);
    return true;
  },
});
