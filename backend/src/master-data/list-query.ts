import {
  DEFAULT_PAGE_SIZE,
  MAX_PAGE_SIZE,
  type MasterDataDefinition,
  type SortOrder,
} from '../../../contracts/master-data.js';
import { DomainException } from '../common/errors/domain.exception.js';

const META_SORT_FIELDS = ['id', 'createdAt', 'updatedAt'];

export interface ParsedListQuery {
  page: number;
  pageSize: number;
  sortField: string;
  sortOrder: SortOrder;
  keyword: string;
  filters: Record<string, string>;
}

/** A query parameter that must be one value: repeated (`?a=1&a=2`) or nested (`?a[b]=1`) is a 400. */
function scalar(raw: Record<string, unknown>, field: string): string | undefined {
  if (!Object.hasOwn(raw, field)) return undefined;
  const value = raw[field];
  if (value === undefined || typeof value === 'string' || typeof value === 'number') return value === undefined ? undefined : String(value);
  throw new DomainException('validation', {}, { field, problem: 'invalid', params: {} });
}

function positiveInteger(value: unknown, field: string, fallback: number, max: number): number {
  if (value === undefined || value === '') return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1) throw new DomainException('validation', {}, { field, problem: 'min', params: { min: 1 } });
  if (number > max) throw new DomainException('validation', {}, { field, problem: 'max', params: { max } });
  return number;
}

/**
 * Reads the list query string: page, pageSize, sortField, sortOrder, keyword and `filter.<field>`.
 * Only fields the definition lets be sorted or filtered are accepted, so nothing from the
 * query string ever becomes an SQL identifier.
 */
export function parseListQuery(raw: Record<string, unknown>, definition: MasterDataDefinition): ParsedListQuery {
  const query = {
    page: scalar(raw, 'page'),
    pageSize: scalar(raw, 'pageSize'),
    sortField: scalar(raw, 'sortField'),
    sortOrder: scalar(raw, 'sortOrder'),
    keyword: scalar(raw, 'keyword'),
  };
  const sortField = query.sortField || definition.defaultSort.field;
  // Own properties only: `constructor`, `toString` or `__proto__` are not fields (they would be
  // found by `in` on the prototype chain and end up as SQL identifiers).
  if (!Object.hasOwn(definition.fields, sortField) && !META_SORT_FIELDS.includes(sortField)) {
    throw new DomainException('validation', {}, { field: 'sortField', problem: 'invalid', params: {} });
  }
  const sortOrder = query.sortOrder ?? (sortField === definition.defaultSort.field ? definition.defaultSort.order : 'asc');
  if (sortOrder !== 'asc' && sortOrder !== 'desc') {
    throw new DomainException('validation', {}, { field: 'sortOrder', problem: 'oneOf', params: { values: 'asc, desc' } });
  }
  const filters: Record<string, string> = {};
  for (const [key, value] of Object.entries(raw)) {
    if (!key.startsWith('filter.')) continue;
    if (typeof value !== 'string') throw new DomainException('validation', {}, { field: key, problem: 'invalid', params: {} });
    if (value.trim() === '') continue;
    const field = key.slice('filter.'.length);
    if (!Object.hasOwn(definition.fields, field) || !definition.fields[field].filter) {
      throw new DomainException('validation', {}, { field: key, problem: 'unknownField', params: {} });
    }
    filters[field] = value.trim().slice(0, 100);
  }
  return {
    page: positiveInteger(query.page, 'page', 1, 1_000_000),
    pageSize: positiveInteger(query.pageSize, 'pageSize', DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE),
    sortField,
    sortOrder,
    keyword: (query.keyword ?? '').trim().slice(0, 100),
    filters,
  };
}
