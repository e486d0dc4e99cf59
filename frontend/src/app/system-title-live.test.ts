import { renderHook } from '@testing-library/react';
import type { DomainEventEnvelope } from '@contracts/events';
import type { RoomSubscriptionHandlers } from '../lib/socket';
import { loadSystemTitle, useSystemTitle } from '../lib/system-title';
import { subscribeToSystemTitle } from './RealtimeConnection';

describe('the system title in every tab', () => {
  it('follows an administrator’s change pushed to room settings', async () => {
    await loadSystemTitle('zh-CN', async () => '订单跟踪系统');
    let handlers: RoomSubscriptionHandlers | null = null;
    const rooms: string[][] = [];
    const stop = subscribeToSystemTitle({
      subscribe: (joined, given) => {
        rooms.push(joined);
        handlers = given;
        return () => undefined;
      },
    });
    expect(rooms).toEqual([['settings']]);
    handlers!.onEvent({
      seq: 5,
      name: 'settings.adminUpdated',
      rooms: ['settings', 'board'],
      at: '2030-01-01T00:00:00.000Z',
      payload: { section: 'system', system: { titles: { 'zh-CN': '河畔制衣', en: 'Riverside' }, logo: null, defaultLanguage: 'zh-CN' } },
    } as DomainEventEnvelope);
    // No new request: the pushed title is the one shown.
    await loadSystemTitle('zh-CN', async () => 'fetched again');
    expect(renderHook(() => useSystemTitle()).result.current).toBe('河畔制衣');
    stop();
  });
});
