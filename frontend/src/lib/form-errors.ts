// What a refused save means for the form: a message under one field (the server names it in
// `data.field`), a stale-version conflict (someone else saved first), or a general message.
import { ApiError } from './http-client';

export interface FormError {
  /** The form field the message belongs under; null when it belongs to the whole form. */
  field: string | null;
  message: string;
  /** 409 with errorKey 'conflict': the record changed since it was loaded. */
  conflict: boolean;
}

/**
 * `data.field` may name a nested part (`steps.0.name`, `sizes`) or something the form does not
 * show (`id`); the message then goes under the top-level field when the form has it.
 */
export function formErrorOf(error: unknown, formFieldNames: readonly string[]): FormError | null {
  if (!(error instanceof ApiError)) return null;
  if (error.kind === 'unauthorized') return null;
  if (error.code === 409 && error.data.errorKey === 'conflict') return { field: null, message: error.message, conflict: true };
  const named = typeof error.data.field === 'string' ? error.data.field : '';
  const top = named.split(/[.[]/)[0];
  const field = formFieldNames.includes(named) ? named : formFieldNames.includes(top) ? top : null;
  return { field, message: error.message, conflict: false };
}

/** Where a form shows a refused save. */
export interface SaveFailureView {
  /** Someone else saved first: the form shows its conflict banner. */
  conflict(): void;
  /** The message belongs under one field. */
  field(error: FormError): void;
  /** Anything else: a general message. */
  message(text: string): void;
}

/** Sends a refused save to the right place in the form; 401s and non-API errors are left to the HTTP client. */
export function reportSaveFailure(failure: unknown, formFieldNames: readonly string[], view: SaveFailureView): void {
  const formError = formErrorOf(failure, formFieldNames);
  if (!formError) return;
  if (formError.conflict) view.conflict();
  else if (formError.field) view.field(formError);
  else view.message(formError.message);
}
