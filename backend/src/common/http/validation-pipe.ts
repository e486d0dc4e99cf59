import { type ArgumentMetadata, type Type, ValidationPipe } from '@nestjs/common';
import type { Localized } from '../../../../contracts/master-data.js';
import { DomainException } from '../errors/domain.exception.js';
import { validationException } from '../errors/validation.js';

/** A DTO class may carry its fields' labels (`static fieldLabels`) so messages can name them. */
export type DtoClass = Type<object> & { fieldLabels?: Record<string, Localized> };

/**
 * The validation every body and query goes through: convert, strip unknown fields, one clear
 * message naming the first bad field — by the DTO's own label when it has one.
 */
class LabelledValidationPipe extends ValidationPipe {
  constructor(private readonly fixedType?: DtoClass) {
    super({ expectedType: fixedType, transform: true, whitelist: true, forbidUnknownValues: false, exceptionFactory: (errors) => validationException(errors) });
  }

  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    try {
      return await super.transform(value, metadata);
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

export function validationPipe(expectedType?: DtoClass): ValidationPipe {
  return new LabelledValidationPipe(expectedType);
}

/**
 * For a parameter whose DTO class is chosen at run time (generated DTOs):
 * `@Body(bodyPipe(SomeDto))` — TypeScript's reflected type is not enough there.
 */
export const bodyPipe = (expectedType: DtoClass): ValidationPipe => validationPipe(expectedType);
