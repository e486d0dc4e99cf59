import { jest } from '@jest/globals';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { AppraisalReport, AppraisalRow, PayrollReport } from '@contracts/appraisal';
import type { DomainEventEnvelope } from '@contracts/events';
import { installFakeApi } from '../../../../test-support/fake-api';
import { sessionStore } from '../../../lib/session';
import type { RealtimeClient, RoomSubscriptionHandlers } from '../../../lib/socket';
import { currentMonth, monthRange, shiftMonth, toAppraisalParams, type AppraisalQuery, type PayrollQuery } from '../model/appraisal-query';
import { PerformanceAppraisalPage } from './PerformanceAppraisalPage';

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

const progressed = (seq: number): DomainEventEnvelope =>
  ({ seq, name: 'production.progressed', rooms: ['statistics'], at: '2026-11-24T08:00:00.000Z', payload: {} }) as unknown as DomainEventEnvelope;

const row = (over: Partial<AppraisalRow>): AppraisalRow => ({
  workerId: 5,
  workerName: '张强',
  departmentId: 1,
  departmentName: '裁剪车间',
  processId: 1,
  processName: '裁剪',
  stepId: null,
  stepName: null,
  day: '2026-11-03',
  pieces: 120,
  pieceRate: 0.35,
  pay: 42,
  ...over,
});

// 120 × 0.35 = 42.00; the second row's scans were at 0.30 and 0.35 (30 + 15 pieces): 9.00 + 5.25 = 14.25.
const details: AppraisalReport = {
  rows: [row({}), row({ stepId: 4, stepName: '拉布', day: '2026-11-04', pieces: 45, pieceRate: null, pay: 14.25 }), row({ workerId: 6, workerName: '李娜', processId: 2, processName: '车缝', pieces: 10, pieceRate: 0.125, pay: 1.25 })],
  total: 3,
  page: 1,
  pageSize: 100,
  totals: { pieces: 175, pay: 57.5 },
  byWorker: [
    { key: 5, label: '张强', pieces: 165, pay: 56.25 },
    { key: 6, label: '李娜', pieces: 10, pay: 1.25 },
  ],
  byProcess: [
    { key: 1, label: '裁剪', pieces: 165, pay: 56.25 },
    { key: 2, label: '车缝', pieces: 10, pay: 1.25 },
  ],
  byDay: [
    { key: '2026-11-03', label: '2026-11-03', pieces: 130, pay: 43.25 },
    { key: '2026-11-04', label: '2026-11-04', pieces: 45, pay: 14.25 },
  ],
};

const payroll = (month: string, pay = 1234.5): PayrollReport => ({
  month,
  lines: [
    { workerId: 5, workerName: '张强', username: 'cutting', departmentName: '裁剪车间', pieces: 2000, pay: pay - 100 },
    { workerId: 6, workerName: '李娜', username: 'sewing', departmentName: null, pieces: 300, pay: 100 },
  ],
  totals: { pieces: 2300, pay },
});

beforeEach(() => {
  window.sessionStorage.clear();
  window.localStorage.clear();
  sessionStore.set({ token: 't', permissions: ['PerformanceAppraisalDetails'] });
  installFakeApi({
    'GET /admin/user/options': { data: [{ id: 5, code: 'cutting', name: '张强' }] },
    'GET /admin/department/options': { data: [] },
    'GET /admin/process/options': { data: [] },
  });
});

afterEach(() => jest.useRealTimers());

describe('performance appraisal — details', () => {
  it('shows rows with pieces, rate and pay (money with two decimals), mixed rates as —, and the sums', async () => {
    const { client, subscriptions } = fakeClient();
    const fetchDetails = jest.fn(async (_query: AppraisalQuery) => details);
    render(<PerformanceAppraisalPage client={client} fetchDetails={fetchDetails} />);
    const first = (await screen.findByTestId('appraisal-pay-5-1-0-2026-11-03')).closest('tr')!;
    expect(subscriptions[0].rooms).toEqual(['statistics']);
    expect(within(first).getByText('0.35')).toBeInTheDocument();
    expect(within(first).getByTestId('appraisal-pieces-5-1-0-2026-11-03')).toHaveTextContent('120');
    expect(within(first).getByTestId('appraisal-pay-5-1-0-2026-11-03')).toHaveTextContent('42.00');
    const mixed = screen.getByTestId('appraisal-pay-5-1-4-2026-11-04').closest('tr')!;
    expect(within(mixed).getByTitle('不同单价（按各次扫描的单价计算工资）')).toHaveTextContent('—');
    expect(within(mixed).getByText('拉布')).toBeInTheDocument();
    // A rate of 0.125 is shown as set, not rounded to cents.
    expect(within(screen.getByTestId('appraisal-pay-6-2-0-2026-11-03').closest('tr')!).getByText('0.125')).toBeInTheDocument();
    expect(screen.getByTestId('appraisal-total-pieces')).toHaveTextContent('175');
    expect(screen.getByTestId('appraisal-total-pay')).toHaveTextContent('57.50');
    expect(screen.getByTestId('appraisal-by-worker-pay-5')).toHaveTextContent('56.25');
    expect(screen.getByTestId('appraisal-by-process-pieces-2')).toHaveTextContent('10');
    expect(screen.getByTestId('appraisal-by-day-pay-2026-11-04')).toHaveTextContent('14.25');
  });

  it('asks for this month by default, sends the chosen range, and does not send a range the server refuses', async () => {
    const { client } = fakeClient();
    const sent: Record<string, unknown>[] = [];
    installFakeApi({
      'GET /admin/user/options': { data: [] },
      'GET /admin/department/options': { data: [] },
      'GET /admin/process/options': { data: [] },
      'GET /admin/statistics/appraisal': (request) => {
        sent.push({ ...(request.params as Record<string, unknown>) });
        return { data: details };
      },
    });
    render(<PerformanceAppraisalPage client={client} />);
    await screen.findByTestId('appraisal-total-pay');
    expect(sent[0]).toEqual({ page: 1, pageSize: 100, ...monthRange() });

    const type = (name: string, value: string) => {
      const field = screen.getByRole('textbox', { name });
      fireEvent.focus(field);
      fireEvent.change(field, { target: { value } });
      fireEvent.blur(field);
    };
    const { to } = monthRange();
    type('日期范围 从', '2026-01-01');
    type('日期范围 至', '2026-01-31');
    await waitFor(() => expect(sent.at(-1)).toEqual({ page: 1, pageSize: 100, from: '2026-01-01', to: '2026-01-31' }));
    expect(to).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    // 1 Jan – 3 Apr is 93 days: over the contract's 92, so nothing is sent and the page says why.
    const before = sent.length;
    type('日期范围 至', '2026-04-03');
    expect(await screen.findByTestId('appraisal-range-problem')).toHaveTextContent('日期范围最多 92 天');
    expect(screen.getByTestId('appraisal-total-pay')).toHaveTextContent('…');
    type('日期范围 至', '2026-04-02');
    await waitFor(() => expect(sent.at(-1)).toEqual({ page: 1, pageSize: 100, from: '2026-01-01', to: '2026-04-02' }));
    expect(sent.length).toBe(before + 1);
  });

  it('sends worker, department and process by the contract’s names, ids only', () => {
    expect(toAppraisalParams({ page: 2, pageSize: 500, filters: { workerId: '5', departmentId: 'x', processId: '3', from: '2026-11-01', to: '2026-11-30' } })).toEqual({
      page: 2,
      pageSize: 500,
      workerId: '5',
      processId: '3',
      from: '2026-11-01',
      to: '2026-11-30',
    });
  });
});

describe('performance appraisal — month (payroll)', () => {
  it('lists the month’s workers with a total row, changes month by typing or arrows, and exports that month', async () => {
    const { client } = fakeClient();
    const fetchPayroll = jest.fn(async (query: PayrollQuery) => payroll(query.month));
    const api = installFakeApi({ 'GET /admin/department/options': { data: [] }, 'GET /admin/statistics/payroll/export': { data: null } });
    render(<PerformanceAppraisalPage client={client} fetchDetails={async () => details} fetchPayroll={fetchPayroll} />);
    fireEvent.click(screen.getByRole('tab', { name: '月度工资（计件工资）' }));
    await screen.findByTestId('payroll-total-pay');
    expect(fetchPayroll.mock.calls[0][0]).toEqual({ month: currentMonth(), departmentId: '' });
    expect(screen.getByTestId('payroll-pay-5')).toHaveTextContent('1,134.50');
    expect(screen.getByTestId('payroll-total-pieces')).toHaveTextContent('2,300');
    expect(screen.getByTestId('payroll-total-pay')).toHaveTextContent('1,234.50');

    const month = screen.getByRole('textbox', { name: '月份' });
    fireEvent.change(month, { target: { value: '2026/9' } });
    fireEvent.keyDown(month, { key: 'Enter' });
    await waitFor(() => expect(fetchPayroll.mock.calls.at(-1)![0]).toEqual({ month: '2026-09', departmentId: '' }));
    fireEvent.keyDown(month, { key: 'ArrowUp' });
    await waitFor(() => expect(fetchPayroll.mock.calls.at(-1)![0].month).toBe('2026-10'));
    expect(shiftMonth('2026-12', 1)).toBe('2027-01');

    fireEvent.change(month, { target: { value: '2026-13' } });
    fireEvent.blur(month);
    expect(await screen.findByRole('alert')).toHaveTextContent('请按 YYYY-MM 输入月份');

    URL.createObjectURL = jest.fn(() => 'blob:payroll');
    URL.revokeObjectURL = jest.fn();
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    fireEvent.click(screen.getByRole('button', { name: '导出 Excel' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const exported = api.requests.find((request) => request.url === '/admin/statistics/payroll/export')!;
    expect(exported.params).toEqual({ month: '2026-10' });
    click.mockRestore();
  });

  it('refetches the month on production.progressed at most once a second under a burst', async () => {
    jest.useFakeTimers();
    const { client, subscriptions } = fakeClient();
    let pay = 100;
    const fetchPayroll = jest.fn(async (query: PayrollQuery, _signal?: AbortSignal, _quiet?: boolean) => payroll(query.month, pay));
    render(<PerformanceAppraisalPage client={client} fetchDetails={async () => details} fetchPayroll={fetchPayroll} refetchMs={1000} />);
    fireEvent.click(screen.getByRole('tab', { name: '月度工资（计件工资）' }));
    await act(() => jest.advanceTimersByTimeAsync(0));
    expect(fetchPayroll).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('payroll-total-pay')).toHaveTextContent('100.00');
    const live = subscriptions.at(-1)!;
    pay = 142.35;
    await act(async () => {
      for (let seq = 1; seq <= 40; seq += 1) live.handlers.onEvent(progressed(seq));
    });
    await act(() => jest.advanceTimersByTimeAsync(999));
    expect(fetchPayroll).toHaveBeenCalledTimes(1);
    await act(() => jest.advanceTimersByTimeAsync(1));
    expect(fetchPayroll).toHaveBeenCalledTimes(2);
    expect(fetchPayroll.mock.calls[1][2]).toBe(true);
    expect(screen.getByTestId('payroll-total-pay')).toHaveTextContent('142.35');
  });
});
