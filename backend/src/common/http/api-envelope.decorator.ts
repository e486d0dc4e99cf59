import { applyDecorators, type Type } from '@nestjs/common';
import { ApiExtraModels, ApiOkResponse, getSchemaPath } from '@nestjs/swagger';

/** Documents a response as `{code, message, data: T}` (or `data: T[]` with `isArray`). */
export function ApiEnvelopeResponse(model?: Type<unknown>, options: { isArray?: boolean } = {}) {
  const data = model
    ? options.isArray
      ? { type: 'array', items: { $ref: getSchemaPath(model) } }
      : { $ref: getSchemaPath(model) }
    : {};
  return applyDecorators(
    ...(model ? [ApiExtraModels(model)] : []),
    ApiOkResponse({
      schema: {
        type: 'object',
        properties: { code: { type: 'number', example: 200 }, message: { type: 'string' }, data },
      },
    }),
  );
}
