// Bounded concurrency for the API: at most `maxConcurrent` requests are served at once per
// instance, up to `maxQueued` more wait (first come, first served) for at most `queueTimeoutMs`,
// anything beyond is refused at once with 503 + Retry-After. After an outage every client
// retries at the same moment: this keeps that backlog from overloading the instance and the
// database pool, and the refused clients know when to come back. Health checks, static files
// and Socket.IO are not API requests and are never held back.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { NextFunction, Request, Response } from 'express';
import type { ApiEnvelope } from '../../../../contracts/api.js';
import { ERRORS } from '../errors/error-code.js';
import { writeJson } from '../http/json-answer.js';
import { languageFromHeader, translate } from '../i18n/translator.js';

export interface ConcurrencyLimits {
  maxConcurrent: number;
  maxQueued: number;
  queueTimeoutMs: number;
  /** Sent as Retry-After on refusals. */
  retryAfterSeconds: number;
}

interface Waiter {
  start: () => void;
  timer: NodeJS.Timeout;
}

const EXEMPT = new Set(['/api/health']);

export class ConcurrencyLimiter {
  private active = 0;
  private readonly queue: Waiter[] = [];
  /** Refusals since start (for tests and logs). */
  refused = 0;

  constructor(private readonly limits: ConcurrencyLimits) {}

  get inFlight(): number {
    return this.active;
  }

  get queued(): number {
    return this.queue.length;
  }

  readonly middleware = (request: Request, response: Response, next: NextFunction): void => {
    const path = request.path;
    if (!path.startsWith('/api/') || EXEMPT.has(path)) return next();
    this.admit(request, response, next);
  };

  /**
   * Runs `next` now, after a wait in the queue, or never (refused with 503): for an API request
   * on a plain Node request (the Express middleware above, and the lean path).
   */
  admit(request: IncomingMessage, response: ServerResponse, next: () => void): void {
    if (this.active < this.limits.maxConcurrent) {
      this.run(response, next);
      return;
    }
    if (this.queue.length >= this.limits.maxQueued) {
      this.refuse(request, response);
      return;
    }
    const waiter: Waiter = {
      start: () => {
        clearTimeout(waiter.timer);
        response.off('close', abandoned);
        this.run(response, next);
      },
      timer: setTimeout(() => {
        this.dequeue(waiter);
        response.off('close', abandoned);
        this.refuse(request, response);
      }, this.limits.queueTimeoutMs),
    };
    // A client that gives up while waiting leaves the queue.
    const abandoned = () => {
      clearTimeout(waiter.timer);
      this.dequeue(waiter);
    };
    response.once('close', abandoned);
    this.queue.push(waiter);
  }

  private run(response: ServerResponse, next: () => void): void {
    this.active++;
    let released = false;
    // 'close' fires once the answer is sent or the connection dropped, whichever comes first.
    response.once('close', () => {
      if (released) return;
      released = true;
      this.active--;
      this.queue.shift()?.start();
    });
    next();
  }

  private dequeue(waiter: Waiter): void {
    const index = this.queue.indexOf(waiter);
    if (index >= 0) this.queue.splice(index, 1);
  }

  private refuse(request: IncomingMessage, response: ServerResponse): void {
    this.refused++;
    if (response.headersSent || response.writableEnded) return;
    const language = languageFromHeader(request.headers['accept-language']);
    const body: ApiEnvelope<unknown> = {
      code: ERRORS.serverBusy.status,
      message: translate(language, ERRORS.serverBusy.key),
      data: { errorKey: 'serverBusy' },
    };
    response.setHeader('Retry-After', String(this.limits.retryAfterSeconds));
    response.setHeader('Cache-Control', 'no-store');
    writeJson(response, ERRORS.serverBusy.status, body);
  }
}
