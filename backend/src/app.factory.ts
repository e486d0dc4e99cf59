import 'reflect-metadata';
import { NestFactory, Reflector } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import type { NextFunction, Request, Response } from 'express';
import helmet from 'helmet';
import { Logger } from 'nestjs-pino';
import { AppModule } from './app.module.js';
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

export const API_PREFIX = 'api';

/**
 * Helmet for answers over TLS (HSTS, upgrade-insecure-requests) or over plain http (neither).
 * Exported for the HTTP adapter bench, which sends the same headers from a Fastify hook.
 */
export function securityHeaders(overTls: boolean) {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        // Same-origin app; websockets to our own host are covered by 'self'. Images: uploads,
        // QR codes (data:) and previews of picked files (blob:).
        'img-src': ["'self'", 'data:', 'blob:'],
        'connect-src': ["'self'"],
        'upgrade-insecure-requests': overTls ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
    // Browsers ignore (and warn about) COOP on a plain-http origin other than localhost.
    crossOriginOpenerPolicy: overTls,
    strictTransportSecurity: overTls ? { maxAge: 15_552_000, includeSubDomains: false } : false,
  });
}

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

  // Factory LANs open the app as http://<ip-or-name>:<port>: helmet's default CSP has
  // `upgrade-insecure-requests`, which would make the browser fetch every script over https (a
  // blank page), and HSTS would pin the name to https. Both only when TLS is in front: the request
  // came over https (directly, or X-Forwarded-Proto from a trusted proxy) or FORCE_HTTPS is set.
  const overTls = securityHeaders(true);
  const plainHttp = securityHeaders(false);
  app.use((request: Request, response: Response, next: NextFunction) =>
    (config.FORCE_HTTPS || request.secure ? overTls : plainHttp)(request, response, next),
  );
  // Fast first load (issue 10): the build's precompressed assets, gzip/brotli for the rest.
  app.use(precompressedAssets(config.FRONTEND_DIST));
  app.use(compressResponses());
  // API answers are per user and per moment: never stored by browsers or proxies (errors too).
  app.use(`/${API_PREFIX}`, (_request: Request, response: Response, next: NextFunction) => {
    response.setHeader('Cache-Control', 'no-store');
    next();
  });
  // Bounded concurrency: a retry storm after an outage waits in a short queue or gets 503 + Retry-After.
  app.use(
    new ConcurrencyLimiter({
      maxConcurrent: config.MAX_CONCURRENT_REQUESTS,
      maxQueued: config.MAX_QUEUED_REQUESTS,
      queueTimeoutMs: config.QUEUE_TIMEOUT_MS,
      retryAfterSeconds: 2,
    }).middleware,
  );
  // No configured origins: same-origin only (the app serves its own frontend).
  app.enableCors(config.CORS_ORIGINS.length ? { origin: config.CORS_ORIGINS, credentials: true } : { origin: false });

  // JSON and form bodies everywhere; then refuse NUL characters and absurd nesting before
  // anything (class-transformer, the database) reads them. Multipart is parsed only by the
  // endpoints that take a file (@AcceptsFile), after the access guard; elsewhere MultipartGate
  // answers 415 without reading it.
  app.useBodyParser('json');
  app.useBodyParser('urlencoded', { extended: true });
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

  app.enableShutdownHooks();
  return app;
}
