import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { AxiosError, type AxiosAdapter } from 'axios';
import Cookies from 'js-cookie';
import { SCAN_ID_PATTERN, type ScanLookup, type ScanResult } from '@contracts/production';
import type { AppRoute } from '../../../config/paths';
import { http } from '../../../lib/http-client';
import { installFakeApi, type FakeRoutes } from '../../../../test-support/fake-api';
import { QUEUE_STORAGE_KEY } from '../model/scan-queue';
import { ScanStationPage } from './ScanStationPage';

const PROCESSES = [
  { id: 1, code: 'P01', name: '裁床' },
  { id: 2, code: 'P02', name: '缝制' },
  { id: 3, code: 'P03', name: '锁钉' },
];

function lookupOf(processId: number, done = 40, remaining = 65): ScanLookup {
  const step = (id: number, stepDone: number) => ({ processId: id, sequence: id, dueDate: '2026-12-01', planned: 100, done: stepDone, status: stepDone ? ('partial' as const) : ('notStarted' as const), firstScanAt: null, lastScanAt: null });
  return {
    row: {
      id: 42,
      orderNo: 'PO202611-0001',
      customerLabel: '海澜 Hailan',
      goodsCode: 'TS-001',
      productName: '圆领T恤',
      goodsImage: null,
      orderDate: '2026-11-01',
      deliveryDate: '2026-12-01',
      totalQuantity: 100,
      reviewed: true,
      hasDocument: true,
      flagged: false,
      completed: false,
      completedAt: null,
      finishRate: 40,
      delayDays: 0,
      status: 'partial',
      lastActivityAt: '2026-11-20T08:00:00Z',
      steps: { '1': step(1, 100), '2': step(2, processId === 2 ? done : 0), '3': step(3, processId === 3 ? done : 0) },
    },
    columns: PROCESSES.map((process) => ({ ...process, endProcess: false, warehouseIn: false, warehouseOut: false })),
    processId,
    remaining,
    colors: [{ id: 11, name: '白色' }],
    sizes: [
      { id: 21, name: 'M' },
      { id: 22, name: 'L' },
    ],
    warnings: [],
  };
}

function resultOf(scanId: string, processId: number, done: number): ScanResult {
  return {
    scan: { scanId, quantity: 10 } as ScanResult['scan'],
    step: { processId, sequence: 2, dueDate: '2026-12-01', planned: 100, done, status: 'partial', firstScanAt: null, lastScanAt: null },
    order: { id: 42, orderNo: 'PO202611-0001', completed: false, finishRate: 45 },
    warnings: [],
  };
}

const route = { name: 'Scan', path: '/production/scan', titleKey: 'scanStation:routes.station', layout: 'main' } as AppRoute;

function setup(extra: FakeRoutes = {}) {
  const api = installFakeApi({
    'GET /admin/process/options': { data: PROCESSES },
    'GET /admin/user/info': { data: { id: 5, username: 'sewing', name: '王芳', avatar: '' } },
    'GET /admin/scan/lookup': (config) => ({ data: lookupOf(Number(config.params.processId)) }),
    ...extra,
  });
  render(<ScanStationPage route={route} params={{}} />);
  return api;
}

async function scan(text: string) {
  const input = screen.getByTestId('scan-code');
  fireEvent.change(input, { target: { value: text } });
  fireEvent.keyDown(input, { key: 'Enter' });
}

const recordBodies = (api: ReturnType<typeof installFakeApi>) => api.bodiesOf('/admin/scan/record');

beforeEach(() => {
  window.localStorage.clear();
  Cookies.set('processList', '2;3');
});

afterEach(() => {
  Cookies.remove('processList');
});

describe('scan station', () => {
  it('process → ticket → quantity → Enter records the scan and answers with the new numbers', async () => {
    const api = setup({
      'POST /admin/scan/record': (config) => {
        const body = new URLSearchParams(String(config.data));
        return { data: resultOf(body.get('scanId')!, 2, 50) };
      },
    });
    // Only the worker's own processes are offered.
    expect(await screen.findByTestId('process-P02')).toBeInTheDocument();
    expect(screen.queryByTestId('process-P01')).not.toBeInTheDocument();
    fireEvent.click(screen.getByTestId('process-P02'));
    expect(window.localStorage.getItem('stitchboard.scan.process')).toBe('2');

    await scan('SB1|PO202611-0001');
    expect(await screen.findByTestId('scan-order-no')).toHaveTextContent('PO202611-0001');
    expect(screen.getByTestId('scan-done')).toHaveTextContent('40 / 100');
    expect(screen.getByTestId('scan-remaining')).toHaveTextContent('65');
    expect(api.requests.find((request) => request.url === '/admin/scan/lookup')?.params).toEqual({ orderNo: 'PO202611-0001', processId: 2 });

    fireEvent.click(screen.getByRole('button', { name: '+10' }));
    fireEvent.click(screen.getByRole('button', { name: '+1' }));
    fireEvent.click(screen.getByRole('button', { name: '−1' }));
    fireEvent.click(within(screen.getByTestId('scan-sizes')).getByRole('radio', { name: 'L' }));
    expect(screen.getByTestId('scan-confirm')).toHaveTextContent('确认 +10');
    // Enter in the empty scan field confirms.
    fireEvent.keyDown(screen.getByTestId('scan-code'), { key: 'Enter' });

    const result = await screen.findByTestId('scan-result');
    await waitFor(() => expect(result).toHaveAttribute('data-kind', 'success'));
    expect(result).toHaveTextContent('已记录 +10');
    expect(result).toHaveTextContent('PO202611-0001 · 缝制：50 / 100');
    expect(screen.getByTestId('scan-done')).toHaveTextContent('50 / 100');
    expect(screen.getByTestId('scan-remaining')).toHaveTextContent('55');

    const [body] = recordBodies(api);
    expect(body.get('scanId')).toMatch(SCAN_ID_PATTERN);
    expect(body.get('orderId')).toBe('42');
    expect(body.get('processId')).toBe('2');
    expect(body.get('quantity')).toBe('10');
    expect(body.get('sizeId')).toBe('22');
    expect(body.get('colorId')).toBeNull();
    expect(body.get('deviceId')).toBe(screen.getByTestId('scan-device').textContent?.trim());
    expect(body.get('scannedAt')).toMatch(/^\d{4}-\d\d-\d\dT/);

    // A second Enter does not record the same thing twice: the next scan (or "record again") is needed.
    fireEvent.keyDown(screen.getByTestId('scan-code'), { key: 'Enter' });
    expect(recordBodies(api)).toHaveLength(1);
    expect(screen.getByTestId('scan-again')).toBeInTheDocument();
    // Nothing left in the queue; the scan is in the recent list.
    expect(JSON.parse(window.localStorage.getItem(QUEUE_STORAGE_KEY)!).pending).toHaveLength(0);
    expect(within(screen.getByTestId('scan-recent')).getByText('已记录')).toBeInTheDocument();
  });

  it('shows a refusal with the server’s message and keeps nothing queued', async () => {
    const api = setup({
      'POST /admin/scan/record': { status: 409, code: 409, message: '上道工序未完成', data: { errorKey: 'previousProcessNotFinished' } },
    });
    fireEvent.click(await screen.findByTestId('process-P03'));
    await scan('PO202611-0001');
    await screen.findByTestId('scan-order-no');
    fireEvent.click(screen.getByRole('button', { name: '+5' }));
    fireEvent.click(screen.getByTestId('scan-confirm'));

    const result = await screen.findByTestId('scan-result');
    await waitFor(() => expect(result).toHaveAttribute('data-kind', 'refused'));
    expect(result).toHaveTextContent('上道工序未完成');
    expect(recordBodies(api)).toHaveLength(1);
    expect(JSON.parse(window.localStorage.getItem(QUEUE_STORAGE_KEY)!)).toEqual({ pending: [], refused: [] });
    // Still ready: the worker may correct the quantity and confirm again.
    expect(screen.getByTestId('scan-confirm')).toBeEnabled();
  });

  it('a ticket with a process code selects that process', async () => {
    const api = setup();
    await screen.findByTestId('process-P02');
    await scan('SB1|PO202611-0001|P03');
    await screen.findByTestId('scan-order-no');
    expect(screen.getByTestId('process-P03')).toHaveAttribute('aria-checked', 'true');
    expect(api.requests.find((request) => request.url === '/admin/scan/lookup')?.params).toEqual({ orderNo: 'PO202611-0001', processId: 3 });
  });

  it('refuses a ticket for a process the worker may not execute, without looking it up', async () => {
    const api = setup();
    fireEvent.click(await screen.findByTestId('process-P02'));
    await scan('SB1|PO202611-0001|P01');
    const result = await screen.findByTestId('scan-result');
    expect(result).toHaveAttribute('data-kind', 'refused');
    expect(result).toHaveTextContent('该工票属于工序“裁床”');
    expect(api.requests.some((request) => request.url === '/admin/scan/lookup')).toBe(false);
  });

  it('explains when the account has no process to execute', async () => {
    Cookies.set('processList', '');
    setup();
    expect(await screen.findByTestId('scan-no-process')).toHaveTextContent('您的账号没有可执行的工序');
    expect(screen.queryByTestId('scan-code')).not.toBeInTheDocument();
  });

  it('shows the server’s message for an unknown order', async () => {
    setup({ 'GET /admin/scan/lookup': { status: 404, code: 404, message: '生产单 PO-NOPE 不存在' } });
    fireEvent.click(await screen.findByTestId('process-P02'));
    await scan('PO-NOPE');
    const result = await screen.findByTestId('scan-result');
    expect(result).toHaveAttribute('data-kind', 'refused');
    expect(result).toHaveTextContent('生产单 PO-NOPE 不存在');
    expect(screen.queryByTestId('scan-order-no')).not.toBeInTheDocument();
  });

  it('queues a scan when the network fails and sends it later with the same scan id', async () => {
    let networkDown = true;
    const api = setup({
      'POST /admin/scan/record': (config) => ({ data: resultOf(new URLSearchParams(String(config.data)).get('scanId')!, 2, 50) }),
    });
    const fake = http.defaults.adapter as AxiosAdapter;
    http.defaults.adapter = async (config) => {
      if (networkDown && config.url === '/admin/scan/record') {
        api.requests.push(config);
        throw new AxiosError('Network Error', AxiosError.ERR_NETWORK, config);
      }
      return fake(config);
    };

    fireEvent.click(await screen.findByTestId('process-P02'));
    await scan('SB1|PO202611-0001');
    await screen.findByTestId('scan-order-no');
    fireEvent.click(screen.getByRole('button', { name: '+5' }));
    fireEvent.click(screen.getByTestId('scan-confirm'));

    const result = await screen.findByTestId('scan-result');
    await waitFor(() => expect(result).toHaveAttribute('data-kind', 'queued'));
    expect(screen.getByTestId('scan-pending-count')).toHaveTextContent('待提交 1 条');
    const stored = JSON.parse(window.localStorage.getItem(QUEUE_STORAGE_KEY)!);
    expect(stored.pending).toHaveLength(1);
    const scanId = stored.pending[0].scanId as string;
    expect(stored.pending[0].operation.input).toMatchObject({ scanId, quantity: 5, processId: 2 });

    networkDown = false;
    await act(async () => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(screen.queryByTestId('scan-pending-count')).not.toBeInTheDocument());
    // The late answer reaches the screen: the banner turns green and the numbers move.
    await waitFor(() => expect(screen.getByTestId('scan-result')).toHaveAttribute('data-kind', 'success'));
    expect(screen.getByTestId('scan-result')).toHaveTextContent('离线保存的扫描已提交');
    expect(screen.getByTestId('scan-done')).toHaveTextContent('50 / 100');
    expect(screen.getByTestId('scan-remaining')).toHaveTextContent('60');
    const bodies = recordBodies(api);
    expect(bodies.map((body) => body.get('scanId'))).toEqual([scanId, scanId]);
    expect(bodies[1].toString()).toBe(bodies[0].toString());
    await waitFor(() => expect(within(screen.getByTestId('scan-recent')).getByText('已记录')).toBeInTheDocument());
  });
});
