import { jest } from '@jest/globals';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AxiosError } from 'axios';
import { SCAN_ID_PATTERN, type ScanResult } from '@contracts/production';
import { installFakeApi } from '../../../../test-support/fake-api';
import { RecordProgressForm } from './RecordProgressForm';

const colors = [
  { id: 1, name: '黑色' },
  { id: 2, name: '白色' },
];
const sizes = [
  { id: 11, name: 'M' },
  { id: 12, name: 'L' },
];

function resultFor(quantity: number): ScanResult {
  return {
    scan: {
      id: 501,
      scanId: 'x',
      orderId: 7,
      orderNo: 'PO202603-0007',
      processId: 3,
      processName: '车缝',
      quantity,
      colorId: null,
      colorName: null,
      sizeId: null,
      sizeName: null,
      workerId: 1,
      workerName: '管理员',
      deviceId: 'web-1',
      reversesScanId: null,
      reversed: false,
      note: '',
      flagged: false,
      scannedAt: '2026-03-03T08:00:00.000Z',
      recordedAt: '2026-03-03T08:00:00.000Z',
      recordedBy: 'admin',
      stepId: null,
      stepName: null,
      pieceRate: null,
    },
    step: { processId: 3, sequence: 2, dueDate: '2026-03-10', planned: 100, done: 40 + quantity, status: 'partial', firstScanAt: null, lastScanAt: null },
    order: { id: 7, orderNo: 'PO202603-0007', completed: false, finishRate: 30, },
    warnings: [],
  };
}

function renderForm(onRecorded = jest.fn<(result: ScanResult) => void>()) {
  render(<RecordProgressForm orderId={7} processId={3} processName="车缝" remaining={60} colors={colors} sizes={sizes} onRecorded={onRecorded} />);
  return onRecorded;
}

const submit = () => fireEvent.click(screen.getByTestId('record-3-submit'));
const quantityInput = () => screen.getByLabelText('“车缝”完成数量') as HTMLInputElement;

describe('record progress form', () => {
  it('records the quantity set with the big buttons, with a client scan id, and clears it after', async () => {
    const api = installFakeApi({ 'POST /admin/scan/record': (request) => ({ data: resultFor(Number(new URLSearchParams(String(request.data)).get('quantity'))) }) });
    const onRecorded = renderForm();
    fireEvent.click(screen.getByTestId('record-3-plus'));
    fireEvent.click(screen.getByTestId('record-3-plus'));
    fireEvent.click(screen.getByTestId('record-3-plus'));
    fireEvent.click(screen.getByTestId('record-3-minus'));
    expect(quantityInput().value).toBe('2');
    submit();
    await waitFor(() => expect(onRecorded).toHaveBeenCalledTimes(1));
    const [body] = api.bodiesOf('/admin/scan/record');
    expect(body.get('orderId')).toBe('7');
    expect(body.get('processId')).toBe('3');
    expect(body.get('quantity')).toBe('2');
    expect(body.get('scanId')).toMatch(SCAN_ID_PATTERN);
    expect(body.get('deviceId')).toMatch(/^ST-/);
    // No colour or size chosen: none sent.
    expect(body.has('colorId')).toBe(false);
    expect(body.has('sizeId')).toBe(false);
    expect(onRecorded.mock.calls[0][0].step.done).toBe(42);
    await waitFor(() => expect(quantityInput().value).toBe(''));
  });

  it('fills the rest of the plan with one tap', async () => {
    const api = installFakeApi({ 'POST /admin/scan/record': { data: resultFor(60) } });
    renderForm();
    fireEvent.click(screen.getByTestId('record-3-rest'));
    expect(screen.getByTestId('record-3-rest')).toHaveTextContent('余 60');
    submit();
    await waitFor(() => expect(api.bodiesOf('/admin/scan/record')).toHaveLength(1));
    expect(api.bodiesOf('/admin/scan/record')[0].get('quantity')).toBe('60');
  });

  it('asks for a quantity before sending anything', () => {
    const api = installFakeApi({});
    renderForm();
    submit();
    expect(screen.getByRole('alert')).toHaveTextContent('请输入数量');
    expect(api.requests).toHaveLength(0);
  });

  it('asks for the size when only a colour is chosen', async () => {
    const api = installFakeApi({});
    renderForm();
    fireEvent.click(screen.getByTestId('record-3-plus'));
    fireEvent.click(screen.getByTestId('record-3-color'));
    await waitFor(() => expect(document.querySelectorAll('[role=option]')).toHaveLength(2));
    fireEvent.click(document.querySelectorAll('[role=option]')[1]);
    submit();
    expect(screen.getByRole('alert')).toHaveTextContent('请同时选择颜色和尺码');
    expect(api.requests).toHaveLength(0);
  });

  it('shows the server’s reason and sends a new scan id on the next attempt', async () => {
    const api = installFakeApi({ 'POST /admin/scan/record': { status: 409, code: 409, message: '上道工序未完成', data: { errorKey: 'previousProcessNotFinished' } } });
    const onRecorded = renderForm();
    fireEvent.click(screen.getByTestId('record-3-plus'));
    submit();
    expect(await screen.findByRole('alert')).toHaveTextContent('上道工序未完成');
    expect(onRecorded).not.toHaveBeenCalled();
    // The quantity stays for a corrected retry.
    expect(quantityInput().value).toBe('1');
    submit();
    await waitFor(() => expect(api.bodiesOf('/admin/scan/record')).toHaveLength(2));
    const [first, second] = api.bodiesOf('/admin/scan/record');
    expect(second.get('scanId')).not.toBe(first.get('scanId'));
  });

  it('retries with the same scan id after no answer, so the pieces count once', async () => {
    let calls = 0;
    const api = installFakeApi({
      'POST /admin/scan/record': (request) => {
        calls += 1;
        if (calls === 1) throw new AxiosError('timeout of 15000ms exceeded', 'ECONNABORTED', request);
        return { data: resultFor(5) };
      },
    });
    const onRecorded = renderForm();
    fireEvent.click(screen.getByTestId('record-3-rest'));
    submit();
    expect(await screen.findByRole('alert')).toHaveTextContent('请求超时');
    submit();
    await waitFor(() => expect(onRecorded).toHaveBeenCalledTimes(1));
    const [first, second] = api.bodiesOf('/admin/scan/record');
    expect(second.get('scanId')).toBe(first.get('scanId'));
    // A new record afterwards is a new scan.
    fireEvent.click(screen.getByTestId('record-3-plus'));
    submit();
    await waitFor(() => expect(api.bodiesOf('/admin/scan/record')).toHaveLength(3));
    expect(api.bodiesOf('/admin/scan/record')[2].get('scanId')).not.toBe(first.get('scanId'));
  });
});
