// The app on Fastify (@nestjs/platform-fastify), for the HTTP adapter bench (issue 13, item 4):
// the same AppModule, global pipes, filters, interceptors and Socket.IO adapter as createApp
// (app.factory.ts), and the same global HTTP pipeline for API requests, written as Fastify hooks.
// Not a port: what only Express does here (uploads through multer, the built frontend, Swagger's
// UI, the metrics middleware) is left out, and the Express-shaped code the scan path reaches is
// given the few Express methods it calls (see `expressShims`). The bench's report lists what a
// real port would change instead.
import 'reflect-metadata';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { NestFactory, Reflector } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import type { Request, Response } from 'express';
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { Logger } from 'nestjs-pino';
import { AppModule } from '../src/app.module.js';
import { GlobalExceptionFilter } from '../src/common/errors/global-exception.filter.js';
import { API_PREFIX } from '../src/common/http/api-prefix.js';
import { bodySanity } from '../src/common/http/body-sanity.js';
import { EnvelopeInterceptor } from '../src/common/http/envelope.interceptor.js';
import { MultipartGate } from '../src/common/http/multipart.js';
import { compressResponses } from '../src/common/http/static-delivery.js';
import { precomputedSecurityHeaders } from '../src/common/http/security-headers.js';
import { validationPipe } from '../src/common/http/validation-pipe.js';
import { ConcurrencyLimiter } from '../src/common/load-shedding/concurrency-limiter.js';
import type { AppConfig } from '../src/config/app-config.js';
import { RealtimeIoAdapter } from '../src/realtime/realtime-io.adapter.js';
import { REDIS_CLIENT, type RedisClient } from '../src/redis/redis.module.js';

/** Express's default body limit (body-parser's 100 kb), which createApp keeps. */
const BODY_LIMIT_BYTES = 100 * 1024;

/** A Connect-style middleware over Node's own request and response (helmet, compression). */
type NodeMiddleware = (request: IncomingMessage, response: ServerResponse, next: (error?: Error) => void) => void;

function pathOf(url: string): string {
  const query = url.indexOf('?');
  return query < 0 ? url : url.slice(0, query);
}

/**
 * The Express methods that code on the scan path calls on Nest's request and response objects,
 * on Fastify's: `request.is` (MultipartGate), `response.setHeader` (GlobalExceptionFilter's
 * Retry-After, ScanController's replay header) and `response.status(…).json(…)` (the filter's
 * answer; Fastify's reply has `status`). `user` and `boardDevice`, which the access guard sets,
 * are declared so every request object keeps one shape.
 */
function expressShims(fastify: FastifyInstance): void {
  fastify.decorateRequest('is', function (this: FastifyRequest, type: string) {
    const contentType = this.headers['content-type'];
    if (!contentType) return null;
    return contentType.split(';')[0].trim().toLowerCase() === type ? type : false;
  });
  fastify.decorateRequest('user', null);
  fastify.decorateRequest('boardDevice', null);
  fastify.decorateReply('setHeader', function (this: FastifyReply, name: string, value: string) {
    return this.header(name, value);
  });
  fastify.decorateReply('json', function (this: FastifyReply, body: unknown) {
    return this.send(body);
  });
}

/**
 * The ConcurrencyLimiter's Express middleware as an `onRequest` hook: it reads the path and the
 * headers, waits for the raw response's 'close', and answers a refusal with status + json.
 */
function concurrencyLimitHook(limiter: ConcurrencyLimiter) {
  return (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void => {
    const raw = reply.raw;
    const response = {
      once: (event: string, listener: () => void) => raw.once(event, listener),
      off: (event: string, listener: () => void) => raw.off(event, listener),
      get headersSent() {
        return raw.headersSent;
      },
      get writableEnded() {
        return raw.writableEnded;
      },
      setHeader: (name: string, value: string) => reply.header(name, value),
      status: (code: number) => ({ json: (body: unknown) => reply.code(code).send(body) }),
    };
    // A refused request is answered here and `done` is never called: Fastify's early reply.
    limiter.middleware({ path: pathOf(request.url), headers: request.headers } as Request, response as unknown as Response, done);
  };
}

/**
 * Builds the app on Fastify without listening, with createApp's global pipeline for API requests
 * in the same order: security headers, compression, no-store, the concurrency limit, CORS, the
 * JSON and form parsers (Fastify's: flat form keys, no `a[b]` nesting), the body sanity check,
 * MultipartGate, the validation pipe, the exception filter, the envelope and Socket.IO.
 */
export async function createFastifyApp(config: AppConfig): Promise<NestFastifyApplication> {
  const app = await NestFactory.create<NestFastifyApplication>(
    AppModule.forRoot(config),
    // Fastify's trustProxy takes the same proxy-addr list as Express's 'trust proxy'.
    new FastifyAdapter({ trustProxy: config.TRUST_PROXY, bodyLimit: BODY_LIMIT_BYTES }),
    { bufferLogs: true, abortOnError: false },
  );
  app.useLogger(app.get(Logger));
  app.setGlobalPrefix(API_PREFIX, { exclude: ['metrics'] });
  const fastify = app.getHttpAdapter().getInstance();
  expressShims(fastify);

  // Helmet's headers on Node's response, from an onRequest hook (what @fastify/helmet does): the
  // same precomputed sets as createApp; request.protocol honours trustProxy as Express's
  // request.secure does.
  const overTls = precomputedSecurityHeaders(true);
  const plainHttp = precomputedSecurityHeaders(false);
  fastify.addHook('onRequest', (request, reply, done) => {
    (config.FORCE_HTTPS || request.protocol === 'https' ? overTls : plainHttp)(reply.raw);
    done();
  });
  // The same compression middleware: it wraps Node's response, which Fastify writes to.
  const compress = compressResponses() as unknown as NodeMiddleware;
  fastify.addHook('onRequest', (request, reply, done) => compress(request.raw, reply.raw, done));
  fastify.addHook('onRequest', (request, reply, done) => {
    const path = pathOf(request.url);
    // On the raw response, as helmet's headers: kept on error answers too.
    if (path === `/${API_PREFIX}` || path.startsWith(`/${API_PREFIX}/`)) reply.raw.setHeader('Cache-Control', 'no-store');
    done();
  });
  fastify.addHook(
    'onRequest',
    concurrencyLimitHook(
      new ConcurrencyLimiter({
        maxConcurrent: config.MAX_CONCURRENT_REQUESTS,
        maxQueued: config.MAX_QUEUED_REQUESTS,
        queueTimeoutMs: config.QUEUE_TIMEOUT_MS,
        retryAfterSeconds: 2,
      }),
    ),
  );
  app.enableCors(config.CORS_ORIGINS.length ? { origin: config.CORS_ORIGINS, credentials: true } : { origin: false });

  // JSON and form bodies: FastifyAdapter's default parsers. Parsed bodies reach preValidation,
  // where the same sanity check as createApp's refuses NUL characters and absurd nesting.
  const sanity = bodySanity();
  fastify.addHook('preValidation', (request, reply, done) => sanity(request as unknown as Request, reply as unknown as Response, done));
  app.useGlobalInterceptors(new MultipartGate(app.get(Reflector)));

  app.useGlobalPipes(validationPipe());
  app.useGlobalFilters(new GlobalExceptionFilter());
  app.useGlobalInterceptors(new EnvelopeInterceptor(app.get(Reflector)));

  const ioAdapter = new RealtimeIoAdapter(app, app.get<RedisClient | null>(REDIS_CLIENT), config.REDIS_STREAM_NAME, config.CORS_ORIGINS);
  await ioAdapter.connectRedis();
  app.useWebSocketAdapter(ioAdapter);

  app.enableShutdownHooks();
  return app;
}
