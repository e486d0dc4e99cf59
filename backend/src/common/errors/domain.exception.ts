import type { Localized } from '../../../../contracts/master-data.js';
import { ERRORS, type ErrorName } from './error-code.js';

/**
 * An expected failure: carries a known error and the values its translated message needs.
 * Services throw these; the global filter turns them into the response envelope.
 */
export class DomainException extends Error {
  readonly status: number;
  readonly messageKey: string;

  constructor(
    readonly error: ErrorName,
    /** Values for the message; a `{'zh-CN', en}` object is picked by the response language. */
    readonly params: Record<string, string | number | Localized> = {},
    /** Extra data for the client (e.g. which field), never internal details. */
    public data: Record<string, unknown> | null = null,
  ) {
    super(error);
    this.status = ERRORS[error].status;
    this.messageKey = ERRORS[error].key;
  }
}
