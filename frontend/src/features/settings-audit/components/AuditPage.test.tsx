import { jest } from '@jest/globals';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import type { AuditEntry } from '@contracts/audit';
import { installFakeApi } from '../../../../test-support/fake-api';
import { CARD_MEDIA_QUERY } from '../../../components/data-list/use-narrow';
import { sessionStore } from '../../../lib/session';
import { AuditPage } from './AuditPage';

const entry = (id: number, extra: Partial<AuditEntry>): AuditEntry => ({
  id,
  at: '2026-03-02T08:15:30.000Z',
  actorUserId: 1,
  actorUsername: 'admin',
  actorName: '系统管理员',
  action: 'record.delete',
  targetType: 'color',
  targetId: '12',
  targetLabel: 'record.delete',
  ip: '192.168.1.20',
  userAgent: 'Chrome',
  result: 'success',
  detail: {},
  ...extra,
});

const ROWS = [
  entry(9, { action: 'order.hide', targetType: 'productionOrder', targetId: '3,4' }),
  entry(8, { result: 'failure', detail: { error: 'in use' } }),
  entry(7, { action: 'login', actorUserId: null, actorUsername: '', actorName: '', targetType: 'user', targetId: null, targetLabel: 'ghost', result: 'refused', ip: '10.0.0.9' }),
];

/** `total.value` entries (the same three rows on every page that exists, none past the last). */
function fakeApi(count = 3) {
  const total = { value: count };
  const api = installFakeApi({
    'GET /admin/setting/audit': (config) => {
      const { page, pageSize } = config.params as { page: number; pageSize: number };
      return { data: { list: (page - 1) * pageSize < total.value ? ROWS : [], total: total.value, page, pageSize } };
    },
    'GET /admin/setting/audit/users': { data: [{ id: 1, username: 'admin', name: '系统管理员' }, { id: 5, username: 'clerk', name: '录入员' }] },
    'GET /admin/setting/audit/export': { data: null },
  });
  return { ...api, total };
}

const listRequests = (api: ReturnType<typeof fakeApi>) => api.requests.filter((request) => request.url === '/admin/setting/audit');
const filterOf = (label: string) => screen.getByText(label, { selector: '.order-filter-label' }).closest<HTMLElement>('.order-filter')!;
const optionOf = (name: string) => document.querySelector<HTMLElement>(`.p-dropdown-panel li[role=option][aria-label="${name}"]`);

beforeEach(() => {
  window.sessionStorage.clear();
  window.localStorage.clear();
  sessionStore.set({ token: 't', permissions: ['SettingAudit'] });
});
afterEach(() => act(() => void i18next.changeLanguage('zh-CN')));

describe('audit trail screen', () => {
  it('lists who did what to which record, when, from where and how it ended, in Chinese', async () => {
    const api = fakeApi();
    render(<AuditPage />);
    expect(await screen.findByTestId('audit-action-9')).toHaveTextContent('隐藏生产单');
    expect(screen.getByTestId('audit-target-9')).toHaveTextContent('生产单 #3,4');
    expect(screen.getByTestId('audit-user-9')).toHaveTextContent('系统管理员 (admin)');
    expect(screen.getByTestId('audit-action-8')).toHaveTextContent('删除记录');
    expect(screen.getByTestId('audit-target-8')).toHaveTextContent('颜色 #12');
    expect(screen.getByTestId('audit-result-8')).toHaveTextContent('失败');
    expect(screen.getByTestId('audit-result-9')).toHaveTextContent('成功');
    // An anonymous sign-in attempt: no actor, the name that was tried.
    expect(screen.getByTestId('audit-user-7')).toHaveTextContent('（未登录）');
    expect(screen.getByTestId('audit-target-7')).toHaveTextContent('用户 ghost');
    expect(screen.getByTestId('audit-result-7')).toHaveTextContent('被拒绝');
    expect(screen.getAllByText('192.168.1.20').length).toBeGreaterThan(0);
    expect(screen.getByText('10.0.0.9')).toBeInTheDocument();
    expect(screen.getByTestId('audit-total')).toHaveTextContent('共 3 条');
    expect(listRequests(api)[0].params).toEqual({ page: 1, pageSize: 20 });
  });

  it('shows the action names in English too', async () => {
    act(() => void i18next.changeLanguage('en'));
    fakeApi();
    render(<AuditPage />);
    expect(await screen.findByTestId('audit-action-9')).toHaveTextContent('Orders hidden');
    expect(screen.getByTestId('audit-target-8')).toHaveTextContent('Colour #12');
    expect(screen.getByTestId('audit-result-8')).toHaveTextContent('Failed');
    expect(screen.getByRole('heading', { name: 'Audit trail' })).toBeInTheDocument();
  });

  it('filters by user and action, pages, and exports what it lists', async () => {
    const createObjectURL = jest.fn(() => 'blob:x');
    Object.assign(URL, { createObjectURL, revokeObjectURL: jest.fn() });
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const api = fakeApi(45);
    render(<AuditPage />);
    await screen.findByTestId('audit-action-9');

    fireEvent.click(within(screen.getByTestId('audit-filter-user')).getByRole('combobox'));
    await waitFor(() => expect(optionOf('录入员 (clerk)')).not.toBeNull());
    fireEvent.click(optionOf('录入员 (clerk)')!);
    await waitFor(() => expect(listRequests(api).at(-1)!.params).toEqual({ page: 1, pageSize: 20, userId: '5' }));

    fireEvent.click(within(filterOf('操作')).getByRole('combobox'));
    await waitFor(() => expect(optionOf('隐藏生产单')).not.toBeNull());
    fireEvent.click(optionOf('隐藏生产单')!);
    await waitFor(() => expect(listRequests(api).at(-1)!.params).toEqual({ page: 1, pageSize: 20, userId: '5', action: 'order.hide' }));

    fireEvent.click(await screen.findByRole('button', { name: /next page|下一页/i }));
    await waitFor(() => expect(listRequests(api).at(-1)!.params).toMatchObject({ page: 2, action: 'order.hide' }));

    fireEvent.click(screen.getByRole('button', { name: '导出 Excel' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    click.mockRestore();
    const exported = api.requests.find((request) => request.url === '/admin/setting/audit/export')!;
    expect(exported.params).toEqual({ userId: '5', action: 'order.hide' });

    // Clearing the filters lists everything again from page 1.
    fireEvent.click(screen.getByRole('button', { name: '清除筛选' }));
    await waitFor(() => expect(listRequests(api).at(-1)!.params).toEqual({ page: 1, pageSize: 20 }));
  });

  it('keeps its filters and page for the session like the other lists, and steps back from a page that is gone', async () => {
    const api = fakeApi(45);
    const first = render(<AuditPage />);
    await screen.findByTestId('audit-action-9');
    fireEvent.click(within(filterOf('结果')).getByRole('combobox'));
    await waitFor(() => expect(optionOf('失败')).not.toBeNull());
    fireEvent.click(optionOf('失败')!);
    await waitFor(() => expect(listRequests(api).at(-1)!.params).toEqual({ page: 1, pageSize: 20, result: 'failure' }));
    fireEvent.click(await screen.findByRole('button', { name: /last page|最后一页|末页/i }));
    await waitFor(() => expect(listRequests(api).at(-1)!.params).toEqual({ page: 3, pageSize: 20, result: 'failure' }));
    first.unmount();

    // Back on the screen after retention removed entries: page 3 no longer exists.
    api.total.value = 25;
    const before = listRequests(api).length;
    render(<AuditPage />);
    await waitFor(() => expect(listRequests(api).slice(before).map((request) => request.params)).toEqual([
      { page: 3, pageSize: 20, result: 'failure' },
      { page: 2, pageSize: 20, result: 'failure' },
    ]));
    expect(await screen.findByTestId('audit-action-9')).toBeInTheDocument();
    expect(within(filterOf('结果')).getByRole('combobox')).toHaveTextContent('失败');
  });

  it('shows why an action failed, in the table and on the phone cards', async () => {
    fakeApi();
    const { unmount } = render(<AuditPage />);
    expect(await screen.findByTestId('audit-failure-8')).toHaveTextContent('in use');
    expect(screen.getByTestId('audit-table')).toHaveAttribute('data-view', 'table');
    // Only failures carry one; a refusal or a success has none.
    expect(screen.queryByTestId('audit-failure-9')).toBeNull();
    expect(screen.queryByTestId('audit-failure-7')).toBeNull();
    unmount();

    const matchMedia = window.matchMedia;
    window.matchMedia = ((query: string) => ({ ...matchMedia(query), matches: query === CARD_MEDIA_QUERY })) as typeof window.matchMedia;
    try {
      render(<AuditPage />);
      const card = await screen.findByTestId('card-8');
      expect(screen.getByTestId('audit-table')).toHaveAttribute('data-view', 'cards');
      expect(within(card).getByTestId('audit-failure-8')).toHaveTextContent('in use');
      expect(within(screen.getByTestId('card-9')).queryByTestId('audit-failure-9')).toBeNull();
    } finally {
      window.matchMedia = matchMedia;
    }
  });
});
