// 500 orders: a scan must render the one row it changed, not the board. Row renders are counted
// through the one call every row makes while rendering (its delivery date).
import { jest } from '@jest/globals';
import type { RoomSubscriptionHandlers, ConnectionState } from '../../../lib/socket';

const actual = await import('../../../lib/format-date');
let deliveryRenders = 0;
jest.unstable_mockModule('../../../lib/format-date', () => ({
  ...actual,
  formatDate: (value: unknown, pattern?: string, fallback?: string) => {
    if (pattern === 'MM-DD') deliveryRenders += 1;
    return actual.formatDate(value as never, pattern, fallback);
  },
}));

const { act, render, screen } = await import('@testing-library/react');
const { createStore } = await import('../../../lib/create-store');
const { createBoardController } = await import('../api/board-store');
const { envelope, progress, row, snapshot } = await import('../model/board-fixtures');
const { ScrollBoard } = await import('./ScrollBoardPage');
const { WholeBoard } = await import('./WholeBoardPage');

function setup() {
  const handlers: RoomSubscriptionHandlers[] = [];
  const client = {
    connection: createStore<ConnectionState>({ status: 'connected', staleSince: null, lastConnectedAt: 0, reason: null }),
    subscribe: (_rooms: string[], handler: RoomSubscriptionHandlers) => {
      handlers.push(handler);
      return () => undefined;
    },
    connectBoardKey: () => undefined,
    disconnectBoardKey: () => undefined,
  };
  const rows = Array.from({ length: 500 }, (_, index) => row(index + 1));
  const controller = createBoardController({ source: { kind: 'session' }, client: client as never, fetchSnapshot: async () => snapshot(rows) });
  const stop = controller.start();
  const emit = (event: ReturnType<typeof envelope>) => act(() => handlers.forEach((handler) => handler.onEvent(event)));
  return { controller, stop, emit };
}

describe('rendering 500 orders', () => {
  it('the scrolling board (every row mounted) renders only the scanned row', async () => {
    const { controller, stop, emit } = setup();
    render(<ScrollBoard controller={controller} />);
    await screen.findByText('PO-0500');
    expect(deliveryRenders).toBeGreaterThanOrEqual(500);
    deliveryRenders = 0;
    emit(envelope(101, 'production.progressed', progress(250, 1, 40)));
    expect(deliveryRenders).toBe(1);
    deliveryRenders = 0;
    emit(envelope(102, 'production.progressed', progress(7, 2, 10)));
    emit(envelope(103, 'production.progressed', progress(8, 3, 10)));
    expect(deliveryRenders).toBe(2);
    stop();
  });

  it('the whole-page board renders only the scanned row, and nothing for a row on another page', async () => {
    const { controller, stop, emit } = setup();
    render(<WholeBoard controller={controller} />);
    await screen.findByText('PO-0001');
    deliveryRenders = 0;
    emit(envelope(101, 'production.progressed', progress(3, 1, 40)));
    expect(deliveryRenders).toBe(1);
    deliveryRenders = 0;
    emit(envelope(102, 'production.progressed', progress(480, 1, 40)));
    expect(deliveryRenders).toBe(0);
    stop();
  });
});
