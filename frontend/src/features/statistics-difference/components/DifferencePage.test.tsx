import { jest } from '@jest/globals';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { DifferenceCell, DifferenceNumbers, DifferenceOrder, DifferenceReport } from '@contracts/difference';
import type { DomainEventEnvelope } from '@contracts/events';
import { installFakeApi } from '../../../../test-support/fake-api';
import { sessionStore } from '../../../lib/session';
import type { RealtimeClient, RoomSubscriptionHandlers } from '../../../lib/socket';
import type { DifferenceQuery } from '../model/difference-query';
import { DifferencePage } from './DifferencePage';

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

const event = (seq: number, name = 'production.progressed'): DomainEventEnvelope =>
  ({ seq, name, rooms: ['statistics'], at: '2026-11-24T08:00:00.000Z', payload: {} }) as unknown as DomainEventEnvelope;

// Differences as the contract defines them: cut − ordered, finished − cut, shipped − ordered.
function numbers(ordered: number, cut: number | null, finished: number | null, inStock: number | null, shipped: number | null): DifferenceNumbers {
  const minus = (a: number | null, b: number | null) => (a === null || b === null ? null : a - b);
  return { ordered, cut, finished, inStock, shipped, cutDiff: minus(cut, ordered), finishedDiff: minus(finished, cut), shippedDiff: minus(shipped, ordered) };
}

const cell = (colorId: number | null, sizeId: number | null, values: DifferenceNumbers): DifferenceCell => ({
  colorId,
  colorName: colorId ? `色${colorId}` : null,
  sizeId,
  sizeName: sizeId ? `S${sizeId}` : null,
  notByCell: colorId === null,
  ...values,
});

/** Order 7: 100 ordered in two cells, 90 cut (+4 scanned without a cell), 95 finished, nothing shipped. */
function order7(cut = 94): DifferenceOrder {
  return {
    orderId: 7,
    orderNo: 'PO-0007',
    saleOrderId: null,
    saleOrderNo: null,
    customerId: 1,
    customerName: '海澜之家',
    goodsId: 3,
    goodsCode: 'TS-01',
    goodsName: '圆领T恤',
    orderDate: '2026-11-01',
    deliveryDate: '2026-12-01',
    completed: false,
    totals: numbers(100, cut, 99, 0, 0),
    // The server may send the not-by-cell row anywhere: the screen shows it last.
    cells: [cell(null, null, numbers(0, 4, 4, 0, 0)), cell(1, 1, numbers(60, cut - 4 - 40, 55, 0, 0)), cell(1, 2, numbers(40, 40, 40, 0, 0))],
  };
}

/** Order 8 has no warehouse processes on its route: in stock and shipped are not measured. */
const order8: DifferenceOrder = { ...order7(), orderId: 8, orderNo: 'PO-0008', totals: numbers(50, 50, 50, null, null), cells: [] };

function report(rows: DifferenceOrder[]): DifferenceReport {
  return {
    rows,
    total: rows.length,
    page: 1,
    pageSize: 20,
    grandTotals: numbers(150, 144, 149, null, null),
    byCustomer: [{ key: 1, label: '海澜之家', orders: 2, totals: numbers(150, 144, 149, null, null) }],
    byGoods: [{ key: 3, label: 'TS-01 圆领T恤', orders: 2, totals: numbers(150, 144, 149, null, null) }],
  };
}

beforeEach(() => {
  window.sessionStorage.clear();
  window.localStorage.clear();
  sessionStore.set({ token: 't', permissions: ['StatisticsDifference', 'Schedule', 'ProductionOrder'] });
  installFakeApi({
    'GET /admin/customer/options': { data: [{ id: 1, code: 'C01', name: '海澜之家' }] },
    'GET /admin/goods/options': { data: [] },
  });
});

afterEach(() => jest.useRealTimers());

const orderRow = (orderNo: string) => screen.getByText(orderNo).closest('tr')!;

describe('difference statistics', () => {
  it('shows each order’s stages and differences: short in red with − ▼ 短缺, over in blue with + ▲ 超出, not measured as —', async () => {
    const { client, subscriptions } = fakeClient();
    const fetch = jest.fn(async (_query: DifferenceQuery) => report([order7(), order8]));
    render(<DifferencePage client={client} fetch={fetch} />);
    await screen.findByText('PO-0007');
    expect(subscriptions[0].rooms).toEqual(['statistics']);
    const row = within(orderRow('PO-0007'));
    expect(row.getByTestId('diff-7-ordered')).toHaveTextContent('100');
    expect(row.getByTestId('diff-7-cut')).toHaveTextContent('94');

    const short = row.getByTestId('diff-7-cutDiff');
    expect(short).toHaveAttribute('data-kind', 'short');
    expect(short).toHaveClass('is-short');
    expect(short).toHaveTextContent('-6');
    expect(short).toHaveTextContent('短缺');
    expect(short.querySelector('.pi-arrow-down')).not.toBeNull();

    const over = row.getByTestId('diff-7-finishedDiff');
    expect(over).toHaveAttribute('data-kind', 'over');
    expect(over).toHaveClass('is-over');
    expect(over).toHaveTextContent('+5');
    expect(over).toHaveTextContent('超出');
    expect(over.querySelector('.pi-arrow-up')).not.toBeNull();

    // In stock 0 of 100 ordered, nothing shipped: 100 short.
    expect(row.getByTestId('diff-7-shippedDiff')).toHaveTextContent('-100');

    const notMeasured = within(orderRow('PO-0008')).getByTestId('diff-8-shippedDiff');
    expect(notMeasured).toHaveTextContent('—');
    expect(notMeasured).toHaveAttribute('title', '未计量：此工序不在该单的工艺路线中');
    expect(within(orderRow('PO-0008')).getByTestId('diff-8-cutDiff')).toHaveAttribute('data-kind', 'even');

    // Sums: grand totals and per customer / per style.
    expect(screen.getByTestId('grand-ordered')).toHaveTextContent('150');
    expect(screen.getByTestId('grand-cutDiff')).toHaveTextContent('-6');
    expect(within(screen.getByTestId('diff-by-customer')).getByText('海澜之家')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: '按款式汇总' })).toBeInTheDocument();
  });

  it('opens an order into its colour × size cells with the not-by-colour/size row last, adding up to the order', async () => {
    const { client } = fakeClient();
    render(<DifferencePage client={client} fetch={async () => report([order7()])} />);
    await screen.findByText('PO-0007');
    const toggle = screen.getByRole('button', { name: '展开 PO-0007 的颜色尺码' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(toggle);
    const cells = await screen.findByRole('region', { name: 'PO-0007 的颜色 × 尺码' });
    expect(screen.getByRole('button', { name: '收起 PO-0007 的颜色尺码' })).toHaveAttribute('aria-expanded', 'true');
    const rows = within(cells).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.getAttribute('data-testid'))).toEqual(['diff-cell-7-1-1', 'diff-cell-7-1-2', 'diff-cell-7-none', null]);
    const notByCell = within(cells).getByTestId('diff-cell-7-none');
    expect(notByCell).toHaveClass('is-not-by-cell');
    expect(notByCell).toHaveTextContent('未分颜色/尺码');
    expect(within(notByCell).getByTestId('diff-cell-7-none-cut')).toHaveTextContent('4');
    // 50 + 40 + 4 = 94 cut: the cells add up to the order's total row.
    expect(within(cells).getByTestId('diff-cell-7-1-1-cut')).toHaveTextContent('50');
    expect(within(cells).getByTestId('diff-cells-total-7-cut')).toHaveTextContent('94');
    expect(within(cells).getByTestId('diff-cell-7-1-1-cutDiff')).toHaveTextContent('-10');

    fireEvent.click(screen.getByRole('button', { name: '收起 PO-0007 的颜色尺码' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'PO-0007 的颜色 × 尺码' })).not.toBeInTheDocument());
  });

  it('sends the filters as the contract’s query parameters, and the export the same without paging', async () => {
    const { client } = fakeClient();
    const sent: Record<string, unknown>[] = [];
    const api = installFakeApi({
      'GET /admin/customer/options': { data: [] },
      'GET /admin/goods/options': { data: [] },
      'GET /admin/statistics/difference': (request) => {
        sent.push({ ...(request.params as Record<string, unknown>) });
        return { data: report([order7()]) };
      },
      'GET /admin/statistics/difference/export': { data: null },
    });
    render(<DifferencePage client={client} />);
    await screen.findByText('PO-0007');
    expect(sent[0]).toEqual({ page: 1, pageSize: 20, status: 'open' });

    const orderNo = screen.getByTestId('diff-filter-orderNo');
    fireEvent.change(orderNo, { target: { value: ' PO-00 ' } });
    fireEvent.keyDown(orderNo, { key: 'Enter' });
    await waitFor(() => expect(sent.at(-1)).toEqual({ page: 1, pageSize: 20, status: 'open', orderNo: 'PO-00' }));

    fireEvent.click(within(screen.getByTestId('diff-only-differences')).getByRole('switch'));
    await waitFor(() => expect(sent.at(-1)).toMatchObject({ onlyDifferences: 'true' }));

    const from = screen.getByRole('textbox', { name: '下单日期 从' });
    fireEvent.focus(from);
    fireEvent.change(from, { target: { value: '2026-11-01' } });
    fireEvent.blur(from);
    const deliveryTo = screen.getByRole('textbox', { name: '交货日期 至' });
    fireEvent.focus(deliveryTo);
    fireEvent.change(deliveryTo, { target: { value: '2026-12-31' } });
    fireEvent.blur(deliveryTo);
    await waitFor(() =>
      expect(sent.at(-1)).toEqual({ page: 1, pageSize: 20, status: 'open', orderNo: 'PO-00', onlyDifferences: 'true', orderDateFrom: '2026-11-01', deliveryTo: '2026-12-31' }),
    );

    URL.createObjectURL = jest.fn(() => 'blob:difference');
    URL.revokeObjectURL = jest.fn();
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    fireEvent.click(screen.getByRole('button', { name: '导出 Excel' }));
    await waitFor(() => expect(api.requests.some((request) => request.url === '/admin/statistics/difference/export')).toBe(true));
    const exported = api.requests.find((request) => request.url === '/admin/statistics/difference/export')!;
    expect(exported.params).toEqual({ status: 'open', orderNo: 'PO-00', onlyDifferences: 'true', orderDateFrom: '2026-11-01', deliveryTo: '2026-12-31' });
    await waitFor(() => expect(click).toHaveBeenCalled());
    click.mockRestore();
  });

  it('refetches on production.progressed at most once a second under a burst, and shows the new numbers', async () => {
    jest.useFakeTimers();
    const { client, subscriptions } = fakeClient();
    let cut = 94;
    const fetch = jest.fn(async (_query: DifferenceQuery, _signal?: AbortSignal, _quiet?: boolean) => report([order7(cut)]));
    render(<DifferencePage client={client} fetch={fetch} refetchMs={1000} />);
    await act(() => jest.advanceTimersByTimeAsync(0));
    expect(fetch).toHaveBeenCalledTimes(1);
    // The first resync is the page's own first load.
    await act(async () => void subscriptions[0].handlers.onResync());
    expect(screen.getByTestId('diff-7-cut')).toHaveTextContent('94');

    cut = 96;
    await act(async () => {
      for (let seq = 1; seq <= 60; seq += 1) subscriptions[0].handlers.onEvent(event(seq));
      // Unrelated events ask for nothing.
      subscriptions[0].handlers.onEvent(event(61, 'settings.dashboardUpdated'));
    });
    await act(() => jest.advanceTimersByTimeAsync(999));
    expect(fetch).toHaveBeenCalledTimes(1);
    await act(() => jest.advanceTimersByTimeAsync(1));
    expect(fetch).toHaveBeenCalledTimes(2);
    // A quiet refetch: a failure would show on the page, not as a toast.
    expect(fetch.mock.calls[1][2]).toBe(true);
    expect(screen.getByTestId('diff-7-cut')).toHaveTextContent('96');
    expect(screen.getByTestId('diff-7-cutDiff')).toHaveTextContent('-4');

    // A second burst a moment later: again one refetch, a second after it began.
    await act(async () => {
      for (let seq = 62; seq <= 80; seq += 1) subscriptions[0].handlers.onEvent(event(seq));
    });
    await act(() => jest.advanceTimersByTimeAsync(3000));
    expect(fetch).toHaveBeenCalledTimes(3);
  });
});
