import { act, render, screen, within } from '@testing-library/react';
import { Router } from 'wouter';
import { isRouteAllowed } from '@contracts/routes';
import { installFakeApi } from '../../test-support/fake-api';
import { clearSession, saveSession } from '../lib/session';
import { AppRoutes, decideRoute } from './AppRoutes';

const ADMIN = ['Home', 'SettingDashboard'];
const VIEWER = ['Home'];

describe('permission rule (contracts/routes)', () => {
  it('strips Index/Create/Update before looking the name up', () => {
    expect(isRouteAllowed('HomeIndex', VIEWER)).toBe(true);
    expect(isRouteAllowed('SettingDashboard', VIEWER)).toBe(false);
    expect(isRouteAllowed('SaleOrderCreate', ['SaleOrder'])).toBe(true);
    expect(isRouteAllowed('Login', [])).toBe(true);
    expect(isRouteAllowed('Error', [])).toBe(true);
  });
});

describe('decideRoute', () => {
  it('sends a visitor without a token to the login screen with the way back', () => {
    expect(decideRoute('/setting/dashboard', 'a=1', undefined, [])).toEqual({ kind: 'redirect', to: '/login?redirect=%2Fsetting%2Fdashboard%3Fa%3D1' });
    expect(decideRoute('/', '', undefined, [])).toEqual({ kind: 'redirect', to: '/login' });
    expect(decideRoute('/nowhere', '', undefined, [])).toEqual({ kind: 'redirect', to: '/login?redirect=%2Fnowhere' });
  });

  it('lets anyone see the public screens', () => {
    expect(decideRoute('/login', '', undefined, [])).toMatchObject({ kind: 'render', route: { name: 'Login' } });
    expect(decideRoute('/404', '', undefined, [])).toMatchObject({ kind: 'render', route: { name: 'Error' } });
  });

  it('sends a signed-in user away from the login screen', () => {
    expect(decideRoute('/login', 'redirect=%2Fx', 't', ADMIN)).toEqual({ kind: 'redirect', to: '/' });
  });

  it('redirects Blank to the console', () => {
    expect(decideRoute('/', '', 't', VIEWER)).toEqual({ kind: 'redirect', to: '/home/index' });
  });

  it('keeps the query string through a redirect (the board key of /mobile)', () => {
    expect(decideRoute('/mobile', 'key=abc123', undefined, [])).toEqual({ kind: 'redirect', to: '/mobile/dashboard?key=abc123' });
    expect(decideRoute('/mobile', '?key=abc123', 't', VIEWER)).toEqual({ kind: 'redirect', to: '/mobile/dashboard?key=abc123' });
    expect(decideRoute('/mobile/dashboard', 'key=abc123', undefined, [])).toMatchObject({ kind: 'render', route: { name: 'MobileDashboard' } });
  });

  it('shows 404 for screens not permitted and for unknown paths', () => {
    expect(decideRoute('/setting/dashboard', '', 't', VIEWER)).toEqual({ kind: 'notFound' });
    expect(decideRoute('/setting/dashboard', '', 't', ADMIN)).toMatchObject({ kind: 'render', route: { name: 'SettingDashboard' } });
    expect(decideRoute('/base/company', '', 't', ADMIN)).toEqual({ kind: 'notFound' });
  });

  it('ignores a trailing slash', () => {
    expect(decideRoute('/home/index/', '', 't', VIEWER)).toMatchObject({ kind: 'render', route: { name: 'HomeIndex' } });
  });
});

describe('AppRoutes', () => {
  beforeEach(() => {
    // Cleared before, not after: after a test the tree is still mounted and would re-render.
    clearSession();
    installFakeApi({
      'GET /admin/setting/getSystemTitle': { data: '订单跟踪系统' },
      'GET /admin/user/info': { data: { id: 2, username: 'viewer', name: '看板观察员', avatar: '' } },
      'GET /admin/setting/getDashboardSetting': {
        data: { refreshType: 1, refreshInterval: 10, completedVisibleDays: 3, displayMode: 'month', sortBy: 'deliveryAsc', boardKeyEnabled: false },
      },
    });
  });

  // Inside act, so lazy screens and the fake API's answers settle before the assertions.
  const renderAt = async (path: string) => {
    window.history.replaceState(null, '', path);
    await act(async () => {
      render(
        <Router>
          <AppRoutes />
        </Router>,
      );
    });
  };

  it('shows a viewer the 404 page for the board settings, and no such menu entry', async () => {
    saveSession({ token: 't', permission: 'Home', processList: '' });
    await renderAt('/setting/dashboard');
    expect(await screen.findByTestId('not-found')).toBeInTheDocument();
    const sidebar = screen.getByRole('navigation', { name: '展开/收起菜单' });
    expect(within(sidebar).getByText('控制台')).toBeInTheDocument();
    expect(within(sidebar).queryByText('看板设置')).not.toBeInTheDocument();
    expect(within(sidebar).queryByText('系统设置')).not.toBeInTheDocument();
  });

  it('shows an admin the board settings in the menu and the breadcrumb', async () => {
    saveSession({ token: 't', permission: 'Home;SettingDashboard', processList: '' });
    await renderAt('/setting/dashboard');
    const sidebar = screen.getByRole('navigation', { name: '展开/收起菜单' });
    expect(within(sidebar).getByText('看板设置')).toBeInTheDocument();
    expect(within(sidebar).getByText('系统设置')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: '看板设置' })).toBeInTheDocument();
    expect(document.querySelector('.app-breadcrumb')).toHaveTextContent('系统设置');
  });

  it('names the page in the tab title, before the system title', async () => {
    saveSession({ token: 't', permission: 'Home;SettingDashboard', processList: '' });
    await renderAt('/setting/dashboard');
    await screen.findByRole('heading', { name: '看板设置' });
    expect(document.title).toBe('看板设置 · 订单跟踪系统');
  });

  it('redirects to the login screen without a token', async () => {
    await renderAt('/home/index');
    expect(await screen.findByRole('heading', { name: '欢迎登录' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/login');
    expect(window.location.search).toBe('?redirect=%2Fhome%2Findex');
  });

  it('renders unknown paths as the 404 page for a signed-in user', async () => {
    saveSession({ token: 't', permission: 'Home', processList: '' });
    await renderAt('/no/such/page');
    expect(await screen.findByText('页面不存在', { selector: 'h1' })).toBeInTheDocument();
  });

  it('takes a signed-in user from / to the console', async () => {
    saveSession({ token: 't', permission: 'Home', processList: '' });
    await renderAt('/');
    expect(await screen.findByTestId('user-greeting')).toHaveTextContent('您好，看板观察员');
    expect(window.location.pathname).toBe('/home/index');
  });
});
