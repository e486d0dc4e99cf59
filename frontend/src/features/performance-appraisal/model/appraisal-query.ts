// The appraisal screen's filters and the query parameters of GET /admin/statistics/appraisal
// and /payroll (contracts/appraisal.ts). The range defaults to this month, and a range the
// server would refuse (reversed, over 92 days) is caught here and not sent.
import dayjs from 'dayjs';

/** The contract's longest range, both ends included. */
export const APPRAISAL_MAX_DAYS = 92;
/** The contract caps pageSize at 500. */
export const APPRAISAL_PAGE_SIZES = [50, 100, 200, 500];

export const APPRAISAL_FILTER_FIELDS = ['workerId', 'departmentId', 'processId', 'from', 'to'] as const;

export interface AppraisalQuery {
  page: number;
  pageSize: number;
  /** workerId, departmentId, processId, from, to — as the filter bar writes them. */
  filters: Record<string, string>;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const ID = /^[1-9]\d*$/;
const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** The calendar month of `today`: first to last day. */
export function monthRange(today: Date = new Date()): { from: string; to: string } {
  const day = dayjs(today);
  return { from: day.startOf('month').format('YYYY-MM-DD'), to: day.endOf('month').format('YYYY-MM-DD') };
}

export function defaultAppraisalQuery(today: Date = new Date()): AppraisalQuery {
  return { page: 1, pageSize: 100, filters: { ...monthRange(today) } };
}

export type RangeProblem = 'missing' | 'order' | 'tooLong' | null;

/** Why the range cannot be asked for, or null. */
export function rangeProblem(filters: Record<string, string>): RangeProblem {
  const { from, to } = filters;
  if (!from || !to || !DATE.test(from) || !DATE.test(to)) return 'missing';
  const days = dayjs(to).diff(dayjs(from), 'day') + 1;
  if (days < 1) return 'order';
  return days > APPRAISAL_MAX_DAYS ? 'tooLong' : null;
}

export function toAppraisalParams(query: AppraisalQuery): Record<string, string | number> {
  const params: Record<string, string | number> = { page: query.page, pageSize: query.pageSize };
  for (const field of ['workerId', 'departmentId', 'processId'] as const) {
    const value = query.filters[field];
    if (value && ID.test(value)) params[field] = value;
  }
  for (const field of ['from', 'to'] as const) {
    const value = query.filters[field];
    if (value && DATE.test(value)) params[field] = value;
  }
  return params;
}

export interface PayrollQuery {
  /** YYYY-MM */
  month: string;
  departmentId: string;
}

export const currentMonth = (today: Date = new Date()): string => dayjs(today).format('YYYY-MM');

export const isMonth = (value: string): boolean => MONTH.test(value);

/** `month` moved by `delta` months. */
export function shiftMonth(month: string, delta: number): string {
  return dayjs(`${month}-01`).add(delta, 'month').format('YYYY-MM');
}

export function toPayrollParams(query: PayrollQuery): Record<string, string> {
  const params: Record<string, string> = { month: query.month };
  if (query.departmentId && ID.test(query.departmentId)) params.departmentId = query.departmentId;
  return params;
}
