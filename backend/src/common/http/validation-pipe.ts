import { type ArgumentMetadata, type Type, ValidationPipe } from '@nestjs/common';
import type { Localized } from '../../../../contracts/master-data.js';
import { DomainException } from '../errors/domain.exception.js';
import { validationException } from '../errors/validation.js';
import { cacheValidationMetadata } from './validation-metadata-cache.js';

/** A DTO class may carry its fields' labels (`static fieldLabels`) so messages can name them. */
export type DtoClass = Type<object> & { fieldLabels?: Record<string, Localized> };

/**
 * The validation every body and query goes through: convert, strip unknown fields, one clear
 * message naming the first bad field — by the DTO's own label when it has one.
 */
class LabelledValidationPipe extends ValidationPipe {
  constructor(private readonly fixedType?: DtoClass) {
    super({ expectedType: fixedType, transform: true, whitelist: true, forbidUnknownValues: false, exceptionFactory: (errors) => validationException(errors) });
    cacheValidationMetadata();
  }

  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    try {
      const result = await super.transform(value, metadata);
      assertNumbersInRange(result);
      return result;
    } catch (error) {
      const labels = (this.fixedType ?? (metadata.metatype as DtoClass | undefined))?.fieldLabels;
      if (error instanceof DomainException && error.data && labels) {
        const field = String(error.data.field ?? '');
        if (labels[field] && !error.data.label) error.data.label = labels[field];
      }
      throw error;
    }
  }
}

/** Every number a client sends lands in an int4 or a numeric(≤16, 2) column: beyond int4 is never valid. */
export const MAX_CLIENT_NUMBER = 2_147_483_647;

/**
 * Refuses any number beyond ±MAX_CLIENT_NUMBER anywhere in a converted body or query (ids,
 * versions, quantities, prices): PostgreSQL would answer 22003 "out of range", a 500. Checked
 * here once for every DTO, so an id without its own @Max is covered too. Iterative: the body
 * sanity middleware already capped the depth, but this must not rely on it.
 */
function assertNumbersInRange(root: unknown): void {
  if (root === null || typeof root !== 'object') return;
  const stack: { value: object; field: string }[] = [{ value: root, field: '' }];
  const seen = new Set<object>();
  while (stack.length) {
    const { value, field } = stack.pop()!;
    if (seen.has(value) || value instanceof Date || Buffer.isBuffer(value)) continue;
    seen.add(value);
    for (const [key, child] of Object.entries(value)) {
      const name = field || key;
      if (typeof child === 'number' && Number.isFinite(child) && Math.abs(child) > MAX_CLIENT_NUMBER) {
        throw new DomainException('validation', {}, { field: name, problem: 'max', params: { max: MAX_CLIENT_NUMBER } });
      }
      if (child !== null && typeof child === 'object') stack.push({ value: child, field: name });
    }
  }
}

export function validationPipe(expectedType?: DtoClass): ValidationPipe {
  return new LabelledValidationPipe(expectedType);
}

/**
 * For a parameter whose DTO class is chosen at run time (generated DTOs):
 * `@Body(bodyPipe(SomeDto))` — TypeScript's reflected type is not enough there.
 */
export const bodyPipe = (expectedType: DtoClass): ValidationPipe => validationPipe(expectedType);
