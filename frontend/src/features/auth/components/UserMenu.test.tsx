import { jest } from '@jest/globals';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { installFakeApi } from '../../../../test-support/fake-api';
import { registerNotifier, type Notice } from '../../../lib/notify';
import { initialsOf, profileStore, setProfile } from '../model/profile-state';
import { UserMenu } from './UserMenu';

const ID = '0123456789abcdef0123456789abcdef';
const info = (avatar: string) => ({ id: 5, username: 'li.na', name: '李娜', avatar, mustChangePassword: false, passwordIsDefault: false });

describe('top bar user menu', () => {
  let notices: Notice[];
  beforeEach(() => {
    notices = [];
    registerNotifier((notice) => notices.push(notice));
  });
  afterEach(() => {
    registerNotifier(null);
    act(() => setProfile(null));
  });

  it('shows initials without an avatar, uploads one from the menu and shows it', async () => {
    const api = installFakeApi({
      'POST /admin/upload/avatar': { data: { id: ID, url: `/api/admin/upload/image/${ID}`, thumbnailUrl: `/api/admin/upload/image/${ID}/thumbnail`, width: 200, height: 200 } },
      'POST /admin/user/updateAvatar': { data: info(ID) },
    });
    act(() => setProfile(info('')));
    render(<UserMenu />);
    const button = screen.getByRole('button', { name: '账户：李娜' });
    expect(screen.getByTestId('topbar-avatar')).toHaveTextContent('李');
    fireEvent.click(button);
    expect(await screen.findByRole('menuitem', { name: '上传头像', hidden: true })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: '移除头像', hidden: true })).toBeNull();

    const file = new File([new Uint8Array([137, 80, 78, 71])], 'me.png', { type: 'image/png' });
    fireEvent.change(screen.getByTestId('avatar-file-input'), { target: { files: [file] } });
    await waitFor(() => expect(profileStore.get()?.avatar).toBe(ID));
    expect(api.requests.find((request) => request.url === '/admin/upload/avatar')!.data).toBeInstanceOf(FormData);
    expect(Object.fromEntries(api.bodiesOf('/admin/user/updateAvatar')[0])).toEqual({ avatar: ID });
    await waitFor(() => expect(screen.getByTestId('topbar-avatar')).toHaveAttribute('data-avatar', ID));
    expect(screen.getByRole('img', { name: '李娜 的头像' })).toHaveAttribute('src', `/api/admin/upload/image/${ID}/thumbnail`);
    expect(notices).toContainEqual(expect.objectContaining({ severity: 'success', detail: '头像已更新' }));
  });

  it('removes the avatar from the menu', async () => {
    const api = installFakeApi({ 'POST /admin/user/updateAvatar': { data: info('') } });
    act(() => setProfile(info(ID)));
    render(<UserMenu />);
    fireEvent.click(screen.getByRole('button', { name: '账户：李娜' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: '移除头像', hidden: true }));
    await waitFor(() => expect(profileStore.get()?.avatar).toBe(''));
    expect(Object.fromEntries(api.bodiesOf('/admin/user/updateAvatar')[0])).toEqual({ avatar: '' });
  });

  it('offers the password change (the phone top bar has no key button)', async () => {
    installFakeApi({});
    act(() => setProfile(info('')));
    const changePassword = jest.fn();
    render(<UserMenu onChangePassword={changePassword} />);
    fireEvent.click(screen.getByRole('button', { name: '账户：李娜' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: '修改密码', hidden: true }));
    expect(changePassword).toHaveBeenCalledTimes(1);
  });

  it('makes initials of Chinese and Latin names', () => {
    expect(initialsOf('系统管理员 Administrator')).toBe('系');
    expect(initialsOf('ada lovelace')).toBe('AL');
    expect(initialsOf('viewer')).toBe('V');
    expect(initialsOf('  ')).toBe('?');
  });
});
