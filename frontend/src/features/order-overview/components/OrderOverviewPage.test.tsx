import { act, render, screen, waitFor, within } from '@testing-library/react';
import type { DifferenceReport } from '@contracts/difference';
import type { DomainEventEnvelope } from '@contracts/events';
import type { OrderOverview } from '@contracts/order-overview';
import type { ScanRecord } from '@contracts/production';
import { installFakeApi } from '../../../../test-support/fake-api';
import { routeByName } from '../../../config/paths';
import { sessionStore } from '../../../lib/session';
import type { RealtimeClient, RoomSubscriptionHandlers } from '../../../lib/socket';
import { OrderOverviewPage } from './OrderOverviewPage';

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

const scan = (id: number, processId: number, processName: string, quantity: number, extra: Partial<ScanRecord> = {}): ScanRecord => ({
  id,
  scanId: `scan-${id}-abcdef`,
  orderId: 5,
  orderNo: 'PO-5',
  processId,
  processName,
  quantity,
  colorId: null,
  colorName: null,
  sizeId: null,
  sizeName: null,
  workerId: null,
  workerName: null,
  deviceId: '',
  reversesScanId: null,
  reversed: false,
  note: '',
  flagged: false,
  scannedAt: `2026-03-0${id}T08:00:00.000Z`,
  recordedAt: `2026-03-0${id}T08:00:00.000Z`,
  recordedBy: 'admin',
  stepId: null,
  stepName: null,
  pieceRate: null,
  ...extra,
});

const step = (processId: number, processName: string, sequence: number, done: number, extra: Partial<OrderOverview['route'][number]> = {}): OrderOverview['route'][number] => ({
  processId,
  processName,
  sequence,
  dueDate: `2099-12-0${sequence}`,
  planned: 60,
  done,
  status: done >= 60 ? 'done' : done > 0 ? 'partial' : 'notStarted',
  firstScanAt: done ? '2026-03-01T08:00:00.000Z' : null,
  lastScanAt: done ? '2026-03-02T08:00:00.000Z' : null,
  endProcess: false,
  ...extra,
});

/** An order made from SO-9: cut done, sewing 15 after a correction, 3 scans. */
function overview(sewDone = 15, extraScans: ScanRecord[] = []): OrderOverview {
  const scans = [
    ...extraScans,
    scan(3, 2, '车缝', 15),
    scan(2, 2, '车缝', -20, { reversesScanId: 'scan-1-abcdef', note: '数错了' }),
    scan(1, 2, '车缝', 20, { reversed: true }),
    scan(0, 1, '裁床', 60, { workerId: 7, workerName: '裁床小王', colorId: 11, colorName: '红', sizeId: 21, sizeName: 'M' }),
  ];
  return {
    order: {
      id: 5,
      version: 3,
      orderNo: 'PO-5',
      customerLabel: '海澜',
      customerOrderNo: 'HL-77',
      goodsId: 4,
      goodsCode: 'ST-01',
      productName: '男衬衫',
      goodsImage: null,
      orderDate: '2026-03-01',
      deliveryDate: '2099-12-20',
      totalQuantity: 60,
      note: '',
      hidden: true,
      completed: false,
      completedAt: null,
      flagged: true,
      finishRate: ((60 + sewDone) / 120) * 100,
      delayDays: 0,
      status: 'partial',
      lastScanAt: '2026-03-03T08:00:00.000Z',
    },
    saleOrder: {
      id: 9,
      orderNo: 'SO-9',
      customerLabel: '海澜',
      customerOrderNo: 'HL-77',
      orderDate: '2026-02-28',
      deliveryDate: '2099-12-20',
      expectedDelivery: null,
      merchandiserLabel: '林伟',
      totalQuantity: 180,
    },
    grid: {
      colors: [
        { id: 11, code: 'RED', name: '红', hex: '#cc0000' },
        { id: 12, code: 'BLU', name: '蓝', hex: '#0000cc' },
      ],
      sizes: [
        { id: 21, name: 'M' },
        { id: 22, name: 'L' },
      ],
      cells: [
        { colorId: 11, sizeId: 21, quantity: 30 },
        { colorId: 12, sizeId: 21, quantity: 20 },
        { colorId: 12, sizeId: 22, quantity: 10 },
      ],
    },
    route: [step(1, '裁床', 1, 60), step(2, '车缝', 2, sewDone, { endProcess: true })],
    document: { uploaded: false, uploadedAt: null, viewable: false },
    review: { reviewed: false, reviewedAt: null, reviewedBy: null, note: '' },
    scans,
    scanCount: scans.length,
  };
}

const difference: DifferenceReport = {
  rows: [
    {
      orderId: 5,
      orderNo: 'PO-5',
      saleOrderId: 9,
      saleOrderNo: 'SO-9',
      customerId: 1,
      customerName: '海澜',
      goodsId: 4,
      goodsCode: 'ST-01',
      goodsName: '男衬衫',
      orderDate: '2026-03-01',
      deliveryDate: '2099-12-20',
      completed: false,
      totals: { ordered: 60, cut: 60, finished: 15, inStock: null, shipped: null, cutDiff: 0, finishedDiff: -45, shippedDiff: null },
      cells: [
        { colorId: 11, colorName: '红', sizeId: 21, sizeName: 'M', notByCell: false, ordered: 30, cut: 30, finished: 0, inStock: null, shipped: null, cutDiff: 0, finishedDiff: -30, shippedDiff: null },
      ],
    },
  ],
  total: 1,
  page: 1,
  pageSize: 1,
  grandTotals: { ordered: 60, cut: 60, finished: 15, inStock: null, shipped: null, cutDiff: 0, finishedDiff: -45, shippedDiff: null },
  byCustomer: [],
  byGoods: [],
};

const route = routeByName('OrderOverview')!;

beforeEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
});

describe('order overview page', () => {
  it('shows every section from the API, and applies a pushed scan without a reload', async () => {
    sessionStore.set({ token: 't', permissions: ['OrderOverview', 'StatisticsDifference', 'SaleOrder'] });
    let current = overview();
    const api = installFakeApi({
      'GET /admin/production/overview/5': () => ({ data: current }),
      'GET /admin/statistics/difference': { data: difference },
    });
    const { client, subscriptions } = fakeClient();
    render(<OrderOverviewPage route={route} params={{ id: '5' }} options={{ client, refetchMs: 10 }} />);

    expect(await screen.findByTestId('overview-order-no')).toHaveTextContent('PO-5');
    expect(subscriptions.map((subscription) => subscription.rooms)).toEqual([['order:5']]);
    // Hidden orders are shown, and say so.
    expect(screen.getByTestId('overview-hidden')).toHaveTextContent('已隐藏');
    expect(screen.getByTestId('overview-finish-rate')).toHaveTextContent('完成率 62.5%');
    // The sales order, linked for a SaleOrder holder.
    expect(screen.getByTestId('overview-sale-order-link')).toHaveAttribute('href', '/production/saleOrder/update/9');
    expect(within(screen.getByTestId('overview-sale-order')).getByText('林伟')).toBeInTheDocument();
    // The grid with its totals; an empty cell is a dot, not 0.
    expect(screen.getByTestId('grid-11-21')).toHaveTextContent('30');
    expect(screen.getByTestId('grid-11-22')).toHaveTextContent('·');
    expect(screen.getByTestId('grid-total')).toHaveTextContent('60');
    // Review and document.
    expect(screen.getByTestId('overview-review-state')).toHaveTextContent('未审核');
    expect(screen.getByTestId('overview-document-state')).toHaveTextContent('未上传');
    // Route progress per process.
    expect(screen.getByTestId('route-done-1')).toHaveTextContent('60');
    expect(screen.getByTestId('route-done-2')).toHaveTextContent('15');
    // Differences, asked for this one order.
    const table = await screen.findByTestId('overview-difference');
    expect(within(table).getByText('-45')).toBeInTheDocument();
    expect(api.requests.find((request) => request.url === '/admin/statistics/difference')?.params).toMatchObject({ orderId: 5 });
    // Scans with the worker and the correction.
    const scans = screen.getByTestId('overview-scans');
    expect(within(scans).getByText('裁床小王')).toBeInTheDocument();
    expect(within(scans).getByText('撤销记录')).toBeInTheDocument();
    expect(within(scans).getByText('已撤销')).toBeInTheDocument();
    expect(screen.getByTestId('overview-scan-count')).toHaveTextContent('共 4 条');

    // A scan lands at sewing: the room says so, the page reloads itself.
    current = overview(25, [scan(4, 2, '车缝', 10, { workerName: '车缝小李', workerId: 8 })]);
    const event: DomainEventEnvelope = {
      seq: 41,
      name: 'production.progressed',
      rooms: ['order:5'],
      at: '2026-03-04T08:00:00.000Z',
      payload: {
        orderId: 5,
        orderNo: 'PO-5',
        processId: 2,
        quantity: 10,
        scanId: 'scan-4-abcdef',
        step: { ...step(2, '车缝', 2, 25) },
        order: { finishRate: 70.8, completed: false, completedAt: null, status: 'partial', delayDays: 0, lastActivityAt: '2026-03-04T08:00:00.000Z' },
      },
    };
    act(() => subscriptions[0].handlers.onEvent(event));
    await waitFor(() => expect(screen.getByTestId('route-done-2')).toHaveTextContent('25'));
    expect(within(screen.getByTestId('overview-scans')).getByText('车缝小李')).toBeInTheDocument();
    expect(screen.getByTestId('overview-scan-count')).toHaveTextContent('共 5 条');
    // An event of another order changes nothing.
    const before = api.requests.length;
    act(() => subscriptions[0].handlers.onEvent({ ...event, seq: 42, payload: { ...event.payload, orderId: 6 } } as DomainEventEnvelope));
    await new Promise((wait) => setTimeout(wait, 40));
    expect(api.requests.length).toBe(before);
  });

  it('leaves the difference section out without StatisticsDifference, and tolerates it missing on the server', async () => {
    sessionStore.set({ token: 't', permissions: ['OrderOverview'] });
    installFakeApi({ 'GET /admin/production/overview/5': { data: overview() } });
    const { client } = fakeClient();
    const { unmount } = render(<OrderOverviewPage route={route} params={{ id: '5' }} options={{ client }} />);
    await screen.findByTestId('overview-order-no');
    expect(screen.queryByTestId('overview-difference-section')).not.toBeInTheDocument();
    // No SaleOrder permission: the number is shown, not linked.
    expect(screen.queryByTestId('overview-sale-order-link')).not.toBeInTheDocument();
    expect(screen.getByTestId('overview-sale-order-no')).toHaveTextContent('SO-9');
    unmount();

    // The permission without the endpoint (not deployed yet: 404): the section says so, the page stands.
    sessionStore.set({ token: 't', permissions: ['OrderOverview', 'StatisticsDifference'] });
    installFakeApi({ 'GET /admin/production/overview/5': { data: overview() } });
    render(<OrderOverviewPage route={route} params={{ id: '5' }} options={{ client }} />);
    expect(await screen.findByTestId('overview-difference-unavailable')).toHaveTextContent('差异统计暂不可用');
    expect(screen.getByTestId('route-done-2')).toHaveTextContent('15');
  });

  it('says an unknown order does not exist', async () => {
    sessionStore.set({ token: 't', permissions: ['OrderOverview'] });
    installFakeApi({ 'GET /admin/production/overview/99': { status: 404, code: 404, message: '记录不存在' } });
    render(<OrderOverviewPage route={route} params={{ id: '99' }} options={{ client: fakeClient().client }} />);
    expect(await screen.findByText('生产单不存在')).toBeInTheDocument();
    render(<OrderOverviewPage route={route} params={{ id: 'abc' }} options={{ client: fakeClient().client }} />);
    expect(screen.getAllByText('生产单不存在')).toHaveLength(2);
  });
});
