import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { SPECIAL_MASTER_DATA } from '@contracts/master-data';
import { installFakeApi } from '../../../../test-support/fake-api';
import { sessionStore } from '../../../lib/session';
import { listStateKey } from '../model/list-state';
import { MasterDataList } from './MasterDataListPage';

const row = { id: 1, version: 1, code: 'STY-1', name: '圆领衫', category: 4, categoryLabel: '针织衫', sizeGroup: 2, sizeGroupLabel: '常规码', costPrice: '10.00', salesPrice: '89.00', image: 'img-1', unitGroup: null, unitGroupLabel: null };

beforeEach(() => {
  window.sessionStorage.clear();
  sessionStore.set({ token: 't', permissions: ['Goods'] });
});

describe('generic list', () => {
  it('shows columns from the definition, reference labels, thumbnails and a filter row', async () => {
    const api = installFakeApi({
      'GET /admin/goods/list': { data: { list: [row], total: 1, page: 1, pageSize: 20 } },
      'GET /admin/category/options': { data: [{ id: 4, code: 'C', name: '针织衫' }] },
      'GET /admin/unitGroup/options': { data: [] },
      'GET /admin/size/options': { data: [] },
    });
    render(<MasterDataList definition={SPECIAL_MASTER_DATA.goods} />);
    expect(await screen.findByText('圆领衫')).toBeInTheDocument();
    for (const header of ['款号', '品名', '类别', '尺码组', '成本价', '销售价', '图片']) expect(screen.getAllByText(header).length).toBeGreaterThan(0);
    expect(screen.getByText('针织衫')).toBeInTheDocument();
    expect(screen.getByText('89.00')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: '图片' })).toHaveAttribute('src', '/api/admin/upload/image/img-1/thumbnail');
    expect(screen.getByLabelText('筛选: 款号')).toBeInTheDocument();
    expect(api.requests.find((request) => request.url === '/admin/goods/list')?.params).toEqual({ page: 1, pageSize: 20, sortField: 'code', sortOrder: 'asc' });
    expect(screen.getByRole('button', { name: '新增' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '编辑 圆领衫' })).toBeInTheDocument();
    // Delete and the rest sit in the row's menu.
    expect(screen.getByRole('button', { name: '圆领衫 的操作' })).toBeInTheDocument();
  });

  it('filters on the server and remembers the filter for the session', async () => {
    const api = installFakeApi({
      'GET /admin/goods/list': { data: { list: [row], total: 1, page: 1, pageSize: 20 } },
      'GET /admin/category/options': { data: [] },
      'GET /admin/unitGroup/options': { data: [] },
      'GET /admin/size/options': { data: [] },
    });
    render(<MasterDataList definition={SPECIAL_MASTER_DATA.goods} />);
    await screen.findByText('圆领衫');
    fireEvent.change(screen.getByLabelText('筛选: 款号'), { target: { value: 'STY' } });
    await waitFor(() => expect(api.requests.some((request) => (request.params as Record<string, unknown>)?.['filter.code'] === 'STY')).toBe(true));
    expect(JSON.parse(window.sessionStorage.getItem(listStateKey('goods')) ?? '{}')).toMatchObject({ filters: { code: 'STY' }, page: 1 });
  });

  it('offers no writing to a read-only entity', async () => {
    installFakeApi({ 'GET /admin/ordertype/list': { data: { list: [{ id: 1, version: 1, code: 'SO', name: '销售订单' }], total: 1, page: 1, pageSize: 20 } } });
    sessionStore.set({ token: 't', permissions: ['OrderType'] });
    const { MASTER_DATA } = await import('@contracts/master-data');
    render(<MasterDataList definition={MASTER_DATA.ordertype} />);
    await screen.findByText('销售订单');
    expect(screen.queryByRole('button', { name: '新增' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /的操作$/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^编辑/ })).not.toBeInTheDocument();
  });
});
