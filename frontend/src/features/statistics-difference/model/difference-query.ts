// The difference screen's filter state and the query parameters of
// GET /admin/statistics/difference and its /export (contracts/difference.ts): only what is set
// and well-formed is sent, so the server's defaults (status open) apply otherwise.
import { SESSION_STATE_PREFIX } from '../../../lib/session';

export const DIFFERENCE_STATUSES = ['open', 'completed', 'all'] as const;
export type DifferenceStatus = (typeof DIFFERENCE_STATUSES)[number];

/** Fields the filter bar's components write (ReferenceFilter, StyleFilter, DateRangeFilter). */
export const DIFFERENCE_FILTER_FIELDS = ['customerId', 'goodsId', 'orderDateFrom', 'orderDateTo', 'deliveryFrom', 'deliveryTo'] as const;

export interface DifferenceQuery {
  page: number;
  pageSize: number;
  orderNo: string;
  filters: Record<string, string>;
  status: DifferenceStatus;
  onlyDifferences: boolean;
}

/** The contract caps pageSize at 100. */
export const DIFFERENCE_PAGE_SIZES = [10, 20, 50, 100];

export const DEFAULT_DIFFERENCE_QUERY: DifferenceQuery = { page: 1, pageSize: 20, orderNo: '', filters: {}, status: 'open', onlyDifferences: false };

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const ID = /^[1-9]\d*$/;

/** The filters alone: what the export sends (every matching order, no paging). */
export function toDifferenceFilterParams(query: DifferenceQuery): Record<string, string> {
  const params: Record<string, string> = { status: query.status };
  const orderNo = query.orderNo.trim();
  if (orderNo) params.orderNo = orderNo;
  const { customerId, goodsId } = query.filters;
  if (customerId && ID.test(customerId)) params.customerId = customerId;
  if (goodsId && ID.test(goodsId)) params.goodsId = goodsId;
  for (const field of ['orderDateFrom', 'orderDateTo', 'deliveryFrom', 'deliveryTo'] as const) {
    const value = query.filters[field];
    if (value && DATE.test(value)) params[field] = value;
  }
  if (query.onlyDifferences) params.onlyDifferences = 'true';
  return params;
}

export function toDifferenceParams(query: DifferenceQuery): Record<string, string | number> {
  return { page: query.page, pageSize: query.pageSize, ...toDifferenceFilterParams(query) };
}

export function hasDifferenceFilters(query: DifferenceQuery): boolean {
  return query.orderNo.trim() !== '' || Object.keys(query.filters).length > 0 || query.status !== DEFAULT_DIFFERENCE_QUERY.status || query.onlyDifferences;
}

export const DIFFERENCE_STATE_KEY = `${SESSION_STATE_PREFIX}statistics.difference`;

/** The remembered state, checked field by field: anything odd falls back to the default. */
export function parseDifferenceQuery(raw: string | null | undefined): DifferenceQuery {
  let stored: Partial<DifferenceQuery> | null;
  try {
    stored = JSON.parse(raw ?? 'null') as Partial<DifferenceQuery> | null;
  } catch {
    return DEFAULT_DIFFERENCE_QUERY;
  }
  if (!stored || typeof stored !== 'object') return DEFAULT_DIFFERENCE_QUERY;
  const filters: Record<string, string> = {};
  for (const field of DIFFERENCE_FILTER_FIELDS) {
    const value = stored.filters?.[field];
    if (typeof value === 'string' && value) filters[field] = value;
  }
  return {
    page: 1,
    pageSize: DIFFERENCE_PAGE_SIZES.includes(stored.pageSize as number) ? (stored.pageSize as number) : DEFAULT_DIFFERENCE_QUERY.pageSize,
    orderNo: typeof stored.orderNo === 'string' ? stored.orderNo : '',
    filters,
    status: (DIFFERENCE_STATUSES as readonly string[]).includes(stored.status ?? '') ? (stored.status as DifferenceStatus) : DEFAULT_DIFFERENCE_QUERY.status,
    onlyDifferences: stored.onlyDifferences === true,
  };
}

export function loadDifferenceQuery(): DifferenceQuery {
  try {
    return parseDifferenceQuery(window.sessionStorage.getItem(DIFFERENCE_STATE_KEY));
  } catch {
    return DEFAULT_DIFFERENCE_QUERY;
  }
}

export function saveDifferenceQuery(query: DifferenceQuery): void {
  try {
    window.sessionStorage.setItem(DIFFERENCE_STATE_KEY, JSON.stringify(query));
  } catch {
    // Blocked or full storage: the filter is simply not remembered.
  }
}

/** How a difference reads: short (negative), over (positive), even, or not measured (null). */
export type DiffKind = 'short' | 'over' | 'even' | 'none';

export function diffKind(value: number | null): DiffKind {
  if (value === null) return 'none';
  return value < 0 ? 'short' : value > 0 ? 'over' : 'even';
}
