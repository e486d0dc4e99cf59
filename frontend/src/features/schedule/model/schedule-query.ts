// The schedule list's state (page, sort, keyword, filters), its query parameters, and its
// memory for the browser session: coming back to the schedule finds it as it was.
import { STEP_STATUSES, type StepStatus } from '@contracts/production';
import { SESSION_STATE_PREFIX } from '../../../lib/session';

export const SCHEDULE_SORT_FIELDS = ['deliveryDate', 'orderDate', 'orderNo', 'finishRate'] as const;
export type ScheduleSortField = (typeof SCHEDULE_SORT_FIELDS)[number];

/** Filters as the filter bar writes them (the order screens' components): field → value. */
export const SCHEDULE_FILTER_FIELDS = ['customer', 'status', 'deliveryFrom', 'deliveryTo', 'completedFrom', 'completedTo'] as const;

export interface ScheduleQuery {
  page: number;
  pageSize: number;
  sortField: ScheduleSortField;
  sortOrder: 'asc' | 'desc';
  keyword: string;
  filters: Record<string, string>;
  includeCompleted: boolean;
}

export const SCHEDULE_PAGE_SIZES = [10, 20, 50, 100];

/** Most urgent first: the earliest delivery at the top. */
export const DEFAULT_SCHEDULE_QUERY: ScheduleQuery = {
  page: 1,
  pageSize: 20,
  sortField: 'deliveryDate',
  sortOrder: 'asc',
  keyword: '',
  filters: {},
  includeCompleted: false,
};

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Query parameters of GET /admin/schedule/list; empty values are left out. */
export function toScheduleParams(query: ScheduleQuery): Record<string, string | number> {
  const params: Record<string, string | number> = {
    page: query.page,
    pageSize: query.pageSize,
    sortField: query.sortField,
    sortOrder: query.sortOrder,
    includeCompleted: query.includeCompleted ? 'true' : 'false',
  };
  const keyword = query.keyword.trim();
  if (keyword) params.keyword = keyword;
  const { customer, status, deliveryFrom, deliveryTo } = query.filters;
  if (customer && /^\d+$/.test(customer)) params.customer = customer;
  if (status && (STEP_STATUSES as readonly string[]).includes(status)) params.status = status as StepStatus;
  if (deliveryFrom && DATE.test(deliveryFrom)) params.deliveryFrom = deliveryFrom;
  if (deliveryTo && DATE.test(deliveryTo)) params.deliveryTo = deliveryTo;
  // Completion days (the console's "completed this month" links here); the server then includes completed orders.
  const { completedFrom, completedTo } = query.filters;
  if (completedFrom && DATE.test(completedFrom)) params.completedFrom = completedFrom;
  if (completedTo && DATE.test(completedTo)) params.completedTo = completedTo;
  return params;
}

export const SCHEDULE_STATE_KEY = `${SESSION_STATE_PREFIX}schedule.list`;

/** The remembered state, checked field by field: anything odd falls back to the default. */
export function parseScheduleQuery(raw: string | null | undefined): ScheduleQuery {
  let stored: Partial<ScheduleQuery>;
  try {
    stored = JSON.parse(raw ?? 'null') as Partial<ScheduleQuery>;
  } catch {
    return DEFAULT_SCHEDULE_QUERY;
  }
  if (!stored || typeof stored !== 'object') return DEFAULT_SCHEDULE_QUERY;
  const filters: Record<string, string> = {};
  for (const field of SCHEDULE_FILTER_FIELDS) {
    const value = stored.filters?.[field];
    if (typeof value === 'string' && value) filters[field] = value;
  }
  const sortField = (SCHEDULE_SORT_FIELDS as readonly string[]).includes(stored.sortField ?? '') ? (stored.sortField as ScheduleSortField) : DEFAULT_SCHEDULE_QUERY.sortField;
  const positive = (value: unknown, max: number, otherwise: number) => (typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= max ? value : otherwise);
  return {
    page: positive(stored.page, 1_000_000, 1),
    pageSize: SCHEDULE_PAGE_SIZES.includes(stored.pageSize as number) ? (stored.pageSize as number) : DEFAULT_SCHEDULE_QUERY.pageSize,
    sortField,
    sortOrder: stored.sortOrder === 'desc' ? 'desc' : 'asc',
    keyword: typeof stored.keyword === 'string' ? stored.keyword : '',
    filters,
    includeCompleted: stored.includeCompleted === true,
  };
}

/**
 * Parameters a link may put in the schedule's URL (the console's cards link here): the names of
 * GET /admin/schedule/list's own query, e.g. `?status=delayed` or
 * `?deliveryFrom=2026-03-10&deliveryTo=2026-03-16`.
 */
export const SCHEDULE_URL_PARAMS = ['keyword', ...SCHEDULE_FILTER_FIELDS, 'includeCompleted', 'sortField', 'sortOrder'] as const;

/**
 * The query a URL asks for: with any of SCHEDULE_URL_PARAMS, the URL states the whole filter
 * (what it leaves out is not filtered; page 1; the remembered page size stays), checked like the
 * remembered state; without them, the remembered query unchanged.
 */
export function scheduleQueryFromUrl(search: string, remembered: ScheduleQuery): ScheduleQuery {
  const params = new URLSearchParams(search);
  if (!SCHEDULE_URL_PARAMS.some((name) => params.has(name))) return remembered;
  const filters: Record<string, string> = {};
  for (const field of SCHEDULE_FILTER_FIELDS) {
    const value = params.get(field);
    if (value) filters[field] = value;
  }
  return parseScheduleQuery(
    JSON.stringify({
      page: 1,
      pageSize: remembered.pageSize,
      sortField: params.get('sortField') ?? DEFAULT_SCHEDULE_QUERY.sortField,
      sortOrder: params.get('sortOrder') ?? DEFAULT_SCHEDULE_QUERY.sortOrder,
      keyword: params.get('keyword') ?? '',
      filters,
      includeCompleted: params.get('includeCompleted') === 'true',
    }),
  );
}

export function loadScheduleQuery(): ScheduleQuery {
  try {
    return parseScheduleQuery(window.sessionStorage.getItem(SCHEDULE_STATE_KEY));
  } catch {
    return DEFAULT_SCHEDULE_QUERY;
  }
}

export function saveScheduleQuery(query: ScheduleQuery): void {
  try {
    window.sessionStorage.setItem(SCHEDULE_STATE_KEY, JSON.stringify(query));
  } catch {
    // Blocked or full storage: the list is simply not remembered.
  }
}
