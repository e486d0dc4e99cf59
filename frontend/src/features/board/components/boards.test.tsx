import { jest } from '@jest/globals';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import axios, { AxiosError, type AxiosAdapter } from 'axios';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { BoardSnapshot } from '@contracts/production';
import { installFakeApi } from '../../../../test-support/fake-api';
import { createStore } from '../../../lib/create-store';
import { formatDate } from '../../../lib/format-date';
import { sessionStore } from '../../../lib/session';
import { realtime, type ConnectionState, type RoomSubscriptionHandlers } from '../../../lib/socket';
import { createBoardController } from '../api/board-store';
import { BOARD_KEY_STORAGE } from '../api/board-key';
import { envelope, progress, row, snapshot, step } from '../model/board-fixtures';
import { DashboardRedirectPage } from './DashboardRedirectPage';
import { MobileBoardPage } from './MobileBoardPage';
import { WholeBoard } from './WholeBoardPage';

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

function boardSnapshot(): BoardSnapshot {
  return snapshot(
    [
      row(1, { orderNo: 'PO-A', customerLabel: '阿克米', steps: { '1': step(1, 300, 120), '2': step(2, 300, 0) }, finishRate: 20 }),
      row(2, { orderNo: 'PO-B', delayDays: 3, status: 'delayed', flagged: true, reviewed: false, hasDocument: false, steps: { '1': step(1, 200, 200), '3': step(3, 200, 0, '2000-01-01') } }),
    ],
    { totals: { population: 'board', orders: 2, completed: 0, inProduction: 2, onTime: 1, delayed: 1, dueThisWeek: 0, finishRate: 10, delayRate: 50 } },
  );
}

const connected: ConnectionState = { status: 'connected', staleSince: null, lastConnectedAt: 0, reason: null };

// These boards are read in Chinese: a stored choice, as the browser (jsdom: en-US) would say English.
beforeEach(() => {
  window.localStorage.setItem('language', 'zh-CN');
});

afterEach(() => {
  realtime.connection.set(connected);
});

describe('whole-page board', () => {
  async function renderBoard() {
    realtime.connection.set(connected);
    const client = fakeClient();
    const controller = createBoardController({ source: { kind: 'session' }, client: client as never, fetchSnapshot: async () => boardSnapshot() });
    const stop = controller.start();
    render(<WholeBoard controller={controller} />);
    await screen.findByText('PO-A');
    return { client, stop };
  }

  it('shows the company, totals, live state, and orders × processes with their status colours', async () => {
    const { stop } = await renderBoard();
    expect(screen.getByText('示例服装厂')).toBeInTheDocument();
    const totals = screen.getByTestId('board-totals');
    expect(within(totals).getByText('订单数').nextSibling).toHaveTextContent('2');
    expect(within(totals).getByText('延期率').nextSibling).toHaveTextContent('50%');
    expect(within(totals).getByTestId('population-delayRate')).toHaveTextContent('本看板在产订单 2 个中');
    expect(screen.getByTestId('board-connection')).toHaveAttribute('data-liveness', 'live');
    for (const header of ['订单号', '客户', '交期', '延期天数', '裁剪', '车缝', '包装', '完成率']) expect(screen.getByRole('columnheader', { name: header })).toBeInTheDocument();

    const [first, second] = screen.getAllByTestId('board-row');
    expect(within(first).getByText('120')).toBeInTheDocument();
    expect(within(first).getByText('120').closest('[data-tone]')).toHaveAttribute('data-tone', 'partial');
    // Not on the route of order A: a dash, no numbers.
    expect(first.querySelectorAll('.tone-none')).toHaveLength(1);
    expect(within(second).getByText('3 天')).toHaveClass('is-late');
    expect(within(second).getByText('未审核')).toBeInTheDocument();
    expect(within(second).getByText('无制单')).toBeInTheDocument();
    expect(second.querySelector('[data-tone="delayed"]')).not.toBeNull();
    expect(second.querySelector('[data-tone="done"]')).not.toBeNull();
    expect(screen.getByTestId('board-pager')).toHaveTextContent('第 1 页，共 1 页');
    stop();
  });

  it('shows the pieces waiting at each process only when the settings ask for work in progress', async () => {
    const { stop } = await renderBoard();
    expect(screen.queryAllByTestId('board-cell-wip')).toHaveLength(0);
    stop();
    cleanup();
    const withWip = (): BoardSnapshot => {
      const base = boardSnapshot();
      return { ...base, settings: { ...base.settings, showWip: true } };
    };
    const controller = createBoardController({ source: { kind: 'session' }, client: fakeClient() as never, fetchSnapshot: async () => withWip() });
    const stopWip = controller.start();
    render(<WholeBoard controller={controller} />);
    await screen.findByText('PO-A');
    const [first, second] = screen.getAllByTestId('board-row');
    // PO-A: cutting 120 → 120 waiting at sewing; PO-B: 200 cut, none at packing yet → 200 waiting there.
    expect(within(first).getByTestId('board-cell-wip')).toHaveTextContent('120');
    expect(within(first).getByTestId('board-cell-wip')).toHaveAttribute('title', '120 件待本工序');
    expect(within(second).getByTestId('board-cell-wip')).toHaveTextContent('200');
    stopWip();
  });

  it('updates the scanned cell in place and highlights it', async () => {
    const { client, stop } = await renderBoard();
    const [firstBefore, secondBefore] = screen.getAllByTestId('board-row');
    client.emit(envelope(101, 'production.progressed', progress(1, 2, 150, { finishRate: 45 })));
    const [first, second] = screen.getAllByTestId('board-row');
    expect(first).toBe(firstBefore);
    expect(second).toBe(secondBefore);
    const cell = within(first).getByText('150').closest('[data-tone]')!;
    expect(cell.querySelector('.bcell-flash')).not.toBeNull();
    expect(first.querySelector('.brow-flash')).not.toBeNull();
    expect(second.querySelector('.brow-flash')).toBeNull();
    expect(within(first).getByTestId('row-finish')).toHaveTextContent('45%');
    stop();
  });

  it('dims the numbers and says since when once the connection has been gone a while', async () => {
    const { stop } = await renderBoard();
    const lostAt = Date.now() - 60_000;
    act(() => realtime.connection.set({ status: 'reconnecting', staleSince: lostAt, lastConnectedAt: 0, reason: 'transport close' }));
    const badge = screen.getByTestId('board-connection');
    expect(badge).toHaveAttribute('data-liveness', 'stale');
    expect(badge).toHaveTextContent('数据已过期');
    expect(badge).toHaveTextContent(`自 ${formatDate(lostAt, 'HH:mm:ss')} 起未更新`);
    expect(screen.getByTestId('board-root')).toHaveClass('is-stale');
    stop();
  });
});

describe('mobile board', () => {
  const originalAdapter = axios.defaults.adapter;
  const connectBoardKey = jest.fn();
  const disconnectBoardKey = jest.fn();

  beforeEach(() => {
    window.localStorage.clear();
    window.localStorage.setItem('language', 'zh-CN');
    sessionStore.set({ token: undefined, permissions: [] });
    // No real socket in tests.
    realtime.connectBoardKey = connectBoardKey;
    realtime.disconnectBoardKey = disconnectBoardKey;
  });

  afterEach(() => {
    cleanup();
    axios.defaults.adapter = originalAdapter;
    window.history.replaceState(null, '', '/');
  });

  function replyWith(status: number, data: unknown, message = ''): AxiosAdapter {
    return async (config) => {
      const response = { data: { code: status, message, data }, status, statusText: String(status), headers: {}, config };
      if (status === 200) return response;
      throw new AxiosError('failed', AxiosError.ERR_BAD_REQUEST, config, null, response);
    };
  }

  it('asks for the board key when there is none', () => {
    window.history.replaceState(null, '', '/mobile/dashboard');
    render(<MobileBoardPage route={{} as never} params={{}} />);
    expect(screen.getByText('缺少看板密钥')).toBeInTheDocument();
    expect(screen.getByLabelText('看板密钥')).toBeInTheDocument();
  });

  it('says so when the key is refused', async () => {
    axios.defaults.adapter = replyWith(401, null, '看板密钥无效');
    window.history.replaceState(null, '', '/mobile/dashboard?key=bad-key-1');
    render(<MobileBoardPage route={{} as never} params={{}} />);
    expect(await screen.findByText('看板密钥无效或已停用')).toBeInTheDocument();
    expect(window.localStorage.getItem(BOARD_KEY_STORAGE)).toBe('bad-key-1');
  });

  it('shows cards with process chips, searchable, with the key sent as a header and remembered', async () => {
    const requests: string[] = [];
    const answer = replyWith(200, boardSnapshot());
    axios.defaults.adapter = (config) => {
      requests.push(String(config.headers?.boardKey));
      return answer(config);
    };
    window.history.replaceState(null, '', '/mobile/dashboard?key=good-key-1');
    render(<MobileBoardPage route={{} as never} params={{}} />);
    expect(await screen.findByText('PO-A')).toBeInTheDocument();
    expect(requests[0]).toBe('good-key-1');
    expect(connectBoardKey).toHaveBeenCalledWith('good-key-1');
    expect(window.localStorage.getItem(BOARD_KEY_STORAGE)).toBe('good-key-1');
    const cards = screen.getAllByTestId('mobile-card');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]).getByText('裁剪').closest('li')).toHaveClass('tone-partial');
    expect(within(cards[0]).getByText('120/300')).toBeInTheDocument();
    fireEvent.change(screen.getByTestId('mobile-search'), { target: { value: '阿克米' } });
    await waitFor(() => expect(screen.getAllByTestId('mobile-card')).toHaveLength(1));
    fireEvent.change(screen.getByTestId('mobile-search'), { target: { value: 'nothing-like-it' } });
    expect(await screen.findByText('没有符合“nothing-like-it”的订单')).toBeInTheDocument();
  });
});

describe('dashboard redirect', () => {
  it('opens the board of the current refreshType in place', async () => {
    sessionStore.set({ token: 't', permissions: ['DashboardRedirect'] });
    installFakeApi({ 'GET /admin/setting/getDashboardSetting': { data: { refreshType: 1, refreshInterval: 10 } } });
    const location = memoryLocation({ path: '/production/dashboardRedirect', record: true });
    render(
      <Router hook={location.hook}>
        <DashboardRedirectPage route={{} as never} params={{}} />
      </Router>,
    );
    await waitFor(() => expect(location.history.at(-1)).toBe('/scrollDashboard'));
    // Replaced, not pushed: back does not return to the redirect.
    expect(location.history).toEqual(['/scrollDashboard']);
  });
});
