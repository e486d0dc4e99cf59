// The HTTP adapter bench's Fastify app answers the scan path as the shipped Express app does:
// the same requests to both (one after the other, each on a fresh database) must give the same
// statuses, envelopes, translated messages and headers — otherwise the bench would compare two
// different pipelines. Also the bench's ratio arithmetic.
import { io, type Socket } from 'socket.io-client';
import { SOCKET_EVENTS, type DomainEventEnvelope, type SubscribeResult } from '../../contracts/events.js';
import { bootBenchApp, createBenchFactory, createScanOrders, type HttpAdapterName } from './bench-app.js';
import { compareAdapters, type AdapterRun, type LoadFigures } from './http-adapter.bench.js';

interface Answer {
  status: number;
  code: number;
  message: string;
  errorKey?: string;
  headers: Record<string, string | null>;
}

/** Headers the global pipeline sets (helmet's, no-store) or the scan endpoint sets (replay). */
const COMPARED_HEADERS = ['cache-control', 'content-type', 'content-encoding', 'content-security-policy', 'x-content-type-options', 'x-frame-options', 'idempotent-replayed', 'x-powered-by'];

interface ProbeContext {
  send(path: string, init?: RequestInit): Promise<Answer>;
  scan(body: Record<string, string>, language?: string): Promise<Answer>;
  token: string;
  orderId: number;
}

const PROBES: Record<string, (context: ProbeContext) => Promise<Answer>> = {
  'a scan, form-encoded': ({ scan }) => scan({ scanId: 'adapter-scan-form' }),
  'the same scan again (replayed)': ({ scan }) => scan({ scanId: 'adapter-scan-form' }),
  'a quantity that is not a number, in Chinese': ({ scan }) => scan({ scanId: 'adapter-scan-bad', quantity: 'abc' }, 'zh-CN'),
  'a NUL character in the body': ({ scan }) => scan({ scanId: 'adapter-scan-nul', note: 'a\u0000b' }),
  'no session token': ({ send }) => send('/api/admin/scan/record', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'scanId=x' }),
  'malformed JSON': ({ send }) => send('/api/admin/scan/record', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"scanId":' }),
  // Above compression's 1 KB threshold: gzip, as on Express.
  'a production order (over 1 KB), gzip accepted': ({ send, token, orderId }) =>
    send(`/api/admin/productionOrder/detail?id=${orderId}`, { headers: { token, 'accept-encoding': 'gzip' } }),
  'GET /api/health': ({ send }) => send('/api/health'),
  'an unknown API route': ({ send }) => send('/api/no-such-route'),
};

interface AdapterAnswers {
  answers: Record<string, Answer>;
  jsonScan: Answer;
  multipart: Answer;
  /** The production.progressed event a board socket received for a scan. */
  boardEvent: DomainEventEnvelope | null;
}

async function askAdapter(httpAdapter: HttpAdapterName): Promise<AdapterAnswers> {
  const bench = await bootBenchApp({ httpAdapter });
  const sockets: Socket[] = [];
  try {
    const factory = await createBenchFactory(bench, 'ADAPTER');
    const [orderId] = await createScanOrders(bench, factory, { orders: 1, plannedPerOrder: 1000 });
    const send = async (path: string, init: RequestInit = {}): Promise<Answer> => {
      const response = await fetch(`${bench.url}${path}`, init);
      const body = (await response.json()) as { code: number; message: string; data: { errorKey?: string } | null };
      const headers = Object.fromEntries(COMPARED_HEADERS.map((name) => [name, response.headers.get(name)]));
      return { status: response.status, code: body.code, message: body.message, errorKey: body.data?.errorKey, headers };
    };
    const scanFields = (body: Record<string, string>) => ({ orderId: String(orderId), processId: String(factory.processes[0]), quantity: '1', ...body });
    const scan = (body: Record<string, string>, language = 'en') =>
      send('/api/admin/scan/record', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', token: bench.token, 'accept-language': language },
        body: new URLSearchParams(scanFields(body)),
      });
    const answers: Record<string, Answer> = {};
    for (const [name, probe] of Object.entries(PROBES)) answers[name] = await probe({ send, scan, token: bench.token, orderId });

    const jsonScan = await send('/api/admin/scan/record', {
      method: 'POST',
      headers: { 'content-type': 'application/json', token: bench.token, 'accept-language': 'en' },
      body: JSON.stringify({ ...scanFields({ scanId: 'adapter-scan-json' }), orderId, processId: factory.processes[0], quantity: 1 }),
    });
    const form = new FormData();
    form.set('scanId', 'adapter-scan-multipart');
    const multipart = await send('/api/admin/scan/record', { method: 'POST', headers: { token: bench.token, 'accept-language': 'en' }, body: form });

    // A board on Socket.IO (attached to the adapter's HTTP server) sees the next scan.
    const socket = io(bench.url, { path: '/socket.io', auth: { token: bench.token }, transports: ['websocket'], reconnection: false, forceNew: true });
    sockets.push(socket);
    const joined = await socket.timeout(5000).emitWithAck(SOCKET_EVENTS.subscribe, { rooms: ['board'] }) as SubscribeResult;
    expect(joined.joined).toEqual(['board']);
    const progressed = new Promise<DomainEventEnvelope | null>((resolve) => {
      const timer = setTimeout(() => resolve(null), 5000);
      const take = (event: DomainEventEnvelope) => {
        if (event.name !== 'production.progressed') return;
        clearTimeout(timer);
        resolve(event);
      };
      socket.on(SOCKET_EVENTS.domainEvent, take);
      socket.on(SOCKET_EVENTS.domainEvents, (events: DomainEventEnvelope[]) => events.forEach(take));
    });
    expect((await scan({ scanId: 'adapter-scan-board' })).code).toBe(200);
    return { answers, jsonScan, multipart, boardEvent: await progressed };
  } finally {
    for (const socket of sockets) socket.disconnect();
    await bench.close();
  }
}

describe('HTTP adapter bench: Fastify against Express on the scan path', () => {
  const answers = {} as Record<HttpAdapterName, AdapterAnswers>;

  beforeAll(async () => {
    // One after the other: the embedded database is one per process.
    answers.express = await askAdapter('express');
    answers.fastify = await askAdapter('fastify');
  }, 240_000);

  it.each(Object.keys(PROBES))('answers %s as Express does', (name) => {
    expect(answers.fastify.answers[name]).toEqual(answers.express.answers[name]);
  });

  it('records a scan and refuses bad input with translated envelopes, not 500s', () => {
    const { answers: fastify } = answers.fastify;
    expect(fastify['a scan, form-encoded']).toMatchObject({ status: 200, code: 200, message: 'Scan recorded' });
    expect(fastify['a scan, form-encoded'].headers).toMatchObject({ 'cache-control': 'no-store', 'x-content-type-options': 'nosniff', 'x-powered-by': null });
    expect(fastify['the same scan again (replayed)'].headers['idempotent-replayed']).toBe('true');
    expect(fastify['a quantity that is not a number, in Chinese']).toMatchObject({ status: 400, code: 400, errorKey: 'validation', message: '数量必须是整数' });
    expect(fastify['a NUL character in the body']).toMatchObject({ status: 400, errorKey: 'nulCharacter' });
    expect(fastify['malformed JSON']).toMatchObject({ status: 400, errorKey: 'malformedBody' });
    expect(fastify['a production order (over 1 KB), gzip accepted'].headers['content-encoding']).toBe('gzip');
  });

  it('takes JSON bodies as Express does', () => {
    expect(answers.fastify.jsonScan).toEqual(answers.express.jsonScan);
    expect(answers.fastify.jsonScan.code).toBe(200);
  });

  it('refuses multipart on the scan endpoint with a 415 envelope (Fastify: before the guard, as unsupported media type)', () => {
    // Express reads no multipart body globally and MultipartGate answers after the guard; Fastify
    // has no multipart parser registered, so it refuses the body before routing.
    expect(answers.express.multipart).toMatchObject({ status: 415, code: 415, errorKey: 'multipartNotAccepted' });
    expect(answers.fastify.multipart).toMatchObject({ status: 415, code: 415, errorKey: 'unsupportedMediaType' });
  });

  it('delivers the scan to a board over Socket.IO on both adapters', () => {
    expect(answers.express.boardEvent?.payload).toMatchObject({ scanId: 'adapter-scan-board' });
    expect(answers.fastify.boardEvent?.payload).toMatchObject({ scanId: 'adapter-scan-board' });
  });
});

describe('compareAdapters', () => {
  const figures = (rate: number, cpuMs: number): LoadFigures => ({ rate, p50: 10, p99: 20, cpuMs, ok: 1, errors: 0 });
  const run = (adapter: HttpAdapterName, round: number, rate: number, cpuMs: number): AdapterRun => ({ adapter, round, loads: { 'scan ×16': figures(rate, cpuMs) } });

  it('gives Fastify / Express of the means over rounds, and each round’s own ratio', () => {
    const comparisons = compareAdapters([run('express', 1, 100, 2), run('fastify', 1, 120, 1.5), run('express', 2, 300, 2), run('fastify', 2, 330, 1.5)]);
    const rate = comparisons.find((comparison) => comparison.metric === 'rate')!;
    expect(rate).toMatchObject({ load: 'scan ×16', express: 200, fastify: 225, ratio: 1.125 });
    expect(rate.roundRatios.map((ratio) => ratio.toFixed(3))).toEqual(['1.200', '1.100']);
    expect(comparisons.find((comparison) => comparison.metric === 'cpuMs')).toMatchObject({ ratio: 0.75, roundRatios: [0.75, 0.75] });
    expect(comparisons.map((comparison) => comparison.metric)).toEqual(['rate', 'p50', 'p99', 'cpuMs']);
  });

  it('leaves out a load only one adapter ran, and a round only one adapter finished', () => {
    const comparisons = compareAdapters([run('express', 1, 100, 2), run('fastify', 1, 110, 2), run('express', 2, 100, 2), { adapter: 'express', round: 1, loads: { 'health ×1': figures(1, 1) } }]);
    expect(comparisons.every((comparison) => comparison.load === 'scan ×16')).toBe(true);
    expect(comparisons[0].roundRatios.map((ratio) => ratio.toFixed(3))).toEqual(['1.100']);
  });
});
