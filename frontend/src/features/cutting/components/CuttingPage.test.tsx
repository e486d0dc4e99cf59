import { jest } from '@jest/globals';
import { ConfirmDialog } from 'primereact/confirmdialog';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { BundleRecord, LayRecord, OrderCutting } from '@contracts/bundles';
import type { DomainEventEnvelope } from '@contracts/events';
import type { ListPage } from '@contracts/master-data';
import { routeByName } from '../../../config/paths';
import { ApiError } from '../../../lib/http-client';
import { sessionStore } from '../../../lib/session';
import type { RealtimeClient, RoomSubscriptionHandlers } from '../../../lib/socket';
import type { BundleListQuery } from '../api/get-bundle-list';
import { CuttingPage } from './CuttingPage';

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

const lay = (id: number, layNo: number, locked: boolean): LayRecord => ({
  id,
  orderId: 5,
  layNo,
  colorId: 1,
  colorName: '白色',
  plies: 10,
  sizes: [
    { sizeId: 11, sizeName: 'M', ratio: 2, quantity: 20 },
    { sizeId: 12, sizeName: 'L', ratio: 1, quantity: 10 },
  ],
  bundleSize: 10,
  cutterId: 7,
  cutterName: '裁床小王',
  note: '',
  quantity: 30,
  bundleCount: 3,
  locked,
  version: 2,
  createdAt: '2026-11-18T08:00:00.000Z',
});

const cutting = (cutM = 40): OrderCutting => ({
  orderId: 5,
  orderNo: 'PO202611-0005',
  cuttingProcessId: 3,
  colors: [{ id: 1, name: '白色' }],
  sizes: [
    { id: 11, name: 'M' },
    { id: 12, name: 'L' },
  ],
  cells: [
    { colorId: 1, sizeId: 11, ordered: 30, cut: cutM, difference: cutM - 30 },
    { colorId: 1, sizeId: 12, ordered: 30, cut: 20, difference: -10 },
  ],
  lays: [lay(1, 1, true), lay(2, 2, false)],
});

const record = (code: string, stuck: boolean): BundleRecord => ({
  id: Number(code.slice(-3)),
  code,
  orderId: 5,
  orderNo: 'PO202611-0005',
  bundleNo: 1,
  layId: 1,
  layNo: 1,
  styleCode: 'TS-001',
  styleName: 'T',
  colorId: 1,
  colorName: '白色',
  sizeId: 11,
  sizeName: 'M',
  quantity: 10,
  rejected: 0,
  atRework: 0,
  processId: 2,
  processName: '车缝',
  processDone: 10,
  lastScanAt: '2026-11-19T08:00:00.000Z',
  lastWorkerName: '车缝阿芳',
  finished: false,
  stuck,
});

const route = routeByName('CuttingUpdate')!;

function setup(remove = jest.fn(async () => undefined)) {
  const { client, subscriptions } = fakeClient();
  let cutM = 40;
  const fetchList = jest.fn(async (query: BundleListQuery): Promise<ListPage<BundleRecord>> => {
    const list = [record('PO202611-0005-001', true), record('PO202611-0005-002', false)].filter((bundle) => !query.stuck || bundle.stuck);
    return { list, total: list.length, page: 1, pageSize: 50 };
  });
  render(
    <>
      <ConfirmDialog />
      <CuttingPage
      route={route}
      params={{ orderId: '5' }}
      options={{
        client,
        refetchMs: 0,
        fetch: async () => cutting(cutM),
        remove,
        bundleList: { fetchList, fetchProcesses: async () => [{ id: 2, code: 'P02', name: '车缝' }] },
        fetchTickets: async () => [],
        layApi: { cutters: async () => [] },
      }}
      />
    </>,
  );
  return { subscriptions, fetchList, remove, setCut: (value: number) => (cutM = value) };
}

describe('cutting page', () => {
  beforeEach(() => sessionStore.set({ token: 't', permissions: ['Cutting', 'Bundle'] }));

  it('shows cut against ordered with over and short marked, and the lays with their locks', async () => {
    setup();
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('裁床 · PO202611-0005');
    const over = screen.getByTestId('cut-1-11');
    expect(over).toHaveClass('is-over');
    expect(over).toHaveTextContent('超裁 10');
    const short = screen.getByTestId('cut-1-12');
    expect(short).toHaveClass('is-short');
    expect(short).toHaveTextContent('欠 10');

    expect(screen.getByTestId('lay-locked-1')).toHaveTextContent('已流转');
    expect(screen.getByTestId('lay-edit-1')).toBeDisabled();
    expect(screen.getByTestId('lay-delete-1')).toBeDisabled();
    expect(screen.getByTestId('lay-edit-2')).toBeEnabled();
    expect(screen.queryByTestId('lay-locked-2')).toBeNull();
  });

  it('shows the server refusal when a lay cannot be deleted', async () => {
    const remove = jest.fn(async () => {
      throw new ApiError('这床的菲号已在后道工序扫描，不能修改或删除', 409, 'api', { errorKey: 'layBundlesScanned' });
    });
    setup(remove);
    fireEvent.click(await screen.findByTestId('lay-delete-2'));
    expect(await screen.findByText(/删除第 2 床？它的 3 扎菲号作废/)).toBeInTheDocument();
    await act(async () => {
      fireEvent.click(document.querySelector('.p-confirm-dialog-accept') as HTMLElement);
    });
    expect(remove).toHaveBeenCalledWith(2, 2);
    expect(await screen.findByTestId('cutting-action-error')).toHaveTextContent('这床的菲号已在后道工序扫描');
  });

  it('lists the bundles with stuck badges and trace links, filters them, and reloads on bundle.changed', async () => {
    const { subscriptions, fetchList, setCut } = setup();
    fireEvent.click(await screen.findByText('菲号'));
    const link = await screen.findByTestId('bundle-link-PO202611-0005-001');
    expect(link).toHaveAttribute('href', '/bundle/PO202611-0005-001');
    expect(screen.getByTestId('bundle-stuck-PO202611-0005-001')).toHaveTextContent('滞留');
    expect(screen.queryByTestId('bundle-stuck-PO202611-0005-002')).toBeNull();

    fireEvent.click(within(screen.getByTestId('bundle-filter-stuck')).getByRole('checkbox'));
    await waitFor(() => expect(fetchList).toHaveBeenLastCalledWith(expect.objectContaining({ orderId: 5, stuck: true, page: 1 }), true));
    await waitFor(() => expect(screen.queryByTestId('bundle-link-PO202611-0005-002')).toBeNull());

    setCut(30);
    const calls = fetchList.mock.calls.length;
    const room = subscriptions.find((subscription) => subscription.rooms.includes('order:5'))!;
    act(() => room.handlers.onEvent?.({ seq: 9, name: 'bundle.changed', rooms: ['order:5'], at: '2026-11-20T08:00:00.000Z', payload: { bundleId: 1, orderId: 5, code: 'PO202611-0005-001' } } as DomainEventEnvelope));
    await waitFor(() => expect(screen.getByTestId('cut-1-11')).toHaveClass('is-exact'));
    await waitFor(() => expect(fetchList.mock.calls.length).toBeGreaterThan(calls));
  });
});
