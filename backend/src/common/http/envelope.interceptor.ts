import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor, StreamableFile } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { map, type Observable } from 'rxjs';
import type { ApiEnvelope } from '../../../../contracts/api.js';
import { languageFromHeader, translate } from '../i18n/translator.js';
import { SUCCESS_MESSAGE_KEY } from './route-access.decorators.js';

/** Wraps every successful handler result in `{code: 200, message, data}`. */
@Injectable()
export class EnvelopeInterceptor implements NestInterceptor {
  constructor(private readonly reflector: Reflector) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<ApiEnvelope | StreamableFile> {
    if (context.getType() !== 'http') return next.handle();
    const request = context.switchToHttp().getRequest<Request>();
    const messageKey = this.reflector.get<string>(SUCCESS_MESSAGE_KEY, context.getHandler()) ?? 'messages.success';
    const message = translate(languageFromHeader(request.headers['accept-language']), messageKey);
    // Files (Excel exports, images) go out as they are.
    return next.handle().pipe(map((data: unknown) => (data instanceof StreamableFile ? data : { code: 200, message, data: data ?? null })));
  }
}
