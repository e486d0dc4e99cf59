import {
  DEFAULT_PAGE_SIZE,
  MAX_PAGE_SIZE,
  type ListQuery,
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
  const query = raw as ListQuery & Record<string, unknown>;
  const sortField = typeof query.sortField === 'string' && query.sortField ? query.sortField : definition.defaultSort.field;
  if (!(sortField in definition.fields) && !META_SORT_FIELDS.includes(sortField)) {
    throw new DomainException('validation', {}, { field: 'sortField', problem: 'invalid', params: {} });
  }
  const sortOrder = (query.sortOrder ?? (sortField === definition.defaultSort.field ? definition.defaultSort.order : 'asc')) as string;
  if (sortOrder !== 'asc' && sortOrder !== 'desc') {
    throw new DomainException('validation', {}, { field: 'sortOrder', problem: 'oneOf', params: { values: 'asc, desc' } });
  }
  const filters: Record<string, string> = {};
  for (const [key, value] of Object.entries(raw)) {
    if (!key.startsWith('filter.') || typeof value !== 'string' || value.trim() === '') continue;
    const field = key.slice('filter.'.length);
    if (!definition.fields[field]?.filter) {
      throw new DomainException('validation', {}, { field: key, problem: 'unknownField', params: {} });
    }
    filters[field] = value.trim().slice(0, 100);
  }
  return {
    page: positiveInteger(query.page, 'page', 1, 1_000_000),
    pageSize: positiveInteger(query.pageSize, 'pageSize', DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE),
    sortField,
    sortOrder,
    keyword: typeof query.keyword === 'string' ? query.keyword.trim().slice(0, 100) : '',
    filters,
  };
}
