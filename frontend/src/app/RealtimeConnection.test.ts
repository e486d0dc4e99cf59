import { jest } from '@jest/globals';
import type { DomainEventEnvelope } from '@contracts/events';
import { installFakeApi } from '../../test-support/fake-api';
import { subscribeToAccessChanges } from './RealtimeConnection';
import { applySessionAccess, clearSession, getPermissions, saveSession, sessionStore } from '../lib/session';
import { realtime, type RoomSubscriptionHandlers } from '../lib/socket';

afterEach(() => {
  jest.restoreAllMocks();
  clearSession();
});

describe('session access follows the server', () => {
  it('replaces the login’s copy of the permissions, keeping the array when nothing changed', () => {
    saveSession({ token: 't', permission: 'Home;SaleOrder', processList: '' });
    const before = sessionStore.get().permissions;
    applySessionAccess({ permission: 'Home;SaleOrder', processList: '' });
    expect(sessionStore.get().permissions).toBe(before);
    applySessionAccess({ permission: 'Home', processList: '3' });
    expect(sessionStore.get().permissions).toEqual(['Home']);
    expect(getPermissions()).toEqual(['Home']);
  });

  it('does not bring back a session that ended', () => {
    clearSession();
    applySessionAccess({ permission: 'Home', processList: '' });
    expect(sessionStore.get()).toEqual({ token: undefined, permissions: [] });
  });

  it('reads the access at start, subscribes to the user’s room, and re-reads it on a push', async () => {
    saveSession({ token: 't', permission: 'Home;SaleOrder;Goods', processList: '' });
    let permission = 'Home;SaleOrder;Goods';
    const api = installFakeApi({ 'GET /admin/user/access': () => ({ data: { userId: 7, permission, processList: '', roles: [] } }) });
    let handlers: RoomSubscriptionHandlers | undefined;
    const unsubscribe = jest.fn();
    const subscribe = jest.spyOn(realtime, 'subscribe').mockImplementation((rooms, given) => {
      expect(rooms).toEqual(['user:7']);
      handlers = given;
      return unsubscribe;
    });

    const stop = subscribeToAccessChanges();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(subscribe).toHaveBeenCalledTimes(1);

    // An administrator took SaleOrder out of the user's role.
    permission = 'Goods;Home';
    handlers!.onEvent({ seq: 9, name: 'user.accessChanged', rooms: ['user:7'], at: '', payload: { source: 'role', id: 1 } } as DomainEventEnvelope);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(sessionStore.get().permissions).toEqual(['Goods', 'Home']);
    expect(api.requests.filter((request) => request.url === '/admin/user/access')).toHaveLength(2);

    stop();
    expect(unsubscribe).toHaveBeenCalled();
  });
});
