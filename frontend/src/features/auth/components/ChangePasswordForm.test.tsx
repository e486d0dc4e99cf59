import { jest } from '@jest/globals';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { installFakeApi } from '../../../../test-support/fake-api';
import { validateChangePassword } from '../api/change-password';
import { accountStore, setAccountState } from '../model/account-state';
import { ChangePasswordForm } from './ChangePasswordForm';

const CHANGE = '/admin/user/changePassword';

describe('validateChangePassword', () => {
  it('needs the current password, 8–64 new characters that differ, and the same twice', () => {
    expect(validateChangePassword({ currentPassword: '', newPassword: 'short', confirmPassword: '' })).toEqual({
      currentPassword: 'password.currentRequired',
      newPassword: 'password.length',
    });
    expect(validateChangePassword({ currentPassword: 'Same-pass-1', newPassword: 'Same-pass-1', confirmPassword: 'Same-pass-1' })).toEqual({
      newPassword: 'password.unchanged',
    });
    expect(validateChangePassword({ currentPassword: 'Old-pass-1', newPassword: 'New-pass-22', confirmPassword: 'New-pass-2' })).toEqual({
      confirmPassword: 'password.mismatch',
    });
    expect(validateChangePassword({ currentPassword: 'Old-pass-1', newPassword: 'New-pass-22', confirmPassword: 'New-pass-22' })).toEqual({});
  });
});

describe('ChangePasswordForm', () => {
  const fill = (current: string, next: string, repeat = next) => {
    fireEvent.change(screen.getByLabelText('当前密码'), { target: { value: current } });
    fireEvent.change(screen.getByLabelText('新密码'), { target: { value: next } });
    fireEvent.change(screen.getByLabelText('确认新密码'), { target: { value: repeat } });
  };

  it('shows the server refusal under the field it names and keeps the form', async () => {
    installFakeApi({ [`POST ${CHANGE}`]: { status: 400, message: '当前密码不正确', data: { errorKey: 'currentPasswordWrong', field: 'currentPassword' } } });
    const changed = jest.fn();
    render(<ChangePasswordForm onChanged={changed} />);
    fill('not-it', 'New-pass-22');
    await act(async () => fireEvent.submit(screen.getByLabelText('当前密码').closest('form')!));
    expect(await screen.findByRole('alert')).toHaveTextContent('当前密码不正确');
    expect(changed).not.toHaveBeenCalled();
  });

  it('sends current and new password, and clears the pending-change flags', async () => {
    const api = installFakeApi({ [`POST ${CHANGE}`]: { data: null } });
    setAccountState({ mustChangePassword: true, passwordIsDefault: true });
    const changed = jest.fn();
    render(<ChangePasswordForm onChanged={changed} />);
    fill('Old-pass-1', 'New-pass-22');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '修改密码' })));
    expect(changed).toHaveBeenCalled();
    const [body] = api.bodiesOf(CHANGE);
    expect(Object.fromEntries(body)).toEqual({ currentPassword: 'Old-pass-1', newPassword: 'New-pass-22' });
    expect(accountStore.get()).toEqual({ mustChangePassword: false, passwordIsDefault: false });
  });
});
