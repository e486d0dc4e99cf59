// The lean path: an endpoint answered without Express's router and Nest's per-request machinery
// (guards, interceptors, pipes as rxjs chains), for the floor's hottest request, the scan POST
// (issue 13, item 4).
//
// Why: measured on the scan bench (64 scans in flight, no boards), the scan's own work — the
// session lookup, validation, the two database round trips, the answer — is about 0.8 ms of
// server CPU; Express and Nest around it added 0.5–0.7 ms more (Express's per-request setup
// and a dozen middlewares, Nest's route handler, rxjs interceptors, pino-http). A Fastify port
// saved a fifth of that; this path saves nearly all of it, for one endpoint.
//
// What stays the same: every step the framework path runs for this endpoint runs here, in the
// same order, with the SAME instances or functions — the security headers, no-store, the
// concurrency limiter, CORS, the JSON and form parsers, the body sanity check, the request log,
// the session check (admitSession), the multipart refusal, the endpoint's validation pipe, the
// endpoint's own service call, the success envelope and its translated message, the error
// answer of every failure (errorAnswer), and the metrics. What differs, on purpose: the answer is
// never gzip-compressed (about 1.3 KB on a LAN, where compressing costs more CPU than it saves)
// and so carries no `Vary: Accept-Encoding`, and it has no ETag (writeJson: nothing caches the
// answer to a POST). A spec sends the same requests through both paths
// and requires the same statuses, headers and envelopes (lean-route.api.spec.ts).
//
// What is served here: exactly `POST <path>` with no query string. Anything else — another
// method, a query string, a different case or a trailing slash — takes the framework path, which
// serves the same endpoint. The endpoint keeps its Nest controller (OpenAPI, that fallback).
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import proxyAddr from 'proxy-addr';
import typeIs from 'type-is';
import { admitSession, firstHeader, type AuthenticatedCaller } from '../../auth/access.guard.js';
import type { SessionUser } from '../../auth/session.repository.js';
import type { MetricsService } from '../../metrics/metrics.service.js';
import { DomainException } from '../errors/domain.exception.js';
import { errorAnswer } from '../errors/global-exception.filter.js';
import { languageFromHeader, type Language } from '../i18n/translator.js';
import type { ConcurrencyLimiter } from '../load-shedding/concurrency-limiter.js';
import { assertSane } from './body-sanity.js';
import { successMessage } from './envelope.interceptor.js';
import { writeJson } from './json-answer.js';
import type { SecurityHeaderSetter } from './security-headers.js';
import { validationPipe, type DtoClass } from './validation-pipe.js';

/** A connect-style middleware on plain Node requests (body-parser, cors, pino-http are). */
export type NodeMiddleware = (request: IncomingMessage, response: ServerResponse, next: (error?: unknown) => void) => void;

/** Express's compiled `trust proxy` setting (app.get('trust proxy fn')). */
export type TrustProxy = (address: string | undefined, hop: number) => boolean;

/** An endpoint served on the lean path. It must need a full session (none open before a password change). */
export interface LeanRoute<Body extends object = object> {
  /** The request target served, exactly: `/api/…`, no query string. POST only. */
  path: string;
  /** The body's DTO, validated by the same pipe as the framework path's. */
  dto: DtoClass;
  /** The key of the success message (what the controller's @SuccessMessage says). */
  messageKey: string;
  /** The endpoint's work; what it returns is the envelope's data. */
  handle(body: Body, caller: AuthenticatedCaller, answer: { language: Language; setHeader(name: string, value: string): void }): Promise<unknown>;
}

/** What the lean path shares with the framework path: the same instances, hence the same behaviour. */
export interface SharedPipeline {
  trustProxy: TrustProxy;
  /** Security headers as if over TLS regardless of the request (FORCE_HTTPS). */
  forceHttps: boolean;
  securityHeaders: { overTls: SecurityHeaderSetter; plainHttp: SecurityHeaderSetter };
  limiter: ConcurrencyLimiter;
  cors: NodeMiddleware;
  /** The JSON and form parsers, in the framework path's order. */
  bodyParsers: NodeMiddleware[];
  /** pino-http as configured for the app; null when the log is off (LOG_LEVEL=silent). */
  requestLog: NodeMiddleware | null;
  /** The session behind a token (AuthService.authenticateSession, with its cache). */
  authenticate(token: string): Promise<SessionUser | null>;
  /** Null when metrics are off. */
  metrics: MetricsService | null;
}

type RequestListener = (request: IncomingMessage, response: ServerResponse) => void;

interface Served {
  route: LeanRoute;
  pipe: ReturnType<typeof validationPipe>;
}

/** Runs a connect-style middleware as a promise (rejected with what it passes to `next`). */
function run(middleware: NodeMiddleware, request: IncomingMessage, response: ServerResponse): Promise<void> {
  return new Promise((resolve, reject) => middleware(request, response, (error) => (error ? reject(error) : resolve())));
}

/** Express's `req.secure`: https on the socket, or X-Forwarded-Proto from a trusted proxy. */
export function cameOverTls(request: IncomingMessage, trust: TrustProxy): boolean {
  const encrypted = Boolean((request.socket as { encrypted?: boolean }).encrypted);
  if (!trust(request.socket.remoteAddress, 0)) return encrypted;
  const header = firstHeader(request.headers['x-forwarded-proto']);
  if (!header) return encrypted;
  const comma = header.indexOf(',');
  return (comma === -1 ? header : header.slice(0, comma)).trim() === 'https';
}

export class LeanRoutes {
  /** Off: every request takes the framework path (the bench's A/B, the parity spec). */
  enabled = true;
  /** Requests answered here. */
  served = 0;
  private readonly routes = new Map<string, Served>();

  constructor(
    private readonly shared: SharedPipeline,
    routes: LeanRoute[],
  ) {
    for (const route of routes) this.routes.set(route.path, { route, pipe: validationPipe(route.dto) });
  }

  /** Puts the lean path in front of the server's request listeners (Express, set up by Nest). */
  install(server: Server): void {
    const listeners = server.listeners('request') as RequestListener[];
    server.removeAllListeners('request');
    server.on('request', (request: IncomingMessage, response: ServerResponse) => {
      const served = this.enabled && request.method === 'POST' ? this.routes.get(request.url ?? '') : undefined;
      if (served) return this.serve(served, request, response);
      for (const listener of listeners) listener.call(server, request, response);
    });
  }

  /** The framework path's first middlewares, in its order: metrics, security headers, no-store, the limiter. */
  private serve(served: Served, request: IncomingMessage, response: ServerResponse): void {
    const { shared } = this;
    this.served++;
    shared.metrics?.timeAnswer('POST', served.route.path, response);
    const overTls = shared.forceHttps || cameOverTls(request, shared.trustProxy);
    (overTls ? shared.securityHeaders.overTls : shared.securityHeaders.plainHttp)(response);
    response.setHeader('Cache-Control', 'no-store');
    shared.limiter.admit(request, response, () => void this.answer(served, request, response));
  }

  /** The rest: CORS, parsing, sanity, the request log, the session, validation, the work, the envelope. */
  private async answer({ route, pipe }: Served, request: IncomingMessage & { body?: unknown; id?: unknown }, response: ServerResponse): Promise<void> {
    const { shared } = this;
    try {
      await run(shared.cors, request, response);
      for (const parser of shared.bodyParsers) await run(parser, request, response);
      assertSane(request.body);
      if (shared.requestLog) await run(shared.requestLog, request, response);
      else request.id = randomUUID();
      const token = firstHeader(request.headers.token);
      const user = token ? await shared.authenticate(token) : null;
      const caller = admitSession(
        token,
        user,
        { ip: proxyAddr(request, shared.trustProxy), userAgent: firstHeader(request.headers['user-agent']) ?? '' },
        () => false,
      );
      if (typeIs(request, ['multipart/form-data'])) throw new DomainException('multipartNotAccepted');
      const body = (await pipe.transform(request.body, { type: 'body', metatype: route.dto, data: undefined })) as object;
      const language = languageFromHeader(request.headers['accept-language']);
      const data = await route.handle(body, caller, { language, setHeader: (name, value) => response.setHeader(name, value) });
      writeJson(response, 200, { code: 200, message: successMessage(language, route.messageKey), data: data ?? null });
    } catch (error) {
      // The client went away, or an answer already left: nothing to tell it.
      if (response.headersSent || response.destroyed) return;
      const answer = errorAnswer(error, { headers: request.headers, url: request.url, id: request.id });
      for (const [name, value] of Object.entries(answer.headers)) response.setHeader(name, value);
      writeJson(response, answer.status, answer.body);
    }
  }
}
