// The schedule (PRODUCT.md §4 Progress): orders × processes of the route, done / planned per
// cell in the status colour, server-paged and sorted, updating in place as scans land.
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Button } from 'primereact/button';
import { IconField } from 'primereact/iconfield';
import { InputIcon } from 'primereact/inputicon';
import { InputSwitch } from 'primereact/inputswitch';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { STEP_STATUSES, type ProgressRow } from '@contracts/production';
import { DataList, type DataListColumn } from '../../../components/data-list';
import type { RouteScreenProps } from '../../../config/paths';
import { PRODUCTION_PATHS } from '../../../config/paths';
import { ChoiceFilter, DateRangeFilter, FilterBar, ReferenceFilter } from '../../orders/components/filters';
import { ListToolbar } from '../../orders/components/ListToolbar';
import { exportSchedule } from '../api/schedule';
import { flashKey, useScheduleList } from '../hooks/use-schedule-list';
import { LiveBadge } from '../../../components/LiveBadge';
import { ProgressCell } from './ProgressCell';
import { ScheduleTotals, StatusLegend } from './ScheduleTotals';
import { ProgressBarThin } from './StatusTag';
import { OrderOverviewIconLink } from '../../../components/OrderOverviewLink';
import { getWip } from '../api/get-wip';
import { useWip } from '../hooks/use-wip';
import { WipFigures, WipStrip } from './WipStrip';
import '../../orders/orders.css';
import '../schedule.css';

export function ScheduleListPage({ fetchWip = getWip }: RouteScreenProps & { fetchWip?: typeof getWip }) {
  const { t, i18n } = useTranslation('schedule');
  const list = useScheduleList();
  // Work in progress of cut bundles, reloaded as scans land; absent (no bundles, or no API) → not shown.
  const wip = useWip(list.liveAt, fetchWip);
  const wipOf = (orderId: number, processId: number) => wip?.orders.find((entry) => entry.orderId === orderId && entry.processId === processId && entry.bundles > 0);
  const language = i18n.language;
  const number = new Intl.NumberFormat(language, { maximumFractionDigits: 1 });
  const quantity = new Intl.NumberFormat(language, { maximumFractionDigits: 0 });
  const filterProps = { filters: list.query.filters, setFilter: list.setFilter };

  // Key columns first; every process of the routes shown is a column the chooser can hide
  // (a site with many processes keeps the list within the screen by hiding some).
  const columns: DataListColumn<ProgressRow>[] = [
    {
      key: 'orderNo',
      header: t('fields.orderNo'),
      sortable: true,
      className: 'cell-order',
      card: 'title',
      body: (row) => (
        <span className="schedule-order-cell">
          <span className="schedule-order-line">
            <Link href={PRODUCTION_PATHS.scheduleUpdate(row.id)} className="order-no order-link" data-testid={`order-link-${row.id}`}>
              {row.orderNo}
            </Link>
            <OrderOverviewIconLink id={row.id} orderNo={row.orderNo} />
            {!row.reviewed && <i className="pi pi-exclamation-triangle schedule-flag" title={t('flags.notReviewed')} aria-label={t('flags.notReviewed')} />}
            {!row.hasDocument && <i className="pi pi-image schedule-flag" title={t('flags.noDocument')} aria-label={t('flags.noDocument')} />}
          </span>
          <span className="schedule-customer clamp" title={row.customerLabel}>
            {row.customerLabel}
          </span>
        </span>
      ),
    },
    {
      key: 'style',
      header: t('fields.style'),
      className: 'cell-style',
      card: 'subtitle',
      body: (row) => (
        <span className="schedule-style" title={`${row.goodsCode} ${row.productName}`}>
          <strong>{row.goodsCode}</strong>
          <span className="muted clamp">{row.productName}</span>
        </span>
      ),
    },
    { key: 'quantity', header: t('fields.totalQuantity'), className: 'cell-number', body: (row) => quantity.format(row.totalQuantity) },
    {
      key: 'deliveryDate',
      header: t('fields.deliveryDate'),
      sortable: true,
      className: 'cell-day',
      body: (row) => (
        <span className="schedule-dates">
          <span>{row.deliveryDate}</span>
          <span className="muted" title={t('fields.orderDate')}>
            {t('grid.ordered', { date: row.orderDate.slice(5) })}
          </span>
        </span>
      ),
    },
    {
      key: 'delayDays',
      header: t('fields.delayDays'),
      className: 'cell-delay',
      body: (row) =>
        row.delayDays > 0 ? (
          <span className="delay-days" data-testid={`delay-${row.id}`}>
            {t('grid.days', { count: row.delayDays })}
          </span>
        ) : (
          <span className="cell-no">—</span>
        ),
    },
    {
      key: 'finishRate',
      header: t('fields.finishRate'),
      sortable: true,
      className: 'cell-rate',
      card: 'status',
      body: (row) => (
        <span key={list.flashes[flashKey(row.id)] ?? 0} className={`rate-cell${list.flashes[flashKey(row.id)] ? ' is-flash' : ''}`} data-testid={`rate-${row.id}`}>
          <span className="rate-value">{number.format(row.finishRate)}%</span>
          <ProgressBarThin percent={Math.min(100, row.finishRate)} status={row.status} label={t('fields.finishRate')} />
        </span>
      ),
    },
    ...list.columns.map(
      (column): DataListColumn<ProgressRow> => ({
        key: `process-${column.id}`,
        label: column.name,
        header: (
          <span className="process-header" title={column.code ? `${column.code} · ${column.name}` : column.name}>
            {column.name}
          </span>
        ),
        className: 'cell-process',
        optional: true,
        card: 'fact',
        body: (row) => {
          const cellWip = wipOf(row.id, column.id);
          const cell = <ProgressCell step={row.steps[String(column.id)]} processName={column.name} flash={list.flashes[flashKey(row.id, column.id)]} language={language} />;
          return cellWip ? (
            <span className="process-cell-with-wip">
              {cell}
              <WipFigures wip={cellWip} compact />
            </span>
          ) : (
            cell
          );
        },
      }),
    ),
  ];

  return (
    <div className="page schedule-page" data-testid="schedule-list">
      <header className="page-header page-header-row schedule-header">
        <div>
          <h1 className="title-with-badge">
            {t('routes.index')}
            <LiveBadge lastEventAt={list.liveAt} />
          </h1>
          <div className="schedule-subtitle">
            <span className="muted" data-testid="list-total">
              {t('list.subtitle', { count: list.total })}
            </span>
            <StatusLegend />
          </div>
        </div>
        <ScheduleTotals totals={list.totals} language={language} />
        {/* Only the export: search and clearing live in the filter bar below. */}
        <ListToolbar hasFilters={false} onClear={() => undefined} onExport={() => exportSchedule(list.query)} />
      </header>
      <FilterBar>
        <label className="order-filter schedule-search">
          <span className="order-filter-label">{t('list.search')}</span>
          <IconField iconPosition="left">
            <InputIcon className="pi pi-search" />
            <InputText
              type="search"
              value={list.keywordDraft}
              onChange={(event) => list.setKeywordDraft(event.target.value)}
              onKeyDown={(event) => event.key === 'Enter' && list.setQuery((q) => ({ ...q, keyword: list.keywordDraft, page: 1 }))}
              placeholder={t('list.searchPlaceholder')}
              aria-label={t('list.search')}
            />
          </IconField>
        </label>
        <ReferenceFilter label={t('fields.customer')} entity="customer" field="customer" {...filterProps} />
        <ChoiceFilter label={t('fields.status')} field="status" options={STEP_STATUSES.map((status) => ({ value: status, label: t(`status.${status}`) }))} {...filterProps} />
        <DateRangeFilter label={t('fields.deliveryDate')} fromField="deliveryFrom" toField="deliveryTo" {...filterProps} />
        <label className="order-filter schedule-switch">
          <span className="order-filter-label">{t('list.includeCompleted')}</span>
          <InputSwitch checked={list.query.includeCompleted} onChange={(event) => list.setIncludeCompleted(Boolean(event.value))} aria-label={t('list.includeCompleted')} data-testid="include-completed" />
        </label>
        {list.hasFilters && <Button type="button" label={t('list.clearFilters')} icon="pi pi-filter-slash" text severity="secondary" onClick={list.clearFilters} className="schedule-clear" />}
      </FilterBar>
      {list.failed && <Message severity="error" text={t('list.loadFailed')} className="list-note" />}
      <WipStrip wip={wip} />
      <DataList
        listKey="schedule.list"
        rows={list.rows}
        columns={columns}
        rowLabel={(row) => row.orderNo}
        tableProps={{ ...list.tableProps, rowClassName: (row: ProgressRow) => ({ 'is-flagged': row.flagged, [`is-${row.status}`]: true }), stripedRows: false }}
        emptyMessage={t('list.empty')}
        className="schedule-grid"
        testId="schedule-table"
      />
    </div>
  );
}
