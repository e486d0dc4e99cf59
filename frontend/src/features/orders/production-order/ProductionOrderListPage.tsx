// Production orders: flagged when not reviewed or without a document; hidden ones left out
// (the hide screen lists them); live: a row appears, changes or leaves as others work.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { Message } from 'primereact/message';
import type { ProductionOrder } from '@contracts/orders';
import { isRouteAllowed } from '@contracts/routes';
import { ORDER_PATHS, PRODUCTION_PATHS } from '../../../config/paths';
import { useSession } from '../../../lib/session';
import { deleteProductionOrder } from '../api/production-orders';
import { ChoiceFilter, DateRangeFilter, FilterBar, ReferenceFilter } from '../components/filters';
import { confirmOrderDelete } from '../components/confirm-order-delete';
import { OrderListHeader } from '../components/OrderListHeader';
import { DocumentTag, ProductionOrderTable, ReviewTag } from '../components/ProductionOrderTable';
import { StyleFilter } from '../components/StyleFilter';
import { useProductionOrderList } from '../hooks/use-production-order-list';
import { JobTicketDialog } from './JobTicketDialog';
import '../orders.css';

export function ProductionOrderListPage() {
  const { t } = useTranslation('orders');
  const [, navigate] = useLocation();
  const permissions = useSession((session) => session.permissions);
  const canCreate = isRouteAllowed('ProductionOrderCreate', permissions);
  const canUpdate = isRouteAllowed('ProductionOrderUpdate', permissions);
  const canCut = isRouteAllowed('CuttingUpdate', permissions);
  const list = useProductionOrderList('orders.productionOrder');
  const [printing, setPrinting] = useState<number | null>(null);

  const confirmDelete = (row: ProductionOrder) => confirmOrderDelete(t, row.orderNo, () => deleteProductionOrder(row.id, row.version), list.reload);

  const yesNo = (yes: string, no: string) => [
    { value: 'true', label: yes },
    { value: 'false', label: no },
  ];
  const filterProps = { filters: list.state.filters, setFilter: list.setFilter };
  return (
    <div className="page order-list-page" data-testid="production-order-list">
      <OrderListHeader title={t('routes.productionOrderIndex')} list={list} onExport={() => list.exportList('list')} onCreate={canCreate ? () => navigate(ORDER_PATHS.productionOrderCreate) : undefined} />
      <FilterBar>
        <ReferenceFilter label={t('fields.customer')} entity="customer" field="customer" {...filterProps} />
        <StyleFilter label={t('fields.style')} field="goods" {...filterProps} />
        <ChoiceFilter label={t('fields.reviewed')} field="reviewed" options={yesNo(t('production.reviewed'), t('production.notReviewed'))} {...filterProps} />
        <ChoiceFilter label={t('fields.document')} field="document" options={yesNo(t('production.uploaded'), t('production.notUploaded'))} {...filterProps} />
        <ChoiceFilter label={t('fields.completed')} field="completed" options={yesNo(t('production.completed'), t('production.inProgress'))} {...filterProps} />
        <DateRangeFilter label={t('fields.deliveryDate')} fromField="deliveryFrom" toField="deliveryTo" {...filterProps} />
      </FilterBar>
      {list.failed && <Message severity="error" text={t('list.loadFailed')} className="list-note" />}
      <ProductionOrderTable
        listKey="orders.productionOrder"
        list={list}
        extraColumns={[
          { key: 'reviewed', header: t('fields.reviewed'), sortable: true, className: 'cell-flag', card: 'status', body: (row) => <ReviewTag order={row} /> },
          { key: 'document', header: t('fields.document'), className: 'cell-flag', card: 'status', body: (row) => <DocumentTag order={row} /> },
        ]}
        actions={(row) => [
          ...(canUpdate ? [{ key: 'edit', label: t('list.edit'), icon: 'pi pi-pencil', inline: true, onSelect: () => navigate(ORDER_PATHS.productionOrderUpdate(row.id)), testId: `edit-${row.id}` }] : []),
          { key: 'print', label: t('ticket.button'), icon: 'pi pi-print', onSelect: () => setPrinting(row.id), testId: `print-tickets-${row.id}` },
          ...(canCut ? [{ key: 'cutting', label: t('cutting.button'), icon: 'pi pi-th-large', onSelect: () => navigate(PRODUCTION_PATHS.cutting(row.id)), testId: `cutting-${row.id}` }] : []),
          ...(!row.reviewed ? [{ key: 'delete', label: t('list.delete'), icon: 'pi pi-trash', danger: true, onSelect: () => confirmDelete(row) }] : []),
        ]}
      />
      <JobTicketDialog orderId={printing} onHide={() => setPrinting(null)} />
    </div>
  );
}
