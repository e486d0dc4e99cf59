import { act, render, screen, waitFor, within } from '@testing-library/react';
import type { BundleDetail } from '@contracts/bundles';
import type { DomainEventEnvelope } from '@contracts/events';
import { CARD_MEDIA_QUERY } from '../../../components/data-list/use-narrow';
import { routeByName } from '../../../config/paths';
import { ApiError } from '../../../lib/http-client';
import { sessionStore } from '../../../lib/session';
import type { RealtimeClient, RoomSubscriptionHandlers } from '../../../lib/socket';
import { BundleTracePage } from './BundleTracePage';

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

function bundle(sewDone = 15): BundleDetail {
  return {
    id: 31,
    code: 'PO202611-0005-007',
    orderId: 5,
    orderNo: 'PO202611-0005',
    bundleNo: 7,
    layId: 4,
    layNo: 2,
    styleCode: 'TS-001',
    styleName: '圆领T恤',
    colorId: 1,
    colorName: '白色',
    sizeId: 11,
    sizeName: 'M',
    quantity: 20,
    rejected: 1,
    atRework: 2,
    processId: 4,
    processName: '质检',
    processDone: 12,
    lastScanAt: '2026-11-20T08:30:00.000Z',
    lastWorkerName: '质检小李',
    finished: false,
    stuck: true,
    steps: [
      { processId: 1, processName: '裁床', qc: false, done: 20, open: 0, atRework: 0, rejected: 0 },
      { processId: 2, processName: '车缝', qc: false, done: sewDone, open: 20 - sewDone, atRework: 0, rejected: 0 },
      { processId: 4, processName: '质检', qc: true, done: 12, open: 0, atRework: 2, rejected: 1 },
      { processId: 5, processName: '包装', qc: false, done: 0, open: 0, atRework: 0, rejected: 0 },
    ],
    trace: [
      { kind: 'scan', at: '2026-11-18T08:00:00.000Z', processId: 1, processName: '裁床', quantity: 20, workerId: 7, workerName: '裁床小王', scanId: 'lay-4-b7-v1' },
      { kind: 'scan', at: '2026-11-19T08:00:00.000Z', processId: 2, processName: '车缝', quantity: 15, workerId: 8, workerName: '车缝阿芳', scanId: 'scan-abc' },
      {
        kind: 'defect',
        at: '2026-11-20T08:30:00.000Z',
        processId: 4,
        processName: '质检',
        quantity: 2,
        workerId: null,
        workerName: null,
        scanId: null,
        defectTypeName: '跳线',
        disposition: 'rework',
        reworkProcessName: '车缝',
        inspectorName: '质检小李',
      },
      { kind: 'chargeBack', at: '2026-11-20T08:30:01.000Z', processId: 2, processName: '车缝', quantity: -2, workerId: 8, workerName: '车缝阿芳', scanId: 'cb-1' },
      {
        kind: 'defect',
        at: '2026-11-20T08:31:00.000Z',
        processId: 4,
        processName: '质检',
        quantity: 1,
        workerId: null,
        workerName: null,
        scanId: null,
        defectTypeName: '破洞',
        disposition: 'reject',
        reworkProcessName: null,
        inspectorName: '质检小李',
      },
      { kind: 'reversal', at: '2026-11-20T09:00:00.000Z', processId: 2, processName: '车缝', quantity: -1, workerId: 8, workerName: '车缝阿芳', scanId: 'rev-1' },
      { kind: 'rework', at: '2026-11-20T10:00:00.000Z', processId: 2, processName: '车缝', quantity: 1, workerId: 9, workerName: '返工老陈', scanId: 'rw-1' },
    ],
    rework: [{ defectId: 3, qcProcessId: 4, reworkProcessId: 2, reworkProcessName: '车缝', defectTypeName: '跳线', quantity: 2, responsibleWorkerName: '车缝阿芳' }],
  };
}

const route = routeByName('Bundle')!;
const event = (payload: { bundleId: number | null; orderId: number; code: string | null }, seq = 1): DomainEventEnvelope =>
  ({ seq, name: 'bundle.changed', rooms: ['order:5'], at: '2026-11-20T11:00:00.000Z', payload }) as DomainEventEnvelope;

describe('bundle trace page', () => {
  beforeEach(() => sessionStore.set({ token: 't', permissions: ['Bundle', 'Cutting'] }));

  it('shows the bundle, its steps, open rework and the whole trace', async () => {
    const { client } = fakeClient();
    render(<BundleTracePage route={route} params={{ code: 'po202611-0005-007' }} options={{ client, fetch: async () => bundle(), refetchMs: 0 }} />);
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('PO202611-0005-007');

    const facts = screen.getByTestId('bundle-facts');
    expect(within(facts).getByRole('link', { name: 'PO202611-0005' })).toHaveAttribute('href', '/cutting/5');
    expect(facts).toHaveTextContent('TS-001 圆领T恤');
    expect(facts).toHaveTextContent('第 2 床 / 7');
    expect(facts).toHaveTextContent('质检 · 12');
    expect(screen.getByTestId('bundle-stuck')).toHaveTextContent('滞留');

    const steps = screen.getByTestId('bundle-steps');
    expect(steps).toHaveAttribute('data-view', 'table');
    expect(within(steps).getByTestId('step-1')).toHaveTextContent('已完成');
    expect(within(steps).getByTestId('step-2')).toHaveTextContent(/待做/);
    expect(within(steps).getByTestId('step-4')).toHaveTextContent(/质检质检返工中12—21/);
    expect(within(steps).getByTestId('step-5')).toHaveTextContent('未到');

    expect(screen.getByTestId('bundle-rework')).toHaveTextContent('2 件回 车缝 返工');
    expect(screen.getByTestId('bundle-rework')).toHaveTextContent('责任人：车缝阿芳');

    // Newest first, each kind told apart.
    const items = within(screen.getByTestId('bundle-timeline')).getAllByRole('listitem');
    expect(items.map((item) => item.getAttribute('data-kind'))).toEqual(['rework', 'reversal', 'defect', 'chargeBack', 'defect', 'scan', 'scan']);
    expect(items[0]).toHaveTextContent('返工');
    expect(items[0]).toHaveTextContent('员工：返工老陈');
    expect(items[1]).toHaveTextContent('更正');
    expect(items[1]).toHaveTextContent('-1');
    expect(items[2]).toHaveTextContent('类型：破洞');
    expect(items[2]).toHaveTextContent('报废');
    // A defect is a count, no sign.
    expect(items[2].querySelector('.bundle-event-quantity')).toHaveTextContent(/^1$/);
    expect(items[3]).toHaveTextContent('扣：车缝阿芳');
    expect(items[4]).toHaveTextContent('类型：跳线');
    expect(items[4]).toHaveTextContent('返工工序：车缝');
    expect(items[4]).toHaveTextContent('质检员：质检小李');
    expect(items[6]).toHaveTextContent('lay-4-b7-v1');
  });

  it('reloads when its order room says this bundle changed, not for other bundles', async () => {
    const { client, subscriptions } = fakeClient();
    let sewDone = 15;
    let loads = 0;
    const fetch = async () => {
      loads += 1;
      return bundle(sewDone);
    };
    render(<BundleTracePage route={route} params={{ code: 'PO202611-0005-007' }} options={{ client, fetch, refetchMs: 0 }} />);
    await screen.findByTestId('bundle-steps');
    await waitFor(() => expect(subscriptions.map((subscription) => subscription.rooms)).toEqual([['order:5']]));
    const { handlers } = subscriptions[0];

    act(() => handlers.onEvent?.(event({ bundleId: 32, orderId: 5, code: 'PO202611-0005-008' })));
    // A scan elsewhere in the order does not touch this bundle either.
    const progressed = { seq: 2, name: 'production.progressed', rooms: ['order:5'], at: '2026-11-20T11:00:00.000Z', payload: { orderId: 5 } } as unknown as DomainEventEnvelope;
    act(() => handlers.onEvent?.(progressed));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(loads).toBe(1);

    sewDone = 20;
    act(() => handlers.onEvent?.(event({ bundleId: 31, orderId: 5, code: 'PO202611-0005-007' }, 3)));
    await waitFor(() => expect(within(screen.getByTestId('step-2')).getByText('20')).toBeInTheDocument());
    expect(loads).toBe(2);

    // A lay change names no bundle: it may have voided this one.
    act(() => handlers.onEvent?.(event({ bundleId: null, orderId: 5, code: null }, 4)));
    await waitFor(() => expect(loads).toBe(3));
  });

  it('shows one card per process on a phone, no table to scroll sideways', async () => {
    const matchMedia = window.matchMedia;
    window.matchMedia = ((query: string) => ({ ...matchMedia(query), matches: query === CARD_MEDIA_QUERY })) as typeof window.matchMedia;
    try {
      const { client } = fakeClient();
      render(<BundleTracePage route={route} params={{ code: 'PO202611-0005-007' }} options={{ client, fetch: async () => bundle(), refetchMs: 0 }} />);
      const steps = await screen.findByTestId('bundle-steps');
      expect(steps).toHaveAttribute('data-view', 'cards');
      expect(screen.queryByRole('table')).not.toBeInTheDocument();
      expect(document.querySelector('.bundle-table-scroll')).toBeNull();
      expect(within(steps).getAllByRole('listitem')).toHaveLength(4);

      const qc = within(steps).getByTestId('step-4');
      expect(qc).toHaveTextContent('质检质检');
      expect(qc).toHaveTextContent('返工中');
      const fact = (label: string) => within(qc).getByText(label, { selector: 'dt' }).nextElementSibling;
      expect(fact('完成')).toHaveTextContent('12');
      expect(fact('待做')).toHaveTextContent('—');
      expect(fact('返工中')?.parentElement).toHaveClass('is-warn');
      expect(fact('报废')).toHaveTextContent('1');
      expect(within(steps).getByTestId('step-5')).toHaveTextContent('未到');
    } finally {
      window.matchMedia = matchMedia;
    }
  });

  it('says when the bundle does not exist', async () => {
    const { client } = fakeClient();
    const fetch = async (): Promise<BundleDetail> => {
      throw new ApiError('菲号不存在', 404, 'api');
    };
    render(<BundleTracePage route={route} params={{ code: 'NOPE-001' }} options={{ client, fetch }} />);
    expect(await screen.findByText('菲号 NOPE-001 不存在')).toBeInTheDocument();
  });
});
