import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { REFRESH_TYPES, type DashboardSettingsView } from '@contracts/api';
import { REFRESH_MODES } from '../../../lib/board-vocabulary';
import { registerNotifier, type Notice } from '../../../lib/notify';
import { installFakeApi } from '../../../../test-support/fake-api';
import { DashboardSettingsPage } from './DashboardSettingsPage';

const stored = (refreshType: number): DashboardSettingsView => ({
  refreshType,
  refreshInterval: 10,
  completedVisibleDays: 3,
  displayMode: 'delivery',
  sortBy: 'deliveryAsc',
  boardKeyEnabled: true,
  density: 'default',
  processIds: [],
  customerIds: [],
  boardKey: 'k'.repeat(24),
});

describe('board settings: refresh type', () => {
  let notices: Notice[];
  beforeEach(() => {
    notices = [];
    registerNotifier((notice) => notices.push(notice));
  });
  afterEach(() => registerNotifier(null));

  function backend(refreshType: number) {
    return installFakeApi({
      'GET /admin/setting/getDashboardSetting': { data: stored(refreshType) },
      'GET /admin/process/options': { data: [] },
      'GET /admin/customer/options': { data: [] },
      'GET /admin/boardProfile/list': { data: [] },
      'GET /admin/boardProfile/devices': { data: [] },
      'POST /admin/setting/updateDashboardSetting': (config) => {
        const body = new URLSearchParams(String(config.data));
        return { data: { ...stored(Number(body.get('refreshType'))), refreshInterval: Number(body.get('refreshInterval')) } };
      },
    });
  }

  it('offers exactly the three values the server accepts, one per board', async () => {
    backend(1);
    render(<DashboardSettingsPage />);
    await screen.findByText('滚动刷新');
    const radios = screen.getAllByRole('radio').filter((radio) => radio.getAttribute('name') === 'refreshType');
    expect(radios.map((radio) => radio.id)).toEqual(['refresh-type-whole', 'refresh-type-scroll', 'refresh-type-drop']);
    // …and each sends one of the values the server accepts.
    expect(REFRESH_MODES.map((option) => option.value)).toEqual([...REFRESH_TYPES]);
    expect(radios.map((radio) => (radio as HTMLInputElement).checked)).toEqual([false, true, false]);
  });

  it('sends 2 for a drop-down board stored under an older "other" value (7), which the server now refuses', async () => {
    const api = backend(7);
    render(<DashboardSettingsPage />);
    await screen.findByText('下拉刷新');
    const interval = screen.getByLabelText('刷新间隔');
    fireEvent.change(interval, { target: { value: '20' } });
    fireEvent.blur(interval);
    fireEvent.submit(screen.getByRole('form'));
    await waitFor(() => expect(api.bodiesOf('/admin/setting/updateDashboardSetting')).toHaveLength(1));
    expect(api.bodiesOf('/admin/setting/updateDashboardSetting')[0].get('refreshType')).toBe('2');
  });

  it('refuses an emptied refresh interval with a message under the field, and sends nothing', async () => {
    const api = backend(0);
    render(<DashboardSettingsPage />);
    const interval = await screen.findByLabelText('刷新间隔');
    fireEvent.focus(interval);
    fireEvent.change(interval, { target: { value: '' } });
    fireEvent.blur(interval);
    fireEvent.submit(screen.getByRole('form'));
    expect(await screen.findByTestId('refreshInterval-required')).toHaveTextContent('请填写刷新间隔（秒）');
    expect(interval).toHaveAttribute('aria-invalid', 'true');
    expect(interval).toHaveFocus();
    expect(api.bodiesOf('/admin/setting/updateDashboardSetting')).toHaveLength(0);

    // A value again: the message goes and the form saves it.
    fireEvent.change(interval, { target: { value: '15' } });
    expect(screen.queryByTestId('refreshInterval-required')).toBeNull();
    fireEvent.submit(screen.getByRole('form'));
    await waitFor(() => expect(api.bodiesOf('/admin/setting/updateDashboardSetting')).toHaveLength(1));
    expect(api.bodiesOf('/admin/setting/updateDashboardSetting')[0].get('refreshInterval')).toBe('15');
  });

  it('says so in English too', async () => {
    act(() => void i18next.changeLanguage('en'));
    try {
      backend(0);
      render(<DashboardSettingsPage />);
      const interval = await screen.findByLabelText('Refresh interval');
      fireEvent.change(interval, { target: { value: '' } });
      fireEvent.submit(screen.getByRole('form'));
      expect(await screen.findByTestId('refreshInterval-required')).toHaveTextContent('Enter the refresh interval in seconds');
    } finally {
      act(() => void i18next.changeLanguage('zh-CN'));
    }
  });
});
