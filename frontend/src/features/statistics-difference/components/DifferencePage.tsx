// /production/statistics/difference — per production order, ordered vs cut vs finished vs in
// stock vs shipped and the differences (contracts/difference.ts says where each number comes
// from); each order opens into its colour × size cells; sums per customer, per style and over
// everything; exported with the current filters; live through the 'statistics' room.
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { Button } from 'primereact/button';
import { InputSwitch } from 'primereact/inputswitch';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import type { DifferenceOrder } from '@contracts/difference';
import { isRouteAllowed } from '@contracts/routes';
import { DataList, useCardMode, type DataListColumn } from '../../../components/data-list';
import { LiveBadge } from '../../../components/LiveBadge';
import { ORDER_PATHS, PRODUCTION_PATHS, type RouteScreenProps } from '../../../config/paths';
import type { RealtimeClient } from '../../../lib/socket';
import { useSession } from '../../../lib/session';
import { ChoiceFilter, DateRangeFilter, FilterBar, ReferenceFilter } from '../../orders/components/filters';
import { ListToolbar } from '../../orders/components/ListToolbar';
import { StyleFilter } from '../../orders/components/StyleFilter';
import { exportDifferenceReport } from '../api/export-difference-report';
import type { getDifferenceReport } from '../api/get-difference-report';
import { useDifferenceReport } from '../hooks/use-difference-report';
import { DIFFERENCE_STATUSES } from '../model/difference-query';
import { DifferenceCells } from './DifferenceCells';
import { DifferenceRollups, GrandTotals } from './DifferenceRollups';
import { DIFF_KEYS, DiffValue, STAGE_KEYS, StageValue } from './DiffValue';
import '../../orders/orders.css';
import '../statistics-difference.css';

/** The table's own minimum width before it turns into cards (DataList's default). */
const MIN_TABLE_WIDTH = 880;

export interface DifferencePageProps extends Partial<RouteScreenProps> {
  /** Tests: a fake socket, API and refetch delay. */
  client?: RealtimeClient;
  fetch?: typeof getDifferenceReport;
  refetchMs?: number;
}

export function DifferencePage({ client, fetch, refetchMs }: DifferencePageProps) {
  const { t } = useTranslation('statisticsDifference');
  const [, navigate] = useLocation();
  const permissions = useSession((session) => session.permissions);
  const canSchedule = isRouteAllowed('ScheduleUpdate', permissions);
  const canOrder = isRouteAllowed('ProductionOrderUpdate', permissions);
  const list = useDifferenceReport({ client, fetch, refetchMs });
  const [expanded, setExpanded] = useState<Record<number, boolean>>({});
  const box = useRef<HTMLDivElement>(null);
  const { cards } = useCardMode(box, MIN_TABLE_WIDTH);
  const filterProps = { filters: { ...list.query.filters, status: list.query.status }, setFilter: list.setFilter };

  const toggle = (order: DifferenceOrder) =>
    setExpanded((current) => {
      const next = { ...current };
      if (next[order.orderId]) delete next[order.orderId];
      else next[order.orderId] = true;
      return next;
    });

  const columns: DataListColumn<DifferenceOrder>[] = [
    {
      key: 'orderNo',
      header: t('fields.orderNo'),
      className: 'cell-order',
      card: 'title',
      body: (order) => {
        const open = Boolean(expanded[order.orderId]);
        return (
          <span className="diff-order">
            <Button
              type="button"
              icon={open ? 'pi pi-chevron-down' : 'pi pi-chevron-right'}
              text
              rounded
              size="small"
              className="diff-toggle"
              aria-expanded={open}
              aria-label={t(open ? 'cells.hide' : 'cells.show', { orderNo: order.orderNo })}
              onClick={() => toggle(order)}
              data-testid={`diff-toggle-${order.orderId}`}
            />
            <span className="diff-order-text">
              {canSchedule ? (
                <Link href={PRODUCTION_PATHS.scheduleUpdate(order.orderId)} className="order-no order-link" data-testid={`diff-order-${order.orderId}`}>
                  {order.orderNo}
                </Link>
              ) : (
                <span className="order-no" data-testid={`diff-order-${order.orderId}`}>
                  {order.orderNo}
                </span>
              )}
              <span className="muted clamp" title={order.customerName ?? ''}>
                {order.customerName ?? ''}
              </span>
            </span>
          </span>
        );
      },
    },
    {
      key: 'style',
      header: t('fields.style'),
      className: 'cell-style',
      card: 'subtitle',
      body: (order) => (
        <span className="diff-style" title={`${order.goodsCode ?? ''} ${order.goodsName ?? ''}`}>
          <strong>{order.goodsCode ?? '—'}</strong>
          <span className="muted clamp">{order.goodsName ?? ''}</span>
        </span>
      ),
    },
    { key: 'deliveryDate', header: t('fields.deliveryDate'), className: 'cell-day', optional: true, card: 'fact', body: (order) => order.deliveryDate },
    ...STAGE_KEYS.map(
      (key): DataListColumn<DifferenceOrder> => ({
        key,
        header: t(`fields.${key}`),
        className: 'cell-number cell-stage',
        // In stock is the one a laptop may hide first (shipped and the differences matter more).
        optional: key === 'inStock',
        card: 'fact',
        body: (order) => <StageValue value={order.totals[key]} testId={`diff-${order.orderId}-${key}`} />,
      }),
    ),
    ...DIFF_KEYS.map(
      (key): DataListColumn<DifferenceOrder> => ({
        key,
        header: t(`fields.${key}`),
        className: 'cell-number cell-diff',
        card: 'fact',
        body: (order) => <DiffValue value={order.totals[key]} testId={`diff-${order.orderId}-${key}`} />,
      }),
    ),
    // Pieces QC scrapped explain part of a cut → finished shortfall; the column shows once any order has some.
    ...(list.rows.some((order) => (order.rejected ?? 0) > 0)
      ? [
          {
            key: 'rejected',
            header: t('fields.rejected'),
            className: 'cell-number',
            optional: true,
            card: 'fact' as const,
            body: (order: DifferenceOrder) => <span data-testid={`diff-${order.orderId}-rejected`}>{order.rejected ? order.rejected.toLocaleString() : '—'}</span>,
          },
        ]
      : []),
    // Cards have no row expansion: an opened card shows its cells in its status line.
    ...(cards && Object.keys(expanded).length > 0
      ? [{ key: 'cells', header: `${t('fields.color')} × ${t('fields.size')}`, card: 'status' as const, body: (order: DifferenceOrder) => (expanded[order.orderId] ? <DifferenceCells order={order} /> : null) }]
      : []),
  ];

  const report = list.report;
  return (
    <div className="page diff-page" data-testid="difference-page">
      <header className="page-header page-header-row">
        <div>
          <h1 className="title-with-badge">
            {t('routes.index')}
            <LiveBadge lastEventAt={list.lastEventAt} />
          </h1>
          <p className="muted diff-subtitle">
            {t('page.subtitle')} · <span data-testid="diff-total">{t('page.total', { count: report?.total ?? 0 })}</span>
          </p>
        </div>
        <ListToolbar hasFilters={list.hasFilters} onClear={list.clearFilters} onExport={() => exportDifferenceReport(list.query)} />
      </header>
      <FilterBar>
        <label className="order-filter">
          <span className="order-filter-label">{t('fields.orderNo')}</span>
          <InputText
            type="search"
            value={list.orderNoDraft}
            onChange={(event) => list.setOrderNoDraft(event.target.value)}
            onKeyDown={(event) => event.key === 'Enter' && list.submitOrderNo()}
            placeholder={t('filters.orderNoPlaceholder')}
            className="diff-order-no-input"
            data-testid="diff-filter-orderNo"
          />
        </label>
        <ReferenceFilter label={t('fields.customer')} entity="customer" field="customerId" {...filterProps} />
        <StyleFilter label={t('fields.style')} field="goodsId" {...filterProps} />
        <DateRangeFilter label={t('fields.orderDate')} fromField="orderDateFrom" toField="orderDateTo" {...filterProps} />
        <DateRangeFilter label={t('fields.deliveryDate')} fromField="deliveryFrom" toField="deliveryTo" {...filterProps} />
        <ChoiceFilter label={t('fields.status')} field="status" allowAll={false} options={DIFFERENCE_STATUSES.map((status) => ({ value: status, label: t(`status.${status}`) }))} {...filterProps} />
        <label className="order-filter diff-switch">
          <span className="order-filter-label">{t('filters.onlyDifferences')}</span>
          <InputSwitch checked={list.query.onlyDifferences} onChange={(event) => list.setOnlyDifferences(Boolean(event.value))} aria-label={t('filters.onlyDifferences')} data-testid="diff-only-differences" />
        </label>
      </FilterBar>
      {list.failed && <Message severity="error" text={t('page.loadFailed')} className="list-note" />}
      <GrandTotals totals={report?.grandTotals ?? null} />
      <div ref={box}>
        <DataList
          listKey="statistics.difference"
          rows={list.rows}
          columns={columns}
          dataKey="orderId"
          rowLabel={(order) => order.orderNo}
          rowActions={(order) => [
            ...(canSchedule ? [{ key: 'schedule', label: t('links.schedule'), icon: 'pi pi-history', onSelect: () => navigate(PRODUCTION_PATHS.scheduleUpdate(order.orderId)), testId: `diff-link-schedule-${order.orderId}` }] : []),
            ...(canOrder ? [{ key: 'order', label: t('links.order'), icon: 'pi pi-th-large', onSelect: () => navigate(ORDER_PATHS.productionOrderUpdate(order.orderId)), testId: `diff-link-order-${order.orderId}` }] : []),
          ]}
          tableProps={{
            ...list.tableProps,
            expandedRows: expanded,
            onRowToggle: (event: { data: unknown }) => setExpanded(event.data as Record<number, boolean>),
            rowExpansionTemplate: (order: DifferenceOrder) => <DifferenceCells order={order} />,
            rowClassName: (order: DifferenceOrder) => ({ 'is-completed': order.completed }),
          }}
          minTableWidth={MIN_TABLE_WIDTH}
          emptyMessage={t('page.empty')}
          className="diff-list"
          testId="difference-table"
        />
      </div>
      {report && <DifferenceRollups byCustomer={report.byCustomer} byGoods={report.byGoods} />}
    </div>
  );
}
