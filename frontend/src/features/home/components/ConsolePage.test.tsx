import { jest } from '@jest/globals';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { DomainEventEnvelope } from '@contracts/events';
import type { ConsoleKpis } from '@contracts/production';
import { createLiveSourceHook } from '../../../lib/create-store';
import type { RealtimeClient, RoomSubscriptionHandlers } from '../../../lib/socket';
import { ConsoleKpisContext, createLiveConsoleKpis } from '../api/live-console-kpis';
import { consoleKpis, consoleOrder } from '../model/console-fixtures';
import { installFakeApi } from '../../../../test-support/fake-api';
import { setProfile } from '../../auth/model/profile-state';
import { ConsolePage } from './ConsolePage';

// The console with a fake socket and API: what a user sees and where the cards lead.
function setUp(first: ConsoleKpis) {
  // The greeting asks who is signed in; nothing here may reach for a real server.
  installFakeApi({ 'GET /admin/user/info': { data: { id: 1, username: 'admin', name: '系统管理员', avatar: '' } } });
  const handlers: RoomSubscriptionHandlers[] = [];
  const client = {
    subscribe: (_rooms: string[], handler: RoomSubscriptionHandlers) => {
      handlers.push(handler);
      return () => undefined;
    },
  } as unknown as RealtimeClient;
  let next = first;
  const fetch = jest.fn(async () => next);
  const useKpis = createLiveSourceHook(createLiveConsoleKpis(client, fetch, 10));
  const location = memoryLocation({ path: '/home/index', record: true });
  render(
    <Router hook={location.hook}>
      <ConsoleKpisContext.Provider value={useKpis}>
        <ConsolePage />
      </ConsoleKpisContext.Provider>
    </Router>,
  );
  return {
    fetch,
    location,
    /** The server's numbers change, then a scan is pushed to the statistics room. */
    async scanLands(kpis: ConsoleKpis) {
      next = kpis;
      const event = { seq: 7, name: 'production.progressed', rooms: ['statistics'], at: '2026-03-03T09:00:00.000Z', payload: {} } as unknown as DomainEventEnvelope;
      await act(async () => handlers.forEach((handler) => handler.onEvent(event)));
      await act(() => jest.advanceTimersByTimeAsync(20));
    },
  };
}

describe('console page', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => {
    cleanup();
    jest.useRealTimers();
  });

  it('makes every KPI card a link to the list of exactly its orders', async () => {
    setUp(consoleKpis({ today: '2026-03-03' }));
    await act(() => jest.advanceTimersByTimeAsync(0));
    const delayed = screen.getByTestId('kpi-delayed');
    expect(delayed.tagName).toBe('A');
    expect(delayed).toHaveAttribute('href', '/production/schedule/index?status=delayed&sortField=deliveryDate&sortOrder=asc');
    expect(within(delayed).getByTestId('kpi-value-delayed')).toHaveTextContent('2');
    expect(screen.getByTestId('kpi-dueThisWeek')).toHaveAttribute('href', '/production/schedule/index?deliveryFrom=2026-03-03&deliveryTo=2026-03-09');
    expect(screen.getByTestId('kpi-inProduction')).toHaveAttribute('href', '/production/schedule/index?includeCompleted=false');
    expect(screen.getByTestId('kpi-completedThisMonth')).toHaveAttribute('href', '/production/schedule/index?completedFrom=2026-03-01&completedTo=2026-03-31');
    // Rates name the orders they are over; the count is named as a count of orders.
    expect(screen.getByTestId('kpi-population-delayRate')).toHaveTextContent('在产订单 12 个中');
    expect(within(delayed).getByText('延期订单')).toBeInTheDocument();
  });

  it('lists late orders (most late first), orders due this week and today\'s top processes, without developer cards', async () => {
    setUp(consoleKpis());
    await act(() => jest.advanceTimersByTimeAsync(0));
    const late = within(screen.getByTestId('list-late'));
    expect(late.getAllByTestId('late-order').map((item) => item.dataset.orderId)).toEqual(['1', '2']);
    expect(late.getAllByTestId('days-late').map((item) => item.textContent)).toEqual(['延期 7 天', '延期 2 天']);
    expect(late.getByRole('link', { name: 'PO-1' })).toHaveAttribute('href', '/production/schedule/update/1');
    expect(late.getByRole('link', { name: '全部 2 个' })).toHaveAttribute('href', '/production/schedule/index?status=delayed&sortField=deliveryDate&sortOrder=asc');
    expect(within(screen.getByTestId('list-due')).getAllByTestId('due-order')).toHaveLength(3);
    expect(within(screen.getByTestId('list-processes')).getAllByTestId('top-process').map((item) => item.textContent)).toEqual(['Sewing300 件', 'Cutting120 件']);
    expect(screen.queryByText(/尚未收到推送|No push received/)).toBeNull();
    expect(screen.queryByText(/可访问模块/)).toBeNull();
  });

  it('updates the cards and the lists when a scan lands', async () => {
    const page = setUp(consoleKpis());
    await act(() => jest.advanceTimersByTimeAsync(0));
    expect(page.fetch).toHaveBeenCalledTimes(1);
    await page.scanLands(
      consoleKpis({
        delayed: 3,
        lateOrders: [consoleOrder(9, { delayDays: 12 }), consoleOrder(1, { delayDays: 7 }), consoleOrder(2, { delayDays: 2 })],
        todayByProcess: [
          { processId: 1, name: 'Cutting', quantity: 420 },
          { processId: 2, name: 'Sewing', quantity: 300 },
        ],
      }),
    );
    expect(page.fetch).toHaveBeenCalledTimes(2);
    expect(screen.getByTestId('kpi-value-delayed')).toHaveTextContent('3');
    expect(within(screen.getByTestId('list-late')).getAllByTestId('late-order').map((item) => item.dataset.orderId)).toEqual(['9', '1', '2']);
    expect(within(screen.getByTestId('list-processes')).getAllByTestId('top-process')[0]).toHaveTextContent('Cutting420 件');
  });

  it('leads from a card to its list', async () => {
    const page = setUp(consoleKpis());
    await act(() => jest.advanceTimersByTimeAsync(0));
    await act(async () => screen.getByTestId('kpi-delayed').click());
    expect(page.location.history.at(-1)).toBe('/production/schedule/index?status=delayed&sortField=deliveryDate&sortOrder=asc');
  });

  it('shows who is signed in with their avatar, and follows an avatar change made in the top bar', async () => {
    setUp(consoleKpis({ today: '2026-03-03' }));
    await act(() => jest.advanceTimersByTimeAsync(0));
    expect(screen.getByTestId('user-greeting')).toHaveTextContent('系统管理员');
    // No picture yet: the initial.
    expect(screen.getByTestId('console-avatar')).toHaveTextContent('系');
    const id = 'abcdefabcdefabcdefabcdefabcdefab';
    act(() => setProfile({ id: 1, username: 'admin', name: '系统管理员', avatar: id }));
    expect(screen.getByTestId('console-avatar')).toHaveAttribute('data-avatar', id);
    expect(within(screen.getByTestId('console-avatar')).getByRole('img')).toHaveAttribute('src', `/api/admin/upload/image/${id}/thumbnail`);
    act(() => setProfile(null));
  });
});
