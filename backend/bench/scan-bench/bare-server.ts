// The delivery floor: a bare Socket.IO server (no Nest, no database, same options as the app's
// adapter) in a process of its own, broadcasting an envelope like the app's to room `board` at a
// fixed rate. Each event's scan id carries its emit time, so the same board clients measure it.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { writeHeapSnapshot } from 'node:v8';
import { Server } from 'socket.io';
import { SOCKET_EVENTS } from '../../../contracts/events.js';
import { clock, cpuSeconds, scanIdOf, serve, sleep } from './shared.js';

let io: Server | undefined;
let seq = 0;

function envelope(scanId: string, index: number) {
  const now = new Date().toISOString();
  const orderId = 1000 + (index % 200);
  return {
    seq: ++seq,
    name: 'production.progressed',
    rooms: ['board', 'statistics', `order:${orderId}`, 'process:1'],
    at: now,
    payload: {
      orderId,
      orderNo: 'PO-SCAN-0001',
      processId: 1,
      quantity: 1,
      scanId,
      step: { processId: 1, sequence: 1, dueDate: '2099-12-20', planned: 100000, done: index + 1, status: 'partial', firstScanAt: now, lastScanAt: now },
      order: { finishRate: 0.1, completed: false, completedAt: null, status: 'partial', delayDays: 0, lastActivityAt: now },
    },
  };
}

serve({
  ready: () => true,
  clock: () => clock(),
  cpu: () => cpuSeconds(),
  listen: async () => {
    // Other paths: the cheapest possible HTTP answer, the floor of the per-request breakdown.
    const http = createServer((_request, response) => {
      response.setHeader('content-type', 'application/json');
      response.end('{"code":200}');
    });
    io = new Server(http, { path: '/socket.io', serveClient: false, pingInterval: 10_000, pingTimeout: 8_000 });
    io.on('connection', (socket) => {
      socket.on(SOCKET_EVENTS.subscribe, async (request: { rooms: string[] }, ack: (answer: unknown) => void) => {
        await socket.join(request.rooms);
        ack({ joined: request.rooms, refused: [], headSeq: seq, missed: [], resync: false });
      });
    });
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  },
  /**
   * `count` broadcasts at `rate` per second, each when due; stops early (answering how many went
   * out) when writing to the sockets has fallen `maxLagMs` behind the schedule.
   */
  emit: async (args: { phase: string; rate: number; count: number; maxLagMs: number }) => {
    const start = clock();
    let next = 0;
    while (next < args.count) {
      while (next < args.count && start + (next * 1000) / args.rate <= clock()) {
        if (clock() - (start + (next * 1000) / args.rate) > args.maxLagMs) return next;
        const index = next++;
        io!.to('board').emit(SOCKET_EVENTS.domainEvent, envelope(scanIdOf(args.phase, index, clock()), index));
      }
      await sleep(1);
    }
    return next;
  },
  heap: async () => {
    const gc = (globalThis as { gc?: () => void }).gc;
    for (let i = 0; i < 3; i++) {
      gc?.();
      await sleep(50);
    }
    return { heapUsed: process.memoryUsage().heapUsed, forcedGc: gc !== undefined };
  },
  /** A heap snapshot of this process, written to `path` (board-heap bench). */
  heapSnapshot: (args: { path: string }) => writeHeapSnapshot(args.path),
  close: async () => {
    await io?.close();
    setTimeout(() => process.exit(0), 10);
    return true;
  },
});
