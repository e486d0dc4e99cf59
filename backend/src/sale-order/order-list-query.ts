import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, type SortOrder } from '../../../contracts/master-data.js';
import { DomainException } from '../common/errors/domain.exception.js';

/** A list query of an order screen: the same protocol as master data (page, pageSize, sortField, sortOrder, keyword, filter.<field>). */
export interface OrderListQuery {
  page: number;
  pageSize: number;
  sortField: string;
  sortOrder: SortOrder;
  keyword: string;
  filters: Record<string, string>;
}

export interface OrderListSpec {
  sortFields: readonly string[];
  filterFields: Record<string, 'id' | 'date' | 'text'>;
  defaultSort: { field: string; order: SortOrder };
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** True for a real calendar day written YYYY-MM-DD. */
export function isCalendarDate(value: string): boolean {
  if (!DATE.test(value)) return false;
  const time = Date.parse(`${value}T00:00:00Z`);
  return Number.isFinite(time) && new Date(time).toISOString().slice(0, 10) === value;
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

/** Reads and checks the query; only listed sort and filter fields pass, so nothing becomes an SQL identifier. */
export function parseOrderListQuery(raw: Record<string, unknown>, spec: OrderListSpec): OrderListQuery {
  const sortField = scalar(raw, 'sortField') || spec.defaultSort.field;
  if (!spec.sortFields.includes(sortField)) throw new DomainException('validation', {}, { field: 'sortField', problem: 'invalid', params: {} });
  const sortOrder = scalar(raw, 'sortOrder') ?? (sortField === spec.defaultSort.field ? spec.defaultSort.order : 'asc');
  if (sortOrder !== 'asc' && sortOrder !== 'desc') {
    throw new DomainException('validation', {}, { field: 'sortOrder', problem: 'oneOf', params: { values: 'asc, desc' } });
  }
  const filters: Record<string, string> = {};
  for (const [key, value] of Object.entries(raw)) {
    if (!key.startsWith('filter.')) continue;
    if (typeof value !== 'string') throw new DomainException('validation', {}, { field: key, problem: 'invalid', params: {} });
    if (value.trim() === '') continue;
    const field = key.slice('filter.'.length);
    // Own properties only (`filter.constructor` is not a field).
    const kind = Object.hasOwn(spec.filterFields, field) ? spec.filterFields[field] : undefined;
    if (!kind) throw new DomainException('validation', {}, { field: key, problem: 'unknownField', params: {} });
    const text = value.trim().slice(0, 100);
    if (kind === 'id' && !/^[1-9]\d{0,9}$/.test(text)) throw new DomainException('validation', {}, { field: key, problem: 'integer', params: {} });
    if (kind === 'date' && !isCalendarDate(text)) throw new DomainException('validation', {}, { field: key, problem: 'invalid', params: {} });
    filters[field] = text;
  }
  return {
    page: positiveInteger(scalar(raw, 'page'), 'page', 1, 1_000_000),
    pageSize: positiveInteger(scalar(raw, 'pageSize'), 'pageSize', DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE),
    sortField,
    sortOrder,
    keyword: (scalar(raw, 'keyword') ?? '').trim().slice(0, 100),
    filters,
  };
}

/** Escapes LIKE wildcards in user input. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Collects bound parameters while a query is built: `p.add(value)` returns its placeholder. */
export class SqlParams {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}
