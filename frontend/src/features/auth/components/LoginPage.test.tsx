import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import Cookies from 'js-cookie';
import { installFakeApi } from '../../../../test-support/fake-api';
import { clearSession } from '../../../lib/session';
import { registerNotifier, type Notice } from '../../../lib/notify';
import { validateLogin } from '../api/login';
import { LoginPage, safeRedirect } from './LoginPage';

const LOGIN = '/admin/login/login';
let notices: Notice[] = [];

beforeEach(() => {
  clearSession();
  notices = [];
  registerNotifier((notice) => notices.push(notice));
  window.history.replaceState(null, '', '/login?redirect=%2Fsetting%2Fdashboard');
});

afterEach(() => registerNotifier(null));

// Rendering inside act lets the fake API's answers (system title) settle before asserting.
const renderLogin = () => act(async () => {
  render(<LoginPage />);
});

function fillAndSubmit(username: string, password: string) {
  fireEvent.change(screen.getByLabelText('用户名'), { target: { value: username } });
  fireEvent.change(screen.getByLabelText('密码'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: /登录/ }));
}

describe('validateLogin', () => {
  it('requires a username that is not only spaces, and a password', () => {
    expect(validateLogin({ username: '  ', password: '' })).toEqual({ username: 'login.usernameRequired', password: 'login.passwordRequired' });
    expect(validateLogin({ username: ' admin ', password: 'x' })).toEqual({});
  });
});

describe('safeRedirect', () => {
  it('follows same-site paths only', () => {
    expect(safeRedirect('?redirect=%2Fsetting%2Fdashboard')).toBe('/setting/dashboard');
    expect(safeRedirect('')).toBe('/');
    expect(safeRedirect('?redirect=https%3A%2F%2Fevil.example')).toBe('/');
    expect(safeRedirect('?redirect=%2F%2Fevil.example')).toBe('/');
    expect(safeRedirect('?redirect=%2Flogin')).toBe('/');
  });
});

describe('LoginPage', () => {
  it('shows what is missing and sends nothing', async () => {
    const api = installFakeApi({ 'GET /admin/setting/getSystemTitle': { data: '订单跟踪系统' } });
    await renderLogin();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /登录/ })));
    expect(await screen.findByText('请输入用户名')).toBeInTheDocument();
    expect(screen.getByText('请输入密码')).toBeInTheDocument();
    expect(api.bodiesOf(LOGIN)).toHaveLength(0);
  });

  it('trims the username, saves the session and follows the redirect', async () => {
    const api = installFakeApi({
      'GET /admin/setting/getSystemTitle': { data: '订单跟踪系统' },
      [`POST ${LOGIN}`]: { data: { token: 't-1', permission: 'Home;SettingDashboard', processList: '3' } },
    });
    await renderLogin();
    await act(async () => fillAndSubmit('  admin ', ' pass word '));
    await waitFor(() => expect(window.location.pathname).toBe('/setting/dashboard'));
    const [body] = api.bodiesOf(LOGIN);
    expect(body.get('username')).toBe('admin');
    expect(body.get('password')).toBe(' pass word ');
    expect(Cookies.get('token')).toBe('t-1');
    expect(Cookies.get('permission')).toBe('Home;SettingDashboard');
    expect(Cookies.get('processList')).toBe('3');
  });

  it('refuses an account without any permission', async () => {
    installFakeApi({
      'GET /admin/setting/getSystemTitle': { data: '订单跟踪系统' },
      [`POST ${LOGIN}`]: { data: { token: 't-2', permission: ' ; ', processList: '' } },
    });
    await renderLogin();
    await act(async () => fillAndSubmit('nobody', 'secret'));
    expect(await screen.findByText('该账号没有任何权限，请联系管理员')).toBeInTheDocument();
    expect(notices).toContainEqual({ severity: 'error', detail: '该账号没有任何权限，请联系管理员' });
    expect(Cookies.get('token')).toBeUndefined();
    expect(window.location.pathname).toBe('/login');
  });

  it('leaves a wrong password to the server message (global toast) and stays', async () => {
    installFakeApi({
      'GET /admin/setting/getSystemTitle': { data: '订单跟踪系统' },
      [`POST ${LOGIN}`]: { status: 400, message: '用户名或密码错误' },
    });
    await renderLogin();
    await act(async () => fillAndSubmit('admin', 'wrong'));
    await waitFor(() => expect(notices).toContainEqual({ severity: 'error', detail: '用户名或密码错误' }));
    expect(Cookies.get('token')).toBeUndefined();
    expect(window.location.pathname).toBe('/login');
  });
});
