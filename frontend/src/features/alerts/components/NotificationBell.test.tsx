import { jest } from '@jest/globals';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { DelayAlert, UserNotification } from '@contracts/alerts';
import type { DomainEventEnvelope } from '@contracts/events';
import type { RoomSubscriptionHandlers } from '../../../lib/socket';
import { installFakeApi } from '../../../../test-support/fake-api';
import { createNotificationCenter } from '../model/notification-center';
import { NotificationBell } from './NotificationBell';

const overdue: DelayAlert = {
  id: 11,
  kind: 'stepOverdue',
  orderId: 7,
  orderNo: 'PO202603-0007',
  processId: 3,
  processName: '车缝',
  raisedAt: '2026-03-05T08:00:00.000Z',
  clearedAt: null,
  detail: { deliveryDate: '2026-03-20', dueDate: '2026-03-04', planned: 100, done: 40 },
};
const atRisk: DelayAlert = {
  ...overdue,
  id: 12,
  kind: 'deliveryAtRisk',
  orderId: 8,
  orderNo: 'PO202603-0008',
  processId: null,
  processName: null,
  detail: { deliveryDate: '2026-03-10', remaining: 100, pacePerDay: 0, projectedFinish: null },
};
const first: UserNotification = { id: 5, createdAt: '2026-03-05T08:00:00.000Z', readAt: null, alert: overdue };
const pushed: UserNotification = { id: 6, createdAt: '2026-03-05T09:00:00.000Z', readAt: null, alert: atRisk };

function fakeClient() {
  const subscriptions: { rooms: string[]; handlers: RoomSubscriptionHandlers }[] = [];
  return {
    subscriptions,
    subscribe: jest.fn((rooms: string[], handlers: RoomSubscriptionHandlers) => {
      subscriptions.push({ rooms, handlers });
      return () => undefined;
    }),
    emit(name: DomainEventEnvelope['name'], payload: unknown) {
      const event = { seq: 1, name, rooms: ['user:4'], at: '2026-03-05T09:00:00.000Z', payload } as DomainEventEnvelope;
      act(() => subscriptions.forEach((subscription) => subscription.handlers.onEvent(event)));
    },
  };
}

function setup() {
  const api = installFakeApi({
    'GET /admin/notifications': { data: { userId: 4, items: [first], unread: 1 } },
    'POST /admin/notifications/6/read': { data: { unread: 1 } },
    'POST /admin/notifications/read-all': { data: { unread: 0 } },
  });
  const client = fakeClient();
  const announce = jest.fn<(notification: UserNotification) => void>();
  const center = createNotificationCenter({ client: client as never, announce, now: () => new Date('2026-03-05T10:00:00.000Z') });
  render(<NotificationBell center={center} />);
  return { api, client, announce };
}

const bell = () => screen.getByTestId('notification-bell');

describe('notification bell', () => {
  it('shows the unread count, listens on the user’s own room and takes pushes without a reload', async () => {
    const { client, announce } = setup();
    await waitFor(() => expect(screen.getByTestId('notification-unread')).toHaveTextContent('1'));
    expect(bell()).toHaveAccessibleName('通知，1 条未读');
    await waitFor(() => expect(client.subscribe).toHaveBeenCalledTimes(1));
    expect(client.subscriptions[0].rooms).toEqual(['user:4']);

    client.emit('notification.created', pushed);
    expect(screen.getByTestId('notification-unread')).toHaveTextContent('2');
    expect(announce).toHaveBeenCalledWith(pushed);
    // The same notification again (a replay after a reconnect) counts once.
    client.emit('notification.created', pushed);
    expect(screen.getByTestId('notification-unread')).toHaveTextContent('2');
    expect(announce).toHaveBeenCalledTimes(1);
  });

  it('lists alerts newest first with links to the order, marks one read, shows a cleared one resolved, and marks all read', async () => {
    const { client, api } = setup();
    await waitFor(() => expect(client.subscribe).toHaveBeenCalled());
    client.emit('notification.created', pushed);

    fireEvent.click(bell());
    const list = await screen.findByTestId('notification-list');
    const items = within(list).getAllByTestId('notification-item');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('交期风险');
    expect(items[0]).toHaveTextContent('PO202603-0008 近 3 天无进度，交期 2026-03-10 有风险');
    expect(items[1]).toHaveTextContent('PO202603-0007「车缝」计划 2026-03-04 完成，现 40/100');
    expect(items[1].querySelector('a')).toHaveAttribute('href', '/production/schedule/update/7');
    // Keyboard: the panel opens with the focus on its first entry.
    await waitFor(() => expect(items[0].querySelector('a')).toHaveFocus());

    fireEvent.click(screen.getByTestId('notification-read-6'));
    await waitFor(() => expect(api.requests.some((request) => request.url === '/admin/notifications/6/read')).toBe(true));
    expect(screen.getByTestId('notification-unread')).toHaveTextContent('1');
    expect(screen.queryByTestId('notification-read-6')).not.toBeInTheDocument();

    client.emit('alert.cleared', { id: 11, kind: 'stepOverdue', orderId: 7, processId: 3, clearedAt: '2026-03-05T09:30:00.000Z' });
    expect(within(screen.getAllByTestId('notification-item')[1]).getByText('已解除')).toBeInTheDocument();

    fireEvent.click(screen.getByTestId('notification-read-all'));
    await waitFor(() => expect(screen.queryByTestId('notification-unread')).not.toBeInTheDocument());
    expect(bell()).toHaveAccessibleName('通知');
  });
});
