// The scan station with cut bundles (issue 14): a bundle ticket is looked up and, as a full
// bundle, recorded by the scan alone (the toggle turns that off); a partial bundle waits for the
// worker; refusals show the server's message; a QC process inspects; rework returned is recorded
// where the lots wait; without network a bundle scan is queued like an order scan.
import { jest } from '@jest/globals';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { AxiosError, type AxiosAdapter } from 'axios';
import Cookies from 'js-cookie';
import type { BundleDetail, BundleStep, InspectInput, OpenRework } from '@contracts/bundles';
import { SCAN_ID_PATTERN, type ScanResult } from '@contracts/production';
import type { AppRoute } from '../../../config/paths';
import { http } from '../../../lib/http-client';
import { installFakeApi, type FakeRoutes } from '../../../../test-support/fake-api';
import { QUEUE_STORAGE_KEY } from '../model/scan-queue';
import { ScanStationPage } from './ScanStationPage';

const PROCESSES = [
  { id: 1, code: 'P01', name: '裁床' },
  { id: 2, code: 'P02', name: '缝制' },
  { id: 3, code: 'P03', name: '质检' },
];
const route = { name: 'Scan', path: '/production/scan', titleKey: 'scanStation:routes.station', layout: 'main' } as AppRoute;

const step = (processId: number, change: Partial<BundleStep> = {}): BundleStep => ({ processId, processName: PROCESSES[processId - 1].name, qc: processId === 3, done: 0, open: 0, atRework: 0, rejected: 0, ...change });

function bundleOf(steps: BundleStep[], rework: OpenRework[] = []): BundleDetail {
  return {
    id: 9, code: 'PO202611-0001-007', orderId: 42, orderNo: 'PO202611-0001', bundleNo: 7, layId: 1, layNo: 1, styleCode: 'TS-001', styleName: '圆领T恤', colorId: 11, colorName: '白色', sizeId: 21, sizeName: 'M',
    quantity: 20, rejected: 0, atRework: rework.reduce((sum, lot) => sum + lot.quantity, 0), processId: 1, processName: '裁床', processDone: 20, lastScanAt: '2026-11-24T08:00:00Z', lastWorkerName: '李师傅', finished: false, stuck: false,
    steps, trace: [], rework,
  };
}

function scanResultOf(scanId: string, quantity: number): ScanResult {
  return {
    scan: { scanId, quantity } as ScanResult['scan'],
    step: { processId: 2, sequence: 2, dueDate: '2026-12-01', planned: 100, done: quantity, status: 'partial', firstScanAt: null, lastScanAt: null },
    order: { id: 42, orderNo: 'PO202611-0001', completed: false, finishRate: 10 },
    warnings: [],
  };
}

const bundleAnswer = (config: { data?: unknown }) => {
  const body = new URLSearchParams(String(config.data));
  return { data: { bundle: bundleOf([]), scan: scanResultOf(body.get('scanId')!, Number(body.get('quantity') ?? 20)), openAfter: 0 } };
};

function setup(detail: BundleDetail, extra: FakeRoutes = {}) {
  const api = installFakeApi({
    'GET /admin/process/options': { data: PROCESSES },
    'GET /admin/user/info': { data: { id: 5, username: 'sewing', name: '王芳', avatar: '' } },
    'GET /admin/bundle/PO202611-0001-007': { data: detail },
    'GET /admin/defectType/options': { data: [{ id: 51, code: 'D1', name: '跳线' }, { id: 52, code: 'D2', name: '污渍' }] },
    'POST /admin/bundle/scan': bundleAnswer,
    ...extra,
  });
  render(<ScanStationPage route={route} params={{}} />);
  return api;
}

function scan(text: string) {
  const input = screen.getByTestId('scan-code');
  fireEvent.change(input, { target: { value: text } });
  fireEvent.keyDown(input, { key: 'Enter' });
}

const TICKET = 'SB1B|PO202611-0001-007';
const quantityField = () => screen.getByLabelText('本次数量') as HTMLInputElement;

async function atProcess(code: string) {
  fireEvent.click(await screen.findByTestId(`process-${code}`));
}

beforeEach(() => {
  window.localStorage.clear();
  Cookies.set('processList', '2;3');
});

afterEach(() => {
  Cookies.remove('processList');
  jest.restoreAllMocks();
});

describe('scan station with bundles', () => {
  it('records a full bundle on the scan alone (auto record, on by default)', async () => {
    const api = setup(bundleOf([step(1, { done: 20 }), step(2, { open: 20 }), step(3)]));
    await atProcess('P02');
    expect(screen.getByRole('switch', { name: '扫描即记录整扎' })).toBeChecked();
    scan(TICKET);
    const result = await screen.findByTestId('scan-result');
    await waitFor(() => expect(result).toHaveAttribute('data-kind', 'success'));
    expect(result).toHaveTextContent('已记录 +20');
    expect(result).toHaveTextContent('PO202611-0001-007 · 缝制：剩余 0 件');
    const [body] = api.bodiesOf('/admin/bundle/scan');
    expect(body.get('scanId')).toMatch(SCAN_ID_PATTERN);
    expect(Object.fromEntries([...body].filter(([key]) => key !== 'scanId' && key !== 'deviceId' && key !== 'scannedAt'))).toEqual({ code: 'PO202611-0001-007', processId: '2', quantity: '20' });
    // The card says what the bundle is and where it is.
    const card = screen.getByTestId('scan-bundle');
    expect(card).toHaveTextContent('PO202611-0001');
    expect(card).toHaveTextContent('TS-001');
    expect(within(card).getByTestId('scan-bundle-cell')).toHaveTextContent('白色 / M');
    expect(card).toHaveTextContent('裁床（已完成 20 件）');
    expect(screen.getByTestId('scan-station')).toHaveAttribute('data-phase', 'done');
  });

  it('after the record, the refreshed bundle (nothing open) does not call the recorded quantity over the limit', async () => {
    const before = bundleOf([step(1, { done: 20 }), step(2, { open: 20 }), step(3)]);
    const after = bundleOf([step(1, { done: 20 }), step(2, { done: 20 }), step(3, { open: 20 })]);
    let lookups = 0;
    setup(before, { 'GET /admin/bundle/PO202611-0001-007': () => ({ data: lookups++ === 0 ? before : after }) });
    await atProcess('P02');
    scan(TICKET);
    const result = await screen.findByTestId('scan-result');
    await waitFor(() => expect(result).toHaveAttribute('data-kind', 'success'));
    await waitFor(() => expect(lookups).toBeGreaterThanOrEqual(2));
    await waitFor(() => expect(screen.getByTestId('scan-bundle-open')).toHaveTextContent('0'));
    expect(screen.queryByTestId('scan-over')).toBeNull();
  });

  it('with auto record off, prefills the open pieces; a lower quantity is a partial bundle', async () => {
    const api = setup(bundleOf([step(1, { done: 20 }), step(2, { open: 20 }), step(3)]));
    await atProcess('P02');
    fireEvent.click(screen.getByRole('switch', { name: '扫描即记录整扎' }));
    expect(window.localStorage.getItem('stitchboard.scan.bundleAutoRecord')).toBe('0');
    scan(TICKET);
    await waitFor(() => expect(screen.getByTestId('scan-station')).toHaveAttribute('data-phase', 'ready'));
    expect(quantityField()).toHaveValue('20');
    expect(api.bodiesOf('/admin/bundle/scan')).toHaveLength(0);
    // More than open is not offered: the quantity may only be lowered.
    fireEvent.click(screen.getByRole('button', { name: '+1' }));
    expect(quantityField()).toHaveValue('20');
    fireEvent.click(screen.getByRole('button', { name: '清零' }));
    fireEvent.click(screen.getByRole('button', { name: '+10' }));
    fireEvent.click(screen.getByRole('button', { name: '+1' }));
    fireEvent.click(screen.getByRole('button', { name: '+1' }));
    expect(screen.getByTestId('scan-bundle-partial')).toHaveTextContent('部分扎：剩余 8 件留待下次');
    fireEvent.keyDown(quantityField(), { key: 'Enter' });
    await waitFor(() => expect(api.bodiesOf('/admin/bundle/scan')).toHaveLength(1));
    expect(api.bodiesOf('/admin/bundle/scan')[0].get('quantity')).toBe('12');
    await waitFor(() => expect(screen.getByTestId('scan-result')).toHaveTextContent('剩余 8 件'));
  });

  it('does not auto record a bundle recorded partly before: the rest waits for Enter', async () => {
    const api = setup(bundleOf([step(1, { done: 20 }), step(2, { open: 8, done: 12 }), step(3)]));
    await atProcess('P02');
    scan(TICKET);
    await waitFor(() => expect(screen.getByTestId('scan-station')).toHaveAttribute('data-phase', 'ready'));
    expect(quantityField()).toHaveValue('8');
    expect(screen.getByTestId('scan-bundle-open')).toHaveTextContent('8');
    expect(api.bodiesOf('/admin/bundle/scan')).toHaveLength(0);
    fireEvent.click(screen.getByTestId('scan-confirm'));
    await waitFor(() => expect(api.bodiesOf('/admin/bundle/scan')[0]?.get('quantity')).toBe('8'));
  });

  it('shows the server’s "already recorded by X at T" for a bundle with nothing open here', async () => {
    setup(bundleOf([step(1, { done: 20 }), step(2, { done: 20 }), step(3, { open: 20 })]), {
      'POST /admin/bundle/scan': { status: 409, code: 409, message: '扎号 PO202611-0001-007 已由 张三 于 2026-11-24 09:12 记录', data: { errorKey: 'bundleAlreadyRecorded', worker: '张三', at: '2026-11-24T01:12:00Z' } },
    });
    await atProcess('P02');
    scan(TICKET);
    const result = await screen.findByTestId('scan-result');
    await waitFor(() => expect(result).toHaveAttribute('data-kind', 'refused'));
    expect(result).toHaveTextContent('扎号 PO202611-0001-007 已在本工序记录过');
    expect(result).toHaveTextContent('已由 张三 于 2026-11-24 09:12 记录');
  });

  it('names "not ready": nothing has reached the process yet', async () => {
    setup(bundleOf([step(1, { done: 20 }), step(2), step(3)]), {
      'POST /admin/bundle/scan': { status: 409, code: 409, message: '上道工序“裁床”尚未完成此扎', data: { errorKey: 'bundleNotReady', previous: '裁床' } },
    });
    await atProcess('P02');
    scan(TICKET);
    const result = await screen.findByTestId('scan-result');
    await waitFor(() => expect(result).toHaveTextContent('扎号 PO202611-0001-007 还没有到本工序'));
    expect(result).toHaveTextContent('上道工序“裁床”尚未完成此扎');
  });

  it('names the "too many" refusal', async () => {
    setup(bundleOf([step(1, { done: 20 }), step(2, { open: 20 }), step(3)]), {
      'POST /admin/bundle/scan': { status: 409, code: 409, message: '超过待做件数', data: { errorKey: 'bundleQuantityTooLarge' } },
    });
    await atProcess('P02');
    scan(TICKET);
    const result = await screen.findByTestId('scan-result');
    await waitFor(() => expect(result).toHaveTextContent('数量超过本工序待做件数'));
    expect(result).toHaveTextContent('超过待做件数');
  });

  it('inspects at a QC process: passed defaults to open, defects need a type and a rework process, the sum may not exceed open', async () => {
    let sent: InspectInput | null = null;
    const detail = bundleOf([step(1, { done: 20 }), step(2, { done: 20 }), step(3, { open: 20 })]);
    const api = setup(detail, {
      'POST /admin/bundle/inspect': (config) => {
        sent = JSON.parse(String(config.data)) as InspectInput;
        return { data: { bundle: bundleOf([step(1, { done: 20 }), step(2, { done: 20 }), step(3, { done: 18 })]), scan: scanResultOf(sent.scanId, 18) } };
      },
    });
    await atProcess('P03');
    scan(TICKET);
    const passed = (await screen.findByTestId('scan-inspect-passed')) as HTMLInputElement;
    expect(passed).toHaveValue('20');
    await waitFor(() => expect(passed).toHaveFocus());
    expect(api.bodiesOf('/admin/bundle/scan')).toHaveLength(0);

    fireEvent.click(screen.getByTestId('scan-inspect-add'));
    const row = await screen.findByTestId('scan-defect-row');
    // The new defect takes its pieces from the passed ones.
    expect(passed).toHaveValue('19');
    const quantity = within(row).getByLabelText('件数');
    fireEvent.keyDown(quantity, { key: '+' });
    expect(quantity).toHaveValue('2');
    expect(passed).toHaveValue('18');
    // Too many: passed raised past the open pieces.
    fireEvent.keyDown(passed, { key: '+' });
    expect(await screen.findByTestId('scan-inspect-too-many')).toHaveTextContent('合格与疵点合计 21 件，超过待检的 20 件');
    fireEvent.keyDown(passed, { key: '-' });
    expect(screen.queryByTestId('scan-inspect-too-many')).not.toBeInTheDocument();

    // A type and a rework process are needed.
    await waitFor(() => expect(within(row).getAllByRole('option', { name: '跳线' })).toHaveLength(1));
    fireEvent.change(within(row).getByLabelText('返工工序'), { target: { value: '' } });
    fireEvent.keyDown(passed, { key: 'Enter' });
    expect(within(row).getByRole('alert')).toHaveTextContent('请选择疵点类型 · 返工须选择工序');
    expect(sent).toBeNull();

    fireEvent.change(within(row).getByLabelText('疵点类型'), { target: { value: '51' } });
    // Rework goes to an earlier process (not cutting).
    expect(within(within(row).getByLabelText('返工工序')).queryByRole('option', { name: '裁床' })).not.toBeInTheDocument();
    fireEvent.change(within(row).getByLabelText('返工工序'), { target: { value: '2' } });
    fireEvent.keyDown(passed, { key: 'Enter' });
    await waitFor(() => expect(sent).not.toBeNull());
    expect(sent).toMatchObject({ code: 'PO202611-0001-007', processId: 3, passed: 18, defects: [{ defectTypeId: 51, quantity: 2, disposition: 'rework', reworkProcessId: 2 }] });
    await waitFor(() => expect(screen.getByTestId('scan-result')).toHaveTextContent('质检已记录：合格 18，疵点 2'));
  });

  it('records rework returned at the process the lots wait at (all of them by default)', async () => {
    const lot: OpenRework = { defectId: 1, qcProcessId: 3, reworkProcessId: 2, reworkProcessName: '缝制', defectTypeName: '跳线', quantity: 3, responsibleWorkerName: '王芳' };
    const api = setup(bundleOf([step(1, { done: 20 }), step(2, { done: 20 }), step(3, { done: 17, atRework: 3 })], [lot]), {
      'POST /admin/bundle/rework': (config) => {
        const body = new URLSearchParams(String(config.data));
        return { data: { bundle: bundleOf([]), scan: scanResultOf(body.get('scanId')!, 3), openAfter: 0 } };
      },
    });
    await atProcess('P02');
    scan(TICKET);
    await waitFor(() => expect(screen.getByTestId('scan-bundle')).toHaveAttribute('data-mode', 'rework'));
    expect(screen.getByTestId('scan-bundle-rework')).toHaveTextContent('返工 3 件：跳线');
    expect(quantityField()).toHaveValue('3');
    // Not recorded by the scan alone: rework waits for the worker.
    expect(api.bodiesOf('/admin/bundle/rework')).toHaveLength(0);
    fireEvent.click(screen.getByTestId('scan-confirm'));
    await waitFor(() => expect(api.bodiesOf('/admin/bundle/rework')).toHaveLength(1));
    expect(api.bodiesOf('/admin/bundle/rework')[0].get('quantity')).toBe('3');
    await waitFor(() => expect(screen.getByTestId('scan-result')).toHaveTextContent('返工已记录 +3'));
    expect(api.bodiesOf('/admin/bundle/scan')).toHaveLength(0);
  });

  it('queues a bundle scan without network and sends it later with the same scan id', async () => {
    let networkDown = true;
    const api = setup(bundleOf([step(1, { done: 20 }), step(2, { open: 20 }), step(3)]));
    const fake = http.defaults.adapter as AxiosAdapter;
    http.defaults.adapter = async (config) => {
      if (networkDown && config.url === '/admin/bundle/scan') {
        api.requests.push(config);
        throw new AxiosError('Network Error', AxiosError.ERR_NETWORK, config);
      }
      return fake(config);
    };
    await atProcess('P02');
    scan(TICKET);
    const result = await screen.findByTestId('scan-result');
    await waitFor(() => expect(result).toHaveAttribute('data-kind', 'queued'));
    const stored = JSON.parse(window.localStorage.getItem(QUEUE_STORAGE_KEY)!);
    expect(stored.pending).toHaveLength(1);
    expect(stored.pending[0].operation).toMatchObject({ kind: 'bundle', input: { code: 'PO202611-0001-007', processId: 2, quantity: 20 } });
    const scanId = stored.pending[0].scanId as string;

    networkDown = false;
    await act(async () => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(screen.getByTestId('scan-result')).toHaveAttribute('data-kind', 'success'));
    const bodies = api.bodiesOf('/admin/bundle/scan');
    expect(bodies.every((body) => body.get('scanId') === scanId)).toBe(true);
  });

  it('offline without the bundle known: Confirm queues "every open piece" (no quantity) for the server to count', async () => {
    const api = setup(bundleOf([step(1, { done: 20 }), step(2, { open: 20 }), step(3)]));
    await atProcess('P02');
    jest.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    scan(TICKET);
    expect(await screen.findByTestId('scan-bundle')).toHaveTextContent('离线：无法查询扎号');
    expect(api.requests.some((request) => request.url?.startsWith('/admin/bundle/'))).toBe(false);
    fireEvent.click(screen.getByTestId('scan-confirm'));
    await waitFor(() => expect(screen.getByTestId('scan-result')).toHaveAttribute('data-kind', 'queued'));
    expect(screen.getByTestId('scan-result')).toHaveTextContent('PO202611-0001-007 · 缝制 +全部');
    const stored = JSON.parse(window.localStorage.getItem(QUEUE_STORAGE_KEY)!);
    expect(stored.pending[0].operation.kind).toBe('bundle');
    expect(stored.pending[0].operation.input.quantity).toBeUndefined();
  });

  it('asks for the process first, then looks the bundle up', async () => {
    const api = setup(bundleOf([step(1, { done: 20 }), step(2, { open: 20 }), step(3)]));
    await screen.findByTestId('process-P02');
    scan(TICKET);
    expect(await screen.findByTestId('scan-order-empty')).toHaveTextContent('请先选择工序，随后自动查询 PO202611-0001-007');
    fireEvent.click(screen.getByTestId('process-P02'));
    await waitFor(() => expect(api.bodiesOf('/admin/bundle/scan')).toHaveLength(1));
  });
});
