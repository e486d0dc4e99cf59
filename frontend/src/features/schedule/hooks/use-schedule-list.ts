// The schedule list, live. A page comes from the API; every 'production.progressed' of the
// 'board' room updates its order's row in place (with a highlight), and whatever the page cannot
// work out by itself — an order not on the page, a status that changed the totals, an order
// created or changed, a reconnect that could not replay — becomes one coalesced quiet refetch.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { DataTablePageEvent, DataTableSortEvent } from 'primereact/datatable';
import { useSearch } from 'wouter';
import { ROOMS, type DomainEventEnvelope, type ProgressRecorded } from '@contracts/events';
import type { ScheduleList } from '@contracts/production';
import { realtime, resyncAfterFirstJoin, type RealtimeClient } from '../../../lib/socket';
import { getScheduleList } from '../api/schedule';
import { applyProgressEvent } from '../model/progress-model';
import { createRefreshScheduler } from '../../../lib/refresh-scheduler';
import {
  DEFAULT_SCHEDULE_QUERY,
  SCHEDULE_PAGE_SIZES,
  SCHEDULE_SORT_FIELDS,
  loadScheduleQuery,
  saveScheduleQuery,
  scheduleQueryFromUrl,
  type ScheduleQuery,
  type ScheduleSortField,
} from '../model/schedule-query';

/** Quiet refetches at most once a second, however many events arrive. */
export const SCHEDULE_REFETCH_MS = 1000;
/** How long a changed cell stays highlighted (the CSS animation's length). */
export const FLASH_MS = 2400;

export type FlashMap = Record<string, number>;
export const flashKey = (orderId: number, processId?: number): string => (processId === undefined ? `${orderId}` : `${orderId}:${processId}`);

export interface ScheduleListOptions {
  client?: RealtimeClient;
  fetch?: typeof getScheduleList;
  refetchMs?: number;
}

export function useScheduleList({ client = realtime, fetch = getScheduleList, refetchMs = SCHEDULE_REFETCH_MS }: ScheduleListOptions = {}) {
  // A link's filter in the URL (?status=delayed, from the console) wins over the remembered one.
  const search = useSearch();
  const [query, setQuery] = useState<ScheduleQuery>(() => scheduleQueryFromUrl(search, loadScheduleQuery()));
  const [keywordDraft, setKeywordDraft] = useState(query.keyword);
  const [data, setData] = useState<ScheduleList | null>(null);
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState(false);
  const [flashes, setFlashes] = useState<FlashMap>({});
  const [liveAt, setLiveAt] = useState<string | null>(null);

  const dataRef = useRef<ScheduleList | null>(null);
  const queryRef = useRef(query);
  queryRef.current = query;
  // Another link to the schedule while it is open (same page, new ?filter).
  const searchRef = useRef(search);
  useEffect(() => {
    if (search === searchRef.current) return;
    searchRef.current = search;
    const next = scheduleQueryFromUrl(search, queryRef.current);
    if (next === queryRef.current) return;
    setQuery(next);
    setKeywordDraft(next.keyword);
  }, [search]);
  const fetchRef = useRef(fetch);
  fetchRef.current = fetch;
  const controllerRef = useRef<AbortController | null>(null);
  /** Events received while a fetch is in flight: applied again on its result. */
  const bufferRef = useRef<ProgressRecorded[] | null>(null);
  const flashCounter = useRef(0);

  const commit = useCallback((next: ScheduleList) => {
    dataRef.current = next;
    setData(next);
  }, []);

  const load = useCallback(
    async (quiet: boolean) => {
      controllerRef.current?.abort();
      const controller = new AbortController();
      controllerRef.current = controller;
      const buffer: ProgressRecorded[] = [];
      bufferRef.current = buffer;
      const sent = queryRef.current;
      if (!quiet) setLoading(true);
      try {
        let result = await fetchRef.current(sent, controller.signal, quiet);
        if (controller.signal.aborted) return;
        if (result.rows.length === 0 && result.total > 0 && sent.page > 1) {
          // The page emptied (orders completed or filtered away): go to the last one.
          setQuery((current) => ({ ...current, page: Math.max(1, Math.ceil(result.total / current.pageSize)) }));
          return;
        }
        for (const payload of buffer) result = applyProgressEvent(result, payload).list;
        commit(result);
        setFailed(false);
      } catch {
        if (controller.signal.aborted) return;
        setFailed(true);
      } finally {
        if (!controller.signal.aborted) {
          setLoading(false);
          if (bufferRef.current === buffer) bufferRef.current = null;
        }
      }
    },
    [commit],
  );

  const schedulerRef = useRef<ReturnType<typeof createRefreshScheduler> | null>(null);
  if (!schedulerRef.current) schedulerRef.current = createRefreshScheduler(() => load(true), refetchMs);
  const scheduler = schedulerRef.current;

  useEffect(() => saveScheduleQuery(query), [query]);

  // A new query loads at once, and any coalesced refetch waiting is then unnecessary.
  useEffect(() => {
    scheduler.cancel();
    void load(false);
  }, [query, load, scheduler]);

  useEffect(
    () => () => {
      scheduler.cancel();
      controllerRef.current?.abort();
    },
    [scheduler],
  );

  // The keyword waits a moment, like the other lists.
  useEffect(() => {
    if (keywordDraft === query.keyword) return;
    const timer = setTimeout(() => setQuery((current) => ({ ...current, keyword: keywordDraft, page: 1 })), 400);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new draft starts the wait
  }, [keywordDraft]);

  const flash = useCallback((payload: ProgressRecorded) => {
    const stamp = ++flashCounter.current;
    const now = Date.now();
    setFlashes((current) => {
      const next: FlashMap = {};
      // Forget highlights long over, so the map stays small on a busy floor.
      for (const [key, value] of Object.entries(current)) if (now - value < FLASH_MS * 4) next[key] = value;
      next[flashKey(payload.orderId, payload.processId)] = now + stamp / 1000;
      next[flashKey(payload.orderId)] = now + stamp / 1000;
      return next;
    });
  }, []);

  useEffect(() => {
    const onEvent = (event: DomainEventEnvelope) => {
      if (event.name === 'production.progressed') {
        const payload = event.payload as ProgressRecorded;
        setLiveAt(event.at);
        bufferRef.current?.push(payload);
        const current = dataRef.current;
        if (!current) return;
        const result = applyProgressEvent(current, payload);
        if (result.outcome === 'applied') {
          commit(result.list);
          flash(payload);
        }
        if (result.outcome === 'absent' || result.summaryChanged) scheduler.request();
      } else if (event.name === 'productionOrder.changed') {
        setLiveAt(event.at);
        scheduler.request();
      }
    };
    return client.subscribe([ROOMS.board], {
      onEvent,
      // The first join comes with the page's own first load; later ones mean missed events.
      onResync: resyncAfterFirstJoin(() => scheduler.request()),
    });
  }, [client, commit, flash, scheduler]);

  const setFilter = useCallback(
    (field: string, value: string | null | undefined) =>
      setQuery((current) => {
        const filters = { ...current.filters };
        if (value) filters[field] = value;
        else delete filters[field];
        return { ...current, filters, page: 1 };
      }),
    [],
  );

  const setIncludeCompleted = useCallback((includeCompleted: boolean) => setQuery((current) => ({ ...current, includeCompleted, page: 1 })), []);

  const clearFilters = useCallback(() => {
    setKeywordDraft('');
    setQuery((current) => ({ ...current, keyword: '', filters: {}, includeCompleted: false, page: 1 }));
  }, []);

  const reload = useCallback(() => void load(false), [load]);

  const tableProps = {
    lazy: true,
    paginator: true,
    first: (query.page - 1) * query.pageSize,
    rows: query.pageSize,
    totalRecords: data?.total ?? 0,
    rowsPerPageOptions: SCHEDULE_PAGE_SIZES,
    onPage: (event: DataTablePageEvent) => setQuery((current) => ({ ...current, page: (event.page ?? 0) + 1, pageSize: event.rows })),
    sortField: query.sortField,
    sortOrder: (query.sortOrder === 'desc' ? -1 : 1) as 1 | -1,
    onSort: (event: DataTableSortEvent) =>
      setQuery((current) =>
        event.sortField && (SCHEDULE_SORT_FIELDS as readonly string[]).includes(event.sortField)
          ? { ...current, sortField: event.sortField as ScheduleSortField, sortOrder: event.sortOrder === -1 ? 'desc' : 'asc', page: 1 }
          : { ...current, sortField: DEFAULT_SCHEDULE_QUERY.sortField, sortOrder: DEFAULT_SCHEDULE_QUERY.sortOrder, page: 1 },
      ),
    loading,
    paginatorTemplate: 'RowsPerPageDropdown FirstPageLink PrevPageLink PageLinks NextPageLink LastPageLink CurrentPageReport',
    currentPageReportTemplate: '{first}–{last} / {totalRecords}',
  };

  return {
    query,
    setQuery,
    keywordDraft,
    setKeywordDraft,
    data,
    rows: data?.rows ?? [],
    columns: data?.columns ?? [],
    total: data?.total ?? 0,
    totals: data?.totals ?? null,
    loading,
    failed,
    flashes,
    liveAt,
    reload,
    setFilter,
    setIncludeCompleted,
    clearFilters,
    hasFilters: Object.keys(query.filters).length > 0 || query.keyword !== '' || query.includeCompleted,
    tableProps,
  };
}
