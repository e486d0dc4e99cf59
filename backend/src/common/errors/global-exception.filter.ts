import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import type { IncomingHttpHeaders } from 'node:http';
import type { Request, Response } from 'express';
import type { ApiEnvelope } from '../../../../contracts/api.js';
import { fieldLabel, languageFromHeader, translate, type Language } from '../i18n/translator.js';
import { databaseFailureOf } from '../../database/database-errors.js';
import { DomainException } from './domain.exception.js';
import type { ErrorName } from './error-code.js';

const STATUS_ERRORS: Record<number, ErrorName> = {
  400: 'malformedBody',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'routeNotFound',
  413: 'payloadTooLarge',
  415: 'unsupportedMediaType',
  429: 'tooManyRequests',
  503: 'unavailable',
};

/** Errors raised by Express body parsers and multer before Nest routes the request. */
interface ParserError {
  status?: number;
  statusCode?: number;
  type?: string;
  code?: string;
  name?: string;
}

/** An error as an answer: status, extra headers and the envelope. */
export interface ErrorAnswer {
  status: number;
  headers: Record<string, string>;
  body: ApiEnvelope<unknown>;
}

/** What the error answer reads of the request (an Express request, or the lean path's raw one). */
export interface ErroredRequest {
  headers: IncomingHttpHeaders;
  url?: string;
  /** The request id (pino-http's), the correlation id of a 500. */
  id?: unknown;
}

const logger = new Logger('Errors');

/**
 * The one place an error becomes an answer: a DomainException keeps its code and translated
 * message; a framework error maps by status; anything else is a 500 with a correlation id in the
 * log and a generic message to the client (never a stack trace). Used by the global filter and
 * by the lean path (common/http/lean-route.ts).
 */
export function errorAnswer(exception: unknown, request: ErroredRequest): ErrorAnswer {
  const language = languageFromHeader(request.headers['accept-language']);
  const domain = toDomainException(exception, request);
  const headers: Record<string, string> = {};
  if (domain.status === 429 && domain.params.seconds) headers['Retry-After'] = String(domain.params.seconds);
  // Every 503 is "try again shortly": tell clients (and proxies) when.
  if (domain.status === 503) headers['Retry-After'] = String(domain.params.seconds ?? RETRY_AFTER_SECONDS);
  return {
    status: domain.status,
    headers,
    body: { code: domain.status, message: messageOf(domain, language), data: { errorKey: domain.error, ...withoutLabel(domain.data) } },
  };
}

@Catch()
export class GlobalExceptionFilter implements ExceptionFilter {
  catch(exception: unknown, host: ArgumentsHost): void {
    if (host.getType() !== 'http') throw exception;
    const http = host.switchToHttp();
    const answer = errorAnswer(exception, http.getRequest<Request & { id?: string }>());
    const response = http.getResponse<Response>();
    for (const [name, value] of Object.entries(answer.headers)) response.setHeader(name, value);
    response.status(answer.status).json(answer.body);
  }
}

function toDomainException(exception: unknown, request: ErroredRequest): DomainException {
  if (exception instanceof DomainException) return exception;
  if (exception instanceof HttpException) {
    const name = STATUS_ERRORS[exception.getStatus()];
    if (name) return new DomainException(name);
  }
  const parser = exception as ParserError | null;
  if (parser && typeof parser === 'object') {
    if (parser.name === 'MulterError') {
      return new DomainException(parser.code === 'LIMIT_FILE_SIZE' || parser.code === 'LIMIT_FIELD_VALUE' ? 'payloadTooLarge' : 'malformedBody');
    }
    const status = parser.status ?? parser.statusCode;
    if (typeof status === 'number' && STATUS_ERRORS[status] && status < 500) return new DomainException(STATUS_ERRORS[status]);
  }
  // The database is down, frozen or overloaded: a translated 503 the client can retry, not a 500.
  const failure = databaseFailureOf(exception);
  if (failure) {
    logger.warn({ err: summaryOf(exception), path: request.url, failure }, 'database unavailable');
    return new DomainException(failure === 'busy' ? 'databaseBusy' : 'databaseUnavailable');
  }
  const correlationId = String(request.id ?? Date.now().toString(36));
  logger.error({ err: exception, correlationId, path: request.url }, 'unhandled error');
  return new DomainException('internal', { correlationId });
}

function messageOf(exception: DomainException, language: Language): string {
  const params: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(exception.params)) {
    params[key] = typeof value === 'object' ? value[language] : value;
  }
  const data = (exception.data ?? {}) as { field?: string; problem?: string; params?: Record<string, unknown>; label?: Record<Language, string> };
  if (data.field) params.field = data.label?.[language] ?? fieldLabel(language, data.field);
  if (exception.error === 'validation' && data.problem) {
    params.problem = translate(language, `problems.${data.problem}`, data.params ?? {});
  }
  return translate(language, exception.messageKey, params);
}

/** What a 503 asks clients to wait before retrying, when the error does not say. */
export const RETRY_AFTER_SECONDS = 5;

/** An outage repeats on every request: log its code and message, not a stack per request. */
function summaryOf(exception: unknown): Record<string, unknown> {
  const error = exception as { name?: string; code?: string; message?: string; driverError?: { code?: string; message?: string } };
  return { type: error?.name, code: error?.code ?? error?.driverError?.code, message: error?.message ?? error?.driverError?.message };
}

/** The label was only needed to word the message. */
function withoutLabel(data: Record<string, unknown> | null): Record<string, unknown> {
  if (!data) return {};
  const { label: _label, ...rest } = data;
  return rest;
}
