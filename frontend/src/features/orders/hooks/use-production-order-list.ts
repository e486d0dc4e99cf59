// The production-order list every order screen shows (production, document, review, hide):
// the same sort and filter fields, newest first, refreshed on productionOrder.changed.
import { ROOMS } from '@contracts/events';
import type { ProductionOrder, ProductionOrderView } from '@contracts/orders';
import { exportMasterData } from '../../base-data/api/export-master-data';
import { getProductionOrderList } from '../api/production-orders';
import { PRODUCTION_ORDER_FILTER_FIELDS, PRODUCTION_ORDER_SORT_FIELDS } from '../components/ProductionOrderTable';
import { useOrderEvents } from './use-order-events';
import { useOrderList } from './use-order-list';

/** `key` keeps each screen's list state apart; `baseFilters` apply under the user's own. */
export function useProductionOrderList(key: string, baseFilters: Record<string, string> = {}) {
  const list = useOrderList<ProductionOrder>({
    key,
    sortFields: PRODUCTION_ORDER_SORT_FIELDS,
    filterFields: PRODUCTION_ORDER_FILTER_FIELDS,
    defaultSort: { field: 'id', order: 'desc' },
    fetch: (state, signal) => getProductionOrderList({ ...state, filters: { ...baseFilters, ...state.filters } }, signal),
  });
  useOrderEvents([ROOMS.productionOrders], list.reload);
  /** Excel of what the screen lists (its filter and sort, not the page), with the columns of `view`'s screen. */
  const exportList = (view: ProductionOrderView) =>
    exportMasterData('productionOrder', { ...list.state, filters: { ...baseFilters, ...list.state.filters } }, { view });
  return { ...list, exportList };
}
