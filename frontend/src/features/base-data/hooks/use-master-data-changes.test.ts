import { jest } from '@jest/globals';
import type { DomainEventEnvelope } from '@contracts/events';
import type { RealtimeClient, RoomSubscriptionHandlers } from '../../../lib/socket';
import { watchMasterData } from './use-master-data-changes';

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

const event = (seq: number, id: number): DomainEventEnvelope => ({
  seq,
  name: 'masterData.changed',
  rooms: ['masterData:color'],
  at: '',
  payload: { entity: 'color', id, action: 'updated' },
});

describe('watchMasterData', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('joins the entity room and turns a burst of events into one call', () => {
    const { client, subscriptions } = fakeClient();
    const onChanges = jest.fn<(changes: { id: number }[]) => void>();
    watchMasterData(client, 'color', onChanges, 300);
    expect(subscriptions[0].rooms).toEqual(['masterData:color']);
    subscriptions[0].handlers.onEvent(event(1, 4));
    subscriptions[0].handlers.onEvent(event(2, 5));
    expect(onChanges).not.toHaveBeenCalled();
    jest.advanceTimersByTime(300);
    expect(onChanges).toHaveBeenCalledTimes(1);
    expect(onChanges.mock.calls[0][0].map((change) => change.id)).toEqual([4, 5]);
  });

  it('ignores the first snapshot request but treats a later resync as a change', () => {
    const { client, subscriptions } = fakeClient();
    const onChanges = jest.fn<(changes: { id: number }[]) => void>();
    watchMasterData(client, 'color', onChanges, 300);
    void subscriptions[0].handlers.onResync();
    jest.advanceTimersByTime(300);
    expect(onChanges).not.toHaveBeenCalled();
    void subscriptions[0].handlers.onResync();
    jest.advanceTimersByTime(300);
    expect(onChanges).toHaveBeenCalledWith([]);
  });
});
