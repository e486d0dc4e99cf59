// Review of production orders: their review and document state, review (asking to confirm
// when the document is missing) and cancel review, live.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { Message } from 'primereact/message';
import type { ProductionOrder } from '@contracts/orders';
import { ChoiceFilter, DateRangeFilter, FilterBar, ReferenceFilter } from '../components/filters';
import { OrderListHeader } from '../components/OrderListHeader';
import { DocumentTag, ProductionOrderTable, ReviewTag } from '../components/ProductionOrderTable';
import { useProductionOrderList } from '../hooks/use-production-order-list';
import { ReviewDialog } from './ReviewDialog';
import '../orders.css';

export function OrderReviewPage() {
  const { t } = useTranslation('orders');
  const [dialog, setDialog] = useState<{ order: ProductionOrder; mode: 'review' | 'cancel' } | null>(null);
  const list = useProductionOrderList('orders.review');
  const filterProps = { filters: list.state.filters, setFilter: list.setFilter };
  return (
    <div className="page order-list-page" data-testid="review-list">
      <OrderListHeader title={t('routes.orderReview')} list={list} />
      <FilterBar>
        <ChoiceFilter
          label={t('fields.reviewed')}
          field="reviewed"
          options={[
            { value: 'true', label: t('production.reviewed') },
            { value: 'false', label: t('production.notReviewed') },
          ]}
          {...filterProps}
        />
        <ChoiceFilter
          label={t('document.state')}
          field="document"
          options={[
            { value: 'true', label: t('production.uploaded') },
            { value: 'false', label: t('production.notUploaded') },
          ]}
          {...filterProps}
        />
        <ReferenceFilter label={t('fields.customer')} entity="customer" field="customer" {...filterProps} />
        <DateRangeFilter label={t('fields.deliveryDate')} fromField="deliveryFrom" toField="deliveryTo" {...filterProps} />
      </FilterBar>
      {list.failed && <Message severity="error" text={t('list.loadFailed')} className="list-note" />}
      <ProductionOrderTable
        list={list}
        showFlags={false}
        extraColumns={[
          <Column key="reviewed" field="reviewed" header={t('fields.reviewed')} sortable className="cell-flag" headerClassName="cell-flag" body={(row: ProductionOrder) => <ReviewTag order={row} />} />,
          <Column key="reviewedAt" header={t('fields.reviewedAt')} className="cell-date" headerClassName="cell-date" body={(row: ProductionOrder) => row.reviewedAt?.slice(0, 10) ?? ''} />,
          <Column key="reviewNote" header={t('fields.reviewNote')} body={(row: ProductionOrder) => <span className="cell-note">{row.reviewNote}</span>} />,
          <Column key="document" header={t('fields.document')} className="cell-flag" headerClassName="cell-flag" body={(row: ProductionOrder) => <DocumentTag order={row} />} />,
        ]}
        actions={(row) =>
          row.reviewed ? (
            <Button type="button" label={t('review.cancelReview')} icon="pi pi-undo" text size="small" severity="danger" onClick={() => setDialog({ order: row, mode: 'cancel' })} />
          ) : (
            <Button type="button" label={t('review.review')} icon="pi pi-verified" text size="small" onClick={() => setDialog({ order: row, mode: 'review' })} data-testid={`review-button-${row.id}`} />
          )
        }
      />
      <ReviewDialog
        order={dialog?.order ?? null}
        mode={dialog?.mode ?? 'review'}
        onClose={() => setDialog(null)}
        onDone={() => {
          setDialog(null);
          list.reload();
        }}
      />
    </div>
  );
}
