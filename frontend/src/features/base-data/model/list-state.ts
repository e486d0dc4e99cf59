// A list screen's state (page, sort, keyword, filters): turned into the list/export query and
// remembered per entity for the browser session, so coming back to a list finds it as it was.
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, type MasterDataDefinition, type SortOrder } from '@contracts/master-data';
import { SESSION_STATE_PREFIX } from '../../../lib/session';
import { filterFields } from './fields';

export interface ListState {
  page: number;
  pageSize: number;
  sortField: string;
  sortOrder: SortOrder;
  keyword: string;
  /** field → filter value, as the server reads `filter.<field>`. */
  filters: Record<string, string>;
}

export const PAGE_SIZES = [10, 20, 50, 100] as const;

export function defaultListState(definition: MasterDataDefinition): ListState {
  return {
    page: 1,
    pageSize: DEFAULT_PAGE_SIZE,
    sortField: definition.defaultSort.field,
    sortOrder: definition.defaultSort.order,
    keyword: '',
    filters: {},
  };
}

/** Query parameters of GET list / export: empty keyword and filters are left out. */
export function toQueryParams(state: ListState, options: { paging?: boolean } = {}): Record<string, string | number> {
  const params: Record<string, string | number> = {};
  if (options.paging !== false) {
    params.page = state.page;
    params.pageSize = state.pageSize;
  }
  params.sortField = state.sortField;
  params.sortOrder = state.sortOrder;
  const keyword = state.keyword.trim();
  if (keyword) params.keyword = keyword;
  for (const [field, value] of Object.entries(state.filters)) {
    const trimmed = value.trim();
    if (trimmed) params[`filter.${field}`] = trimmed;
  }
  return params;
}

export const listStateKey = (entity: string): string => `${SESSION_STATE_PREFIX}list.${entity}`;

const SORT_META_FIELDS = ['id', 'createdAt', 'updatedAt'];

/**
 * The remembered state, checked against the definition: a stale or tampered entry (a field
 * that no longer exists, an impossible page) falls back to the defaults rather than to a 400.
 */
export function loadListState(entity: string, definition: MasterDataDefinition, storage: Storage | undefined = safeSessionStorage()): ListState {
  const fallback = defaultListState(definition);
  let stored: Partial<ListState>;
  try {
    stored = JSON.parse(storage?.getItem(listStateKey(entity)) ?? 'null') as Partial<ListState>;
  } catch {
    return fallback;
  }
  if (!stored || typeof stored !== 'object') return fallback;
  const filterable = new Set(filterFields(definition).map(([name]) => name));
  const filters: Record<string, string> = {};
  for (const [field, value] of Object.entries(stored.filters ?? {})) {
    if (filterable.has(field) && typeof value === 'string') filters[field] = value;
  }
  const sortable = typeof stored.sortField === 'string' && (stored.sortField in definition.fields || SORT_META_FIELDS.includes(stored.sortField));
  const positive = (value: unknown, max: number, otherwise: number) =>
    typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= max ? value : otherwise;
  return {
    page: positive(stored.page, 1_000_000, 1),
    pageSize: positive(stored.pageSize, MAX_PAGE_SIZE, fallback.pageSize),
    sortField: sortable ? (stored.sortField as string) : fallback.sortField,
    sortOrder: sortable && (stored.sortOrder === 'asc' || stored.sortOrder === 'desc') ? stored.sortOrder : fallback.sortOrder,
    keyword: typeof stored.keyword === 'string' ? stored.keyword : '',
    filters,
  };
}

export function saveListState(entity: string, state: ListState, storage: Storage | undefined = safeSessionStorage()): void {
  try {
    storage?.setItem(listStateKey(entity), JSON.stringify(state));
  } catch {
    // Full or blocked storage: the list simply is not remembered.
  }
}

function safeSessionStorage(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}
