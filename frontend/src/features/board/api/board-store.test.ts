import { jest } from '@jest/globals';
import type { BoardSnapshot } from '@contracts/production';
import { createStore } from '../../../lib/create-store';
import { ApiError } from '../../../lib/http-client';
import type { ConnectionState, RoomSubscriptionHandlers } from '../../../lib/socket';
import { envelope, progress, row, SETTINGS, snapshot } from '../model/board-fixtures';
import { computeTotals } from '../model/board-model';
import { createBoardController, MIN_REFETCH_GAP_MS, REFETCH_DEBOUNCE_MS, TOTALS_EVERY_MS, type BoardControllerOptions } from './board-store';

function fakeClient() {
  const subscriptions: { rooms: string[]; handlers: RoomSubscriptionHandlers }[] = [];
  const connection = createStore<ConnectionState>({ status: 'connected', staleSince: null, lastConnectedAt: 0, reason: null });
  return {
    subscriptions,
    connection,
    subscribe: jest.fn((rooms: string[], handlers: RoomSubscriptionHandlers) => {
      subscriptions.push({ rooms, handlers });
      return () => undefined;
    }),
    connectBoardKey: jest.fn(),
    disconnectBoardKey: jest.fn(),
    emit(event: ReturnType<typeof envelope>) {
      subscriptions.forEach((subscription) => subscription.handlers.onEvent(event));
    },
    /** A frame of several events, as the socket client hands it over (onEvents when given). */
    emitBatch(events: ReturnType<typeof envelope>[]) {
      subscriptions.forEach((subscription) => (subscription.handlers.onEvents ? subscription.handlers.onEvents(events) : events.forEach(subscription.handlers.onEvent)));
    },
  };
}

function setup(snapshots: (BoardSnapshot | Error)[], source: BoardControllerOptions['source'] = { kind: 'session' }) {
  const client = fakeClient();
  const queue = [...snapshots];
  const fetchSnapshot = jest.fn(async () => {
    const next = queue.length > 1 ? queue.shift()! : queue[0];
    if (next instanceof Error) throw next;
    return next;
  });
  const controller = createBoardController({ source, client: client as never, fetchSnapshot });
  const stop = controller.start();
  return { client, controller, fetchSnapshot, stop, state: () => controller.store.get() };
}

beforeEach(() => {
  jest.useFakeTimers();
});

afterEach(() => {
  jest.useRealTimers();
});

describe('board store', () => {
  it('subscribes to the board room and loads the snapshot', async () => {
    const { client, state, stop } = setup([snapshot([row(1), row(2)])]);
    await jest.advanceTimersByTimeAsync(0);
    expect(client.subscriptions[0].rooms).toEqual(['board']);
    expect(state().snapshot?.rows.map((r) => r.id)).toEqual([1, 2]);
    expect(state().loadedAt).not.toBeNull();
    stop();
  });

  it('applies a scan to its row in place and highlights that row and cell for a moment', async () => {
    const { client, state, fetchSnapshot, stop } = setup([snapshot([row(1), row(2)])]);
    await jest.advanceTimersByTimeAsync(0);
    const untouched = state().snapshot!.rows[0];
    client.emit(envelope(101, 'production.progressed', progress(2, 2, 150)));
    const rows = state().snapshot!.rows;
    expect(rows[0]).toBe(untouched);
    expect(rows[1].steps['2'].done).toBe(150);
    expect(state().flashes.get(2)).toMatchObject({ processId: 2, kind: 'progress' });
    expect(state().flashes.has(1)).toBe(false);
    await jest.advanceTimersByTimeAsync(2000);
    expect(state().flashes.size).toBe(0);
    expect(fetchSnapshot).toHaveBeenCalledTimes(1);
    stop();
  });

  it('recomputes the totals at once for a lone scan, and at most every TOTALS_EVERY_MS while scans stream in', async () => {
    const { client, state, stop } = setup([snapshot([row(1), row(2)])]);
    await jest.advanceTimersByTimeAsync(0);
    client.emit(envelope(101, 'production.progressed', progress(1, 1, 300, { completed: true, finishRate: 100 })));
    expect(state().snapshot!.totals).toEqual(computeTotals(state().snapshot!.rows));
    const afterFirst = state().snapshot!.totals;
    client.emit(envelope(102, 'production.progressed', progress(2, 1, 300, { completed: true, finishRate: 100 })));
    expect(state().snapshot!.totals).toBe(afterFirst);
    await jest.advanceTimersByTimeAsync(TOTALS_EVERY_MS);
    expect(state().snapshot!.totals).toEqual(computeTotals(state().snapshot!.rows));
    expect(state().snapshot!.totals.completed).toBe(2);
    stop();
  });

  it('applies a frame of events as one update: one notification (one render) for all of them', async () => {
    const { client, controller, state, stop } = setup([snapshot([row(1), row(2), row(3)])]);
    await jest.advanceTimersByTimeAsync(0);
    const untouched = state().snapshot!.rows[2];
    let notifications = 0;
    const unsubscribe = controller.store.subscribe(() => notifications++);
    client.emitBatch([
      envelope(101, 'production.progressed', progress(1, 1, 40)),
      envelope(102, 'production.progressed', progress(2, 2, 50)),
      envelope(103, 'production.progressed', progress(1, 2, 60, { finishRate: 4.4 })),
    ]);
    expect(notifications).toBe(1);
    const rows = state().snapshot!.rows;
    expect(rows[0]).toMatchObject({ finishRate: 4.4, steps: { '1': { done: 40 }, '2': { done: 60 } } });
    expect(rows[1].steps['2'].done).toBe(50);
    expect(rows[2]).toBe(untouched);
    expect([...state().flashes.keys()].sort()).toEqual([1, 2]);
    expect(state().lastEvent?.seq).toBe(103);
    // A frame of one event (the socket client hands every frame over as a list): once too.
    client.emitBatch([envelope(104, 'production.progressed', progress(3, 1, 5))]);
    expect(notifications).toBe(2);
    expect(state().snapshot!.rows[2].steps['1'].done).toBe(5);
    // The totals are computed at most every TOTALS_EVERY_MS, and come out as if computed after every event.
    await jest.advanceTimersByTimeAsync(TOTALS_EVERY_MS);
    expect(state().snapshot!.totals).toEqual(computeTotals(state().snapshot!.rows));
    unsubscribe();
    stop();
  });

  it('does not let an older event put back older numbers', async () => {
    const { client, state, stop } = setup([snapshot([row(1)])]);
    await jest.advanceTimersByTimeAsync(0);
    client.emit(envelope(110, 'production.progressed', progress(1, 1, 80, { finishRate: 8.9 })));
    client.emit(envelope(109, 'production.progressed', progress(1, 1, 70, { finishRate: 7.8 })));
    expect(state().snapshot!.rows[0]).toMatchObject({ finishRate: 8.9, steps: { '1': { done: 80 } } });
    // An older event of another process still counts for that process.
    client.emit(envelope(108, 'production.progressed', progress(1, 2, 30, { finishRate: 3.3 })));
    expect(state().snapshot!.rows[0]).toMatchObject({ finishRate: 8.9, steps: { '1': { done: 80 }, '2': { done: 30 } } });
    stop();
  });

  it('refetches (debounced, once) for an order it does not show, and not again while it stays absent', async () => {
    const { client, fetchSnapshot, stop } = setup([snapshot([row(1)])]);
    await jest.advanceTimersByTimeAsync(MIN_REFETCH_GAP_MS);
    client.emit(envelope(101, 'production.progressed', progress(7, 1, 10)));
    client.emit(envelope(102, 'production.progressed', progress(7, 1, 20)));
    expect(fetchSnapshot).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(REFETCH_DEBOUNCE_MS);
    expect(fetchSnapshot).toHaveBeenCalledTimes(2);
    // Still not on the board (filtered out): further scans on it cost nothing.
    client.emit(envelope(103, 'production.progressed', progress(7, 1, 30)));
    await jest.advanceTimersByTimeAsync(5_000);
    expect(fetchSnapshot).toHaveBeenCalledTimes(2);
    // A change of that order makes it worth asking again.
    client.emit(envelope(104, 'productionOrder.changed', { id: 7, orderNo: 'PO-0007', action: 'shown', version: 3 }));
    client.emit(envelope(105, 'production.progressed', progress(7, 1, 40)));
    await jest.advanceTimersByTimeAsync(5_000);
    expect(fetchSnapshot).toHaveBeenCalledTimes(3);
    stop();
  });

  it('refetches once for a burst of order changes; new rows appear highlighted, others keep identity', async () => {
    const first = snapshot([row(1), row(2)]);
    const second = snapshot([row(1), row(3)], { headSeq: 120 });
    const { client, state, fetchSnapshot, stop } = setup([first, second]);
    await jest.advanceTimersByTimeAsync(MIN_REFETCH_GAP_MS);
    const kept = state().snapshot!.rows[0];
    for (let seq = 101; seq <= 110; seq++) client.emit(envelope(seq, 'productionOrder.changed', { id: 3, orderNo: 'PO-0003', action: 'created', version: 1 }));
    await jest.advanceTimersByTimeAsync(REFETCH_DEBOUNCE_MS);
    expect(fetchSnapshot).toHaveBeenCalledTimes(2);
    expect(state().snapshot!.rows.map((r) => r.id)).toEqual([1, 3]);
    expect(state().snapshot!.rows[0]).toBe(kept);
    expect(state().flashes.get(3)).toMatchObject({ kind: 'added' });
    stop();
  });

  it('re-applies scans newer than a snapshot that was read before them', async () => {
    let release: (value: BoardSnapshot) => void = () => undefined;
    const client = fakeClient();
    const fetchSnapshot = jest.fn(() => new Promise<BoardSnapshot>((resolve) => (release = resolve)));
    const controller = createBoardController({ source: { kind: 'session' }, client: client as never, fetchSnapshot });
    const stop = controller.start();
    // A scan arrives while the snapshot (read at seq 100) is on its way.
    client.emit(envelope(101, 'production.progressed', progress(1, 3, 90)));
    release(snapshot([row(1)], { headSeq: 100 }));
    await jest.advanceTimersByTimeAsync(0);
    expect(controller.store.get().snapshot!.rows[0].steps['3'].done).toBe(90);
    stop();
  });

  it('takes new settings at once, announces a new refreshType and refetches', async () => {
    const { client, state, fetchSnapshot, stop } = setup([snapshot([row(1)])]);
    await jest.advanceTimersByTimeAsync(MIN_REFETCH_GAP_MS);
    client.emit(envelope(101, 'settings.dashboardUpdated', { ...SETTINGS, refreshInterval: 20 }));
    expect(state().snapshot!.settings.refreshInterval).toBe(20);
    expect(state().modeChange).toBeNull();
    client.emit(envelope(102, 'settings.dashboardUpdated', { ...SETTINGS, refreshType: 1 }));
    expect(state().modeChange).toMatchObject({ refreshType: 1 });
    await jest.advanceTimersByTimeAsync(REFETCH_DEBOUNCE_MS);
    expect(fetchSnapshot).toHaveBeenCalledTimes(2);
    // The refetched snapshot (read before the change) does not undo the newer settings.
    expect(state().snapshot!.settings.refreshType).toBe(1);
    stop();
  });

  it('keeps the last data with the error when a refetch fails, and retries', async () => {
    const { client, state, fetchSnapshot, stop } = setup([snapshot([row(1)]), new ApiError('网络异常', 0, 'network'), snapshot([row(1), row(2)])]);
    await jest.advanceTimersByTimeAsync(MIN_REFETCH_GAP_MS);
    client.emit(envelope(101, 'productionOrder.changed', { id: 2, orderNo: 'PO-0002', action: 'created', version: 1 }));
    await jest.advanceTimersByTimeAsync(REFETCH_DEBOUNCE_MS);
    expect(state().error).toMatchObject({ kind: 'network' });
    expect(state().snapshot!.rows).toHaveLength(1);
    await jest.advanceTimersByTimeAsync(2_000);
    expect(fetchSnapshot).toHaveBeenCalledTimes(3);
    expect(state().error).toBeNull();
    expect(state().snapshot!.rows).toHaveLength(2);
    stop();
  });

  it('a public board with a refused key shows no data and connects with the key', async () => {
    const { client, state, stop } = setup([snapshot([row(1)]), new ApiError('看板密钥无效', 401, 'unauthorized')], { kind: 'boardKey', key: 'k-1' });
    await jest.advanceTimersByTimeAsync(0);
    expect(client.connectBoardKey).toHaveBeenCalledWith('k-1');
    expect(state().snapshot).not.toBeNull();
    // The server closed the socket (key turned off): the snapshot request finds out why.
    client.connection.set({ status: 'disconnected', staleSince: Date.now(), lastConnectedAt: 0, reason: 'io server disconnect' });
    await jest.advanceTimersByTimeAsync(MIN_REFETCH_GAP_MS);
    expect(state().error).toMatchObject({ kind: 'unauthorized' });
    expect(state().snapshot).toBeNull();
    stop();
    expect(client.disconnectBoardKey).toHaveBeenCalledWith('k-1');
  });
});
