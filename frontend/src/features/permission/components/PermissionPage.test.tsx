import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { RoleRecord } from '@contracts/users';
import { installFakeApi, type FakeRoutes } from '../../../../test-support/fake-api';
import { sessionStore } from '../../../lib/session';
import { buildRouteCatalogue } from '../api/route-catalogue';
import { PermissionPage } from './PermissionPage';

const role = (id: number, name: string, permissions: string[], userCount = 0): RoleRecord => ({
  id,
  version: 1,
  name,
  description: '',
  permissions,
  userCount,
  createdAt: '2026-11-24T00:00:00.000Z',
  updatedAt: '2026-11-24T00:00:00.000Z',
});

const merchandiser = role(1, '跟单员 Merchandiser', ['Home', 'SaleOrder', 'Goods', 'Customer'], 1);
const floorLead = role(2, '车间组长 Floor lead', ['Home', 'Scan', 'Schedule'], 2);
const lin = {
  id: 7,
  version: 3,
  username: 'merchandiser',
  nickname: '林伟',
  departmentLabel: null,
  enabled: true,
  permissions: ['Color'],
  processIds: [],
  attachmentProcessIds: [],
  roleIds: [1],
  effectivePermissions: ['Color', 'Customer', 'Goods', 'Home', 'SaleOrder'],
};

function fakeBackend(extra: FakeRoutes = {}) {
  return installFakeApi({
    'GET /admin/setting/getRouteCatalogue': { data: buildRouteCatalogue() },
    'GET /admin/role/list': { data: [merchandiser, floorLead] },
    'GET /admin/process/options': { data: [] },
    'GET /admin/user/list': { data: { list: [lin], total: 1, page: 1, pageSize: 500 } },
    'GET /admin/user/detail': { data: lin },
    ...extra,
  });
}

/** A tree node's checkbox row by its label ("商品"). */
const treeNode = (label: string) => screen.getAllByText(label, { selector: '.p-treenode-label' })[0].closest('.p-treenode-content') as HTMLElement;

beforeEach(() => {
  sessionStore.set({ token: 't', permissions: ['Home', 'Permission'] });
});

describe('permission screen: roles', () => {
  it('creates a role with a name and ticked screens', async () => {
    const api = fakeBackend({ 'POST /admin/role/create': { data: role(3, '质检 QC', ['Goods']) } });
    render(<PermissionPage />);
    fireEvent.click(screen.getByRole('tab', { name: /角色/ }));
    expect(await screen.findByText('跟单员 Merchandiser')).toBeInTheDocument();
    expect(screen.getByText('2 个用户 · 3 个页面')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: '新建角色' }));
    const name = await screen.findByLabelText('角色名称 *');
    // Saving without a name says so next to the field, without a request.
    fireEvent.click(screen.getByRole('button', { name: '保存角色' }));
    expect(await screen.findByText('角色名称不能为空')).toBeInTheDocument();
    expect(api.bodiesOf('/admin/role/create')).toHaveLength(0);

    fireEvent.change(name, { target: { value: '  质检 QC ' } });
    fireEvent.click(treeNode('商品'));
    fireEvent.click(screen.getByRole('button', { name: '保存角色' }));
    await waitFor(() => expect(api.bodiesOf('/admin/role/create')).toHaveLength(1));
    const body = api.bodiesOf('/admin/role/create')[0];
    expect(body.get('name')).toBe('质检 QC');
    expect(body.get('permissions')).toBe('Goods');
  });

  it('shows the server’s duplicate-name refusal at the name field', async () => {
    fakeBackend({
      'POST /admin/role/update': { status: 409, message: '角色名称已存在', data: { errorKey: 'alreadyExists', field: 'name' } },
    });
    render(<PermissionPage />);
    fireEvent.click(screen.getByRole('tab', { name: /角色/ }));
    fireEvent.click(await screen.findByText('车间组长 Floor lead'));
    const name = await screen.findByLabelText('角色名称 *');
    expect(name).toHaveValue('车间组长 Floor lead');
    fireEvent.change(name, { target: { value: '跟单员 merchandiser' } });
    fireEvent.click(screen.getByRole('button', { name: '保存角色' }));
    expect(await screen.findByText('角色名称已存在')).toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('permission screen: a user’s roles and extra pages', () => {
  it('shows the effective screens as the union and saves roles with extra pages', async () => {
    const api = fakeBackend({ 'POST /admin/user/updatePermission': { data: { ...lin, version: 4, roleIds: [1, 2] } } });
    render(<PermissionPage />);
    fireEvent.click(await screen.findByText('林伟'));
    await screen.findByTestId('permission-form');
    const effective = screen.getByTestId('permission-effective');
    expect(within(effective).getByText('实际可用页面（5）')).toBeInTheDocument();
    expect(within(effective).getByText('销售订单')).toBeInTheDocument();
    expect(within(effective).queryByText('扫描报工')).not.toBeInTheDocument();

    const floor = screen.getByLabelText(/车间组长 Floor lead/);
    expect(screen.getByLabelText(/跟单员 Merchandiser/)).toBeChecked();
    expect(floor).not.toBeChecked();
    fireEvent.click(floor);
    await waitFor(() => expect(within(effective).getByText('实际可用页面（7）')).toBeInTheDocument());

    fireEvent.click(screen.getByRole('button', { name: '保存权限' }));
    await waitFor(() => expect(api.bodiesOf('/admin/user/updatePermission')).toHaveLength(1));
    const body = api.bodiesOf('/admin/user/updatePermission')[0];
    expect(body.get('roleIds')).toBe('1,2');
    expect(body.get('permissions')).toBe('Color');
    expect(body.get('version')).toBe('3');
  });
});
