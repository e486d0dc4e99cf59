import 'reflect-metadata';
import type { Server } from 'node:http';
import { NestFactory, Reflector } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import cors from 'cors';
import express, { type NextFunction, type Request, type Response } from 'express';
import { Logger } from 'nestjs-pino';
import { pinoHttp, type Options } from 'pino-http';
import { AppModule } from './app.module.js';
import { AuthService } from './auth/auth.service.js';
import { API_PREFIX } from './common/http/api-prefix.js';
import { LeanRoutes, type NodeMiddleware, type TrustProxy } from './common/http/lean-route.js';
import { precomputedSecurityHeaders } from './common/http/security-headers.js';
import { requestLogSettings } from './common/logging/log-options.js';
import { scanRecordRoute } from './scan/scan.controller.js';
import { ScanService } from './scan/scan.service.js';
import { GlobalExceptionFilter } from './common/errors/global-exception.filter.js';
import { ConcurrencyLimiter } from './common/load-shedding/concurrency-limiter.js';
import { validationPipe } from './common/http/validation-pipe.js';
import { bodySanity } from './common/http/body-sanity.js';
import { MultipartGate } from './common/http/multipart.js';
import { EnvelopeInterceptor } from './common/http/envelope.interceptor.js';
import { compressResponses, precompressedAssets } from './common/http/static-delivery.js';
import type { AppConfig } from './config/app-config.js';
import { RealtimeIoAdapter } from './realtime/realtime-io.adapter.js';
import { MetricsService } from './metrics/metrics.service.js';
import { REDIS_CLIENT, type RedisClient } from './redis/redis.module.js';

/** Builds the whole app (HTTP, Socket.IO, static frontend) without listening: main and tests share it. */
export async function createApp(config: AppConfig): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config), {
    bufferLogs: true,
    abortOnError: false,
  });
  app.useLogger(app.get(Logger));
  app.set('trust proxy', config.TRUST_PROXY);
  app.disable('x-powered-by');
  // Prometheus reads GET /metrics at the root, its usual place, outside the API (metrics.controller.ts).
  app.setGlobalPrefix(API_PREFIX, { exclude: ['metrics'] });
  // First middleware: the per-route latency includes every later one (only when METRICS_TOKEN is set).
  const metrics = app.get(MetricsService);
  if (metrics.enabled) app.use(metrics.httpMiddleware);

  // Security headers by whether the request came over TLS (common/http/security-headers.ts).
  const securityHeaders = { overTls: precomputedSecurityHeaders(true), plainHttp: precomputedSecurityHeaders(false) };
  app.use((request: Request, response: Response, next: NextFunction) => {
    (config.FORCE_HTTPS || request.secure ? securityHeaders.overTls : securityHeaders.plainHttp)(response);
    next();
  });
  // Fast first load (issue 10): the build's precompressed assets, gzip/brotli for the rest.
  app.use(precompressedAssets(config.FRONTEND_DIST));
  app.use(compressResponses());
  // API answers are per user and per moment: never stored by browsers or proxies (errors too).
  app.use(`/${API_PREFIX}`, (_request: Request, response: Response, next: NextFunction) => {
    response.setHeader('Cache-Control', 'no-store');
    next();
  });
  // Bounded concurrency: a retry storm after an outage waits in a short queue or gets 503 + Retry-After.
  const limiter = new ConcurrencyLimiter({
    maxConcurrent: config.MAX_CONCURRENT_REQUESTS,
    maxQueued: config.MAX_QUEUED_REQUESTS,
    queueTimeoutMs: config.QUEUE_TIMEOUT_MS,
    retryAfterSeconds: 2,
  });
  app.use(limiter.middleware);
  // No configured origins: same-origin only (the app serves its own frontend). What Nest's
  // enableCors would mount, made here so the lean path runs the same instance.
  const corsMiddleware = cors(config.CORS_ORIGINS.length ? { origin: config.CORS_ORIGINS, credentials: true } : { origin: false });
  app.use(corsMiddleware);

  // JSON and form bodies everywhere (the parsers Nest's useBodyParser mounts); then refuse NUL
  // characters and absurd nesting before anything (class-transformer, the database) reads them.
  // Multipart is parsed only by the endpoints that take a file (@AcceptsFile), after the access
  // guard; elsewhere MultipartGate answers 415 without reading it.
  const bodyParsers = [express.json(), express.urlencoded({ extended: true })];
  for (const parser of bodyParsers) app.use(parser);
  app.use(bodySanity());
  app.useGlobalInterceptors(new MultipartGate(app.get(Reflector)));

  app.useGlobalPipes(validationPipe());
  app.useGlobalFilters(new GlobalExceptionFilter());
  app.useGlobalInterceptors(new EnvelopeInterceptor(app.get(Reflector)));

  const ioAdapter = new RealtimeIoAdapter(
    app,
    app.get<RedisClient | null>(REDIS_CLIENT),
    config.REDIS_STREAM_NAME,
    config.CORS_ORIGINS,
  );
  await ioAdapter.connectRedis();
  app.useWebSocketAdapter(ioAdapter);

  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle('Stitchboard API')
      .setDescription(
        'Order tracking and production management. Every response is `{code, message, data}`; ' +
          'send the session token in the `token` header; POST bodies are form-encoded (JSON accepted).',
      )
      .setVersion('1')
      .addApiKey({ type: 'apiKey', in: 'header', name: 'token' }, 'token')
      .build(),
  );
  SwaggerModule.setup(`${API_PREFIX}/docs`, app, document, { jsonDocumentUrl: `${API_PREFIX}/docs-json` });

  // The floor's scan POST without Express and Nest's per-request machinery, through the same
  // pieces as above (common/http/lean-route.ts); in front of Express, behind Engine.IO (attached
  // at listen) and the shutdown gate (main.ts).
  const expressApp = app.getHttpAdapter().getInstance() as express.Express;
  const requestLog = config.LOG_LEVEL === 'silent' ? null : requestLogOf(config);
  const auth = app.get(AuthService);
  const leanRoutes = new LeanRoutes(
    {
      trustProxy: expressApp.get('trust proxy fn') as TrustProxy,
      forceHttps: config.FORCE_HTTPS,
      securityHeaders,
      limiter,
      cors: corsMiddleware as NodeMiddleware,
      bodyParsers: bodyParsers as NodeMiddleware[],
      requestLog,
      authenticate: (token) => auth.authenticateSession(token),
      metrics: metrics.enabled ? metrics : null,
    },
    [scanRecordRoute(app.get(ScanService))],
  );
  leanRoutes.enabled = config.SCAN_LEAN_PATH;
  leanRoutes.install(app.getHttpServer() as Server);
  LEAN_ROUTES.set(app, leanRoutes);

  app.enableShutdownHooks();
  return app;
}

/** Each app's lean path, for the bench's A/B and the parity spec. */
const LEAN_ROUTES = new WeakMap<object, LeanRoutes>();

export function leanRoutesOf(app: object): LeanRoutes | undefined {
  return LEAN_ROUTES.get(app);
}

/**
 * The request log of the lean path: pino-http with the app's logger options (the same format,
 * redaction, secret scrubbing and destination as nestjs-pino's).
 */
function requestLogOf(config: AppConfig): NodeMiddleware {
  const { options, destination } = requestLogSettings(config);
  const pinoOptions = options as Options;
  return (destination ? pinoHttp(pinoOptions, destination) : pinoHttp(pinoOptions)) as unknown as NodeMiddleware;
}
