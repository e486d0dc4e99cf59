import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { AppRoute } from '../../../config/paths';
import { registerNotifier, type Notice } from '../../../lib/notify';
import { installFakeApi } from '../../../../test-support/fake-api';
import { SystemSettingsPage } from './SystemSettingsPage';

const route = { name: 'SettingIndex', path: '/setting/index', titleKey: 'settingsSystem:routes.index', layout: 'main' } as AppRoute;
const saved = { scanInOrder: true, overProductionPercent: 5, refuseFlaggedOrders: false };

describe('system settings', () => {
  let notices: Notice[];
  beforeEach(() => {
    notices = [];
    registerNotifier((notice) => notices.push(notice));
  });
  afterEach(() => registerNotifier(null));

  it('loads the production rules, sends only what changed and says it saved', async () => {
    const api = installFakeApi({
      'GET /admin/setting/getProductionSetting': { data: saved },
      'POST /admin/setting/updateProductionSetting': (config) => {
        const body = new URLSearchParams(String(config.data));
        return { data: { ...saved, scanInOrder: body.get('scanInOrder') === 'true', overProductionPercent: Number(body.get('overProductionPercent') ?? 5) } };
      },
    });
    render(<SystemSettingsPage route={route} params={{}} />);
    const scanInOrder = await screen.findByRole('switch', { name: '按工序顺序扫描' });
    expect(scanInOrder).toBeChecked();
    expect(screen.getByText(/上道工序未完成/)).toBeInTheDocument();
    expect(screen.getByLabelText('超产容差')).toHaveValue('5 %');

    fireEvent.click(scanInOrder);
    fireEvent.click(screen.getByTestId('settings-save'));
    await waitFor(() => expect(notices).toContainEqual(expect.objectContaining({ severity: 'success', detail: '设置已保存' })));
    const [body] = api.bodiesOf('/admin/setting/updateProductionSetting');
    expect(Object.fromEntries(body)).toEqual({ scanInOrder: 'false' });
    expect(screen.getByRole('switch', { name: '按工序顺序扫描' })).not.toBeChecked();

    // Saving again without changes sends nothing.
    fireEvent.click(screen.getByTestId('settings-save'));
    expect(api.bodiesOf('/admin/setting/updateProductionSetting')).toHaveLength(1);
    expect(notices).toContainEqual(expect.objectContaining({ severity: 'info', detail: '没有需要保存的修改' }));
  });

  it('shows the server’s refusal next to the form', async () => {
    installFakeApi({
      'GET /admin/setting/getProductionSetting': { data: saved },
      'POST /admin/setting/updateProductionSetting': { status: 403, code: 403, message: '您没有此操作的权限', data: { errorKey: 'forbidden' } },
    });
    render(<SystemSettingsPage route={route} params={{}} />);
    fireEvent.click(await screen.findByRole('switch', { name: '拒绝异常单的扫描' }));
    fireEvent.click(screen.getByTestId('settings-save'));
    expect(await screen.findByTestId('settings-server-error')).toHaveTextContent('您没有此操作的权限');
  });

  it('offers a retry when the settings cannot be loaded', async () => {
    installFakeApi({ 'GET /admin/setting/getProductionSetting': { status: 500, code: 500, message: 'boom' } });
    render(<SystemSettingsPage route={route} params={{}} />);
    expect(await screen.findByText('设置加载失败')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '重试' })).toBeInTheDocument();
  });
});
