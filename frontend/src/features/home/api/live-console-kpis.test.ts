import { jest } from '@jest/globals';
import type { DomainEventEnvelope } from '@contracts/events';
import type { ConsoleKpis } from '@contracts/production';
import type { RealtimeClient, RoomSubscriptionHandlers } from '../../../lib/socket';
import { consoleKpis } from '../model/console-fixtures';
import { createLiveConsoleKpis } from './live-console-kpis';

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

const kpis = (delayed: number): ConsoleKpis => consoleKpis({ delayed });

const progressed = (seq: number): DomainEventEnvelope =>
  ({ seq, name: 'production.progressed', rooms: ['statistics'], at: '2026-03-03T08:00:00.000Z', payload: {} }) as unknown as DomainEventEnvelope;

describe('live console KPIs', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('loads, joins the statistics room, and refetches at most once a second under a burst of events', async () => {
    let delayed = 0;
    const fetch = jest.fn(async () => kpis(delayed));
    const { client, subscriptions } = fakeClient();
    const live = createLiveConsoleKpis(client, fetch, 1000);
    live.start();
    await jest.advanceTimersByTimeAsync(0);
    expect(subscriptions[0].rooms).toEqual(['statistics']);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(live.store.get().kpis?.delayed).toBe(0);

    delayed = 4;
    for (let seq = 1; seq <= 100; seq += 1) subscriptions[0].handlers.onEvent(progressed(seq));
    await jest.advanceTimersByTimeAsync(1000);
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(live.store.get().kpis?.delayed).toBe(4);
    expect(live.store.get().changed?.keys).toEqual(['delayed']);
    expect(live.store.get().lastEventAt).toBe('2026-03-03T08:00:00.000Z');
  });

  it('ignores unrelated events and the first snapshot request, but reloads after a later resync', async () => {
    const fetch = jest.fn(async () => kpis(0));
    const { client, subscriptions } = fakeClient();
    createLiveConsoleKpis(client, fetch, 1000).start();
    await jest.advanceTimersByTimeAsync(0);
    subscriptions[0].handlers.onEvent({ seq: 1, name: 'settings.dashboardUpdated', rooms: ['statistics'], at: '', payload: {} } as unknown as DomainEventEnvelope);
    void subscriptions[0].handlers.onResync();
    await jest.advanceTimersByTimeAsync(2000);
    expect(fetch).toHaveBeenCalledTimes(1);
    void subscriptions[0].handlers.onResync();
    await jest.advanceTimersByTimeAsync(1000);
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('keeps the last numbers and reports the error when a refresh fails', async () => {
    const fetch = jest.fn<(quiet: boolean) => Promise<ConsoleKpis>>().mockResolvedValueOnce(kpis(1)).mockRejectedValueOnce(new Error('网络异常'));
    const { client, subscriptions } = fakeClient();
    const live = createLiveConsoleKpis(client, fetch, 1000);
    live.start();
    await jest.advanceTimersByTimeAsync(0);
    subscriptions[0].handlers.onEvent(progressed(1));
    await jest.advanceTimersByTimeAsync(1000);
    expect(live.store.get().kpis?.delayed).toBe(1);
    expect(live.store.get().error).toBe('网络异常');
    expect(fetch.mock.calls[1][0]).toBe(true);
  });
});
