// The scan stations, outside the server's process: POST /api/admin/scan/record over keep-alive
// HTTP with the session token, form-encoded like a station. Open loop (a fixed rate, each scan
// timed from when it was due to be sent, whatever the server's pace) or closed loop (N requests
// in flight). Also runs the raw `pg` baseline: the same statements in one transaction per scan.
import { Agent, request } from 'node:http';
import pg from 'pg';
import { clock, cpuSeconds, scanIdOf, serve, sleep, summarizeValues, type Summary } from './shared.js';
import { RAW_VARIANTS, type RawVariant } from './raw-scan.js';

interface Target {
  url: string;
  /** Several instances: scan i goes to urls[i % urls.length] (`url` is then unused). */
  urls?: string[];
  token: string;
  processId: number;
  orderIds: number[];
}

export interface LoadResult {
  /** Per scan index: response time in ms, or -1 when the scan was refused or failed. */
  responseMs: Float64Array;
  /** Per scan index: when it was sent (our clock). */
  sentAt: Float64Array;
  sent: number;
  ok: number;
  errors: Record<string, number>;
  elapsedMs: number;
  /** Open loop only: the scan index at which sending stopped because the server fell behind. */
  stoppedAt?: number;
}

function post(agent: Agent, target: Target, body: string, index = 0): Promise<{ status: number; text: string }> {
  const url = new URL(target.urls?.length ? target.urls[index % target.urls.length] : target.url);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        agent,
        host: url.hostname,
        port: url.port,
        method: 'POST',
        path: '/api/admin/scan/record',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': Buffer.byteLength(body), token: target.token, 'accept-language': 'en' },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString() }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

function scanBody(target: Target, scanId: string, orderId: number): string {
  return `scanId=${scanId}&orderId=${orderId}&processId=${target.processId}&quantity=1&deviceId=bench-station`;
}

async function sendOne(agent: Agent, target: Target, phase: string, index: number, result: LoadResult): Promise<void> {
  const orderId = target.orderIds[index % target.orderIds.length];
  const sentAt = clock();
  const scanId = scanIdOf(phase, index, sentAt);
  result.sentAt[index] = sentAt;
  result.sent++;
  try {
    const response = await post(agent, target, scanBody(target, scanId, orderId), index);
    const code = response.status === 200 ? (JSON.parse(response.text) as { code: number }).code : response.status;
    if (code === 200) {
      result.responseMs[index] = clock() - sentAt;
      result.ok++;
    } else {
      const key = `${code} ${response.text.slice(0, 120)}`;
      result.errors[key] = (result.errors[key] ?? 0) + 1;
    }
  } catch (error) {
    const key = String(error);
    result.errors[key] = (result.errors[key] ?? 0) + 1;
  }
}

function newResult(capacity: number): LoadResult {
  return { responseMs: new Float64Array(capacity).fill(-1), sentAt: new Float64Array(capacity), sent: 0, ok: 0, errors: {}, elapsedMs: 0 };
}

/**
 * `count` scans at `rate` per second, each sent when due (open loop). When the server falls so
 * far behind that `maxInFlight` scans are waiting, the run stops sending (`stoppedAt`): past
 * that point the queue only grows and the figures say nothing more.
 */
async function openLoop(args: Target & { phase: string; rate: number; count: number; maxInFlight: number }): Promise<LoadResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: args.maxInFlight });
  const result = newResult(args.count);
  const inFlight: Promise<void>[] = [];
  let waiting = 0;
  const start = clock();
  let next = 0;
  while (next < args.count) {
    const now = clock();
    while (next < args.count && start + (next * 1000) / args.rate <= now) {
      if (waiting >= args.maxInFlight) {
        result.stoppedAt = next;
        break;
      }
      waiting++;
      inFlight.push(sendOne(agent, args, args.phase, next++, result).finally(() => waiting--));
    }
    if (result.stoppedAt !== undefined) break;
    await sleep(1);
  }
  await Promise.all(inFlight);
  result.elapsedMs = clock() - start;
  agent.destroy();
  return result;
}

/** `concurrency` scans in flight for `durationMs` (closed loop). */
async function closedLoop(args: Target & { phase: string; concurrency: number; durationMs: number; capacity: number }): Promise<LoadResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: args.concurrency });
  const result = newResult(args.capacity);
  const start = clock();
  let next = 0;
  const worker = async () => {
    while (clock() - start < args.durationMs && next < args.capacity) await sendOne(agent, args, args.phase, next++, result);
  };
  await Promise.all(Array.from({ length: args.concurrency }, worker));
  result.elapsedMs = clock() - start;
  agent.destroy();
  return result;
}

/** The raw `pg` baseline: `concurrency` loops over a pool of `poolSize`, one transaction per scan. */
async function rawPg(args: {
  databaseUrl: string;
  variant: RawVariant;
  concurrency: number;
  poolSize: number;
  durationMs: number;
  orderIds: number[];
  processId: number;
  userId: number;
  phase: string;
}): Promise<{ count: number; elapsedMs: number; txMs: Float64Array; statements: number }> {
  const scan = RAW_VARIANTS[args.variant];
  const pool = new pg.Pool({ connectionString: args.databaseUrl, max: args.poolSize, pipeline: scan.pipeline } as pg.PoolConfig);
  const txMs: number[] = [];
  const start = clock();
  let next = 0;
  const worker = async () => {
    while (clock() - start < args.durationMs) {
      const index = next++;
      const began = clock();
      const client = await pool.connect();
      try {
        await scan(client, { scanId: scanIdOf(args.phase, index, began), orderId: args.orderIds[index % args.orderIds.length], processId: args.processId, userId: args.userId });
      } finally {
        client.release();
      }
      txMs.push(clock() - began);
    }
  };
  await Promise.all(Array.from({ length: args.concurrency }, worker));
  const elapsedMs = clock() - start;
  await pool.end();
  return { count: txMs.length, elapsedMs, txMs: Float64Array.from(txMs), statements: scan.statements };
}

/** `concurrency` GETs of `path` in flight for `durationMs`: requests done, and their response times. */
async function getLoop(args: { url: string; path: string; token?: string; concurrency: number; durationMs: number }): Promise<{ count: number; elapsedMs: number; latency: Summary }> {
  const url = new URL(args.url);
  const agent = new Agent({ keepAlive: true, maxSockets: args.concurrency });
  const get = () =>
    new Promise<void>((resolve, reject) => {
      const req = request({ agent, host: url.hostname, port: url.port, path: args.path, headers: args.token ? { token: args.token } : {} }, (res) => {
        res.resume();
        res.on('end', () => (res.statusCode === 200 ? resolve() : reject(new Error(`${args.path}: HTTP ${res.statusCode}`))));
      });
      req.on('error', reject);
      req.end();
    });
  const start = clock();
  const responseMs: number[] = [];
  await Promise.all(
    Array.from({ length: args.concurrency }, async () => {
      while (clock() - start < args.durationMs) {
        const sentAt = clock();
        await get();
        responseMs.push(clock() - sentAt);
      }
    }),
  );
  const elapsedMs = clock() - start;
  agent.destroy();
  return { count: responseMs.length, elapsedMs, latency: summarizeValues(responseMs) };
}

serve({
  ready: () => true,
  getLoop,
  clock: () => clock(),
  cpu: () => cpuSeconds(),
  openLoop,
  closedLoop,
  rawPg,
});
