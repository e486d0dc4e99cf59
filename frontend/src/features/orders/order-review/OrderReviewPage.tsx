// Review of production orders: their review and document state, review (asking to confirm
// when the document is missing) and cancel review, live.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
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
      <OrderListHeader title={t('routes.orderReview')} list={list} onExport={() => list.exportList('review')} />
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
        listKey="orders.review"
        list={list}
        showFlags={false}
        extraColumns={[
          { key: 'reviewed', header: t('fields.reviewed'), sortable: true, className: 'cell-flag', card: 'status', body: (row) => <ReviewTag order={row} /> },
          { key: 'document', header: t('fields.document'), className: 'cell-flag', card: 'status', body: (row) => <DocumentTag order={row} /> },
          { key: 'reviewedAt', header: t('fields.reviewedAt'), className: 'cell-date', optional: true, body: (row) => row.reviewedAt?.slice(0, 10) ?? '' },
          { key: 'reviewNote', header: t('fields.reviewNote'), optional: true, defaultHidden: true, body: (row) => <span className="cell-note">{row.reviewNote}</span> },
        ]}
        actions={(row) => [
          row.reviewed
            ? { key: 'cancel', label: t('review.cancelReview'), icon: 'pi pi-undo', danger: true, inline: true, onSelect: () => setDialog({ order: row, mode: 'cancel' }), testId: `cancel-review-button-${row.id}` }
            : { key: 'review', label: t('review.review'), icon: 'pi pi-verified', inline: true, onSelect: () => setDialog({ order: row, mode: 'review' }), testId: `review-button-${row.id}` },
        ]}
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
