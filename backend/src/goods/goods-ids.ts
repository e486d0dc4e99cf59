import type { Localized } from '../../../contracts/master-data.js';
import { DomainException } from '../common/errors/domain.exception.js';

/**
 * Ids as a form sends them: "3,1,7", repeated keys (colorIds=3&colorIds=1) or an array.
 * Anything that is not a whole number is left as it is, for validation to name the field.
 */
export function toIdList(value: unknown): unknown {
  if (value === undefined || value === null) return value;
  const parts = (Array.isArray(value) ? (value as unknown[]) : [value]).flatMap((part) => (typeof part === 'string' ? part.split(',') : [part]));
  return parts
    .map((part) => (typeof part === 'string' ? part.trim() : part))
    .filter((part) => part !== '')
    .map((part) => (typeof part === 'string' && /^\d{1,10}$/.test(part) ? Number(part) : part));
}

/**
 * The ids of `field`, distinct, in the order given; undefined when the field was left out.
 * The DTO has already converted form input; this also serves callers inside the server (the
 * demo seed) that pass "3,1,7" straight to the service.
 */
export function idsOf(value: unknown, field: string, label: Localized): number[] | undefined {
  const list = toIdList(value);
  if (list === undefined || list === null) return undefined;
  if (!Array.isArray(list) || list.some((id) => !Number.isInteger(id) || (id as number) < 1 || (id as number) > 2_147_483_647)) {
    throw new DomainException('validation', {}, { field, problem: 'integer', label });
  }
  return [...new Set(list as number[])];
}
