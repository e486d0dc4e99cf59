import { jest } from '@jest/globals';
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

/** 100 planned at each process, 40 done at the scanned one, 5 % tolerance: remaining 60, may exceed by 5. */
function lookupOf(processId: number, done = 40, orderNo = 'PO202611-0001'): ScanLookup {
  const step = (id: number, stepDone: number) => ({ processId: id, sequence: id, dueDate: '2026-12-01', planned: 100, done: stepDone, status: stepDone ? ('partial' as const) : ('notStarted' as const), firstScanAt: null, lastScanAt: null });
  return {
    row: {
      id: orderNo === 'PO202611-0001' ? 42 : 43,
      orderNo,
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
      lastScanAt: null,
      steps: { '1': step(1, 100), '2': step(2, processId === 2 ? done : 0), '3': step(3, processId === 3 ? done : 0) },
    },
    columns: PROCESSES.map((process) => ({ ...process, endProcess: false, warehouseIn: false, warehouseOut: false })),
    processId,
    remaining: 100 - done,
    tolerance: 5,
    ready: 100 - done,
    limit: 105 - done,
    cells: [
      { colorId: 11, sizeId: 21, planned: 50, done: 20, remaining: 30, tolerance: 2, ready: 30, limit: 32 },
      { colorId: 11, sizeId: 22, planned: 50, done: 20, remaining: 30, tolerance: 2, ready: 30, limit: 32 },
    ],
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
    'GET /admin/scan/lookup': (config) => ({ data: lookupOf(Number(config.params.processId), 40, String(config.params.orderNo)) }),
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

/** The station reads key timing from performance.now(): a clock the tests move. */
let clock = 0;

/** Types `text` into whatever has the focus, `gap` ms apart, as a browser would (unless a key is prevented). */
function typeKeys(text: string, gap: number) {
  for (const key of text) {
    clock += gap;
    const target = document.activeElement as HTMLInputElement;
    if (!fireEvent.keyDown(target, { key })) continue;
    const start = target.selectionStart ?? target.value.length;
    const end = target.selectionEnd ?? start;
    fireEvent.change(target, { target: { value: target.value.slice(0, start) + key + target.value.slice(end) } });
    target.setSelectionRange(start + 1, start + 1);
  }
}

function pressKey(key: string, gap: number) {
  clock += gap;
  fireEvent.keyDown(document.activeElement!, { key });
}

/** A keyboard-wedge scanner: a character every 5 ms, then Enter. */
function wedge(text: string) {
  typeKeys(text, 5);
  pressKey('Enter', 5);
}

const WEDGE_ORDER = 'PO202611-0002';
const quantityField = () => screen.getByLabelText('本次数量') as HTMLInputElement;

/** The quantity field has the focus with all its text selected. */
function expectQuantityReady(value: string) {
  const field = quantityField();
  expect(field).toHaveFocus();
  expect(field.value).toBe(value);
  expect([field.selectionStart, field.selectionEnd]).toEqual([0, value.length]);
}

async function scanned(api: ReturnType<typeof installFakeApi>, orderNo: string) {
  await waitFor(() => expect(api.requests.some((request) => request.url === '/admin/scan/lookup' && request.params.orderNo === orderNo)).toBe(true));
  await waitFor(() => expect(screen.getByTestId('scan-order-no')).toHaveTextContent(orderNo));
  await waitFor(() => expect(screen.getByTestId('scan-station')).toHaveAttribute('data-phase', 'ready'));
}

beforeEach(() => {
  window.localStorage.clear();
  Cookies.set('processList', '2;3');
  clock = 1_000_000;
  jest.spyOn(performance, 'now').mockImplementation(() => clock);
});

afterEach(() => {
  Cookies.remove('processList');
  jest.restoreAllMocks();
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

    // The scan field waits for the scanner.
    expect(screen.getByTestId('scan-code')).toHaveFocus();
    wedge('SB1|PO202611-0001');
    await scanned(api, 'PO202611-0001');
    expect(screen.getByTestId('scan-done')).toHaveTextContent('40 / 100');
    // Remaining is plan − done; the tolerance is apart.
    expect(screen.getByTestId('scan-remaining')).toHaveTextContent('60');
    expect(screen.getByTestId('scan-tolerance')).toHaveTextContent('可超报 5');
    expect(api.requests.find((request) => request.url === '/admin/scan/lookup')?.params).toEqual({ orderNo: 'PO202611-0001', processId: 2 });
    // The quantity field has the focus, the remaining selected.
    await waitFor(() => expectQuantityReady('60'));

    // A person types over it, slowly; a size alone keeps the typed quantity.
    typeKeys('12', 180);
    fireEvent.click(screen.getByRole('button', { name: '−1' }));
    fireEvent.click(screen.getByRole('button', { name: '−1' }));
    fireEvent.click(within(screen.getByTestId('scan-sizes')).getByRole('radio', { name: 'L' }));
    expect(screen.getByTestId('scan-confirm')).toHaveTextContent('确认 +10');
    // Focus comes back to the quantity field after the buttons.
    await waitFor(() => expect(quantityField()).toHaveFocus());
    pressKey('Enter', 400);

    const result = await screen.findByTestId('scan-result');
    await waitFor(() => expect(result).toHaveAttribute('data-kind', 'success'));
    expect(result).toHaveTextContent('已记录 +10');
    expect(result).toHaveTextContent('PO202611-0001 · 缝制：50 / 100');
    expect(screen.getByTestId('scan-done')).toHaveTextContent('50 / 100');
    expect(screen.getByTestId('scan-remaining')).toHaveTextContent('50');
    // Recorded: the focus is back on the scan field.
    await waitFor(() => expect(screen.getByTestId('scan-code')).toHaveFocus());

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

  it('offers the process’s sub-processes, names the chosen one in the scan and remembers it for the next order', async () => {
    const withSteps = (params: Record<string, unknown>): ScanLookup => ({
      ...lookupOf(Number(params.processId), 40, String(params.orderNo)),
      subProcesses: [
        { id: 71, sequence: 1, name: '上领', pieceRate: 0.8, last: false, done: 90, remaining: 10, limit: 10 },
        { id: 72, sequence: 2, name: '侧缝', pieceRate: 2.5, last: true, done: 40, remaining: 60, limit: 65 },
      ],
    });
    const api = setup({
      'GET /admin/scan/lookup': (config) => ({ data: withSteps(config.params) }),
      'POST /admin/scan/record': (config) => {
        const body = new URLSearchParams(String(config.data));
        const result = resultOf(body.get('scanId')!, 2, 40);
        return { data: { ...result, scan: { ...result.scan, stepId: 71, quantity: 10, countsProgress: false } } };
      },
    });
    fireEvent.click(await screen.findByTestId('process-P02'));
    wedge('SB1|PO202611-0001');
    await scanned(api, 'PO202611-0001');
    const picker = screen.getByTestId('scan-sub-processes');
    expect(within(picker).getByRole('radio', { name: '整道工序' })).toHaveAttribute('aria-checked', 'true');
    expect(within(picker).getByRole('radio', { name: '侧缝（末道）' })).toBeInTheDocument();

    // The collar: its own remaining (10), the process's count stays as it is.
    fireEvent.click(within(picker).getByRole('radio', { name: '上领' }));
    expect(screen.getByTestId('scan-remaining')).toHaveTextContent('10');
    expect(screen.getByTestId('scan-sub-process-note')).toHaveTextContent('上领');
    await waitFor(() => expect(quantityField()).toHaveFocus());
    expect(quantityField().value).toBe('10');
    pressKey('Enter', 400);
    const result = await screen.findByTestId('scan-result');
    await waitFor(() => expect(result).toHaveAttribute('data-kind', 'success'));
    expect(result).toHaveTextContent('缝制 · 上领：100 / 100');
    expect(screen.getByTestId('scan-done')).toHaveTextContent('40 / 100');
    expect(recordBodies(api)[0].get('stepId')).toBe('71');

    // The next order at this process starts on the collar again.
    wedge('SB1|PO202611-0002');
    await scanned(api, 'PO202611-0002');
    expect(within(screen.getByTestId('scan-sub-processes')).getByRole('radio', { name: '上领' })).toHaveAttribute('aria-checked', 'true');
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
    fireEvent.click(screen.getByRole('button', { name: '清零' }));
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
    expect(screen.getByTestId('scan-remaining')).toHaveTextContent('50');
    const bodies = recordBodies(api);
    expect(bodies.map((body) => body.get('scanId'))).toEqual([scanId, scanId]);
    expect(bodies[1].toString()).toBe(bodies[0].toString());
    await waitFor(() => expect(within(screen.getByTestId('scan-recent')).getByText('已记录')).toBeInTheDocument());
  });
  describe('a keyboard-wedge scanner and a person at one keyboard', () => {
    const recording = () =>
      setup({ 'POST /admin/scan/record': (config) => ({ data: resultOf(new URLSearchParams(String(config.data)).get('scanId')!, 2, 40 + Number(new URLSearchParams(String(config.data)).get('quantity'))) }) });

    it('reads a second ticket scanned while a quantity waits as a scan: nothing recorded, the new order selected, and it says so', async () => {
      const api = recording();
      fireEvent.click(await screen.findByTestId('process-P02'));
      wedge('SB1|PO202611-0001');
      await scanned(api, 'PO202611-0001');
      await waitFor(() => expectQuantityReady('60'));

      // The scanner fires into the quantity field.
      wedge(`SB1|${WEDGE_ORDER}`);
      await scanned(api, WEDGE_ORDER);
      expect(recordBodies(api)).toHaveLength(0);
      expect(screen.getByTestId('scan-dropped')).toHaveTextContent('待确认的 60 件（PO202611-0001）未记录：已按新扫描处理');
      expect(screen.getByTestId('scan-code')).toHaveValue('');
      await waitFor(() => expectQuantityReady('60'));

      // The new order's quantity is recorded by Enter, then the scan field has the focus again.
      pressKey('Enter', 300);
      await waitFor(() => expect(recordBodies(api)).toHaveLength(1));
      expect(recordBodies(api)[0].get('orderId')).toBe('43');
      expect(recordBodies(api)[0].get('quantity')).toBe('60');
      await waitFor(() => expect(screen.getByTestId('scan-code')).toHaveFocus());
      expect(screen.queryByTestId('scan-dropped')).not.toBeInTheDocument();
    });

    it('reads an all-digit order number from the scanner as a scan, and the same digits typed by a person as a quantity', async () => {
      const api = recording();
      fireEvent.click(await screen.findByTestId('process-P02'));
      wedge('PO202611-0001');
      await scanned(api, 'PO202611-0001');
      await waitFor(() => expectQuantityReady('60'));

      // A person: 2, 5, Enter — a quantity.
      typeKeys('25', 150);
      pressKey('Enter', 200);
      await waitFor(() => expect(recordBodies(api)).toHaveLength(1));
      expect(recordBodies(api)[0].get('quantity')).toBe('25');
      await waitFor(() => expect(screen.getByTestId('scan-code')).toHaveFocus());

      wedge('PO202611-0001');
      await waitFor(() => expect(screen.getByTestId('scan-station')).toHaveAttribute('data-phase', 'ready'));
      await waitFor(() => expectQuantityReady('60'));
      // The scanner: 202611 in a 5 ms burst — an order number (only the timing tells), not a quantity.
      wedge('202611');
      await scanned(api, '202611');
      expect(recordBodies(api)).toHaveLength(1);
      expect(screen.getByTestId('scan-dropped')).toHaveTextContent('待确认的 60 件');
    });

    it('Esc cancels the pending quantity and returns to the scan field', async () => {
      const api = recording();
      fireEvent.click(await screen.findByTestId('process-P02'));
      wedge('PO202611-0001');
      await scanned(api, 'PO202611-0001');
      await waitFor(() => expectQuantityReady('60'));
      pressKey('Escape', 300);
      await waitFor(() => expect(screen.getByTestId('scan-code')).toHaveFocus());
      expect(screen.getByTestId('scan-dropped')).toHaveTextContent('已取消：PO202611-0001 的 60 件未记录');
      expect(screen.queryByTestId('scan-order-no')).not.toBeInTheDocument();
      pressKey('Enter', 300);
      expect(recordBodies(api)).toHaveLength(0);
    });

    it('“all remaining” records plan − done, per colour × size cell too, never the tolerance', async () => {
      const api = recording();
      fireEvent.click(await screen.findByTestId('process-P02'));
      wedge('PO202611-0001');
      await scanned(api, 'PO202611-0001');
      fireEvent.click(screen.getByRole('button', { name: '清零' }));
      fireEvent.click(screen.getByTestId('scan-all'));
      expect(screen.getByTestId('scan-all')).toHaveTextContent('全部剩余 (60)');
      expect(quantityField()).toHaveValue('60');
      // One cell: its own remaining.
      fireEvent.click(within(screen.getByTestId('scan-colors')).getByRole('radio', { name: '白色' }));
      fireEvent.click(within(screen.getByTestId('scan-sizes')).getByRole('radio', { name: 'L' }));
      expect(screen.getByTestId('scan-remaining')).toHaveTextContent('30');
      expect(screen.getByTestId('scan-tolerance')).toHaveTextContent('可超报 2');
      expect(quantityField()).toHaveValue('30');
      // Over the remaining: warned, over the limit: it will be refused.
      fireEvent.change(quantityField(), { target: { value: '31' } });
      expect(screen.getByTestId('scan-over')).toHaveTextContent('超过剩余 30 件');
      fireEvent.change(quantityField(), { target: { value: '33' } });
      expect(screen.getByTestId('scan-over')).toHaveTextContent('超过最多可报的 32 件，将被拒绝');
      fireEvent.click(screen.getByTestId('scan-all'));
      fireEvent.click(screen.getByTestId('scan-confirm'));
      await waitFor(() => expect(recordBodies(api)).toHaveLength(1));
      expect(Object.fromEntries(recordBodies(api)[0])).toMatchObject({ quantity: '30', colorId: '11', sizeId: '22' });
    });
  });
});
