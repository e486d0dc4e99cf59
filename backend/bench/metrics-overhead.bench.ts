// What the Prometheus metrics cost per request (issue 13, item 9):
//
//   1. Per request, in isolation: the HTTP middleware as Express calls it (a clock read, a
//      'finish' listener, one histogram observation; for the scan route also the scan histogram
//      and counter) on a fake request/response, 200,000 times: µs of CPU per request; and the
//      fan-out hook (count and lag of one event handed to Socket.IO): µs per event.
//   2. End to end: the real app without METRICS_TOKEN and with it, alternately (A B A B A B),
//      scans POSTed one at a time over keep-alive HTTP: ms per scan and this process's CPU per
//      scan (client and server share the process, so only the difference between A and B means
//      anything), and one scrape's time and size after the runs.
//
// Run: npm run build:backend && node dist/backend/bench/metrics-overhead.bench.js
// (DATABASE_URL for a PostgreSQL server; a scratch database is made and dropped. BENCH_SCANS per run, default 1000; BENCH_ROUNDS, default 3.)
import { EventEmitter } from 'node:events';
import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';
import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import { DataSource } from 'typeorm';
import { MetricsService } from '../src/metrics/metrics.service.js';
import { SCAN_RECORD_PATH } from '../src/scan/scan.controller.js';
import { bootBenchApp, createBenchFactory, type BenchApp } from './bench-app.js';

const SCANS = Number(process.env.BENCH_SCANS ?? 1000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const MICRO_CALLS = 200_000;
const TOKEN = 'metrics-bench-token-0123456789abcdef';

interface Run {
  msPerScan: number;
  cpuMsPerScan: number;
}

function post(agent: Agent, url: URL, token: string, body: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        agent,
        host: url.hostname,
        port: url.port,
        method: 'POST',
        path: '/api/admin/scan/record',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': Buffer.byteLength(body), token },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

async function prepare(bench: BenchApp): Promise<{ orderId: number; processId: number }> {
  const { customer, goods, colors, processes } = await createBenchFactory(bench, 'METRICS');
  const order = await bench.post('admin/productionOrder/create', {
    orderNo: 'PO-METRICS-1',
    customer: String(customer),
    goodsId: String(goods.id),
    orderDate: '2026-01-05',
    deliveryDate: '2099-12-31',
    cells: JSON.stringify([{ colorId: colors[0], sizeId: goods.sizes[0].id, quantity: 1_000_000 }]),
  });
  const orderId = order.data.id as number;
  await bench.app.get(DataSource).query(`UPDATE production_order SET reviewed = true, document = 'bench-document' WHERE id = $1`, [orderId]);
  return { orderId, processId: processes[0] };
}

async function run(withMetrics: boolean): Promise<Run & { scrapeMs?: number; scrapeBytes?: number }> {
  const bench = await bootBenchApp(withMetrics ? { env: { METRICS_TOKEN: TOKEN } } : {});
  try {
    const { orderId, processId } = await prepare(bench);
    const url = new URL(bench.url);
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const scan = async () => {
      const status = await post(agent, url, bench.token, new URLSearchParams({ scanId: randomUUID(), orderId: String(orderId), processId: String(processId), quantity: '1' }).toString());
      if (status !== 200) throw new Error(`scan answered ${status}`);
    };
    for (let i = 0; i < 100; i++) await scan(); // warm-up: JIT, statement caches
    const cpu = process.cpuUsage();
    const started = performance.now();
    for (let i = 0; i < SCANS; i++) await scan();
    const elapsed = performance.now() - started;
    const used = process.cpuUsage(cpu);
    agent.destroy();
    const result: Run & { scrapeMs?: number; scrapeBytes?: number } = { msPerScan: elapsed / SCANS, cpuMsPerScan: (used.user + used.system) / 1000 / SCANS };
    if (withMetrics) {
      const begin = performance.now();
      const response = await fetch(`${bench.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
      const text = await response.text();
      result.scrapeMs = performance.now() - begin;
      result.scrapeBytes = text.length;
    }
    return result;
  } finally {
    await bench.close();
  }
}

/** The middleware alone, as Express calls it, on the scan route (the most work it does per request). */
async function micro(): Promise<{ perRequest: number; perEvent: number }> {
  const bench = await bootBenchApp({ env: { METRICS_TOKEN: TOKEN } });
  try {
    const metrics = bench.app.get(MetricsService);
    const req = { method: 'POST', baseUrl: '', originalUrl: SCAN_RECORD_PATH, route: { path: SCAN_RECORD_PATH } } as unknown as Request;
    const next: NextFunction = () => undefined;
    const once = () => {
      const res = Object.assign(new EventEmitter(), { statusCode: 200, getHeader: () => undefined }) as unknown as Response;
      metrics.httpMiddleware(req, res, next);
      res.emit('finish');
    };
    const bare = () => {
      const res = Object.assign(new EventEmitter(), { statusCode: 200, getHeader: () => undefined }) as unknown as Response;
      res.emit('finish');
    };
    for (let i = 0; i < 20_000; i++) once();
    const time = (work: () => void) => {
      const cpu = process.cpuUsage();
      for (let i = 0; i < MICRO_CALLS; i++) work();
      const used = process.cpuUsage(cpu);
      return (used.user + used.system) / MICRO_CALLS;
    };
    // Minus the cost of making and finishing the fake response, which a real request has anyway.
    const perRequest = time(once) - time(bare);
    // The fan-out hook, per event handed to Socket.IO (each a new seq, as in production).
    let seq = 0;
    const at = new Date().toISOString();
    const perEvent = time(() => metrics.eventsHandedOver([{ seq: ++seq, name: 'production.progressed', rooms: ['board'], at, payload: {} } as never]));
    return { perRequest, perEvent };
  } finally {
    await bench.close();
  }
}

const fmt = (value: number, digits = 3) => value.toFixed(digits);
const { perRequest, perEvent } = await micro();
console.log(`middleware alone (scan route): ${fmt(perRequest, 2)} µs CPU per request; fan-out hook: ${fmt(perEvent, 2)} µs CPU per event`);
const off: Run[] = [];
const on: (Run & { scrapeMs?: number; scrapeBytes?: number })[] = [];
for (let round = 0; round < ROUNDS; round++) {
  off.push(await run(false));
  on.push(await run(true));
  console.log(
    `round ${round + 1}: without ${fmt(off[round].msPerScan)} ms/scan (${fmt(off[round].cpuMsPerScan)} ms CPU); with ${fmt(on[round].msPerScan)} ms/scan (${fmt(on[round].cpuMsPerScan)} ms CPU); scrape ${fmt(on[round].scrapeMs ?? 0, 1)} ms, ${on[round].scrapeBytes} bytes`,
  );
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const wall = [median(off.map((r) => r.msPerScan)), median(on.map((r) => r.msPerScan))];
const cpu = [median(off.map((r) => r.cpuMsPerScan)), median(on.map((r) => r.cpuMsPerScan))];
console.log(`database: ${process.env.DATABASE_URL ? 'PostgreSQL' : 'embedded PGlite'}; ${SCANS} sequential scans per run, medians of ${ROUNDS}`);
console.log(`ms per scan:     without ${fmt(wall[0])}  with ${fmt(wall[1])}  difference ${fmt(wall[1] - wall[0])} (${fmt(((wall[1] - wall[0]) / wall[0]) * 100, 1)} %)`);
console.log(`CPU ms per scan: without ${fmt(cpu[0])}  with ${fmt(cpu[1])}  difference ${fmt(cpu[1] - cpu[0])} (${fmt(((cpu[1] - cpu[0]) / cpu[0]) * 100, 1)} %)`);
