// Express against @nestjs/platform-fastify on the scan workload (issue 13, item 4: "measure
// Express against @nestjs/platform-fastify on this workload and keep the faster"). The scan
// bench's app server boots on one adapter in a process of its own, on a fresh scratch database;
// the stations (another process) run a closed loop of scans at each concurrency, then GET
// /api/health; the server's CPU is read around each load. Adapters alternate A/B/A/B so the
// machine's drift shows in the per-round ratios.
//   node dist/backend/bench/http-adapter.bench.js   (DATABASE_URL: PostgreSQL)
//   BENCH_ADAPTER_SECONDS (10 per load), BENCH_ADAPTER_ROUNDS (2), BENCH_ADAPTER_CONCURRENCY ("16,64": scans in flight)
//   BENCH_ADAPTER_PROFILE=<dir>: after the last round's loads, one more scan loop per adapter under
//   the CPU profiler (not counted in the figures), and where the two differ, per scan, by package.
// The Fastify app is fastify-app.ts: the same modules and global pipeline, not a full port.
import { mkdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import type { HttpAdapterName } from './bench-app.js';
import type { LoadResult } from './scan-bench/load.js';
import type { ServerInfo } from './scan-bench/server.js';
import { selfTimes, type Profile } from './scan-profile.bench.js';
import { startChild, summarizeValues, type Child, type Summary } from './scan-bench/shared.js';

const DATABASE_URL = process.env.DATABASE_URL;
const SECONDS = Number(process.env.BENCH_ADAPTER_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ADAPTER_ROUNDS ?? 2);
const CONCURRENCIES = (process.env.BENCH_ADAPTER_CONCURRENCY ?? '16,64').split(',').map(Number);
/**
 * Concurrent health requests share one database check (a new connection each): at 16 in flight
 * the check's cost is spread over however many requests it serves, which a faster server makes
 * more; one at a time, each request pays one whole check on either adapter.
 */
const HEALTH_CONCURRENCIES = [1, 16];
const WARM_UP_MS = 3000;
const ADAPTERS: HttpAdapterName[] = ['express', 'fastify'];
const PROFILE_DIR = process.env.BENCH_ADAPTER_PROFILE;

/** One load on one adapter: requests per second, response times (ms), server CPU per request (ms). */
export interface LoadFigures {
  rate: number;
  p50: number;
  p99: number;
  cpuMs: number;
  ok: number;
  errors: number;
}

export interface AdapterRun {
  adapter: HttpAdapterName;
  round: number;
  /** By load name ('scan ×16', 'health ×16'). */
  loads: Record<string, LoadFigures>;
  /** BENCH_ADAPTER_PROFILE: the profiled scan loop's .cpuprofile and how many scans it served. */
  profile?: { file: string; scans: number };
}

export const METRICS = ['rate', 'p50', 'p99', 'cpuMs'] as const;
export type Metric = (typeof METRICS)[number];

export interface Comparison {
  load: string;
  metric: Metric;
  /** Means over the rounds. */
  express: number;
  fastify: number;
  /** fastify / express of the means. */
  ratio: number;
  /** fastify / express within each round that has both: how much the ratio moves with the machine. */
  roundRatios: number[];
}

export function mean(values: number[]): number {
  return values.length ? values.reduce((sum, value) => sum + value, 0) / values.length : NaN;
}

/** Fastify / Express for every load and metric both adapters measured, in the order the loads ran. */
export function compareAdapters(runs: AdapterRun[]): Comparison[] {
  const loads = [...new Set(runs.flatMap((run) => Object.keys(run.loads)))];
  const figure = (adapter: HttpAdapterName, round: number | null, load: string, metric: Metric) =>
    runs.filter((run) => run.adapter === adapter && (round === null || run.round === round) && run.loads[load]).map((run) => run.loads[load][metric]);
  const rounds = [...new Set(runs.map((run) => run.round))].sort((a, b) => a - b);
  const comparisons: Comparison[] = [];
  for (const load of loads) {
    for (const metric of METRICS) {
      const express = mean(figure('express', null, load, metric));
      const fastify = mean(figure('fastify', null, load, metric));
      if (Number.isNaN(express) || Number.isNaN(fastify)) continue;
      const roundRatios = rounds
        .map((round) => [figure('express', round, load, metric)[0], figure('fastify', round, load, metric)[0]])
        .filter(([a, b]) => a !== undefined && b !== undefined)
        .map(([a, b]) => b / a);
      comparisons.push({ load, metric, express, fastify, ratio: fastify / express, roundRatios });
    }
  }
  return comparisons;
}

const METRIC_LABELS: Record<Metric, string> = { rate: 'req/s', p50: 'p50 ms', p99: 'p99 ms', cpuMs: 'CPU ms/req' };

function formatFigure(metric: Metric, value: number): string {
  return metric === 'rate' ? value.toFixed(0) : metric === 'cpuMs' ? value.toFixed(3) : value.toFixed(1);
}

function figuresOf(ok: number, elapsedMs: number, latency: Summary, cpuSeconds: number, errors: number): LoadFigures {
  return { rate: (ok / elapsedMs) * 1000, p50: latency.p50, p99: latency.p99, cpuMs: ok ? (cpuSeconds * 1000) / ok : NaN, ok, errors };
}

function printRow(run: AdapterRun, load: string): void {
  const figures = run.loads[load];
  const cells = METRICS.map((metric) => formatFigure(metric, figures[metric]).padStart(11));
  console.log(`  ${String(run.round).padEnd(5)} ${run.adapter.padEnd(8)} ${load.padEnd(11)} ${cells.join('')} ${String(figures.ok).padStart(8)} ${String(figures.errors).padStart(6)}`);
}

/** The app on `adapter` in a fresh server process and scratch database, measured under each load. */
async function measure(adapter: HttpAdapterName, round: number, load: Child): Promise<AdapterRun> {
  const server = await startChild('server', `app server (${adapter})`, [], { ...process.env, DATABASE_URL });
  const run: AdapterRun = { adapter, round, loads: {} };
  try {
    const info = await server.call<ServerInfo>('setUp', { orders: 200, plannedPerOrder: 1_000_000, httpAdapter: adapter });
    const target = { url: info.url, token: info.token, processId: info.processId, orderIds: info.orderIds };
    // JIT, the session cache and the pool warm up before anything is counted.
    await load.call('closedLoop', { ...target, phase: 'warm', concurrency: 16, durationMs: WARM_UP_MS, capacity: 50_000 });
    await load.call('getLoop', { url: info.url, path: '/api/health', concurrency: 16, durationMs: 1000 });
    for (const concurrency of CONCURRENCIES) {
      const before = await server.call<number>('cpu');
      const result = await load.call<LoadResult>('closedLoop', { ...target, phase: `c${concurrency}`, concurrency, durationMs: SECONDS * 1000, capacity: 400_000 });
      const cpu = (await server.call<number>('cpu')) - before;
      const latency = summarizeValues(result.responseMs.subarray(0, result.sent).filter((ms) => ms >= 0));
      const errors = Object.values(result.errors).reduce((sum, count) => sum + count, 0);
      run.loads[`scan ×${concurrency}`] = figuresOf(result.ok, result.elapsedMs, latency, cpu, errors);
      if (errors) console.log(`    ${adapter} scan ×${concurrency} errors: ${JSON.stringify(result.errors).slice(0, 300)}`);
      printRow(run, `scan ×${concurrency}`);
    }
    for (const concurrency of HEALTH_CONCURRENCIES) {
      const before = await server.call<number>('cpu');
      const health = await load.call<{ count: number; elapsedMs: number; latency: Summary }>('getLoop', { url: info.url, path: '/api/health', concurrency, durationMs: SECONDS * 1000 });
      const cpu = (await server.call<number>('cpu')) - before;
      run.loads[`health ×${concurrency}`] = figuresOf(health.count, health.elapsedMs, health.latency, cpu, 0);
      printRow(run, `health ×${concurrency}`);
    }
    if (PROFILE_DIR && round === ROUNDS) {
      const file = join(PROFILE_DIR, `scan-${adapter}.cpuprofile`);
      await server.call('profileStart', { intervalUs: 200 });
      const result = await load.call<LoadResult>('closedLoop', { ...target, phase: 'prof', concurrency: 16, durationMs: SECONDS * 1000, capacity: 400_000 });
      await server.call('profileStop', { file });
      run.profile = { file, scans: result.ok };
    }
    await server.call('close');
  } finally {
    server.process.kill();
  }
  return run;
}

async function main(): Promise<void> {
  if (!DATABASE_URL?.startsWith('postgres')) {
    console.log('HTTP adapter bench skipped: DATABASE_URL (PostgreSQL) not set');
    return;
  }
  console.log(`\nHTTP adapter — Express vs Fastify on the scan workload: closed loops of ${SECONDS} s (no boards), ${ROUNDS} rounds A/B, load average ${loadavg()[0].toFixed(2)}`);
  console.log(`  ${'round'} ${'adapter'.padEnd(8)} ${'load'.padEnd(11)} ${METRICS.map((metric) => METRIC_LABELS[metric].padStart(11)).join('')} ${'ok'.padStart(8)} ${'errors'.padStart(6)}`);
  if (PROFILE_DIR) mkdirSync(PROFILE_DIR, { recursive: true });
  const load = await startChild('load', 'stations', [], { ...process.env, DATABASE_URL });
  const runs: AdapterRun[] = [];
  try {
    for (let round = 1; round <= ROUNDS; round++) {
      for (const adapter of ADAPTERS) runs.push(await measure(adapter, round, load));
    }
  } finally {
    load.process.kill();
  }
  console.log(`\n  Fastify / Express (ratio of the means; each round's ratio in brackets) — load average ${loadavg()[0].toFixed(2)}`);
  for (const comparison of compareAdapters(runs)) {
    const rounds = comparison.roundRatios.map((ratio) => ratio.toFixed(2)).join(' ');
    console.log(
      `  ${comparison.load.padEnd(11)} ${METRIC_LABELS[comparison.metric].padEnd(11)} express ${formatFigure(comparison.metric, comparison.express).padStart(8)}  fastify ${formatFigure(comparison.metric, comparison.fastify).padStart(8)}  ×${comparison.ratio.toFixed(2)} [${rounds}]`,
    );
  }
  printProfileDifference(runs);
}

/** Profiled self time per scan (ms) by package or source folder, where the adapters differ most. */
function printProfileDifference(runs: AdapterRun[]): void {
  const perScan = (adapter: HttpAdapterName) => {
    const run = runs.find((candidate) => candidate.adapter === adapter && candidate.profile);
    if (!run?.profile) return null;
    const { byArea, total } = selfTimes(JSON.parse(readFileSync(run.profile.file, 'utf8')) as Profile);
    const scans = run.profile.scans;
    return { file: run.profile.file, total: total / 1000 / scans, areas: new Map(byArea.map(([name, us]) => [name, us / 1000 / scans])) };
  };
  const express = perScan('express');
  const fastify = perScan('fastify');
  if (!express || !fastify) return;
  console.log(`\n  Profiled scan ×16, self time per scan: express ${express.total.toFixed(3)} ms, fastify ${fastify.total.toFixed(3)} ms (${express.file}, ${fastify.file})`);
  const names = [...new Set([...express.areas.keys(), ...fastify.areas.keys()])];
  const rows = names.map((name) => ({ name, express: express.areas.get(name) ?? 0, fastify: fastify.areas.get(name) ?? 0 }));
  rows.sort((a, b) => Math.abs(b.express - b.fastify) - Math.abs(a.express - a.fastify));
  console.log(`  ${'express'.padStart(8)} ${'fastify'.padStart(8)} ${'Δ'.padStart(8)}  package or folder (largest differences)`);
  for (const row of rows.slice(0, 20)) {
    console.log(`  ${row.express.toFixed(3).padStart(8)} ${row.fastify.toFixed(3).padStart(8)} ${(row.fastify - row.express).toFixed(3).padStart(8)}  ${row.name}`);
  }
}

// Run only as the entry point (the spec imports compareAdapters).
if (process.argv[1]?.endsWith('http-adapter.bench.js')) {
  await main();
  process.exit(0);
}
