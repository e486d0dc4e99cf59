// Where a scan's server CPU goes (issue 13, item 4): the scan bench's app server in its own
// process under `--cpu-prof`, a closed loop of scans (no boards), then the raw `pg` loop of the
// same statements for the ratio, and the profile's top self-time entries.
//   node dist/backend/bench/scan-profile.bench.js   (DATABASE_URL: PostgreSQL; BENCH_PROFILE_SECONDS, 10)
// Numbers are per run and noisy on a shared machine: compare the ratios, not the absolutes.
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LoadResult } from './scan-bench/load.js';
import { RAW_VARIANTS, type RawVariant } from './scan-bench/raw-scan.js';
import type { ServerInfo } from './scan-bench/server.js';
import { startChild } from './scan-bench/shared.js';

const DATABASE_URL = process.env.DATABASE_URL;
const SECONDS = Number(process.env.BENCH_PROFILE_SECONDS ?? 10);
const CONCURRENCY = Number(process.env.BENCH_SCAN_CONCURRENCY ?? 64);
/** The same statements as the app sends them: pipelined unless the bench runs with DB_PIPELINE=false. */
const RAW_LIKE_THE_APP: RawVariant = process.env.DB_PIPELINE === 'false' ? 'v2' : 'v3';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
export interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Self time per function (µs), by `name (file:line)`, and per package/area. */
export function selfTimes(profile: Profile): { byFunction: [string, number][]; byArea: [string, number][]; total: number } {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<string, number>();
  const area = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, index) => {
    const node = byId.get(id)!;
    const delta = profile.timeDeltas[index] ?? 0;
    const { functionName, url, lineNumber } = node.callFrame;
    if (functionName === '(idle)' || functionName === '(program)') return;
    total += delta;
    const file = url.replace(/^file:\/\//, '').replace(/.*node_modules\//, 'nm:').replace(/.*\/dist\//, '');
    const key = `${functionName || '(anonymous)'} ${file ? `(${file}:${lineNumber + 1})` : ''}`;
    self.set(key, (self.get(key) ?? 0) + delta);
    const areaKey = file.startsWith('nm:') ? file.slice(3).split('/').slice(0, file.slice(3).startsWith('@') ? 2 : 1).join('/') : file.startsWith('node:') ? 'node:' + file.slice(5).split('/')[0] : file ? file.split('/').slice(0, 3).join('/') : functionName;
    area.set(areaKey, (area.get(areaKey) ?? 0) + delta);
  });
  const sorted = (map: Map<string, number>) => [...map.entries()].sort((a, b) => b[1] - a[1]);
  return { byFunction: sorted(self), byArea: sorted(area), total };
}

async function main(): Promise<void> {
  if (!DATABASE_URL?.startsWith('postgres')) {
    console.log('scan profile skipped: DATABASE_URL (PostgreSQL) not set');
    return;
  }
  const dir = mkdtempSync(join(tmpdir(), 'scan-profile-'));
  const env = { ...process.env, DATABASE_URL };
  const server = await startChild('server', 'app server', ['--expose-gc'], env);
  const load = await startChild('load', 'stations', [], env);
  try {
    const info = await server.call<ServerInfo>('setUp', { orders: 200, plannedPerOrder: 1_000_000 });
    const target = { url: info.url, token: info.token, processId: info.processId, orderIds: info.orderIds };
    await load.call('closedLoop', { ...target, phase: 'warm', concurrency: 16, durationMs: 2000, capacity: 20_000 });
    await server.call('profileStart', { intervalUs: 200 });
    const before = await server.call<number>('cpu');
    const run = await load.call<LoadResult>('closedLoop', { ...target, phase: 'prof', concurrency: CONCURRENCY, durationMs: SECONDS * 1000, capacity: 200_000 });
    const cpu = (await server.call<number>('cpu')) - before;
    await server.call('profileStop', { file: join(dir, 'scan.cpuprofile') });
    const rate = (run.ok / run.elapsedMs) * 1000;
    const raw = await load.call<{ count: number; elapsedMs: number }>('rawPg', {
      databaseUrl: info.databaseUrl,
      orderIds: info.orderIds,
      processId: info.processId,
      userId: info.userId,
      poolSize: 10,
      variant: RAW_LIKE_THE_APP,
      concurrency: CONCURRENCY,
      durationMs: SECONDS * 1000,
      phase: 'rawp',
    });
    const rawRate = (raw.count / raw.elapsedMs) * 1000;
    console.log(`\nScan profile — ${CONCURRENCY} in flight for ${SECONDS} s, no boards`);
    console.log(`  app: ${run.ok} scans, ${rate.toFixed(0)}/s, server CPU ${((cpu * 1000) / run.ok).toFixed(3)} ms per scan; errors ${JSON.stringify(run.errors)}`);
    console.log(`  raw pg loop (${RAW_VARIANTS[RAW_LIKE_THE_APP].label}): ${rawRate.toFixed(0)}/s → app at ${((rate / rawRate) * 100).toFixed(0)} % of raw`);
    await server.call('close').catch(() => undefined);
  } finally {
    load.process.kill();
  }
  const file = readdirSync(dir).find((name) => name.endsWith('.cpuprofile'));
  if (!file) return console.log(`  no profile written in ${dir}`);
  const { byFunction, byArea, total } = selfTimes(JSON.parse(readFileSync(join(dir, file), 'utf8')) as Profile);
  const share = (value: number) => `${((value / total) * 100).toFixed(1).padStart(5)} %`;
  console.log(`  profile ${join(dir, file)} (the scan loop only, busy ${(total / 1e6).toFixed(1)} s)`);
  console.log('  top areas by self time:');
  for (const [name, value] of byArea.slice(0, 20)) console.log(`   ${share(value)}  ${name}`);
  console.log('  top functions by self time:');
  for (const [name, value] of byFunction.slice(0, 30)) console.log(`   ${share(value)}  ${name}`);
}

// Run only as the entry point (board-browser.bench imports selfTimes).
if (process.argv[1]?.endsWith('scan-profile.bench.js')) {
  await main();
  process.exit(0);
}
