import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { INestApplication } from '@nestjs/common';
import { languageFromHeader, translate } from '../common/i18n/translator.js';
import { RealtimeGateway } from '../realtime/realtime.gateway.js';

export interface GracefulShutdownOptions {
  /** Everything is over by then, whatever still runs (default 4.5 s: within the 5 s an orchestrator waits). */
  deadlineMs?: number;
  /** How long in-flight requests may take to finish before their connections are cut (default 3 s). */
  drainMs?: number;
  log?: (message: string) => void;
  exit?: (code: number) => void;
}

type RequestListener = (request: IncomingMessage, response: ServerResponse) => void;

/**
 * SIGTERM / SIGINT: stop accepting connections, answer what is in flight, and exit within the
 * deadline (docs/ARCHITECTURE.md, "Shutdown"):
 *  1. the listening socket closes; requests that still arrive on open keep-alive connections get
 *     503 with `Connection: close` (a load balancer retries them elsewhere); idle keep-alive
 *     connections are closed at once;
 *  2. every Socket.IO connection is closed, so boards reconnect to another instance;
 *  3. in-flight requests finish (up to `drainMs`), then any connection left is cut;
 *  4. Nest closes (database pool, Redis), and the process exits 0 — or 1 at the hard deadline.
 * Call after `app.listen`. Replaces the signal listeners of Nest's enableShutdownHooks, which
 * close the app without draining and then re-raise the signal (exit code 143).
 */
export function installGracefulShutdown(app: INestApplication, options: GracefulShutdownOptions = {}): { shutdown: (signal: string) => Promise<void> } {
  const deadlineMs = options.deadlineMs ?? 4500;
  const drainMs = Math.min(options.drainMs ?? 3000, deadlineMs - 500);
  const log = options.log ?? ((message: string) => console.log(message));
  const exit = options.exit ?? ((code: number) => process.exit(code));
  const server = app.getHttpServer() as Server;

  let shuttingDown = false;
  let inFlight = 0;
  const open = new Set<ServerResponse>();
  let drained: (() => void) | null = null;

  // One gate in front of every request listener (Express and Engine.IO's polling): counts what
  // is in flight, and turns new requests away once shutting down.
  const listeners = server.listeners('request') as RequestListener[];
  server.removeAllListeners('request');
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    if (shuttingDown) {
      const body = JSON.stringify({ code: 503, message: translate(languageFromHeader(request.headers['accept-language']), 'errors.shuttingDown'), data: null });
      response.writeHead(503, { 'Content-Type': 'application/json; charset=utf-8', Connection: 'close', 'Retry-After': '1', 'Cache-Control': 'no-store' });
      response.end(body);
      return;
    }
    inFlight++;
    open.add(response);
    let done = false;
    const finished = () => {
      if (done) return;
      done = true;
      inFlight--;
      open.delete(response);
      if (shuttingDown) {
        // The answer closes its connection: keep-alive ends with it.
        if (inFlight === 0) drained?.();
      }
    };
    response.once('finish', finished);
    response.once('close', finished);
    for (const listener of listeners) listener.call(server, request, response);
  });
  async function shutdown(signal: string): Promise<void> {
    if (shuttingDown) return;
    shuttingDown = true;
    const started = Date.now();
    const hardStop = setTimeout(() => {
      log(`shutdown: still busy after ${deadlineMs} ms, exiting now`);
      exit(1);
    }, deadlineMs);
    hardStop.unref();
    log(`${signal}: shutting down (${inFlight} request(s) in flight)`);

    server.close();
    server.closeIdleConnections();
    // Answers still to be written tell their clients not to reuse the connection.
    for (const response of open) if (!response.headersSent) response.shouldKeepAlive = false;
    try {
      app.get(RealtimeGateway, { strict: false }).disconnectAll();
    } catch {
      // no realtime layer: nothing to disconnect
    }
    if (inFlight > 0) {
      await new Promise<void>((resolve) => {
        drained = resolve;
        setTimeout(resolve, drainMs).unref();
      });
    }
    server.closeAllConnections();
    try {
      await app.close();
    } catch (error) {
      log(`shutdown: closing the app failed: ${(error as Error).message}`);
    }
    clearTimeout(hardStop);
    log(`shutdown: done in ${Date.now() - started} ms`);
    exit(0);
  }

  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.removeAllListeners(signal);
    process.once(signal, () => void shutdown(signal));
  }
  return { shutdown };
}
