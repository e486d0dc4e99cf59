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
const SCOPE = { processes: [], customers: [], loading: false };

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
});
