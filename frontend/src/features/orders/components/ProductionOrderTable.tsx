// The production-order table the order screens share (list, documents, review, hiding): the
// same columns and warning tags; each screen adds its own state column and actions.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Tag } from 'primereact/tag';
import { thumbnailUrl } from '@contracts/master-data';
import type { ProductionOrder } from '@contracts/orders';
import { formatQuantity } from '../model/format';
import type { useOrderList } from '../hooks/use-order-list';

export const PRODUCTION_ORDER_SORT_FIELDS = ['id', 'orderNo', 'customer', 'customerOrderNo', 'goodsCode', 'productName', 'orderDate', 'deliveryDate', 'totalQuantity', 'reviewed', 'createdAt', 'updatedAt'];
export const PRODUCTION_ORDER_FILTER_FIELDS = ['customer', 'goods', 'reviewed', 'document', 'flagged', 'completed', 'hidden', 'deliveryFrom', 'deliveryTo', 'saleOrder'];

/** Not reviewed, no document: the order is flagged wherever it appears. */
export function ProductionOrderFlags({ order }: { order: ProductionOrder }) {
  const { t } = useTranslation('orders');
  return (
    <span className="order-flags" data-testid={`flags-${order.id}`}>
      {!order.reviewed && <Tag severity="warning" icon="pi pi-exclamation-triangle" value={t('production.flagNotReviewed')} data-flag="notReviewed" />}
      {!order.document && <Tag severity="warning" icon="pi pi-image" value={t('production.flagNoDocument')} data-flag="noDocument" />}
      {order.hidden && <Tag severity="secondary" icon="pi pi-eye-slash" value={t('production.hidden')} />}
      {order.completed && <Tag severity="success" icon="pi pi-check" value={t('production.completed')} />}
    </span>
  );
}

export function ReviewTag({ order }: { order: ProductionOrder }) {
  const { t } = useTranslation('orders');
  return order.reviewed ? (
    <Tag severity="success" icon="pi pi-verified" value={t('review.stateReviewed')} data-testid={`review-${order.id}`} />
  ) : (
    <Tag severity="warning" icon="pi pi-clock" value={t('review.stateNotReviewed')} data-testid={`review-${order.id}`} />
  );
}

export function DocumentTag({ order }: { order: ProductionOrder }) {
  const { t } = useTranslation('orders');
  return order.document ? (
    <Tag severity="success" icon="pi pi-image" value={t('production.uploaded')} data-testid={`document-${order.id}`} />
  ) : (
    <Tag severity="danger" icon="pi pi-upload" value={t('production.notUploaded')} data-testid={`document-${order.id}`} />
  );
}

export interface ProductionOrderTableProps {
  list: ReturnType<typeof useOrderList<ProductionOrder>>;
  /** Columns after the common ones (state tags). */
  extraColumns?: ReactNode[];
  actions?: (order: ProductionOrder) => ReactNode;
  showFlags?: boolean;
  selection?: ProductionOrder[];
  onSelectionChange?: (rows: ProductionOrder[]) => void;
}

export function ProductionOrderTable({ list, extraColumns = [], actions, showFlags = true, selection, onSelectionChange }: ProductionOrderTableProps) {
  const { t, i18n } = useTranslation('orders');
  const selectable = Boolean(onSelectionChange);
  const columns: ReactNode[] = [
    selectable && <Column key="select" selectionMode="multiple" headerStyle={{ width: '3rem' }} />,
    <Column
      key="orderNo"
      field="orderNo"
      header={t('fields.productionOrderNo')}
      sortable
      className="cell-code"
      headerClassName="cell-code"
      body={(row: ProductionOrder) => (
        <span className="order-no-cell">
          <span className="order-no">{row.orderNo}</span>
          {showFlags && <ProductionOrderFlags order={row} />}
        </span>
      )}
    />,
    <Column
      key="goods"
      field="goodsCode"
      header={t('fields.style')}
      sortable
      className="cell-name"
      headerClassName="cell-name"
      body={(row: ProductionOrder) => (
        <span className="order-style-cell">
          {row.goodsImage ? <img className="cell-thumbnail" src={thumbnailUrl(row.goodsImage)} alt="" loading="lazy" /> : <span className="cell-thumbnail is-empty pi pi-image" aria-hidden="true" />}
          <span>
            <strong>{row.goodsCode}</strong>
            <span className="muted order-style-name">{row.productName}</span>
          </span>
        </span>
      )}
    />,
    <Column key="customer" field="customer" header={t('fields.customer')} sortable className="cell-reference" headerClassName="cell-reference" body={(row: ProductionOrder) => row.customerLabel} />,
    <Column key="customerOrderNo" field="customerOrderNo" header={t('fields.customerOrderNo')} sortable className="cell-code" headerClassName="cell-code" />,
    <Column key="saleOrder" header={t('production.fromSaleOrder')} className="cell-code" headerClassName="cell-code" body={(row: ProductionOrder) => row.saleOrderNo ?? <span className="cell-no">—</span>} />,
    <Column key="orderDate" field="orderDate" header={t('fields.orderDate')} sortable className="cell-date" headerClassName="cell-date" />,
    <Column key="deliveryDate" field="deliveryDate" header={t('fields.deliveryDate')} sortable className="cell-date" headerClassName="cell-date" />,
    <Column
      key="totalQuantity"
      field="totalQuantity"
      header={t('fields.quantity')}
      sortable
      className="cell-number"
      headerClassName="cell-number"
      body={(row: ProductionOrder) => formatQuantity(row.totalQuantity, i18n.language)}
    />,
    ...extraColumns,
    actions && <Column key="actions" header={t('list.actions')} className="cell-actions" headerClassName="cell-actions" frozen alignFrozen="right" body={(row: ProductionOrder) => <div className="row-actions">{actions(row)}</div>} />,
  ].filter(Boolean);

  const common = {
    value: list.rows,
    dataKey: 'id',
    ...list.tableProps,
    emptyMessage: t('list.empty'),
    size: 'small' as const,
    stripedRows: true,
    scrollable: true,
    tableStyle: { minWidth: '64rem' },
    rowClassName: (row: ProductionOrder) => ({ 'is-flagged': showFlags && row.flagged }),
  };
  return (
    <div className="list-card">
      {selectable ? (
        <DataTable {...common} selectionMode="checkbox" selection={selection ?? []} onSelectionChange={(event) => onSelectionChange?.(event.value as ProductionOrder[])}>
          {columns}
        </DataTable>
      ) : (
        <DataTable {...common}>{columns}</DataTable>
      )}
    </div>
  );
}
