// The scan station on a PC shared by many workers (issue 11): a badge read names the worker,
// the scans carry their id, the choice survives a reload, and their numbers today follow.
import { jest } from '@jest/globals';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import Cookies from 'js-cookie';
import type { StationWorker, WorkerToday } from '@contracts/appraisal';
import type { ScanResult } from '@contracts/production';
import type { AppRoute } from '../../../config/paths';
import { installFakeApi, type FakeRoutes } from '../../../../test-support/fake-api';
import { ScanStationPage } from './ScanStationPage';

const PROCESSES = [
  { id: 2, code: 'P02', name: '缝制' },
  { id: 3, code: 'P03', name: '锁钉' },
];
const CODE = '3F9A0C21B7D4E8F6A2C1';
const FANG: StationWorker = { id: 8, name: '阿芳', username: 'afang', departmentName: '车缝组', processIds: [2] };
const route = { name: 'Scan', path: '/production/scan', titleKey: 'scanStation:routes.station', layout: 'main' } as AppRoute;

function lookup(orderNo: string) {
  const step = { processId: 2, sequence: 1, dueDate: '2026-12-01', planned: 100, done: 0, status: 'notStarted' as const, firstScanAt: null, lastScanAt: null };
  return {
    row: { id: 42, orderNo, steps: { '2': step }, customerLabel: 'C', goodsCode: 'G', productName: 'P', goodsImage: null, totalQuantity: 100, reviewed: true, hasDocument: true, flagged: false, completed: false },
    columns: [{ ...PROCESSES[0], endProcess: false, warehouseIn: false, warehouseOut: false }],
    processId: 2,
    remaining: 100,
    tolerance: 5,
    ready: 100,
    limit: 105,
    cells: [],
    colors: [],
    sizes: [],
    warnings: [],
  };
}

let todayPieces = 0;
function setup(extra: FakeRoutes = {}) {
  const api = installFakeApi({
    'GET /admin/process/options': { data: PROCESSES },
    'GET /admin/user/info': { data: { id: 5, username: 'lead', name: '组长', avatar: '' } },
    'GET /admin/scan/lookup': (config) => ({ data: lookup(String(config.params.orderNo)) }),
    'GET /admin/scan/worker': (config) => (config.params.badge === `SBW1:${CODE}` ? { data: FANG } : { status: 404, code: 404, message: '工牌无效：没有对应的在职员工（工牌可能已更换，或员工已停用）', data: { errorKey: 'badgeUnknown' } }),
    'GET /admin/scan/worker-today': (config) => ({
      data: { workerId: Number(config.params.workerId), workerName: '阿芳', day: '2026-11-24', pieces: todayPieces, pay: todayPieces * 0.5, byProcess: [] } satisfies WorkerToday,
    }),
    'POST /admin/scan/record': (config) => {
      const body = new URLSearchParams(String(config.data));
      todayPieces += Number(body.get('quantity'));
      const result = { scan: { scanId: body.get('scanId'), quantity: Number(body.get('quantity')) }, step: { processId: 2, sequence: 1, dueDate: null, planned: 100, done: 10, status: 'partial', firstScanAt: null, lastScanAt: null }, order: { id: 42, orderNo: 'PO-1', completed: false, finishRate: 10 }, warnings: [] };
      return { data: result as unknown as ScanResult };
    },
    ...extra,
  });
  const view = render(<ScanStationPage route={route} params={{}} />);
  return { api, view };
}

async function scan(text: string) {
  const input = screen.getByTestId('scan-code');
  fireEvent.change(input, { target: { value: text } });
  fireEvent.keyDown(input, { key: 'Enter' });
}

beforeEach(() => {
  window.localStorage.clear();
  window.localStorage.setItem('stitchboard.scan.process', '2');
  Cookies.set('processList', '2;3');
  todayPieces = 0;
});

afterEach(() => {
  Cookies.remove('processList');
  jest.restoreAllMocks();
});

describe('scan station: the worker', () => {
  it('a badge read names the worker, the scan is credited to them, and their day follows', async () => {
    const { api } = setup();
    await screen.findByTestId('process-P02');
    await scan(`sbw1:${CODE.toLowerCase()}`);
    await waitFor(() => expect(screen.getByTestId('scan-worker-name')).toHaveTextContent('阿芳 · 车缝组'));
    expect(api.requests.find((request) => request.url === '/admin/scan/worker')?.params).toEqual({ badge: `SBW1:${CODE}` });
    // A badge is not an order number: nothing was looked up.
    expect(api.requests.some((request) => request.url === '/admin/scan/lookup')).toBe(false);
    expect(screen.getByTestId('scan-result')).toHaveTextContent('当前员工：阿芳');
    await waitFor(() => expect(screen.getByTestId('scan-worker-today')).toHaveTextContent('今日：0 件 · ¥0.00'));
    expect(JSON.parse(window.localStorage.getItem('stitchboard.scan.worker')!)).toMatchObject({ id: 8 });

    await scan('PO-1');
    await waitFor(() => expect(screen.getByTestId('scan-station')).toHaveAttribute('data-phase', 'ready'));
    fireEvent.change(screen.getByLabelText('本次数量'), { target: { value: '12' } });
    fireEvent.click(screen.getByTestId('scan-confirm'));
    await waitFor(() => expect(screen.getByTestId('scan-result')).toHaveAttribute('data-kind', 'success'));
    const [body] = api.bodiesOf('/admin/scan/record');
    expect(body.get('workerId')).toBe('8');
    // Refetched after the scan (debounced).
    await waitFor(() => expect(screen.getByTestId('scan-worker-today')).toHaveTextContent('今日：12 件 · ¥6.00'));
  });

  it('keeps the worker across a reload of the station, and signing out clears them', async () => {
    window.localStorage.setItem('stitchboard.scan.worker', JSON.stringify(FANG));
    const { view } = setup();
    expect(await screen.findByTestId('scan-worker-name')).toHaveTextContent('阿芳');
    fireEvent.click(screen.getByTestId('scan-worker-sign-out'));
    expect(screen.getByTestId('scan-worker-name')).toHaveTextContent('未指定');
    expect(window.localStorage.getItem('stitchboard.scan.worker')).toBeNull();
    view.unmount();

    // Without a worker, the scans are the account's own: no workerId is sent.
    const { api } = setup();
    await screen.findByTestId('process-P02');
    await scan('PO-1');
    await waitFor(() => expect(screen.getByTestId('scan-station')).toHaveAttribute('data-phase', 'ready'));
    fireEvent.click(screen.getByTestId('scan-confirm'));
    await waitFor(() => expect(api.bodiesOf('/admin/scan/record')).toHaveLength(1));
    expect(api.bodiesOf('/admin/scan/record')[0].get('workerId')).toBeNull();
  });

  it('an unknown badge is refused with the server’s message and the worker stays', async () => {
    window.localStorage.setItem('stitchboard.scan.worker', JSON.stringify(FANG));
    setup();
    await screen.findByTestId('process-P02');
    await scan('SBW1:0000');
    await waitFor(() => expect(screen.getByTestId('scan-result')).toHaveAttribute('data-kind', 'refused'));
    expect(screen.getByTestId('scan-result')).toHaveTextContent('工牌无法识别');
    expect(screen.getByTestId('scan-result')).toHaveTextContent('工牌无效：没有对应的在职员工');
    expect(screen.getByTestId('scan-worker-name')).toHaveTextContent('阿芳');
  });

  it('a badge read while a quantity waits switches the worker and leaves the quantity pending', async () => {
    setup();
    await screen.findByTestId('process-P02');
    await scan('PO-1');
    await waitFor(() => expect(screen.getByTestId('scan-station')).toHaveAttribute('data-phase', 'ready'));
    await scan(`SBW1:${CODE}`);
    await waitFor(() => expect(screen.getByTestId('scan-worker-name')).toHaveTextContent('阿芳'));
    expect(screen.getByTestId('scan-station')).toHaveAttribute('data-phase', 'ready');
    expect(screen.getByTestId('scan-order-no')).toHaveTextContent('PO-1');
    expect(screen.queryByTestId('scan-dropped')).not.toBeInTheDocument();
  });

  it('shows no day panel while the server has no worker-today endpoint (404)', async () => {
    window.localStorage.setItem('stitchboard.scan.worker', JSON.stringify(FANG));
    const { api } = setup({ 'GET /admin/scan/worker-today': { status: 404, code: 404, message: 'not found' } });
    await screen.findByTestId('process-P02');
    await waitFor(() => expect(api.requests.some((request) => request.url === '/admin/scan/worker-today')).toBe(true));
    expect(screen.queryByTestId('scan-worker-today')).not.toBeInTheDocument();
  });
});
