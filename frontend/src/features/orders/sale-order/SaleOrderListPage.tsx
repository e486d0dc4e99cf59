// Sales orders: server-paged, sortable, searchable, filtered by customer, merchandiser and
// date ranges, exported to Excel; refetched live when an order changes anywhere.
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Message } from 'primereact/message';
import { ROOMS } from '@contracts/events';
import type { SaleOrder } from '@contracts/orders';
import { isRouteAllowed } from '@contracts/routes';
import { ORDER_PATHS } from '../../../config/paths';
import { useSession } from '../../../lib/session';
import { exportMasterData } from '../../base-data/api/export-master-data';
import { deleteSaleOrder, getSaleOrderList } from '../api/sale-orders';
import { DateRangeFilter, FilterBar, ReferenceFilter } from '../components/filters';
import { confirmOrderDelete } from '../components/confirm-order-delete';
import { OrderListHeader } from '../components/OrderListHeader';
import { useOrderEvents } from '../hooks/use-order-events';
import { useOrderList } from '../hooks/use-order-list';
import { formatMoney, formatQuantity, formatRate } from '../model/format';
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

  const money = (value: number) => formatMoney(value, i18n.language);
  const confirmDelete = (row: SaleOrder) => confirmOrderDelete(t, row.orderNo, () => deleteSaleOrder(row.id, row.version), list.reload);

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
      <div className="list-card">
        <DataTable value={list.rows} dataKey="id" {...list.tableProps} emptyMessage={t('list.empty')} size="small" stripedRows scrollable tableStyle={{ minWidth: '60rem' }}>
          <Column field="orderNo" header={t('fields.orderNo')} sortable className="cell-code" headerClassName="cell-code" body={(row: SaleOrder) => <span className="order-no">{row.orderNo}</span>} />
          <Column field="orderDate" header={t('fields.orderDate')} sortable className="cell-date" headerClassName="cell-date" />
          <Column field="deliveryDate" header={t('fields.deliveryDate')} sortable className="cell-date" headerClassName="cell-date" />
          <Column field="customer" header={t('fields.customer')} sortable className="cell-reference" headerClassName="cell-reference" body={(row: SaleOrder) => row.customerLabel} />
          <Column field="customerOrderNo" header={t('fields.customerOrderNo')} sortable className="cell-code" headerClassName="cell-code" />
          <Column field="merchandiser" header={t('fields.merchandiser')} className="cell-reference" headerClassName="cell-reference" body={(row: SaleOrder) => row.merchandiserLabel ?? ''} />
          <Column field="totalQuantity" header={t('fields.totalQuantity')} sortable className="cell-number" headerClassName="cell-number" body={(row: SaleOrder) => formatQuantity(row.totalQuantity, i18n.language)} />
          <Column field="totalAmount" header={t('fields.totalAmount')} sortable className="cell-number" headerClassName="cell-number" body={(row: SaleOrder) => money(row.totalAmount)} />
          <Column field="profit" header={t('fields.profit')} sortable className="cell-number" headerClassName="cell-number" body={(row: SaleOrder) => money(row.profit)} />
          <Column field="profitRate" header={t('fields.profitRate')} sortable className="cell-number" headerClassName="cell-number" body={(row: SaleOrder) => formatRate(row.profitRate, i18n.language)} />
          <Column field="productionOrderCount" header={t('fields.productionOrderCount')} className="cell-number" headerClassName="cell-number" />
          <Column
            header={t('list.actions')}
            className="cell-actions"
            headerClassName="cell-actions"
            frozen
            alignFrozen="right"
            body={(row: SaleOrder) => (
              <div className="row-actions">
                {canUpdate && (
                  <Button type="button" icon="pi pi-pencil" text rounded size="small" aria-label={t('list.edit')} tooltip={t('list.edit')} tooltipOptions={{ position: 'top' }} onClick={() => navigate(ORDER_PATHS.saleOrderUpdate(row.id))} />
                )}
                <Button type="button" icon="pi pi-trash" text rounded size="small" severity="danger" aria-label={t('list.delete')} tooltip={t('list.delete')} tooltipOptions={{ position: 'top' }} onClick={() => confirmDelete(row)} />
              </div>
            )}
          />
        </DataTable>
      </div>
    </div>
  );
}
