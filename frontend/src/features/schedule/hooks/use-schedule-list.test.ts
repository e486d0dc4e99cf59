import { orderMetrics } from '@contracts/order-metrics';
import { jest } from '@jest/globals';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { DomainEventEnvelope, ProgressRecorded } from '@contracts/events';
import type { ProgressRow, ScheduleList, StepProgress } from '@contracts/production';
import type { RealtimeClient, RoomSubscriptionHandlers } from '../../../lib/socket';
import { DEFAULT_SCHEDULE_QUERY, SCHEDULE_STATE_KEY, type ScheduleQuery } from '../model/schedule-query';
import { flashKey, useScheduleList } from './use-schedule-list';

function fakeClient() {
  const subscriptions: { rooms: string[]; handlers: RoomSubscriptionHandlers }[] = [];
  const client = {
    subscribe: (rooms: string[], handlers: RoomSubscriptionHandlers) => {
      subscriptions.push({ rooms, handlers });
      return () => undefined;
    },
  } as unknown as RealtimeClient;
  return { client, subscriptions };
}

const step = (processId: number, done = 0): StepProgress => ({ processId, sequence: processId, dueDate: '2026-03-10', planned: 100, done, status: done ? 'partial' : 'notStarted', firstScanAt: null, lastScanAt: null });
const row = (id: number): ProgressRow =>
  ({ id, orderNo: `PO-${id}`, status: 'partial', completed: false, finishRate: 10, delayDays: 0, lastActivityAt: '2026-03-02T00:00:00.000Z', steps: { '1': step(1, 20) } }) as unknown as ProgressRow;
const page = (rows: ProgressRow[]): ScheduleList => ({ columns: [], rows, total: rows.length, totals: orderMetrics(rows, '2026-03-01', 'filter') });

let seq = 0;
const progressed = (orderId: number, done: number, status: ProgressRecorded['order']['status'] = 'partial'): DomainEventEnvelope => ({
  seq: ++seq,
  name: 'production.progressed',
  rooms: ['board'],
  at: '2026-03-03T08:00:00.000Z',
  payload: {
    orderId,
    orderNo: `PO-${orderId}`,
    processId: 1,
    quantity: 5,
    scanId: `scan-${seq}-xxxx`,
    step: { ...step(1, done), lastScanAt: `2026-03-03T08:00:${String(seq).padStart(2, '0')}.000Z` },
    order: { finishRate: done / 2, completed: false, completedAt: null, status, delayDays: 0, lastActivityAt: `2026-03-03T08:00:${String(seq).padStart(2, '0')}.000Z` },
  },
});

describe('useScheduleList live', () => {
  beforeEach(() => window.sessionStorage.clear());

  it('loads the filter a link put in the URL (the console\'s Delayed card), not the remembered one', async () => {
    window.sessionStorage.setItem(SCHEDULE_STATE_KEY, JSON.stringify({ ...DEFAULT_SCHEDULE_QUERY, keyword: 'remembered', filters: { customer: '3' } }));
    window.history.pushState(null, '', '/production/schedule/index?status=delayed&sortField=deliveryDate&sortOrder=asc');
    try {
      const { client } = fakeClient();
      const fetch = jest.fn(async (_query: ScheduleQuery) => page([row(1)]));
      const { result } = renderHook(() => useScheduleList({ client, fetch, refetchMs: 20 }));
      await waitFor(() => expect(fetch).toHaveBeenCalled());
      expect(fetch.mock.calls[0][0]).toMatchObject({ keyword: '', filters: { status: 'delayed' }, sortField: 'deliveryDate', page: 1 });
      expect(result.current.query.filters).toEqual({ status: 'delayed' });
    } finally {
      window.history.pushState(null, '', '/');
    }
  });

  it('applies progress to a row on the page in place, highlights it, and does not refetch', async () => {
    const { client, subscriptions } = fakeClient();
    const fetch = jest.fn(async (_query: ScheduleQuery) => page([row(1), row(2)]));
    const { result } = renderHook(() => useScheduleList({ client, fetch, refetchMs: 20 }));
    await waitFor(() => expect(result.current.rows).toHaveLength(2));
    expect(subscriptions[0].rooms).toEqual(['board']);
    act(() => subscriptions[0].handlers.onEvent(progressed(2, 45)));
    expect(result.current.rows[1].steps['1'].done).toBe(45);
    expect(result.current.rows[1].finishRate).toBe(22.5);
    expect(result.current.flashes[flashKey(2, 1)]).toBeDefined();
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('refetches once, quietly, for a burst of events of orders not on the page', async () => {
    const { client, subscriptions } = fakeClient();
    const fetch = jest.fn(async (_query: ScheduleQuery, _signal?: AbortSignal, _quiet?: boolean) => page([row(1)]));
    const { result } = renderHook(() => useScheduleList({ client, fetch, refetchMs: 20 }));
    await waitFor(() => expect(result.current.rows).toHaveLength(1));
    act(() => {
      for (let index = 0; index < 10; index += 1) subscriptions[0].handlers.onEvent(progressed(9, 10));
    });
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
    expect(fetch.mock.calls[1][2]).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('refetches when an order status changes (the totals change with it) or an order changes', async () => {
    const { client, subscriptions } = fakeClient();
    const fetch = jest.fn(async (_query: ScheduleQuery) => page([row(1)]));
    const { result } = renderHook(() => useScheduleList({ client, fetch, refetchMs: 20 }));
    await waitFor(() => expect(result.current.rows).toHaveLength(1));
    act(() => subscriptions[0].handlers.onEvent(progressed(1, 100, 'delayed')));
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
    act(() => subscriptions[0].handlers.onEvent({ seq: ++seq, name: 'productionOrder.changed', rooms: ['board'], at: '', payload: { id: 5, orderNo: 'PO-5', action: 'created', version: 1 } }));
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(3));
  });

  it('re-applies an event that arrived while the page was loading onto the loaded page', async () => {
    const { client, subscriptions } = fakeClient();
    let release: (list: ScheduleList) => void = () => undefined;
    const fetch = jest.fn((_query: ScheduleQuery) => new Promise<ScheduleList>((resolve) => (release = resolve)));
    const { result } = renderHook(() => useScheduleList({ client, fetch, refetchMs: 20 }));
    // The server read the page before this scan committed; the event arrives before the answer.
    act(() => subscriptions[0].handlers.onEvent(progressed(1, 70)));
    await act(async () => release(page([row(1)])));
    await waitFor(() => expect(result.current.rows).toHaveLength(1));
    expect(result.current.rows[0].steps['1'].done).toBe(70);
  });
});
