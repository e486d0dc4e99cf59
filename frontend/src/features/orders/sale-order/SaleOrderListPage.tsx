// Sales orders: server-paged, sortable, searchable, filtered by customer, merchandiser and
// date ranges, exported to Excel; refetched live when an order changes anywhere.
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { Message } from 'primereact/message';
import { ROOMS } from '@contracts/events';
import type { SaleOrder } from '@contracts/orders';
import { isRouteAllowed } from '@contracts/routes';
import { DataList, useCurrencyCodes, type DataListColumn } from '../../../components/data-list';
import { ORDER_PATHS } from '../../../config/paths';
import { formatMoney } from '../../../lib/format-money';
import { useSession } from '../../../lib/session';
import { exportMasterData } from '../../base-data/api/export-master-data';
import { deleteSaleOrder, getSaleOrderList } from '../api/sale-orders';
import { DateRangeFilter, FilterBar, ReferenceFilter } from '../components/filters';
import { confirmOrderDelete } from '../components/confirm-order-delete';
import { OrderListHeader } from '../components/OrderListHeader';
import { useOrderEvents } from '../hooks/use-order-events';
import { useOrderList } from '../hooks/use-order-list';
import { formatQuantity, formatRate } from '../model/format';
import '../orders.css';

const SORT_FIELDS = ['orderNo', 'orderDate', 'deliveryDate', 'customer', 'customerOrderNo', 'totalQuantity', 'totalAmount', 'profit', 'profitRate', 'createdAt', 'updatedAt', 'id'];
const FILTER_FIELDS = ['customer', 'merchandiser', 'salesperson', 'orderDateFrom', 'orderDateTo', 'deliveryDateFrom', 'deliveryDateTo'];

export function SaleOrderListPage() {
  const { t, i18n } = useTranslation('orders');
  const [, navigate] = useLocation();
  const permissions = useSession((session) => session.permissions);
  const canCreate = isRouteAllowed('SaleOrderCreate', permissions);
  const canUpdate = isRouteAllowed('SaleOrderUpdate', permissions);
  const list = useOrderList<SaleOrder>({
    key: 'orders.saleOrder',
    sortFields: SORT_FIELDS,
    filterFields: FILTER_FIELDS,
    defaultSort: { field: 'orderDate', order: 'desc' },
    fetch: getSaleOrderList,
  });
  useOrderEvents([ROOMS.saleOrders], list.reload);

  const currencyCode = useCurrencyCodes();
  const money = (row: SaleOrder, value: number) => formatMoney(value, i18n.language, currencyCode(row.currency));
  const confirmDelete = (row: SaleOrder) => confirmOrderDelete(t, row.orderNo, () => deleteSaleOrder(row.id, row.version), list.reload);

  const columns: DataListColumn<SaleOrder>[] = [
    { key: 'orderNo', header: t('fields.orderNo'), sortable: true, className: 'cell-code', card: 'title', body: (row) => <span className="order-no">{row.orderNo}</span> },
    { key: 'orderDate', header: t('fields.orderDate'), sortable: true, className: 'cell-date', optional: true, body: (row) => row.orderDate },
    { key: 'deliveryDate', header: t('fields.deliveryDate'), sortable: true, className: 'cell-date', body: (row) => row.deliveryDate },
    { key: 'customer', header: t('fields.customer'), sortable: true, className: 'cell-reference', card: 'subtitle', body: (row) => row.customerLabel },
    { key: 'customerOrderNo', header: t('fields.customerOrderNo'), sortable: true, className: 'cell-code', optional: true, defaultHidden: true, body: (row) => row.customerOrderNo },
    { key: 'merchandiser', header: t('fields.merchandiser'), className: 'cell-reference', optional: true, defaultHidden: true, body: (row) => row.merchandiserLabel ?? '' },
    { key: 'totalQuantity', header: t('fields.totalQuantity'), sortable: true, className: 'cell-number', body: (row) => formatQuantity(row.totalQuantity, i18n.language) },
    { key: 'totalAmount', header: t('fields.totalAmount'), sortable: true, className: 'cell-number cell-money', body: (row) => money(row, row.totalAmount) },
    { key: 'profit', header: t('fields.profit'), sortable: true, className: 'cell-number cell-money', optional: true, body: (row) => money(row, row.profit) },
    { key: 'profitRate', header: t('fields.profitRate'), sortable: true, className: 'cell-number', optional: true, body: (row) => formatRate(row.profitRate, i18n.language) },
    { key: 'productionOrderCount', header: t('fields.productionOrderCount'), className: 'cell-number', optional: true, card: 'fact', body: (row) => row.productionOrderCount },
  ];

  const filterProps = { filters: list.state.filters, setFilter: list.setFilter };
  return (
    <div className="page order-list-page" data-testid="sale-order-list">
      <OrderListHeader title={t('routes.saleOrderIndex')} list={list} onExport={() => exportMasterData('saleOrder', list.state)} onCreate={canCreate ? () => navigate(ORDER_PATHS.saleOrderCreate) : undefined} />
      <FilterBar>
        <ReferenceFilter label={t('fields.customer')} entity="customer" field="customer" {...filterProps} />
        <ReferenceFilter label={t('fields.merchandiser')} entity="merchandiser" field="merchandiser" {...filterProps} />
        <DateRangeFilter label={t('fields.orderDate')} fromField="orderDateFrom" toField="orderDateTo" {...filterProps} />
        <DateRangeFilter label={t('fields.deliveryDate')} fromField="deliveryDateFrom" toField="deliveryDateTo" {...filterProps} />
      </FilterBar>
      {list.failed && <Message severity="error" text={t('list.loadFailed')} className="list-note" />}
      <DataList
        listKey="orders.saleOrder"
        rows={list.rows}
        columns={columns}
        rowLabel={(row) => row.orderNo}
        rowActions={(row) => [
          ...(canUpdate ? [{ key: 'edit', label: t('list.edit'), icon: 'pi pi-pencil', inline: true, onSelect: () => navigate(ORDER_PATHS.saleOrderUpdate(row.id)), testId: `edit-${row.id}` }] : []),
          { key: 'delete', label: t('list.delete'), icon: 'pi pi-trash', danger: true, onSelect: () => confirmDelete(row) },
        ]}
        tableProps={list.tableProps}
        emptyMessage={t('list.empty')}
        testId="sale-order-table"
      />
    </div>
  );
}
