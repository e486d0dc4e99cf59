// A server-paged order list: the base-data list protocol and session persistence
// (ListState, toQueryParams, load/saveListState) with the order screens' own filters. Other
// server-paged screens with a filter bar (the audit trail) use it too.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { DataTablePageEvent, DataTableSortEvent } from 'primereact/datatable';
import { DEFAULT_PAGE_SIZE, type ListPage, type MasterDataDefinition, type MasterDataName, type SortOrder } from '@contracts/master-data';
import { loadListState, saveListState, type ListState } from '../../base-data/model/list-state';

export interface OrderListOptions<T, P extends ListPage<T> = ListPage<T>> {
  /** Session key of the remembered state. */
  key: string;
  sortFields: readonly string[];
  filterFields: readonly string[];
  defaultSort: { field: string; order: SortOrder };
  /** Filters a screen always sends (e.g. hidden=all); not remembered, not cleared. */
  fixedFilters?: Record<string, string>;
  /** Rows per page offered (default 10, 20, 50, 100); a remembered size not among them is reset. */
  pageSizes?: readonly number[];
  fetch: (state: ListState, signal: AbortSignal) => Promise<P>;
}

/** The remembered state is checked against these fields, as the base-data lists do. */
function definitionFor(options: { key: string; sortFields: readonly string[]; filterFields: readonly string[]; defaultSort: { field: string; order: SortOrder } }): MasterDataDefinition {
  const fields: MasterDataDefinition['fields'] = {};
  for (const name of options.sortFields) fields[name] = { kind: 'text', label: { 'zh-CN': name, en: name } };
  for (const name of options.filterFields) fields[name] = { kind: 'text', label: { 'zh-CN': name, en: name }, filter: true };
  return { name: options.key as MasterDataName, routeName: options.key, label: { 'zh-CN': options.key, en: options.key }, fields, defaultSort: options.defaultSort };
}

const PAGE_SIZES = [10, 20, 50, 100] as const;

export function useOrderList<T, P extends ListPage<T> = ListPage<T>>(options: OrderListOptions<T, P>) {
  const pageSizes = options.pageSizes ?? PAGE_SIZES;
  const [state, setState] = useState<ListState>(() => {
    const loaded = loadListState(options.key, definitionFor(options));
    return pageSizes.includes(loaded.pageSize) ? loaded : { ...loaded, pageSize: pageSizes.includes(DEFAULT_PAGE_SIZE) ? DEFAULT_PAGE_SIZE : pageSizes[0] };
  });
  const [keywordDraft, setKeywordDraft] = useState(state.keyword);
  const [page, setPage] = useState<P | null>(null);
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState(false);
  const [reloadTick, setReloadTick] = useState(0);
  const fetchRef = useRef(options.fetch);
  fetchRef.current = options.fetch;
  const fixed = JSON.stringify(options.fixedFilters ?? {});

  useEffect(() => saveListState(options.key, state), [options.key, state]);

  useEffect(() => {
    const controller = new AbortController();
    setLoading(true);
    const sent: ListState = { ...state, filters: { ...state.filters, ...(JSON.parse(fixed) as Record<string, string>) } };
    fetchRef
      .current(sent, controller.signal)
      .then((result) => {
        if (controller.signal.aborted) return;
        if (result.list.length === 0 && result.total > 0 && state.page > 1) {
          setState((current) => ({ ...current, page: Math.max(1, Math.ceil(result.total / current.pageSize)) }));
          return;
        }
        setPage(result);
        setFailed(false);
        setLoading(false);
      })
      .catch(() => {
        if (controller.signal.aborted) return;
        setFailed(true);
        setLoading(false);
      });
    return () => controller.abort();
  }, [state, reloadTick, fixed]);

  // The keyword waits a moment, like the base-data lists.
  useEffect(() => {
    if (keywordDraft === state.keyword) return;
    const timer = setTimeout(() => setState((current) => ({ ...current, keyword: keywordDraft, page: 1 })), 400);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new draft starts the wait
  }, [keywordDraft]);

  const reload = useCallback(() => setReloadTick((tick) => tick + 1), []);

  const setFilter = useCallback(
    (field: string, value: string | null | undefined) =>
      setState((current) => {
        const filters = { ...current.filters };
        if (value) filters[field] = value;
        else delete filters[field];
        return { ...current, filters, page: 1 };
      }),
    [],
  );

  const clearFilters = useCallback(() => {
    setKeywordDraft('');
    setState((current) => ({ ...current, keyword: '', filters: {}, page: 1 }));
  }, []);

  // A list in the server's fixed order (no sort fields) has no sortable column to mark.
  const sortProps =
    options.sortFields.length > 0
      ? {
          sortField: state.sortField,
          sortOrder: (state.sortOrder === 'desc' ? -1 : 1) as 1 | -1,
          onSort: (event: DataTableSortEvent) =>
            setState((current) =>
              event.sortField && options.sortFields.includes(event.sortField)
                ? { ...current, sortField: event.sortField, sortOrder: event.sortOrder === -1 ? 'desc' : 'asc', page: 1 }
                : { ...current, sortField: options.defaultSort.field, sortOrder: options.defaultSort.order, page: 1 },
            ),
        }
      : {};

  const tableProps = {
    lazy: true,
    paginator: true,
    first: (state.page - 1) * state.pageSize,
    rows: state.pageSize,
    totalRecords: page?.total ?? 0,
    rowsPerPageOptions: [...pageSizes],
    onPage: (event: DataTablePageEvent) => setState((current) => ({ ...current, page: (event.page ?? 0) + 1, pageSize: event.rows })),
    ...sortProps,
    loading,
    paginatorTemplate: 'RowsPerPageDropdown FirstPageLink PrevPageLink PageLinks NextPageLink LastPageLink CurrentPageReport',
    currentPageReportTemplate: '{first}–{last} / {totalRecords}',
  };

  return {
    state,
    setState,
    keywordDraft,
    setKeywordDraft,
    page,
    rows: page?.list ?? [],
    total: page?.total ?? 0,
    loading,
    failed,
    reload,
    setFilter,
    clearFilters,
    hasFilters: Object.keys(state.filters).length > 0 || state.keyword !== '',
    tableProps,
  };
}
