import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { registerNotifier, type Notice } from '../../../lib/notify';
import { installFakeApi } from '../../../../test-support/fake-api';
import type { AppRoute } from '../../../config/paths';
import { ClearDataPage } from './ClearDataPage';

const route = { name: 'ClearData', path: '/setting/clearData', titleKey: 'clearData:routes.index', layout: 'main' } as AppRoute;

describe('clear data page', () => {
  let notices: Notice[];
  beforeEach(() => {
    notices = [];
    registerNotifier((notice) => notices.push(notice));
  });
  afterEach(() => registerNotifier(null));

  it('enables clear all only once the system title (either language) is typed, then shows what was removed', async () => {
    const api = installFakeApi({
      'GET /admin/setting/getSystemTitle': (config) => ({ data: config.params?.lang === 'en' ? 'Order Tracking System' : '订单跟踪系统' }),
      'POST /admin/setting/clearAll': { data: { saleOrders: 2, productionOrders: 3, scans: 40, events: 90 } },
    });
    render(<ClearDataPage route={route} params={{}} />);
    const field = await screen.findByLabelText('系统名称');
    const button = screen.getByRole('button', { name: '清空全部业务数据' });
    await screen.findByText(/请输入系统名称「订单跟踪系统」以确认/);
    expect(button).toBeDisabled();
    fireEvent.change(field, { target: { value: '订单跟踪' } });
    expect(button).toBeDisabled();
    fireEvent.change(field, { target: { value: 'Order Tracking System' } });
    expect(button).toBeEnabled();
    fireEvent.click(button);
    await waitFor(() => expect(notices).toContainEqual(expect.objectContaining({ severity: 'success' })));
    expect(await screen.findByTestId('clear-all-result')).toHaveTextContent('生产单 3 个');
    expect(Object.fromEntries(api.bodiesOf('/admin/setting/clearAll')[0])).toEqual({ confirmTitle: 'Order Tracking System' });
  });

  it('previews the documents to clear before offering to delete them', async () => {
    installFakeApi({
      'GET /admin/setting/getSystemTitle': { data: '订单跟踪系统' },
      'GET /admin/setting/clearDocuments/preview': { data: { orders: 4, files: 4, bytes: 3 * 1024 * 1024 } },
    });
    render(<ClearDataPage route={route} params={{}} />);
    fireEvent.click(await screen.findByRole('button', { name: '预览' }));
    expect(await screen.findByTestId('clear-documents-preview')).toHaveTextContent('将删除 4 个订单的 4 个文件，共 3.0 MB');
    expect(screen.getByRole('button', { name: '删除这些文件' })).toBeEnabled();
  });
});
