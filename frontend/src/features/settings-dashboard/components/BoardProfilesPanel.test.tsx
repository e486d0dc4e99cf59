import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { BoardDevice, BoardProfile } from '@contracts/board-profiles';
import { installFakeApi } from '../../../../test-support/fake-api';
import { registerNotifier } from '../../../lib/notify';
import { BoardProfilesPanel } from './BoardProfilesPanel';

const PROFILE: BoardProfile = {
  id: 3,
  name: 'Sewing line',
  processIds: [],
  customerIds: [],
  displayMode: 'delivery',
  refreshType: 1,
  refreshInterval: 12,
  sortBy: 'deliveryAsc',
  deviceCount: 1,
  createdAt: '2030-01-01T08:00:00.000Z',
  updatedAt: '2030-01-01T08:00:00.000Z',
};
const DEVICE = (id: number, profileId: number | null, lastSeenAt: string | null): BoardDevice => ({
  id,
  name: `TV ${id}`,
  profileId,
  profileName: profileId === null ? null : PROFILE.name,
  createdAt: '2030-01-01T08:00:00.000Z',
  lastSeenAt,
  revokedAt: null,
});
const SCOPE = {
  processes: [
    { id: 1, code: 'P1', name: 'Sewing' },
    { id: 2, code: 'P2', name: 'Cutting' },
  ],
  customers: [],
  loading: false,
};

// The screens are tested in Chinese (the app's first language).
beforeEach(() => registerNotifier(() => undefined));
afterEach(() => registerNotifier(null));

describe('board profiles and paired TVs', () => {
  it('lists profiles and TVs (default profile, never seen), and pairs a TV with a link and QR code shown once', async () => {
    const api = installFakeApi({
      'GET /admin/boardProfile/list': { data: [PROFILE] },
      'GET /admin/boardProfile/devices': { data: [DEVICE(1, null, null), DEVICE(2, 3, '2030-01-01T09:30:00.000Z')] },
      'POST /admin/boardProfile/pair': { data: { device: DEVICE(9, 3, null), deviceKey: 'k'.repeat(32), path: `/kiosk?device=${'k'.repeat(32)}` } },
    });
    render(<BoardProfilesPanel scope={SCOPE} />);
    const profiles = await screen.findByTestId('profile-list');
    await within(profiles).findByText('Sewing line');
    expect(within(profiles).getByText('滚动刷新')).toBeInTheDocument();
    const devices = screen.getByTestId('device-list');
    await within(devices).findByText('TV 1');
    expect(within(devices).getByText('默认方案（看板设置）')).toBeInTheDocument();
    expect(within(devices).getByText('从未连接')).toBeInTheDocument();

    fireEvent.click(screen.getByTestId('device-pair'));
    fireEvent.change(await screen.findByLabelText('电视名称'), { target: { value: 'Gate TV' } });
    fireEvent.submit(screen.getByTestId('pair-form'));
    const link = (await screen.findByTestId('pair-link')) as HTMLInputElement;
    expect(link.value).toBe(`${window.location.origin}/kiosk?device=${'k'.repeat(32)}`);
    expect(screen.getByTestId('pair-qr')).toHaveAttribute('data-payload', link.value);
    const body = api.bodiesOf('/admin/boardProfile/pair')[0];
    expect(body.get('name')).toBe('Gate TV');
    // The first profile is preselected; the default profile sends no profileId.
    expect(body.get('profileId')).toBe('3');
    await waitFor(() => expect(screen.getByText(/只显示这一次/)).toBeInTheDocument());
  });

  it('edits a profile with the board fields of the dashboard settings: shows its values and sends them back changed', async () => {
    const api = installFakeApi({
      'GET /admin/boardProfile/list': { data: [{ ...PROFILE, processIds: [2] }] },
      'GET /admin/boardProfile/devices': { data: [] },
      'POST /admin/boardProfile/update': { data: PROFILE },
    });
    render(<BoardProfilesPanel scope={SCOPE} />);
    fireEvent.click(await screen.findByRole('button', { name: '编辑方案 Sewing line' }));
    const form = await screen.findByTestId('profile-form');
    // The stored values, in the same fields as on the settings page.
    expect(within(form).getByRole('radiogroup', { name: '呈现方式' })).toBeInTheDocument();
    expect((within(form).getByLabelText('滚动刷新', { exact: false, selector: 'input' }) as HTMLInputElement).checked).toBe(true);
    expect(within(form).getByLabelText('刷新间隔（秒）')).toHaveValue('12');
    expect(within(form).getByRole('combobox', { name: '只显示这些工序' })).toHaveValue('Cutting');

    fireEvent.click(form.querySelector('label[data-mode=drop]')!);
    const interval = within(form).getByLabelText('刷新间隔（秒）');
    fireEvent.change(interval, { target: { value: '30' } });
    fireEvent.blur(interval);
    fireEvent.submit(form);
    await waitFor(() => expect(api.bodiesOf('/admin/boardProfile/update')).toHaveLength(1));
    expect(Object.fromEntries(api.bodiesOf('/admin/boardProfile/update')[0])).toEqual({
      id: '3',
      name: 'Sewing line',
      processIds: '2',
      customerIds: '',
      displayMode: 'delivery',
      refreshType: '2',
      refreshInterval: '30',
      sortBy: 'deliveryAsc',
    });
  });

  it('refuses an emptied refresh interval in the dialog, as the settings page does, instead of sending 0', async () => {
    const api = installFakeApi({
      'GET /admin/boardProfile/list': { data: [] },
      'GET /admin/boardProfile/devices': { data: [] },
      'POST /admin/boardProfile/create': { data: PROFILE },
    });
    render(<BoardProfilesPanel scope={SCOPE} />);
    fireEvent.click(await screen.findByTestId('profile-create'));
    const form = await screen.findByTestId('profile-form');
    fireEvent.change(within(form).getByLabelText('名称'), { target: { value: 'Cutting room' } });
    const interval = within(form).getByLabelText('刷新间隔（秒）');
    fireEvent.change(interval, { target: { value: '' } });
    fireEvent.blur(interval);
    fireEvent.submit(form);
    expect(await within(form).findByTestId('profile-interval-required')).toHaveTextContent('请填写刷新间隔（秒）');
    expect(interval).toHaveFocus();
    expect(api.bodiesOf('/admin/boardProfile/create')).toHaveLength(0);

    fireEvent.change(interval, { target: { value: '20' } });
    fireEvent.submit(form);
    await waitFor(() => expect(api.bodiesOf('/admin/boardProfile/create')).toHaveLength(1));
    expect(api.bodiesOf('/admin/boardProfile/create')[0].get('refreshInterval')).toBe('20');
  });
});
