import { jest } from '@jest/globals';
import { act, renderHook } from '@testing-library/react';
import type { DomainEventEnvelope } from '@contracts/events';
import type { RealtimeClient, RoomSubscriptionHandlers } from './socket';
import { useLiveReport } from './use-live-report';

function fakeClient() {
  const subscriptions: { rooms: string[]; handlers: RoomSubscriptionHandlers; stopped: boolean }[] = [];
  const client = {
    subscribe: (rooms: string[], handlers: RoomSubscriptionHandlers) => {
      const subscription = { rooms, handlers, stopped: false };
      subscriptions.push(subscription);
      return () => {
        subscription.stopped = true;
      };
    },
  } as unknown as RealtimeClient;
  return { client, subscriptions };
}

const progressed = (seq: number): DomainEventEnvelope =>
  ({ seq, name: 'production.progressed', rooms: ['statistics'], at: `2026-11-24T08:00:0${seq % 10}.000Z`, payload: {} }) as unknown as DomainEventEnvelope;

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('useLiveReport', () => {
  it('loads a new query at once and drops a refetch that was waiting for events', async () => {
    const { client, subscriptions } = fakeClient();
    const fetch = jest.fn(async (query: { page: number }, _signal: AbortSignal, _quiet: boolean) => ({ page: query.page }));
    const { result, rerender } = renderHook(({ page }) => useLiveReport({ page }, fetch, { rooms: ['statistics'], events: ['production.progressed'], client, delayMs: 1000 }), {
      initialProps: { page: 1 },
    });
    await act(() => jest.advanceTimersByTimeAsync(0));
    expect(result.current.data).toEqual({ page: 1 });
    expect(fetch.mock.calls[0][2]).toBe(false);

    act(() => subscriptions[0].handlers.onEvent(progressed(1)));
    expect(result.current.lastEventAt).toBe('2026-11-24T08:00:01.000Z');
    rerender({ page: 2 });
    await act(() => jest.advanceTimersByTimeAsync(0));
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(result.current.data).toEqual({ page: 2 });
    // The refetch the event asked for is not made as well: the new load already has it.
    await act(() => jest.advanceTimersByTimeAsync(2000));
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('keeps the last report when a refetch fails, and loads nothing while disabled', async () => {
    const { client, subscriptions } = fakeClient();
    const fetch = jest.fn<(query: string, signal: AbortSignal, quiet: boolean) => Promise<string>>().mockResolvedValueOnce('first').mockRejectedValueOnce(new Error('offline'));
    const { result, rerender, unmount } = renderHook(({ enabled }) => useLiveReport('q', fetch, { rooms: ['statistics'], events: ['production.progressed'], client, delayMs: 1000, enabled }), {
      initialProps: { enabled: true },
    });
    await act(() => jest.advanceTimersByTimeAsync(0));
    act(() => subscriptions[0].handlers.onEvent(progressed(2)));
    await act(() => jest.advanceTimersByTimeAsync(1000));
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(result.current.data).toBe('first');
    expect(result.current.failed).toBe(true);

    rerender({ enabled: false });
    act(() => subscriptions[0].handlers.onEvent(progressed(3)));
    await act(() => jest.advanceTimersByTimeAsync(2000));
    expect(fetch).toHaveBeenCalledTimes(2);
    unmount();
    expect(subscriptions.every((subscription) => subscription.stopped)).toBe(true);
  });
});
