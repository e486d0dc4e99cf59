// The refreshType race an audit found (issue 13 item 6): a change arriving before the board's
// first snapshot, or while the next presentation's lazy chunk loads, left the TV on the old
// presentation. The latest desired presentation must win whatever the order.
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { lazy, Suspense, type ComponentType } from 'react';
import { Router, useLocation } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { DashboardSettings } from '@contracts/api';
import type { BoardSnapshot } from '@contracts/production';
import { createStore } from '../../../lib/create-store';
import type { ConnectionState, RoomSubscriptionHandlers } from '../../../lib/socket';
import type { RefreshMode } from '../../../lib/board-vocabulary';
import { createBoardController, type BoardController } from '../api/board-store';
import { envelope, snapshot, SETTINGS } from '../model/board-fixtures';
import { useFollowRefreshType } from './use-tv-board';

function fakeClient() {
  const handlers: RoomSubscriptionHandlers[] = [];
  return {
    connection: createStore<ConnectionState>({ status: 'connected', staleSince: null, lastConnectedAt: 0, reason: null }),
    subscribe: (_rooms: string[], handler: RoomSubscriptionHandlers) => {
      handlers.push(handler);
      return () => undefined;
    },
    connectBoardKey: () => undefined,
    disconnectBoardKey: () => undefined,
    emit: (event: ReturnType<typeof envelope>) => act(() => handlers.forEach((handler) => handler.onEvent(event))),
  };
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

const settings = (refreshType: number): DashboardSettings => ({ ...SETTINGS, refreshType });

function Probe({ controller, mode }: { controller: BoardController; mode: RefreshMode }) {
  useFollowRefreshType(controller, mode);
  return <p data-testid="board">{mode}</p>;
}
// One component per board, as the app has (WholeBoardPage, ScrollBoardPage, DropBoardPage).
const WholeProbe = (props: { controller: BoardController }) => <Probe {...props} mode="whole" />;
const ScrollProbe = (props: { controller: BoardController }) => <Probe {...props} mode="scroll" />;
const DropProbe = (props: { controller: BoardController }) => <Probe {...props} mode="drop" />;

/**
 * The three TV boards as the router shows them: one screen per path, keyed by it, in one Suspense
 * boundary (AppRoutes); the scrolling board is a lazy chunk that loads when the test says.
 */
function renderBoards(controller: BoardController, path: string) {
  const chunk = deferred<{ default: typeof ScrollProbe }>();
  const screens: Record<string, ComponentType<{ controller: BoardController }>> = {
    '/wholeDashboard': WholeProbe,
    '/scrollDashboard': lazy(() => chunk.promise),
    '/dropDashboard': DropProbe,
  };
  function Screens() {
    const [location] = useLocation();
    const Screen = screens[location];
    return (
      <Suspense fallback={<p data-testid="loading">…</p>}>
        <Screen key={location} controller={controller} />
      </Suspense>
    );
  }
  const location = memoryLocation({ path, record: true });
  render(
    <Router hook={location.hook}>
      <Screens />
    </Router>,
  );
  return { location, loadChunk: () => act(async () => chunk.resolve({ default: ScrollProbe })) };
}

let stop: (() => void) | null = null;
afterEach(() => {
  stop?.();
  stop = null;
  cleanup();
});

describe('a TV board follows the latest refreshType whatever the order', () => {
  it('a change that arrives before the first snapshot still moves the board', async () => {
    const client = fakeClient();
    const first = deferred<BoardSnapshot>();
    const controller = createBoardController({ source: { kind: 'session' }, client: client as never, fetchSnapshot: () => first.promise });
    stop = controller.start();
    const { location, loadChunk } = renderBoards(controller, '/wholeDashboard');
    // The administrator switches to scrolling while the TV's first snapshot is still on its way.
    client.emit(envelope(101, 'settings.dashboardUpdated', settings(1)));
    await act(async () => first.resolve(snapshot([], { headSeq: 101, settings: settings(1) })));
    await loadChunk();
    await waitFor(() => expect(location.history.at(-1)).toBe('/scrollDashboard'));
    expect(await screen.findByTestId('board')).toHaveTextContent('scroll');
  });

  it("a second change that arrives while the first one's board chunk loads wins", async () => {
    const client = fakeClient();
    const controller = createBoardController({ source: { kind: 'session' }, client: client as never, fetchSnapshot: async () => snapshot([], { settings: settings(0) }) });
    stop = controller.start();
    const { location, loadChunk } = renderBoards(controller, '/wholeDashboard');
    await waitFor(() => expect(controller.store.get().snapshot).not.toBeNull());
    client.emit(envelope(101, 'settings.dashboardUpdated', settings(1)));
    await waitFor(() => expect(location.history.at(-1)).toBe('/scrollDashboard'));
    expect(screen.getByTestId('loading')).toBeInTheDocument();
    // Drop-down is chosen while the scrolling board's chunk is still loading: no board hears it.
    client.emit(envelope(102, 'settings.dashboardUpdated', settings(2)));
    await loadChunk();
    await waitFor(() => expect(location.history.at(-1)).toBe('/dropDashboard'));
    expect(await screen.findByTestId('board')).toHaveTextContent('drop');
  });

  it('a board opened directly stays put for a change announced before it opened', async () => {
    const client = fakeClient();
    const controller = createBoardController({ source: { kind: 'session' }, client: client as never, fetchSnapshot: async () => snapshot([], { settings: settings(0) }) });
    stop = controller.start();
    await waitFor(() => expect(controller.store.get().snapshot).not.toBeNull());
    client.emit(envelope(101, 'settings.dashboardUpdated', settings(2)));
    const { location } = renderBoards(controller, '/wholeDashboard');
    await act(async () => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(location.history).toEqual(['/wholeDashboard']);
    // …and follows the next change seen while open.
    client.emit(envelope(102, 'settings.dashboardUpdated', settings(1)));
    await waitFor(() => expect(location.history.at(-1)).toBe('/scrollDashboard'));
  });
});
