// Order details: every order line × colour × size across sales orders, filtered by customer,
// style, colour, size, dates, state and keyword; quantity and amount totals over the whole
// filter in the footer; Excel export.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dropdown } from 'primereact/dropdown';
import { Message } from 'primereact/message';
import { Tag } from 'primereact/tag';
import { ROOMS } from '@contracts/events';
import type { MasterRecord, SizeEntry } from '@contracts/master-data';
import type { OrderLineRow } from '@contracts/orders';
import { DataList, useCurrencyCodes, type DataListColumn } from '../../../components/data-list';
import { formatMoney } from '../../../lib/format-money';
import { exportMasterData } from '../../base-data/api/export-master-data';
import { getMasterDataDetail } from '../../base-data/api/get-master-data-detail';
import { getMasterDataOptions } from '../../base-data/api/get-master-data-options';
import { getOrderLines, type OrderLinePage } from '../api/order-lines';
import { ANY, ChoiceFilter, DateRangeFilter, FilterBar, ReferenceFilter } from '../components/filters';
import { ListToolbar } from '../components/ListToolbar';
import { StyleFilter } from '../components/StyleFilter';
import { useOrderEvents } from '../hooks/use-order-events';
import { useOrderList } from '../hooks/use-order-list';
import { formatQuantity } from '../model/format';
import '../orders.css';

const SORT_FIELDS = ['orderDate', 'deliveryDate', 'orderNo', 'customer', 'goodsCode', 'quantity', 'amount'];
const FILTER_FIELDS = ['customer', 'goods', 'color', 'size', 'dateFrom', 'dateTo', 'deliveryFrom', 'deliveryTo', 'state'];
const STATE_SEVERITY: Record<string, 'secondary' | 'info' | 'success'> = { notInProduction: 'secondary', inProduction: 'info', completed: 'success' };

/** Sizes of every size group, for the size filter ("S (ALPHA)"). */
function useAllSizes(): { value: string; label: string }[] {
  const [sizes, setSizes] = useState<{ value: string; label: string }[]>([]);
  useEffect(() => {
    let live = true;
    getMasterDataOptions('size')
      .then((groups) => Promise.all(groups.map((group) => getMasterDataDetail<MasterRecord & { sizes?: SizeEntry[] }>('size', group.id).then((detail) => ({ group, sizes: detail.sizes ?? [] })))))
      .then((groups) => live && setSizes(groups.flatMap(({ group, sizes: entries }) => entries.map((size) => ({ value: String(size.id), label: `${size.name} (${group.code})` })))))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  return sizes;
}

export function OrderDetailsPage() {
  const { t, i18n } = useTranslation('orders');
  const list = useOrderList<OrderLineRow, OrderLinePage>({
    key: 'orders.details',
    sortFields: SORT_FIELDS,
    filterFields: FILTER_FIELDS,
    defaultSort: { field: 'orderDate', order: 'desc' },
    fetch: getOrderLines,
  });
  useOrderEvents([ROOMS.saleOrders, ROOMS.productionOrders], list.reload);
  const sizes = useAllSizes();
  const currencyCode = useCurrencyCodes();
  const money = (value: number, currency: number | null | undefined) => formatMoney(value, i18n.language, currencyCode(currency));
  const quantity = (value: number) => formatQuantity(value, i18n.language);
  const totals = list.page?.totals ?? { quantity: 0, amount: 0 };
  // The totals span the whole filter; their currency is known only when the page shows one.
  const pageCurrencies = new Set(list.rows.map((row) => row.currency ?? null));
  const totalCurrency = pageCurrencies.size === 1 ? [...pageCurrencies][0] : null;
  const filterProps = { filters: list.state.filters, setFilter: list.setFilter };

  const footer = (
    <div className="order-details-footer" data-testid="details-totals">
      <span className="order-totals-title">{t('details.totals')}</span>
      <span className="order-total">
        <span className="order-total-label">{t('fields.totalQuantity')}</span>
        <strong className="order-total-value">{quantity(totals.quantity)}</strong>
      </span>
      <span className="order-total">
        <span className="order-total-label">{t('fields.totalAmount')}</span>
        <strong className="order-total-value">{money(totals.amount, totalCurrency)}</strong>
      </span>
    </div>
  );

  const columns: DataListColumn<OrderLineRow>[] = [
    { key: 'orderNo', header: t('fields.orderNo'), sortable: true, className: 'cell-code', card: 'title', body: (row) => <span className="order-no">{row.orderNo}</span> },
    { key: 'orderDate', header: t('fields.orderDate'), sortable: true, className: 'cell-date', optional: true, body: (row) => row.orderDate },
    { key: 'deliveryDate', header: t('fields.deliveryDate'), sortable: true, className: 'cell-date', body: (row) => row.deliveryDate },
    { key: 'customer', header: t('fields.customer'), sortable: true, className: 'cell-reference', card: 'subtitle', body: (row) => row.customerLabel },
    { key: 'customerOrderNo', header: t('fields.customerOrderNo'), className: 'cell-code', optional: true, defaultHidden: true, body: (row) => row.customerOrderNo },
    { key: 'goodsCode', header: t('fields.goodsCode'), sortable: true, className: 'cell-code', card: 'subtitle', body: (row) => <strong>{row.goodsCode}</strong> },
    { key: 'productName', header: t('fields.productName'), className: 'cell-name', optional: true, defaultHidden: true, body: (row) => row.productName },
    { key: 'colorName', header: t('fields.color'), className: 'cell-text', body: (row) => row.colorName },
    { key: 'sizeName', header: t('fields.size'), className: 'cell-code', body: (row) => row.sizeName },
    { key: 'quantity', header: t('fields.quantity'), sortable: true, className: 'cell-number', body: (row) => quantity(row.quantity) },
    { key: 'sellingPrice', header: t('fields.sellingPrice'), className: 'cell-number cell-money', optional: true, body: (row) => money(row.sellingPrice, row.currency) },
    { key: 'amount', header: t('fields.amount'), sortable: true, className: 'cell-number cell-money', body: (row) => money(row.amount, row.currency) },
    { key: 'state', header: t('fields.state'), card: 'status', body: (row) => <Tag severity={STATE_SEVERITY[row.state] ?? 'secondary'} value={t(`details.state.${row.state as 'notInProduction'}`)} /> },
  ];

  return (
    <div className="page order-list-page" data-testid="order-details">
      <header className="page-header page-header-row">
        <div>
          <h1>{t('routes.saleOrderSub')}</h1>
          <p className="muted" data-testid="list-total">
            {t('list.subtitle', { count: list.total })}
          </p>
        </div>
        <ListToolbar
          keyword={{ value: list.keywordDraft, onChange: list.setKeywordDraft, onSubmit: () => list.setState((s) => ({ ...s, keyword: list.keywordDraft, page: 1 })) }}
          hasFilters={list.hasFilters}
          onClear={list.clearFilters}
          onExport={() => exportMasterData('saleOrderSub', list.state)}
        />
      </header>
      <FilterBar>
        <ReferenceFilter label={t('fields.customer')} entity="customer" field="customer" {...filterProps} />
        <StyleFilter label={t('fields.style')} field="goods" {...filterProps} />
        <ReferenceFilter label={t('fields.color')} entity="color" field="color" {...filterProps} />
        <label className="order-filter">
          <span className="order-filter-label">{t('fields.size')}</span>
          <Dropdown
            value={list.state.filters.size ?? ANY}
            options={[{ value: ANY, label: t('list.any') }, ...sizes]}
            onChange={(event) => list.setFilter('size', event.value === ANY ? null : (event.value as string) || null)}
            filter
            aria-label={t('fields.size')}
            className="order-filter-input"
          />
        </label>
        <ChoiceFilter label={t('fields.state')} field="state" options={(['notInProduction', 'inProduction', 'completed'] as const).map((state) => ({ value: state, label: t(`details.state.${state}`) }))} {...filterProps} />
        <DateRangeFilter label={t('fields.orderDate')} fromField="dateFrom" toField="dateTo" {...filterProps} />
        <DateRangeFilter label={t('fields.deliveryDate')} fromField="deliveryFrom" toField="deliveryTo" {...filterProps} />
      </FilterBar>
      {list.failed && <Message severity="error" text={t('list.loadFailed')} className="list-note" />}
      <DataList
        listKey="orders.details"
        rows={list.rows}
        columns={columns}
        dataKey={null}
        rowLabel={(row) => `${row.orderNo} ${row.goodsCode} ${row.colorName} ${row.sizeName}`}
        tableProps={list.tableProps}
        footer={footer}
        emptyMessage={t('list.empty')}
        testId="order-details-table"
      />
    </div>
  );
}
