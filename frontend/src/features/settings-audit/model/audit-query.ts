// The audit screen's list query: the shared list state (page, page size, and the filters as the
// filter bar writes them), remembered for the browser session by useOrderList like every other
// list. The audit endpoints take the filters as plain parameters and have a fixed order.
import type { ListState } from '../../base-data/model/list-state';

export const AUDIT_FILTER_FIELDS = ['userId', 'action', 'from', 'to', 'result'] as const;

export const AUDIT_PAGE_SIZES = [20, 50, 100] as const;

/** The filters as query parameters (empty ones left out). */
export function toAuditFilterParams(state: Pick<ListState, 'filters'>): Record<string, string> {
  return Object.fromEntries(Object.entries(state.filters).filter(([, value]) => Boolean(value)));
}

export function toAuditParams(state: Pick<ListState, 'page' | 'pageSize' | 'filters'>): Record<string, string | number> {
  return { page: state.page, pageSize: state.pageSize, ...toAuditFilterParams(state) };
}
