import { createHash, timingSafeEqual } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { ServerResponse } from 'node:http';
import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { InjectDataSource } from '@nestjs/typeorm';
import type { NextFunction, Request, Response } from 'express';
import type { Pool } from 'pg';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Server } from 'socket.io';
import { DataSource } from 'typeorm';
import type { DomainEventEnvelope } from '../../../contracts/events.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { isIdentityRoom } from '../realtime/room-policy.js';
import { REPLAYED_HEADER, SCAN_RECORD_PATH } from '../scan/scan.controller.js';


/** Label for answers no route produced: static files, 404s, refusals before routing (load shedding, body checks). */
const UNMATCHED_API = '/api/{unmatched}';
const UNMATCHED_OTHER = '{static}';
/** Methods as labels: Node's parser accepts a few dozen (PROPFIND…); they all become OTHER. */
const METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS']);
const STATUS_CLASSES = ['0xx', '1xx', '2xx', '3xx', '4xx', '5xx'];

/** Seconds; fit for 1–500 ms answers with room on both sides (a scan is ~2–5 ms on a quiet machine). */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];
/** Seconds from the event's `at` to Socket.IO: ms when live, up to a few seconds when fan-out falls behind. */
const FAN_OUT_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

type ScanResult = 'ok' | 'duplicate' | 'refused' | 'error';
type ResyncReason = 'replayLimit' | 'logGap';

/** What the metrics read from the realtime gateway at scrape time (its private state; read, never written). */
interface GatewayState {
  server?: Server;
  lastHead?: number;
}

/**
 * Prometheus metrics of ONE app instance (docs/ARCHITECTURE.md, "Operations: metrics").
 *
 * A registry of its own, not prom-client's global one: tests boot several apps in one process,
 * and each must count only its own requests. Everything an operator watches is either counted
 * where it happens at the cost of a counter increment (HTTP answers, scans, events handed to
 * Socket.IO, replays) or read when Prometheus scrapes (sockets, rooms, the database pool), so an
 * idle scrape interval costs nothing.
 *
 * Disabled (no METRICS_TOKEN): no HTTP middleware, no Socket.IO hook, no process metrics; the
 * counters below still exist (the gateway may call them) but nothing reads them.
 */
@Injectable()
export class MetricsService implements OnApplicationBootstrap {
  private readonly logger = new Logger('Metrics');
  readonly enabled: boolean;
  readonly registry = new Registry();
  /** sha256 of the configured token: compared in constant time with the sha256 of the offered one. */
  private readonly tokenDigest: Buffer | null;
  /** One scrape at a time: concurrent scrapes share it (a scrape flood costs one serialisation). */
  private scraping: Promise<string> | null = null;
  private gateway: GatewayState | null = null;

  private readonly httpDuration: Histogram<'method' | 'route' | 'status'>;
  private readonly scans: Counter<'result'>;
  private readonly scanDuration: Histogram;
  private readonly fanOutLag: Histogram;
  private readonly eventsDelivered: Counter<'event'>;
  private readonly replays: Counter;
  private readonly replayedEvents: Counter;
  private readonly resyncs: Counter<'reason'>;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly moduleRef: ModuleRef,
  ) {
    this.enabled = config.METRICS_TOKEN !== undefined;
    this.tokenDigest = config.METRICS_TOKEN === undefined ? null : sha256(config.METRICS_TOKEN);
    const registers = [this.registry];

    this.httpDuration = new Histogram({
      name: 'stitchboard_http_request_duration_seconds',
      help: 'HTTP answers by method, route pattern (never the raw URL) and status class, from the first middleware to the last byte handed to the socket',
      labelNames: ['method', 'route', 'status'],
      buckets: LATENCY_BUCKETS,
      registers,
    });
    this.scans = new Counter({
      name: 'stitchboard_scans_total',
      help: 'Scan POSTs answered, by result: ok (recorded), duplicate (a scanId answered before, nothing counted), refused (4xx), error (5xx). rate() gives scans per second',
      labelNames: ['result'],
      registers,
    });
    this.scanDuration = new Histogram({
      name: 'stitchboard_scan_duration_seconds',
      help: 'Latency of the scan POST (every result), seconds',
      buckets: LATENCY_BUCKETS,
      registers,
    });
    this.fanOutLag = new Histogram({
      name: 'stitchboard_event_fanout_lag_seconds',
      help: "Time from a domain event's recording (its `at`, the database clock) to the committing instance handing it to its fan-out (the batching window comes on top: at most REALTIME_FANOUT_MAX_WINDOW_MS)",
      buckets: FAN_OUT_BUCKETS,
      registers,
    });
    this.eventsDelivered = new Counter({
      name: 'stitchboard_domain_events_delivered_total',
      help: 'Domain events this instance handed to Socket.IO (each once, whatever its rooms), by event name',
      labelNames: ['event'],
      registers,
    });
    this.replays = new Counter({
      name: 'stitchboard_replays_served_total',
      help: 'Subscribes with a position answered by a replay from the event log (possibly empty)',
      registers,
    });
    this.replayedEvents = new Counter({
      name: 'stitchboard_replayed_events_total',
      help: 'Events sent in replays',
      registers,
    });
    this.resyncs = new Counter({
      name: 'stitchboard_resyncs_total',
      help: 'Subscribes answered "reload your snapshot": replayLimit (replayed already since the last nudge), logGap (the missed events were pruned or too many)',
      labelNames: ['reason'],
      registers,
    });
    // Series that exist from the start: rate() and dashboards see 0, not "no data".
    for (const result of ['ok', 'duplicate', 'refused', 'error'] satisfies ScanResult[]) this.scans.inc({ result }, 0);
    for (const reason of ['replayLimit', 'logGap'] satisfies ResyncReason[]) this.resyncs.inc({ reason }, 0);

    this.socketGauges(registers);
    this.poolGauges(registers);
    if (this.enabled) collectDefaultMetrics({ register: this.registry });
  }

  async onApplicationBootstrap(): Promise<void> {
    // Imported here, not at the top: the gateway imports this service (its replay hooks), and a
    // static import back would be a cycle that leaves one class undefined in the other's metadata.
    const { RealtimeGateway } = await import('../realtime/realtime.gateway.js');
    let gateway: GatewayState | null = null;
    try {
      gateway = this.moduleRef.get(RealtimeGateway, { strict: false }) as unknown as GatewayState;
    } catch {
      // An app without the realtime module (none today): the socket gauges stay at 0.
    }
    this.gateway = gateway;
  }

  /** True when `authorization` is `Bearer <METRICS_TOKEN>`; the comparison takes the same time whatever the offered token. */
  authorized(authorization: string | undefined): boolean {
    if (!this.tokenDigest || typeof authorization !== 'string') return false;
    const match = /^Bearer[ ]+(\S+)\s*$/i.exec(authorization);
    // Digests of equal length: timingSafeEqual needs that, and the length of the secret does not leak.
    return match !== null && timingSafeEqual(sha256(match[1]), this.tokenDigest);
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  /** The Prometheus text of this instance. */
  scrape(): Promise<string> {
    this.scraping ??= this.registry.metrics().finally(() => (this.scraping = null));
    return this.scraping;
  }

  /**
   * Express middleware, installed first (app.factory.ts) when metrics are enabled: one clock read
   * now and one histogram observation when the answer is finished. The route label is Express's
   * matched pattern (`/api/admin/production/overview/:id`), never the URL: ids and whatever an
   * attacker puts in a path cannot make new series.
   */
  readonly httpMiddleware = (request: Request, response: Response, next: NextFunction): void => {
    const started = performance.now();
    response.once('finish', () => this.observeHttp(request.method, routeLabel(request), response, (performance.now() - started) / 1000));
    next();
  };

  /** Times an answer whose route is known without Express (the lean path: common/http/lean-route.ts). */
  timeAnswer(method: string, route: string, response: ServerResponse): void {
    const started = performance.now();
    response.once('finish', () => this.observeHttp(method, route, response, (performance.now() - started) / 1000));
  }

  /** Gateway hook (subscribe): a replay from the event log was answered; `resync` when the log could not cover it. */
  replayServed(events: number, resync: boolean): void {
    if (resync) return this.resyncAnswered('logGap');
    this.replays.inc();
    if (events > 0) this.replayedEvents.inc(events);
  }

  /** Gateway hook (subscribe): the client was told to reload its snapshot instead of replaying. */
  resyncAnswered(reason: ResyncReason): void {
    this.resyncs.inc({ reason });
  }

  /**
   * Committed events handed to Socket.IO by this instance (the gateway calls it once per event it
   * delivers — the fan-out's frames and the events sent at once alike; events forwarded from
   * other instances are counted by the instance that committed them): counted by name, lag observed.
   */
  eventsHandedOver(events: readonly DomainEventEnvelope[], now = Date.now()): void {
    for (const event of events) {
      // Names come from the server's own code (DomainEventMap): a closed set, safe as a label.
      this.eventsDelivered.inc({ event: event.name });
      const at = Date.parse(event.at);
      // Clamped: the database clock may be a little ahead of this host's.
      if (Number.isFinite(at)) this.fanOutLag.observe(Math.max(0, now - at) / 1000);
    }
  }

  private observeHttp(requestMethod: string, route: string, response: ServerResponse, seconds: number): void {
    const status = response.statusCode;
    const method = METHODS.has(requestMethod) ? requestMethod : 'OTHER';
    this.httpDuration.observe({ method, route, status: STATUS_CLASSES[Math.floor(status / 100)] ?? 'other' }, seconds);
    // The floor's hot path: its latency and results get metrics of their own.
    if (route !== SCAN_RECORD_PATH || method !== 'POST') return;
    this.scanDuration.observe(seconds);
    const result: ScanResult =
      status >= 500 ? 'error' : status >= 400 ? 'refused' : response.getHeader(REPLAYED_HEADER) === 'true' ? 'duplicate' : 'ok';
    this.scans.inc({ result });
  }

  /** Read from this instance's Socket.IO server at scrape time: nothing is kept per socket. */
  private socketGauges(registers: Registry[]): void {
    const server = () => this.gateway?.server;
    const sockets = new Gauge({
      name: 'stitchboard_sockets_connected',
      help: 'Sockets connected to this instance, by identity kind (user, boardKey, …)',
      labelNames: ['kind'],
      registers,
      collect: () => {
        sockets.reset();
        const counts = new Map<string, number>([
          ['user', 0],
          ['boardKey', 0],
        ]);
        for (const socket of server()?.of('/').sockets.values() ?? []) {
          // Kinds come from the gateway's own identities (room-policy.ts): a closed set.
          const kind = (socket.data as { identity?: { kind?: string } } | undefined)?.identity?.kind ?? 'unidentified';
          counts.set(kind, (counts.get(kind) ?? 0) + 1);
        }
        for (const [kind, count] of counts) sockets.set({ kind }, count);
      },
    });
    const boards: Gauge = new Gauge({
      name: 'stitchboard_boards_connected',
      help: "Sockets of this instance in the 'board' room (wall boards, phone boards, kiosks)",
      registers,
      collect: () => boards.set(server()?.of('/').adapter.rooms.get('board')?.size ?? 0),
    });
    const rooms = new Gauge({
      name: 'stitchboard_rooms_subscribed',
      help: "Rooms with at least one of this instance's sockets subscribed (not counting the rooms sockets sit in by identity: their own, session, user, paired TV, board key)",
      registers,
      collect: () => {
        const namespace = server()?.of('/');
        let count = 0;
        for (const room of namespace?.adapter.rooms.keys() ?? []) {
          if (namespace!.sockets.has(room) || isIdentityRoom(room)) continue;
          count++;
        }
        rooms.set(count);
      },
    });
    const subscriptions = new Gauge({
      name: 'stitchboard_room_subscriptions',
      help: "Socket-room memberships of this instance's sockets in subscribed rooms (what one event to every room costs in sends)",
      registers,
      collect: () => {
        const namespace = server()?.of('/');
        let count = 0;
        for (const [room, members] of namespace?.adapter.rooms ?? []) {
          if (namespace!.sockets.has(room) || isIdentityRoom(room)) continue;
          count += members.size;
        }
        subscriptions.set(count);
      },
    });
    const head: Gauge = new Gauge({
      name: 'stitchboard_event_head_seq',
      help: 'The highest event seq this instance knows of (its ticks, the events it delivered); compare instances to see one fall behind',
      registers,
      collect: () => head.set(this.gateway?.lastHead ?? 0),
    });
  }

  /**
   * TypeORM's pg pool, read at scrape time. The embedded database (PGlite) sits behind the same
   * `pg` driver with a pool of exactly one connection (data-source-options.ts): there `waiting`
   * is the queue for the single connection, the figure that shows the embedded database is the
   * bottleneck.
   */
  private poolGauges(registers: Registry[]): void {
    const pool = () => (this.dataSource.isInitialized ? ((this.dataSource.driver as unknown as { master?: Pool }).master ?? null) : null);
    const connections = new Gauge({
      name: 'stitchboard_db_pool_connections',
      help: 'Connections of the database pool: total (open), idle, and waiting (queries waiting for a connection)',
      labelNames: ['state'],
      registers,
      collect: () => {
        const current = pool();
        connections.set({ state: 'total' }, current?.totalCount ?? 0);
        connections.set({ state: 'idle' }, current?.idleCount ?? 0);
        connections.set({ state: 'waiting' }, current?.waitingCount ?? 0);
      },
    });
    const max: Gauge = new Gauge({
      name: 'stitchboard_db_pool_max_connections',
      help: 'Size limit of the database pool (DB_POOL_SIZE; 1 for the embedded database)',
      registers,
      collect: () => max.set((pool() as { options?: { max?: number } } | null)?.options?.max ?? 0),
    });
  }
}

function sha256(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

/**
 * Express's matched route pattern, or one of two fixed labels: never anything taken from the URL.
 * A route for every method is not an endpoint but Nest's middleware on an exact path (it
 * registers those with `all()`, e.g. `/api*path`), left in `req.route` when no endpoint matched
 * after it: such answers count as unmatched. (No controller here uses @All.)
 */
function routeLabel(request: Request): string {
  const route = (request as Request & { route?: { path?: unknown; methods?: Record<string, boolean> } }).route;
  if (route && typeof route.path === 'string' && !route.methods?._all) return request.baseUrl + route.path;
  return request.originalUrl.startsWith('/api/') ? UNMATCHED_API : UNMATCHED_OTHER;
}
