import type { BoardDisplayMode, BoardSortOption, DashboardSettings } from '../../../contracts/api.js';
import { DEFAULT_DASHBOARD_SETTINGS } from '../setting/setting.service.js';
import { firstDayOfMonth, lastDayOfMonth, shiftDay } from '../progress/calendar.js';
import type { ProgressFilter, ProgressQuery } from '../progress/progress-read.repository.js';

/** A board never shows more orders than this (a wall screen cannot show more anyway). */
export const BOARD_ROW_CAP = 1000;

/**
 * What each display mode shows, among shown orders that are open or completed less than
 * `completedVisibleDays` days ago:
 * - month: delivery date in the current month
 * - year: delivery date in the current year
 * - completion: no further narrowing (open and recently completed orders)
 * - date: order date within the last 30 days
 * - orderNumber: no narrowing; sorted by order number unless another sort than the default is set
 * - delivery: delivery within the next 30 days, or already past (overdue) — except on drop-down
 *   boards, which show activity: there this default mode narrows nothing, so a scan on an order
 *   due in 45 days drops in like any other
 * "Current" and "today" are the server's calendar day.
 */
export const DISPLAY_MODE_DESCRIPTION =
  'displayMode: month = delivery in the current month; year = delivery in the current year; completion = open and recently completed, no further narrowing; ' +
  'date = order date within the last 30 days; orderNumber = no narrowing, sorted by order number when sortBy is the default; ' +
  'delivery = delivery within the next 30 days or overdue (drop-down boards: every open order, the latest scanned first)';

const WINDOW_DAYS = 30;

/** refreshType 0 is whole-page, 1 scrolling, anything else drop-down (PRODUCT.md §5). */
export function isDropDownBoard(settings: Pick<DashboardSettings, 'refreshType'>): boolean {
  return settings.refreshType !== 0 && settings.refreshType !== 1;
}

function narrowing(mode: BoardDisplayMode, today: string, dropDown: boolean): ProgressFilter {
  switch (mode) {
    case 'month':
      return { deliveryFrom: firstDayOfMonth(today), deliveryTo: lastDayOfMonth(today) };
    case 'year':
      return { deliveryFrom: `${today.slice(0, 4)}-01-01`, deliveryTo: `${today.slice(0, 4)}-12-31` };
    case 'date':
      return { orderDateFrom: shiftDay(today, -WINDOW_DAYS), orderDateTo: today };
    case 'delivery':
      return dropDown ? {} : { deliveryTo: shiftDay(today, WINDOW_DAYS) };
    case 'completion':
    case 'orderNumber':
      return {};
  }
}

const SORTS: Record<BoardSortOption, NonNullable<ProgressQuery['sort']>> = {
  deliveryAsc: { field: 'deliveryDate', order: 'asc' },
  deliveryDesc: { field: 'deliveryDate', order: 'desc' },
  orderDateAsc: { field: 'orderDate', order: 'asc' },
  orderDateDesc: { field: 'orderDate', order: 'desc' },
  orderNumberAsc: { field: 'orderNo', order: 'asc' },
  finishRateAsc: { field: 'finishRate', order: 'asc' },
  finishRateDesc: { field: 'finishRate', order: 'desc' },
};

/** The sort a board applies: its setting, except that the order-number mode defaults to order numbers. */
export function boardSort(settings: DashboardSettings): BoardSortOption {
  return settings.displayMode === 'orderNumber' && settings.sortBy === DEFAULT_DASHBOARD_SETTINGS.sortBy ? 'orderNumberAsc' : settings.sortBy;
}

/**
 * The rows query of a board. Finish-rate sorts are applied to the loaded rows (with the rates
 * progress-math computed), so the database picks the capped set by delivery date. A drop-down
 * board orders its rows by activity itself: the database picks the capped set by the latest activity.
 */
export function boardQuery(settings: DashboardSettings, today: string): ProgressQuery {
  const dropDown = isDropDownBoard(settings);
  const sort = SORTS[boardSort(settings)];
  return {
    hidden: false,
    completion: { visibleDays: settings.completedVisibleDays },
    ...narrowing(settings.displayMode, today, dropDown),
    ...(settings.customerIds?.length ? { customerIds: settings.customerIds } : {}),
    sort: dropDown ? { field: 'activity', order: 'desc' } : sort.field === 'finishRate' ? SORTS.deliveryAsc : sort,
    limit: BOARD_ROW_CAP,
  };
}
