// The difference screen's state: filters (remembered for the browser session), the page, and the
// report, live through the 'statistics' room — a scan anywhere refetches, at most once a second.
import { useCallback, useEffect, useState } from 'react';
import type { DataTablePageEvent } from 'primereact/datatable';
import { ROOMS, type DomainEventName } from '@contracts/events';
import type { RealtimeClient } from '../../../lib/socket';
import { REPORT_REFETCH_MS, useLiveReport } from '../../../lib/use-live-report';
import { getDifferenceReport } from '../api/get-difference-report';
import {
  DEFAULT_DIFFERENCE_QUERY,
  DIFFERENCE_PAGE_SIZES,
  DIFFERENCE_STATUSES,
  hasDifferenceFilters,
  loadDifferenceQuery,
  saveDifferenceQuery,
  type DifferenceQuery,
  type DifferenceStatus,
} from '../model/difference-query';

const ROOMS_WATCHED = [ROOMS.statistics];
/** Progress changes the numbers; an order change (hidden, completed, edited grid) changes which orders count. */
const EVENTS_WATCHED: DomainEventName[] = ['production.progressed', 'productionOrder.changed'];

export interface DifferenceReportOptions {
  client?: RealtimeClient;
  fetch?: typeof getDifferenceReport;
  refetchMs?: number;
}

export function useDifferenceReport({ client, fetch = getDifferenceReport, refetchMs = REPORT_REFETCH_MS }: DifferenceReportOptions = {}) {
  const [query, setQuery] = useState<DifferenceQuery>(loadDifferenceQuery);
  const [orderNoDraft, setOrderNoDraft] = useState(query.orderNo);
  const report = useLiveReport(query, (current, signal, quiet) => fetch(current, signal, quiet), { rooms: ROOMS_WATCHED, events: EVENTS_WATCHED, client, delayMs: refetchMs });

  useEffect(() => saveDifferenceQuery(query), [query]);

  // The order number waits for a pause in typing, like the other lists' search.
  useEffect(() => {
    if (orderNoDraft === query.orderNo) return;
    const timer = setTimeout(() => setQuery((current) => ({ ...current, orderNo: orderNoDraft, page: 1 })), 400);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new draft starts the wait
  }, [orderNoDraft]);

  const submitOrderNo = useCallback(() => setQuery((current) => ({ ...current, orderNo: orderNoDraft, page: 1 })), [orderNoDraft]);

  /** The filter components write `field`; status is its own field of the query. */
  const setFilter = useCallback(
    (field: string, value: string | null | undefined) =>
      setQuery((current) => {
        if (field === 'status') {
          const status = (DIFFERENCE_STATUSES as readonly string[]).includes(value ?? '') ? (value as DifferenceStatus) : DEFAULT_DIFFERENCE_QUERY.status;
          return { ...current, status, page: 1 };
        }
        const filters = { ...current.filters };
        if (value) filters[field] = value;
        else delete filters[field];
        return { ...current, filters, page: 1 };
      }),
    [],
  );

  const setOnlyDifferences = useCallback((onlyDifferences: boolean) => setQuery((current) => ({ ...current, onlyDifferences, page: 1 })), []);

  const clearFilters = useCallback(() => {
    setOrderNoDraft('');
    setQuery((current) => ({ ...DEFAULT_DIFFERENCE_QUERY, pageSize: current.pageSize }));
  }, []);

  const tableProps = {
    lazy: true,
    paginator: true,
    first: (query.page - 1) * query.pageSize,
    rows: query.pageSize,
    totalRecords: report.data?.total ?? 0,
    rowsPerPageOptions: DIFFERENCE_PAGE_SIZES,
    onPage: (event: DataTablePageEvent) => setQuery((current) => ({ ...current, page: (event.page ?? 0) + 1, pageSize: event.rows })),
    loading: report.loading,
    paginatorTemplate: 'RowsPerPageDropdown FirstPageLink PrevPageLink PageLinks NextPageLink LastPageLink CurrentPageReport',
    currentPageReportTemplate: '{first}–{last} / {totalRecords}',
  };

  return {
    query,
    orderNoDraft,
    setOrderNoDraft,
    submitOrderNo,
    setFilter,
    setOnlyDifferences,
    clearFilters,
    hasFilters: hasDifferenceFilters(query),
    report: report.data,
    rows: report.data?.rows ?? [],
    failed: report.failed,
    loading: report.loading,
    lastEventAt: report.lastEventAt,
    reload: report.reload,
    tableProps,
  };
}
