// `npm run bench`: how fast a committed change reaches subscribed clients, against baselines
// measured in the same run on the same machine:
//   - a bare Socket.IO broadcast (no database, no Nest): the floor for delivery;
//   - a raw `pg` transaction doing the same writes (row lock, upsert, event insert): the floor
//     for the write.
// Runs on DATABASE_URL when set, else on the embedded database. Prints figures and ratios.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { Server } from 'socket.io';
import { io as connect, type Socket } from 'socket.io-client';
import { SOCKET_EVENTS, type DomainEventEnvelope } from '../../contracts/events.js';
import { createApp } from '../src/app.factory.js';
import { loadConfig } from '../src/config/app-config.js';
import { IN_MEMORY_DATA_DIR } from '../src/database/embedded-postgres.js';
import { createScratchDatabase } from '../src/database/scratch-database.js';
import { formatMs, nowMs, percentiles } from './stats.js';

const CLIENT_COUNTS = [100, 500];
const CHANGES = 100;
const ADMIN_PASSWORD = 'bench-admin-pass';

async function connectClients(url: string, count: number, auth: object, rooms?: string[]): Promise<Socket[]> {
  const sockets: Socket[] = [];
  for (let i = 0; i < count; i += 50) {
    const batch = Array.from({ length: Math.min(50, count - i) }, async () => {
      const socket = connect(url, { path: '/socket.io', auth, transports: ['websocket'], reconnection: false, forceNew: true });
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', resolve);
        socket.once('connect_error', reject);
      });
      if (rooms) await socket.timeout(10_000).emitWithAck(SOCKET_EVENTS.subscribe, { rooms });
      return socket;
    });
    sockets.push(...(await Promise.all(batch)));
  }
  return sockets;
}

/** Waits until every socket has received `expected` messages of `event`; returns arrival times per message index. */
/** `listEvent`: an event carrying a list of payloads (the app's batched `domain-events`), each counted. */
function trackArrivals(sockets: Socket[], event: string, keyOf: (payload: unknown) => number, listEvent?: string): Map<number, number[]> {
  const arrivals = new Map<number, number[]>();
  const arrived = (payload: unknown) => {
    const key = keyOf(payload);
    const list = arrivals.get(key) ?? [];
    list.push(nowMs());
    arrivals.set(key, list);
  };
  for (const socket of sockets) {
    socket.on(event, arrived);
    if (listEvent) socket.on(listEvent, (payloads: unknown[]) => payloads.forEach(arrived));
  }
  return arrivals;
}

async function waitFor(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const start = Date.now();
  while (!condition()) {
    if (Date.now() - start > timeoutMs) throw new Error('timed out waiting for deliveries');
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}

async function bareSocketIoBaseline(clients: number): Promise<number[]> {
  const http = createServer();
  const server = new Server(http, { path: '/socket.io' });
  server.on('connection', (socket) => void socket.join('settings'));
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  const sockets = await connectClients(url, clients, {});
  const arrivals = trackArrivals(sockets, 'm', (payload) => (payload as { i: number }).i);
  const latencies: number[] = [];
  for (let i = 0; i < CHANGES; i++) {
    const sent = nowMs();
    server.to('settings').emit('m', { i, refreshType: i % 3 });
    await waitFor(() => (arrivals.get(i)?.length ?? 0) >= clients);
    latencies.push(...arrivals.get(i)!.map((t) => t - sent));
  }
  for (const socket of sockets) socket.disconnect();
  await server.close();
  return latencies;
}

async function rawPgBaseline(databaseUrl: string): Promise<number[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const durations: number[] = [];
  for (let i = 0; i < CHANGES; i++) {
    const start = nowMs();
    await client.query('BEGIN');
    await client.query(`SELECT value FROM system_setting WHERE key = 'bench.raw' FOR UPDATE`);
    await client.query(
      `INSERT INTO system_setting (key, value) VALUES ('bench.raw', $1::jsonb) ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = now()`,
      [JSON.stringify({ refreshType: i % 3 })],
    );
    await client.query(`INSERT INTO domain_event (name, rooms, payload) VALUES ('bench.raw', '{bench}', $1::jsonb)`, [JSON.stringify({ i })]);
    await client.query('COMMIT');
    durations.push(nowMs() - start);
  }
  await client.end();
  return durations;
}

async function main(): Promise<void> {
  // On a server, work in a scratch database of our own and drop it afterwards.
  const scratch = process.env.DATABASE_URL ? await createScratchDatabase(process.env.DATABASE_URL, 'sb_bench') : null;
  const databaseUrl = scratch?.url;
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    ADMIN_PASSWORD,
    SEED_DEMO: 'false',
    DATA_DIR: IN_MEMORY_DATA_DIR,
    FRONTEND_DIST: '/nonexistent',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  console.log(`Stitchboard bench — database: ${databaseUrl ? 'PostgreSQL server' : 'embedded PGlite (in memory)'}, ${CHANGES} changes per run\n`);

  const bootStart = nowMs();
  const app = await createApp(config);
  await app.listen(0, '127.0.0.1');
  console.log(`boot (migrations, seed, listen): ${formatMs(nowMs() - bootStart)}`);
  const url = (await app.getUrl()).replace('[::1]', '127.0.0.1');
  const login = await fetch(`${url}/api/admin/login/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: 'admin', password: ADMIN_PASSWORD }),
  });
  const token = ((await login.json()) as { data: { token: string } }).data.token;

  for (const clients of CLIENT_COUNTS) {
    const heapBefore = process.memoryUsage().heapUsed;
    const sockets = await connectClients(url, clients, { token }, ['settings']);
    const heapPerClient = (process.memoryUsage().heapUsed - heapBefore) / clients;
    const arrivals = trackArrivals(sockets, SOCKET_EVENTS.domainEvent, (payload) => (payload as DomainEventEnvelope).seq, SOCKET_EVENTS.domainEvents);
    const postToDelivery: number[] = [];
    const roundTrips: number[] = [];
    for (let i = 0; i < CHANGES; i++) {
      const sent = nowMs();
      const response = await fetch(`${url}/api/admin/setting/updateDashboardSetting`, {
        method: 'POST',
        headers: { token, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ refreshInterval: String(10 + (i % 50)) }),
      });
      await response.arrayBuffer();
      roundTrips.push(nowMs() - sent);
      // The seq of this change is the newest one delivered.
      await waitFor(() => [...arrivals.values()].some((list) => list.length >= clients) && arrivals.size >= i + 1);
      const seq = Math.max(...arrivals.keys());
      await waitFor(() => (arrivals.get(seq)?.length ?? 0) >= clients);
      postToDelivery.push(...arrivals.get(seq)!.map((t) => t - sent));
    }
    for (const socket of sockets) socket.disconnect();

    const baseline = await bareSocketIoBaseline(clients);
    const ours = percentiles(postToDelivery);
    const bare = percentiles(baseline);
    console.log(`\n${clients} subscribed clients:`);
    console.log(`  change POSTed → event at every client   p50 ${formatMs(ours.p50)}  p95 ${formatMs(ours.p95)}  p99 ${formatMs(ours.p99)}`);
    console.log(`  bare Socket.IO broadcast (baseline)     p50 ${formatMs(bare.p50)}  p95 ${formatMs(bare.p95)}  p99 ${formatMs(bare.p99)}`);
    console.log(`  ratio ours / bare broadcast             p50 ×${(ours.p50 / bare.p50).toFixed(1)}  p99 ×${(ours.p99 / bare.p99).toFixed(1)}`);
    console.log(`  HTTP round trip of the change           p50 ${formatMs(percentiles(roundTrips).p50)}`);
    console.log(`  server heap per subscribed client       ${(heapPerClient / 1024).toFixed(1)} KiB (includes the in-process client)`);
  }

  if (databaseUrl) {
    const raw = percentiles(await rawPgBaseline(databaseUrl));
    console.log(`\nraw pg transaction, same writes (baseline)  p50 ${formatMs(raw.p50)}  p99 ${formatMs(raw.p99)}`);
  } else {
    console.log('\n(raw pg baseline needs DATABASE_URL: the embedded database takes one connection, the app holds it)');
  }
  await app.close();
  await scratch?.drop();
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
