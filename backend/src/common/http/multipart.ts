import {
  applyDecorators,
  type CallHandler,
  type ExecutionContext,
  Injectable,
  type NestInterceptor,
  SetMetadata,
  type Type,
  UseInterceptors,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import multer from 'multer';
import type { Observable } from 'rxjs';
import { DomainException } from '../errors/domain.exception.js';
import { assertSane } from './body-sanity.js';

export const ACCEPTS_FILE_KEY = 'stitchboard:accepts-file';

export interface AcceptsFileOptions {
  /** The multipart field carrying the one file. */
  field: string;
  /** Largest file accepted, in bytes. */
  fileSize: number;
}

/** Besides the file: a few small text fields at most. */
export const MULTIPART_FIELD_LIMITS = { files: 1, fields: 20, fieldSize: 8 * 1024, parts: 22, headerPairs: 200 };

const isMultipart = (request: Request) => Boolean(request.is('multipart/form-data'));

/**
 * Parses the multipart body of this request only: one file in `field` (in memory, at most
 * `fileSize` bytes), up to 20 text fields of 8 KiB. Multer errors and broken bodies become
 * translated 400/413s. Sets request.file and request.body.
 */
export function parseSingleFile(request: Request, response: Response, options: AcceptsFileOptions): Promise<void> {
  const parser = multer({ storage: multer.memoryStorage(), limits: { ...MULTIPART_FIELD_LIMITS, fileSize: options.fileSize } }).single(options.field);
  return new Promise((resolve, reject) => {
    parser(request, response, (error?: unknown) => {
      if (!error) return resolve();
      const code = (error as { code?: string; name?: string }).code;
      if ((error as { name?: string }).name === 'MulterError' && (code === 'LIMIT_FILE_SIZE' || code === 'LIMIT_FIELD_VALUE')) {
        reject(new DomainException('payloadTooLarge'));
      } else {
        // Other multer limits, an unexpected field, or a truncated / malformed body (busboy).
        reject(new DomainException('malformedBody', {}, code ? { problem: code } : null));
      }
    });
  });
}

/** Runs after the access guard: the request's file is read only for callers allowed in. */
@Injectable()
export class SingleFileInterceptor implements NestInterceptor {
  constructor(private readonly reflector: Reflector) {}

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const options = this.reflector.get<AcceptsFileOptions | undefined>(ACCEPTS_FILE_KEY, context.getHandler());
    const http = context.switchToHttp();
    const request = http.getRequest<Request>();
    if (options && isMultipart(request)) {
      await parseSingleFile(request, http.getResponse<Response>(), options);
      assertSane(request.body);
    }
    return next.handle();
  }
}

/**
 * The endpoint takes one uploaded file (`@UploadedFile()`): multipart is parsed here only, after
 * the guard — and after `before`, interceptors that must refuse a caller before any byte of the
 * file is buffered (e.g. a per-user upload quota).
 */
export const AcceptsFile = (options: AcceptsFileOptions, ...before: Type<NestInterceptor>[]) =>
  applyDecorators(SetMetadata(ACCEPTS_FILE_KEY, options), UseInterceptors(...before, SingleFileInterceptor));

/**
 * Global: a multipart body sent to an endpoint that takes no file is refused (415, translated)
 * without reading it. Being an interceptor, it runs after the access guard, so an anonymous
 * caller gets the 401 first.
 */
export class MultipartGate implements NestInterceptor {
  constructor(private readonly reflector: Reflector) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() === 'http') {
      const request = context.switchToHttp().getRequest<Request>();
      if (isMultipart(request) && !this.reflector.get<AcceptsFileOptions | undefined>(ACCEPTS_FILE_KEY, context.getHandler())) {
        throw new DomainException('multipartNotAccepted');
      }
    }
    return next.handle();
  }
}
