// What one subscribed board costs the server's heap, by kind of object (issue 13, item 5: heap per
// board ≤ 10 KiB). The scan bench prints the total per board; this says where it goes: the app
// in its own process, a heap snapshot with no boards and one with BENCH_HEAP_BOARDS (1,000)
// boards subscribed to `board` (as the scan bench connects them), and the difference of the
// snapshots' self sizes per constructor (objects) or per V8 type (strings, arrays, closures),
// divided by the number of boards.
//   node dist/backend/bench/board-heap.bench.js   (DATABASE_URL: PostgreSQL; BENCH_HEAP_BOARDS)
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ServerInfo } from './scan-bench/server.js';
import { startChild, type Child } from './scan-bench/shared.js';

const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const BOARDS = Number(process.env.BENCH_HEAP_BOARDS ?? 1000);
const TOP = Number(process.env.BENCH_HEAP_TOP ?? 20);

interface HeapSnapshotFile {
  snapshot: { meta: { node_fields: string[]; node_types: [string[], ...unknown[]] } };
  nodes: number[];
  strings: string[];
}

/** Self size per kind: an object's constructor name, else its V8 type (string, array, closure…). */
export function selfSizeByKind(snapshot: HeapSnapshotFile): Map<string, { bytes: number; count: number }> {
  const fields = snapshot.snapshot.meta.node_fields;
  const types = snapshot.snapshot.meta.node_types[0];
  const width = fields.length;
  const typeAt = fields.indexOf('type');
  const nameAt = fields.indexOf('name');
  const sizeAt = fields.indexOf('self_size');
  const kinds = new Map<string, { bytes: number; count: number }>();
  for (let i = 0; i < snapshot.nodes.length; i += width) {
    const type = types[snapshot.nodes[i + typeAt]];
    const name = snapshot.strings[snapshot.nodes[i + nameAt]];
    // Objects by constructor, closures by function name (which listener or callback a socket holds).
    const kind = type === 'object' ? name : type === 'closure' ? `(closure) ${name || 'anonymous'}` : `(${type})`;
    const entry = kinds.get(kind) ?? { bytes: 0, count: 0 };
    entry.bytes += snapshot.nodes[i + sizeAt];
    entry.count++;
    kinds.set(kind, entry);
  }
  return kinds;
}

async function snapshotOf(server: Child, path: string): Promise<Map<string, { bytes: number; count: number }>> {
  await server.call('heap'); // forced collections first: only what is retained counts
  await server.call('heapSnapshot', { path });
  const kinds = selfSizeByKind(JSON.parse(readFileSync(path, 'utf8')) as HeapSnapshotFile);
  rmSync(path);
  return kinds;
}

/** What each board costs the app's heap and the bare Socket.IO server's (scan-bench/bare-server), by kind. */
async function measure(target: 'app' | 'bare'): Promise<Map<string, { bytes: number; count: number }>> {
  const env = { ...process.env, DATABASE_URL };
  const dir = mkdtempSync(join(tmpdir(), 'board-heap-'));
  const server = await startChild(target === 'app' ? 'server' : 'bare-server', target, ['--expose-gc'], env);
  const boards = await startChild('boards', 'boards', [], env);
  try {
    let url: string;
    let auth: object = {};
    if (target === 'app') {
      const info = await server.call<ServerInfo>('setUp', { orders: 10, plannedPerOrder: 1000 });
      url = info.url;
      auth = { token: info.token };
    } else url = await server.call<string>('listen');
    // A few boards first, so what exists once (the first socket's lazily built parts) is in both snapshots.
    await boards.call('connect', { url, auth, rooms: ['board'], count: 10 });
    const before = await snapshotOf(server, join(dir, 'before.heapsnapshot'));
    const heapBefore = (await server.call<{ heapUsed: number }>('heap')).heapUsed;
    await boards.call('connect', { url, auth, rooms: ['board'], count: 10 + BOARDS });
    const heapAfter = (await server.call<{ heapUsed: number }>('heap')).heapUsed;
    const after = await snapshotOf(server, join(dir, 'after.heapsnapshot'));
    const rows = [...new Set([...before.keys(), ...after.keys()])]
      .map((kind) => {
        const a = after.get(kind) ?? { bytes: 0, count: 0 };
        const b = before.get(kind) ?? { bytes: 0, count: 0 };
        return [kind, { bytes: (a.bytes - b.bytes) / BOARDS, count: (a.count - b.count) / BOARDS }] as const;
      });
    const total = rows.reduce((sum, [, row]) => sum + row.bytes, 0);
    console.log(`  ${target}: heapUsed after forced GC ${((heapAfter - heapBefore) / BOARDS / 1024).toFixed(2)} KiB per board; snapshot difference ${(total / 1024).toFixed(2)} KiB`);
    return new Map(rows);
  } finally {
    await boards.call('disconnect').catch(() => undefined);
    await server.call('close').catch(() => undefined); // the app drops its scratch database
    server.process.kill();
    boards.process.kill();
    rmSync(dir, { recursive: true, force: true });
  }
}

console.log(`\nServer heap per subscribed board — ${BOARDS} boards on room 'board', one session (as the scan bench)`);
const app = await measure('app');
const bare = await measure('bare');
const zero = { bytes: 0, count: 0 };
const rows = [...new Set([...app.keys(), ...bare.keys()])]
  .map((kind) => ({ kind, app: app.get(kind) ?? zero, bare: bare.get(kind) ?? zero }))
  .sort((x, y) => Math.abs(y.app.bytes - y.bare.bytes) - Math.abs(x.app.bytes - x.bare.bytes));
console.log(`  by kind, largest difference first (bytes per board; objects per board):`);
console.log(`  ${'kind'.padEnd(40)} ${'app'.padStart(7)} ${'bare'.padStart(7)} ${'app−bare'.padStart(9)} ${'objects app/bare'.padStart(17)}`);
for (const row of rows.slice(0, TOP)) {
  console.log(
    `  ${row.kind.slice(0, 40).padEnd(40)} ${row.app.bytes.toFixed(0).padStart(7)} ${row.bare.bytes.toFixed(0).padStart(7)} ${(row.app.bytes - row.bare.bytes).toFixed(0).padStart(9)} ${`${row.app.count.toFixed(2)}/${row.bare.count.toFixed(2)}`.padStart(17)}`,
  );
}
