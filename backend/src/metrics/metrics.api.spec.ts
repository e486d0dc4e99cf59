import { randomUUID } from 'node:crypto';
import type { Socket } from 'socket.io-client';
import { SOCKET_EVENTS, type DomainEventEnvelope, type SubscribeResult } from '../../../contracts/events.js';
import { ConfigError, loadConfig } from '../config/app-config.js';
import { SCAN_RECORD_PATH } from '../scan/scan.controller.js';
import { setUpProduction, type ProductionFixture } from '../testing/production-fixture.js';
import { bootTestApp, bootTwoInstances, connected, nextDomainEvent, type TestApp } from '../testing/test-app.js';

const TOKEN = 'metrics-test-token-0123456789abcdef';

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/**
 * A strict reader of the Prometheus text format (0.0.4): every line is a HELP/TYPE comment or a
 * sample `name{label="value",…} number`; anything else fails the test.
 */
function parseExposition(text: string): { types: Map<string, string>; samples: Sample[] } {
  const types = new Map<string, string>();
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '') continue;
    const comment = /^# (HELP|TYPE) ([a-zA-Z_:][a-zA-Z0-9_:]*) (.*)$/.exec(line);
    if (comment) {
      if (comment[1] === 'TYPE') {
        expect(['counter', 'gauge', 'histogram', 'summary', 'untyped']).toContain(comment[3]);
        types.set(comment[2], comment[3]);
      }
      continue;
    }
    const sample = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!sample) throw new Error(`not a Prometheus line: ${line}`);
    const labels: Record<string, string> = {};
    const pairs = sample[2] ?? '';
    const pair = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"(,|$)/gy;
    let consumed = 0;
    for (let match = pair.exec(pairs); match; match = pair.exec(pairs)) {
      labels[match[1]] = match[2];
      consumed = pair.lastIndex;
    }
    if (consumed !== pairs.length) throw new Error(`bad labels: ${line}`);
    const value = sample[3] === '+Inf' ? Infinity : sample[3] === '-Inf' ? -Infinity : Number(sample[3]);
    // Prometheus parses values with Go's ParseFloat: NaN in any case (prom-client writes "Nan").
    if (Number.isNaN(value) && sample[3].toLowerCase() !== 'nan') throw new Error(`bad value: ${line}`);
    samples.push({ name: sample[1], labels, value });
  }
  return { types, samples };
}

/** Sum of the samples called `name` whose labels include `labels`. */
function valueOf(samples: Sample[], name: string, labels: Record<string, string> = {}): number {
  return samples
    .filter((sample) => sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value))
    .reduce((sum, sample) => sum + sample.value, 0);
}

describe('GET /metrics without METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await bootTestApp();
  });
  afterAll(() => t.close());

  it('does not exist: 404 like any unknown path, whatever the header', async () => {
    for (const authorization of [undefined, 'Bearer ', `Bearer ${TOKEN}`]) {
      const request = t.http.get('/metrics').set('Accept-Language', 'en');
      const response = await (authorization === undefined ? request : request.set('Authorization', authorization));
      expect(response.status).toBe(404);
      expect(response.body).toMatchObject({ code: 404, message: 'No such endpoint', data: { errorKey: 'routeNotFound' } });
    }
    // Nor under the API prefix.
    expect((await t.http.get('/api/metrics')).status).toBe(404);
  });
});

describe('METRICS_TOKEN configuration', () => {
  it('refuses a short token or one with spaces, without printing it', () => {
    for (const token of ['short-token', 'a token with spaces in it']) {
      expect(() => loadConfig({ METRICS_TOKEN: token })).toThrow(ConfigError);
      expect(() => loadConfig({ METRICS_TOKEN: token })).toThrow(/METRICS_TOKEN: must be 16 to 256 characters without spaces \(got \d+ characters, not shown\)/);
    }
    expect(loadConfig({ METRICS_TOKEN: '' }).METRICS_TOKEN).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: TOKEN }).METRICS_TOKEN).toBe(TOKEN);
  });
});

describe('GET /metrics with METRICS_TOKEN', () => {
  let t: TestApp;
  let f: ProductionFixture;

  const scrape = async () => {
    const response = await t.http.get('/metrics').set('Authorization', `Bearer ${TOKEN}`);
    expect(response.status).toBe(200);
    return { ...parseExposition(response.text), response };
  };
  /** Scrapes until `ready` holds (counters move when an answer is finished or an event is handed over). */
  const scrapeUntil = async (ready: (samples: Sample[]) => boolean, ms = 3000) => {
    const deadline = Date.now() + ms;
    for (;;) {
      const { samples } = await scrape();
      if (ready(samples) || Date.now() > deadline) return samples;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  };
  const subscribe = (socket: Socket, rooms: string[], lastSeq?: number): Promise<SubscribeResult> =>
    socket.timeout(5000).emitWithAck(SOCKET_EVENTS.subscribe, { rooms, lastSeq });

  beforeAll(async () => {
    // No head ticks during the tests: a tick allows one more replay, which would turn the
    // "resync answered" case into a replay.
    t = await bootTestApp({ env: { METRICS_TOKEN: TOKEN, REALTIME_HEAD_TICK_MS: '600000' } });
    f = await setUpProduction(t);
  });
  afterAll(() => t.close());

  it('answers 401 in the envelope, translated, to a missing, wrong or differently shaped token', async () => {
    const attempts: [string | undefined, string][] = [
      [undefined, 'en'],
      ['Bearer wrong-token-0123456789abcdef', 'en'],
      [`Bearer ${TOKEN}x`, 'zh-CN'],
      [`Bearer ${TOKEN.slice(0, -1)}`, 'en'],
      [`Basic ${Buffer.from(`metrics:${TOKEN}`).toString('base64')}`, 'en'],
      [TOKEN, 'en'],
      ['Bearer', 'en'],
    ];
    for (const [authorization, language] of attempts) {
      const request = t.http.get('/metrics').set('Accept-Language', language);
      const response = await (authorization === undefined ? request : request.set('Authorization', authorization));
      expect(response.status).toBe(401);
      expect(response.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(response.body).toMatchObject({ code: 401, data: { errorKey: 'metricsUnauthorized' } });
      expect(response.body.message).toBe(
        language === 'en' ? 'The metrics endpoint needs the header Authorization: Bearer <METRICS_TOKEN>' : '监控指标接口需要请求头 Authorization: Bearer <METRICS_TOKEN>',
      );
      expect(JSON.stringify(response.body)).not.toContain('stitchboard_');
    }
    // The scheme is case-insensitive (RFC 7235).
    expect((await t.http.get('/metrics').set('Authorization', `bearer ${TOKEN}`)).status).toBe(200);
  });

  it('answers the Prometheus text format with every family an operator watches', async () => {
    const { types, samples, response } = await scrape();
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(response.headers['cache-control']).toBe('no-store');
    const expected: Record<string, string> = {
      // Default process metrics.
      process_cpu_seconds_total: 'counter',
      process_resident_memory_bytes: 'gauge',
      nodejs_heap_size_used_bytes: 'gauge',
      nodejs_eventloop_lag_seconds: 'gauge',
      nodejs_eventloop_lag_p99_seconds: 'gauge',
      process_start_time_seconds: 'gauge',
      // Ours.
      stitchboard_scans_total: 'counter',
      stitchboard_scan_duration_seconds: 'histogram',
      stitchboard_http_request_duration_seconds: 'histogram',
      stitchboard_event_fanout_lag_seconds: 'histogram',
      stitchboard_domain_events_delivered_total: 'counter',
      stitchboard_sockets_connected: 'gauge',
      stitchboard_boards_connected: 'gauge',
      stitchboard_rooms_subscribed: 'gauge',
      stitchboard_room_subscriptions: 'gauge',
      stitchboard_replays_served_total: 'counter',
      stitchboard_replayed_events_total: 'counter',
      stitchboard_resyncs_total: 'counter',
      stitchboard_db_pool_connections: 'gauge',
      stitchboard_db_pool_max_connections: 'gauge',
      stitchboard_event_head_seq: 'gauge',
    };
    for (const [name, type] of Object.entries(expected)) expect([name, types.get(name)]).toEqual([name, type]);
    // The scan counter's series exist before the first scan (rate() sees 0, not "no data").
    for (const result of ['ok', 'duplicate', 'refused', 'error']) expect(samples.some((s) => s.name === 'stitchboard_scans_total' && s.labels.result === result)).toBe(true);
    // The pool: open connections, its limit (1 embedded, DB_POOL_SIZE on a server).
    expect(valueOf(samples, 'stitchboard_db_pool_connections', { state: 'total' })).toBeGreaterThanOrEqual(1);
    expect(valueOf(samples, 'stitchboard_db_pool_max_connections')).toBe(t.databaseUrl ? 10 : 1);
    expect(valueOf(samples, 'stitchboard_event_head_seq')).toBeGreaterThan(0);
  });

  it('moves the scan counter and the scan latency by exactly one per scan POST, by result', async () => {
    const order = await f.createOrder({ quantities: [60, 40] });
    const scanCount = (samples: Sample[]) => valueOf(samples, 'stitchboard_scan_duration_seconds_count');
    const scans = (samples: Sample[], result: string) => valueOf(samples, 'stitchboard_scans_total', { result });
    const httpScans = (samples: Sample[]) => valueOf(samples, 'stitchboard_http_request_duration_seconds_count', { route: SCAN_RECORD_PATH, method: 'POST', status: '2xx' });
    const progressed = (samples: Sample[]) => valueOf(samples, 'stitchboard_domain_events_delivered_total', { event: 'production.progressed' });
    const lagCount = (samples: Sample[]) => valueOf(samples, 'stitchboard_event_fanout_lag_seconds_count');

    const before = (await scrape()).samples;
    const scanId = randomUUID();
    const body = { scanId, orderId: order.id, processId: f.processes.cut, quantity: 5 };
    expect((await f.scan(body)).body.code).toBe(200);
    const afterOk = await scrapeUntil((s) => scanCount(s) > scanCount(before) && progressed(s) > progressed(before));
    expect(scanCount(afterOk)).toBe(scanCount(before) + 1);
    expect(scans(afterOk, 'ok')).toBe(scans(before, 'ok') + 1);
    expect(httpScans(afterOk)).toBe(httpScans(before) + 1);
    expect(valueOf(afterOk, 'stitchboard_scan_duration_seconds_bucket', { le: '+Inf' })).toBe(scanCount(afterOk));
    // The scan's event went to Socket.IO once, and its lag was observed.
    expect(progressed(afterOk)).toBe(progressed(before) + 1);
    expect(lagCount(afterOk)).toBeGreaterThan(lagCount(before));

    // The same scanId again: answered as before, counted as a duplicate.
    const replayed = await f.scan(body);
    expect(replayed.headers['idempotent-replayed']).toBe('true');
    const afterDuplicate = await scrapeUntil((s) => scanCount(s) > scanCount(afterOk));
    expect(scanCount(afterDuplicate)).toBe(scanCount(afterOk) + 1);
    expect(scans(afterDuplicate, 'duplicate')).toBe(scans(afterOk, 'duplicate') + 1);
    expect(scans(afterDuplicate, 'ok')).toBe(scans(afterOk, 'ok'));

    // Beyond the plan: refused.
    const refused = await f.scan({ orderId: order.id, processId: f.processes.cut, quantity: 100_000 });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.status).toBeLessThan(500);
    const afterRefused = await scrapeUntil((s) => scanCount(s) > scanCount(afterDuplicate));
    expect(scanCount(afterRefused)).toBe(scanCount(afterDuplicate) + 1);
    expect(scans(afterRefused, 'refused')).toBe(scans(afterDuplicate, 'refused') + 1);
    expect(scans(afterRefused, 'ok')).toBe(scans(afterDuplicate, 'ok'));
  });

  it('counts a connected board socket, its board room and its subscription, and lets go when it leaves', async () => {
    const admin = f.admin;
    const settings = await t.http.get('/api/admin/setting/getDashboardSetting').set('token', admin);
    const boardKey = settings.body.data.boardKey as string;
    const sockets = (samples: Sample[], kind: string) => valueOf(samples, 'stitchboard_sockets_connected', { kind });
    const before = (await scrape()).samples;

    const board = t.socket({ boardKey });
    await connected(board);
    const connectedNow = await scrapeUntil((s) => sockets(s, 'boardKey') > sockets(before, 'boardKey'));
    expect(sockets(connectedNow, 'boardKey')).toBe(sockets(before, 'boardKey') + 1);
    expect(sockets(connectedNow, 'user')).toBe(sockets(before, 'user'));
    expect(valueOf(connectedNow, 'stitchboard_boards_connected')).toBe(valueOf(before, 'stitchboard_boards_connected'));

    expect((await subscribe(board, ['board'])).joined).toEqual(['board']);
    const subscribed = (await scrape()).samples;
    expect(valueOf(subscribed, 'stitchboard_boards_connected')).toBe(valueOf(before, 'stitchboard_boards_connected') + 1);
    expect(valueOf(subscribed, 'stitchboard_rooms_subscribed')).toBeGreaterThanOrEqual(1);
    expect(valueOf(subscribed, 'stitchboard_room_subscriptions')).toBe(valueOf(before, 'stitchboard_room_subscriptions') + 1);

    board.disconnect();
    const gone = await scrapeUntil((s) => sockets(s, 'boardKey') === sockets(before, 'boardKey'));
    expect(sockets(gone, 'boardKey')).toBe(sockets(before, 'boardKey'));
    expect(valueOf(gone, 'stitchboard_boards_connected')).toBe(valueOf(before, 'stitchboard_boards_connected'));
  });

  it('counts a replay served and a resync answered', async () => {
    const socket = t.socket({ token: f.admin });
    await connected(socket);
    const { headSeq } = await subscribe(socket, ['settings']);
    const before = (await scrape()).samples;
    const replay = await subscribe(socket, ['settings'], headSeq);
    expect(replay.resync).toBe(false);
    // Twice on one connection without a nudge in between: "reload your snapshot" instead.
    const again = await subscribe(socket, ['settings'], headSeq);
    expect(again.resync).toBe(true);
    const after = (await scrape()).samples;
    expect(valueOf(after, 'stitchboard_replays_served_total')).toBe(valueOf(before, 'stitchboard_replays_served_total') + 1);
    expect(valueOf(after, 'stitchboard_resyncs_total', { reason: 'replayLimit' })).toBe(valueOf(before, 'stitchboard_resyncs_total', { reason: 'replayLimit' }) + 1);
    expect(valueOf(after, 'stitchboard_resyncs_total', { reason: 'logGap' })).toBe(valueOf(before, 'stitchboard_resyncs_total', { reason: 'logGap' }));
    socket.disconnect();
  });

  it('labels a route with an id in its path by the pattern, never by the id', async () => {
    const order = await f.createOrder({ quantities: [10] });
    expect((await t.http.get(`/api/admin/production/overview/${order.id}`).set('token', f.admin)).body.code).toBe(200);
    const missing = await t.http.get('/api/admin/production/overview/987654321').set('token', f.admin);
    expect(missing.status).toBeGreaterThanOrEqual(400);
    expect(missing.status).toBeLessThan(500);
    const { samples, response } = await scrape();
    const route = '/api/admin/production/overview/:id';
    expect(valueOf(samples, 'stitchboard_http_request_duration_seconds_count', { route, method: 'GET', status: '2xx' })).toBe(1);
    expect(valueOf(samples, 'stitchboard_http_request_duration_seconds_count', { route, method: 'GET', status: '4xx' })).toBe(1);
    expect(response.text).not.toContain('987654321');
    expect(response.text).not.toMatch(new RegExp(`overview/${order.id}\\b`));
  });

  it('does not grow a series per URL: 200 random paths add a bounded handful of label sets', async () => {
    const series = (samples: Sample[]) =>
      new Set(samples.filter((s) => s.name === 'stitchboard_http_request_duration_seconds_count').map((s) => JSON.stringify(s.labels)));
    const before = series((await scrape()).samples);
    const junk: string[] = [];
    for (let i = 0; i < 200; i++) {
      const id = randomUUID().replaceAll('-', '');
      junk.push(id);
      const path = [`/api/admin/${id}`, `/api/admin/production/overview/${id}`, `/${id}.png`, `/api/admin/production-order/${id}/x?y=${id}`][i % 4];
      const method = (['get', 'post', 'delete', 'put'] as const)[Math.floor(i / 4) % 4];
      await t.http[method](path).set('token', f.admin);
    }
    const { samples, response } = await scrape();
    const after = series(samples);
    const added = [...after].filter((labels) => !before.has(labels));
    // At most: 4 methods × (unmatched API, static) × (4xx, 5xx) + the overview pattern's 4xx answers.
    expect(added.length).toBeLessThanOrEqual(20);
    for (const labels of added) expect(JSON.parse(labels).route).toMatch(/^(\/api\/\{unmatched\}|\{static\}|\/api\/admin\/production\/overview\/:id)$/);
    for (const id of junk) expect(response.text).not.toContain(id);
    expect(after.size).toBeLessThan(before.size + 21);
  });

  it('keeps /metrics out of the OpenAPI document', async () => {
    const document = await t.http.get('/api/docs-json');
    expect(document.status).toBe(200);
    expect(Object.keys(document.body.paths as Record<string, unknown>).filter((path) => path.includes('metrics'))).toEqual([]);
  });
});

// Two instances behind the Redis Streams adapter: the adapter hook must not break its broadcast,
// and an event is counted by the instance that committed it, not again by the one it reaches
// through Redis. Needs PostgreSQL and Redis (CI sets both).
const withRedis = Boolean(process.env.DATABASE_URL && process.env.REDIS_URL);
(withRedis ? describe : describe.skip)('GET /metrics on two instances behind Redis', () => {
  let a: TestApp;
  let b: TestApp;
  let close: (() => Promise<void>) | undefined;
  const scrapeOf = async (app: TestApp) => parseExposition((await app.http.get('/metrics').set('Authorization', `Bearer ${TOKEN}`).expect(200)).text).samples;

  beforeAll(async () => {
    ({ a, b, close } = await bootTwoInstances({ redis: true, env: { METRICS_TOKEN: TOKEN } }));
  });
  afterAll(async () => {
    await close?.();
  });

  it('delivers a scan committed on A to a board on B, counted once (by A), each instance counting its own sockets', async () => {
    const f = await setUpProduction(a);
    const order = await f.createOrder();
    const board = b.socket({ token: f.admin });
    await connected(board);
    expect((await board.timeout(5000).emitWithAck(SOCKET_EVENTS.subscribe, { rooms: ['board'] })).joined).toEqual(['board']);
    const progressed = (samples: Sample[]) => valueOf(samples, 'stitchboard_domain_events_delivered_total', { event: 'production.progressed' });
    const [beforeA, beforeB] = [await scrapeOf(a), await scrapeOf(b)];
    expect(valueOf(beforeB, 'stitchboard_boards_connected')).toBe(1);
    expect(valueOf(beforeA, 'stitchboard_boards_connected')).toBe(0);

    const pushed: Promise<DomainEventEnvelope> = nextDomainEvent(board, 'production.progressed');
    expect((await f.scan({ orderId: order.id, processId: f.processes.cut, quantity: 3 })).body.code).toBe(200);
    expect((await pushed).payload).toMatchObject({ orderId: order.id, quantity: 3 });
    const [afterA, afterB] = [await scrapeOf(a), await scrapeOf(b)];
    expect(progressed(afterA)).toBe(progressed(beforeA) + 1);
    expect(progressed(afterB)).toBe(progressed(beforeB));
    expect(valueOf(afterA, 'stitchboard_scans_total', { result: 'ok' })).toBe(valueOf(beforeA, 'stitchboard_scans_total', { result: 'ok' }) + 1);
    expect(valueOf(afterB, 'stitchboard_scans_total', { result: 'ok' })).toBe(0);
    board.disconnect();
  });
});
