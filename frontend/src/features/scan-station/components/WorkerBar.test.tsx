import { jest } from '@jest/globals';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { StationWorker, WorkerToday } from '@contracts/appraisal';
import { installFakeApi } from '../../../../test-support/fake-api';
import { WorkerBar, type WorkerBarProps } from './WorkerBar';

const QIANG: StationWorker = { id: 7, name: '阿强', username: 'aqiang', departmentName: '裁床组', processIds: [1] };
const FANG: StationWorker = { id: 8, name: '阿芳', username: 'afang', departmentName: null, processIds: [1, 2] };

function renderBar(props: Partial<WorkerBarProps> = {}) {
  const handlers = { onChoose: jest.fn<WorkerBarProps['onChoose']>(), onSignOut: jest.fn(), onDone: jest.fn() };
  const view = render(<WorkerBar worker={null} today={null} processId={1} processName="裁床" {...handlers} {...props} />);
  return { ...handlers, view };
}

describe('the worker bar', () => {
  it('without a worker says the scans are the account’s and offers the pick list', () => {
    renderBar();
    expect(screen.getByTestId('scan-worker-name')).toHaveTextContent('员工： 未指定（记在当前登录账号名下）');
    expect(screen.getByTestId('scan-worker-change')).toHaveTextContent('选择员工');
    expect(screen.queryByTestId('scan-worker-sign-out')).not.toBeInTheDocument();
    expect(screen.queryByTestId('scan-worker-today')).not.toBeInTheDocument();
  });

  it('shows the worker, their department and their day; Sign out clears them', () => {
    const today: WorkerToday = { workerId: 7, workerName: '阿强', day: '2026-11-24', pieces: 140, pay: 56.5, byProcess: [] };
    const { onSignOut, onDone } = renderBar({ worker: QIANG, today });
    expect(screen.getByTestId('scan-worker-name')).toHaveTextContent('员工： 阿强 · 裁床组');
    expect(screen.getByTestId('scan-worker-today')).toHaveTextContent('今日：140 件 · ¥56.50');
    expect(screen.queryByTestId('scan-worker-warning')).not.toBeInTheDocument();
    fireEvent.click(screen.getByTestId('scan-worker-sign-out'));
    expect(onSignOut).toHaveBeenCalledTimes(1);
    expect(onDone).toHaveBeenCalled();
  });

  it('warns when the worker may not execute the process', () => {
    renderBar({ worker: QIANG, processId: 2, processName: '缝制' });
    expect(screen.getByTestId('scan-worker-warning')).toHaveTextContent('阿强 无权执行工序“缝制”：扫描将被拒绝');
  });

  it('Change opens the pick list of the workers allowed at the process; choosing one hands it over', async () => {
    const api = installFakeApi({ 'GET /admin/scan/workers': { data: [QIANG, FANG] } });
    const { onChoose, onDone } = renderBar({ worker: QIANG });
    fireEvent.click(screen.getByTestId('scan-worker-change'));
    await waitFor(() => expect(api.requests.some((request) => request.url === '/admin/scan/workers' && request.params.processId === 1)).toBe(true));
    // The panel's options (the Dropdown also keeps a hidden <select> with <option>s).
    const optionOf = (name: string) => document.querySelector<HTMLElement>(`.p-dropdown-panel li[role=option][aria-label="${name}"]`);
    await waitFor(() => expect(optionOf('阿芳')).not.toBeNull());
    expect(optionOf('阿强')).not.toBeNull();
    fireEvent.click(optionOf('阿芳')!);
    await waitFor(() => expect(onChoose).toHaveBeenCalledWith(FANG));
    expect(onDone).toHaveBeenCalled();
    await waitFor(() => expect(screen.getByTestId('scan-worker-change')).toBeInTheDocument());
  });

  it('needs a process before the pick list', () => {
    renderBar({ processId: null });
    expect(screen.getByTestId('scan-worker-change')).toBeDisabled();
  });
});
