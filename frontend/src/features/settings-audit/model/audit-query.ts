// The audit screen's query: the filters (each one `filters[field]`, as the shared filter bar
// writes them) and the page. Remembered for the browser session, like the other lists.
import { DEFAULT_PAGE_SIZE } from '@contracts/master-data';

export const AUDIT_FILTER_FIELDS = ['userId', 'action', 'from', 'to', 'result'] as const;
export type AuditFilterField = (typeof AUDIT_FILTER_FIELDS)[number];

export interface AuditListQuery {
  page: number;
  pageSize: number;
  filters: Partial<Record<AuditFilterField, string>>;
}

export const AUDIT_PAGE_SIZES = [20, 50, 100];
export const DEFAULT_AUDIT_QUERY: AuditListQuery = { page: 1, pageSize: DEFAULT_PAGE_SIZE, filters: {} };

const STORAGE_KEY = 'stitchboard.audit.query';

export function loadAuditQuery(): AuditListQuery {
  try {
    const stored = JSON.parse(window.sessionStorage.getItem(STORAGE_KEY) ?? 'null') as AuditListQuery | null;
    if (stored && typeof stored === 'object') {
      const filters: AuditListQuery['filters'] = {};
      for (const field of AUDIT_FILTER_FIELDS) {
        const value = stored.filters?.[field];
        if (typeof value === 'string' && value) filters[field] = value;
      }
      const pageSize = AUDIT_PAGE_SIZES.includes(stored.pageSize) ? stored.pageSize : DEFAULT_AUDIT_QUERY.pageSize;
      return { page: 1, pageSize, filters };
    }
  } catch {
    // Blocked or malformed storage: start from the defaults.
  }
  return { ...DEFAULT_AUDIT_QUERY, filters: {} };
}

export function saveAuditQuery(query: AuditListQuery): void {
  try {
    window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify(query));
  } catch {
    // Storage can be blocked; the screen still works for this visit.
  }
}

/** The filters as query parameters (empty ones left out). */
export function toAuditFilterParams(query: AuditListQuery): Record<string, string> {
  return Object.fromEntries(Object.entries(query.filters).filter(([, value]) => Boolean(value))) as Record<string, string>;
}

export function toAuditParams(query: AuditListQuery): Record<string, string | number> {
  return { page: query.page, pageSize: query.pageSize, ...toAuditFilterParams(query) };
}

export const hasAuditFilters = (query: AuditListQuery): boolean => Object.values(query.filters).some(Boolean);
