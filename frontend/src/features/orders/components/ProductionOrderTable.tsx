// The production-order table the order screens share (list, documents, review, hiding): the
// same columns and warning tags; each screen adds its own state columns and row actions.
// Built on the shared DataList: key columns always, the rest through the column chooser, cards
// on a narrow screen.
import { useTranslation } from 'react-i18next';
import { Tag } from 'primereact/tag';
import { thumbnailUrl } from '@contracts/master-data';
import type { ProductionOrder } from '@contracts/orders';
import { DataList, type DataListColumn, type RowAction } from '../../../components/data-list';
import { OrderOverviewLink, useOrderOverviewAction } from '../../../components/OrderOverviewLink';
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
  /** Remembers this screen's column choice. */
  listKey: string;
  list: ReturnType<typeof useOrderList<ProductionOrder>>;
  /** Columns after the common ones (state tags: on a card they form its status line). */
  extraColumns?: DataListColumn<ProductionOrder>[];
  actions?: (order: ProductionOrder) => RowAction[];
  showFlags?: boolean;
  selection?: ProductionOrder[];
  onSelectionChange?: (rows: ProductionOrder[]) => void;
}

export function ProductionOrderTable({ listKey, list, extraColumns = [], actions, showFlags = true, selection, onSelectionChange }: ProductionOrderTableProps) {
  const { t, i18n } = useTranslation('orders');
  const overviewAction = useOrderOverviewAction();
  const columns: DataListColumn<ProductionOrder>[] = [
    {
      key: 'orderNo',
      header: t('fields.productionOrderNo'),
      sortable: true,
      className: 'cell-code',
      card: 'title',
      body: (row) => (
        <span className="order-no-cell">
          <OrderOverviewLink id={row.id} orderNo={row.orderNo} />
          {showFlags && <ProductionOrderFlags order={row} />}
        </span>
      ),
    },
    {
      key: 'goods',
      field: 'goodsCode',
      header: t('fields.style'),
      sortable: true,
      className: 'cell-name',
      card: 'subtitle',
      body: (row) => (
        <span className="order-style-cell">
          {row.goodsImage ? <img className="cell-thumbnail" src={thumbnailUrl(row.goodsImage)} alt="" loading="lazy" /> : <span className="cell-thumbnail is-empty pi pi-image" aria-hidden="true" />}
          <span className="order-style-text">
            <strong>{row.goodsCode}</strong>
            <span className="muted order-style-name">{row.productName}</span>
          </span>
        </span>
      ),
    },
    { key: 'customer', header: t('fields.customer'), sortable: true, className: 'cell-reference', card: 'subtitle', body: (row) => row.customerLabel },
    { key: 'customerOrderNo', header: t('fields.customerOrderNo'), sortable: true, className: 'cell-code', optional: true, defaultHidden: true, body: (row) => row.customerOrderNo },
    { key: 'saleOrder', header: t('production.fromSaleOrder'), className: 'cell-code', optional: true, defaultHidden: true, body: (row) => row.saleOrderNo ?? <span className="cell-no">—</span> },
    { key: 'orderDate', header: t('fields.orderDate'), sortable: true, className: 'cell-date', optional: true, body: (row) => row.orderDate },
    { key: 'deliveryDate', header: t('fields.deliveryDate'), sortable: true, className: 'cell-date', body: (row) => row.deliveryDate },
    { key: 'totalQuantity', header: t('fields.quantity'), sortable: true, className: 'cell-number', body: (row) => formatQuantity(row.totalQuantity, i18n.language) },
    ...extraColumns,
  ];

  return (
    <DataList
      listKey={listKey}
      rows={list.rows}
      columns={columns}
      rowLabel={(row) => row.orderNo}
      rowActions={actions ? (row) => [...actions(row), ...overviewAction(row.id)] : undefined}
      tableProps={{ ...list.tableProps, rowClassName: (row: ProductionOrder) => ({ 'is-flagged': showFlags && row.flagged }) }}
      emptyMessage={t('list.empty')}
      selection={selection}
      onSelectionChange={onSelectionChange}
      testId="production-order-table"
    />
  );
}
