import { AxiosError, AxiosHeaders, type AxiosAdapter, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import Cookies from 'js-cookie';
import { apiGet, apiPost, ApiError, http, onRefusal, resetUnauthorizedState } from './http-client';
import { registerNotifier, type Notice } from './notify';
import { saveSession, sessionStore } from './session';

// Axios is mocked at the adapter level: interceptors, headers and body encoding run for real.
interface Reply {
  status: number;
  body?: unknown;
}

let seen: InternalAxiosRequestConfig[] = [];
let notices: Notice[] = [];

function replyWith(reply: Reply | (() => Promise<never>)): void {
  const adapter: AxiosAdapter = async (config) => {
    seen.push(config);
    if (typeof reply === 'function') return reply();
    const response: AxiosResponse = {
      data: reply.body,
      status: reply.status,
      statusText: String(reply.status),
      headers: {},
      config,
    };
    if (reply.status >= 200 && reply.status < 300) return response;
    throw new AxiosError(`Request failed with status code ${reply.status}`, AxiosError.ERR_BAD_REQUEST, config, null, response);
  };
  http.defaults.adapter = adapter;
}

beforeEach(() => {
  seen = [];
  notices = [];
  registerNotifier((notice) => notices.push(notice));
  resetUnauthorizedState();
  saveSession({ token: 'secret-token', permission: 'Home;SettingDashboard', processList: '1;2' });
  window.history.replaceState(null, '', '/setting/dashboard?tab=1');
});

afterEach(() => registerNotifier(null));

describe('http client', () => {
  it('unwraps the data of a successful envelope', async () => {
    replyWith({ status: 200, body: { code: 200, message: 'ok', data: { name: 'admin' } } });
    await expect(apiGet('/admin/user/info')).resolves.toEqual({ name: 'admin' });
    expect(notices).toEqual([]);
  });

  it('sends base URL, token, language, timeout and credentials', async () => {
    replyWith({ status: 200, body: { code: 200, message: 'ok', data: null } });
    await apiGet('/admin/user/info');
    const config = seen[0];
    expect(config.baseURL).toBe('/api');
    expect(config.timeout).toBe(15000);
    expect(config.withCredentials).toBe(true);
    expect(AxiosHeaders.from(config.headers).get('token')).toBe('secret-token');
    expect(AxiosHeaders.from(config.headers).get('Accept-Language')).toBe('zh-CN');
  });

  it('form-encodes POST bodies and skips absent fields', async () => {
    replyWith({ status: 200, body: { code: 200, message: 'ok', data: null } });
    await apiPost('/admin/setting/updateDashboardSetting', { refreshType: 1, boardKeyEnabled: false, note: undefined, name: '车间 A' });
    // By the adapter, axios has serialised the URLSearchParams the interceptor made.
    expect(String(seen[0].data)).toBe('refreshType=1&boardKeyEnabled=false&name=%E8%BD%A6%E9%97%B4+A');
    expect(AxiosHeaders.from(seen[0].headers).getContentType()).toMatch(/^application\/x-www-form-urlencoded/);
  });

  it('passes FormData through untouched (uploads)', async () => {
    replyWith({ status: 200, body: { code: 200, message: 'ok', data: null } });
    const form = new FormData();
    form.append('file', new Blob(['x']), 'a.png');
    await apiPost('/admin/upload', form);
    expect(seen[0].data).toBe(form);
  });

  it('rejects an envelope with code !== 200 with its message and shows it', async () => {
    replyWith({ status: 200, body: { code: 500, message: '货号无效', data: null } });
    const failure = apiGet('/x');
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ message: '货号无效', code: 500, kind: 'api' });
    expect(notices).toEqual([{ severity: 'error', detail: '货号无效' }]);
  });

  it('rejects an HTTP error with the envelope message (400 validation)', async () => {
    replyWith({ status: 400, body: { code: 400, message: '刷新间隔至少为 3 秒', data: { field: 'refreshInterval' } } });
    await expect(apiPost('/admin/setting/updateDashboardSetting', {})).rejects.toMatchObject({ message: '刷新间隔至少为 3 秒', code: 400 });
  });

  it('tells the listeners of a refusal by its errorKey, and stops after unsubscribing', async () => {
    const heard: string[] = [];
    const stop = onRefusal('passwordChangeRequired', () => heard.push('change'));
    replyWith({ status: 403, body: { code: 403, message: '请先修改密码', data: { errorKey: 'passwordChangeRequired' } } });
    await expect(apiGet('/admin/goods/list')).rejects.toMatchObject({ code: 403 });
    replyWith({ status: 403, body: { code: 403, message: '无权访问', data: { errorKey: 'forbidden' } } });
    await expect(apiGet('/admin/goods/list')).rejects.toMatchObject({ code: 403 });
    expect(heard).toEqual(['change']);
    stop();
    replyWith({ status: 403, body: { code: 403, message: '请先修改密码', data: { errorKey: 'passwordChangeRequired' } } });
    await expect(apiGet('/admin/goods/list')).rejects.toMatchObject({ code: 403 });
    expect(heard).toEqual(['change']);
  });

  it('uses a generic translated message when the server gives none', async () => {
    replyWith({ status: 500, body: '<html>Bad gateway</html>' });
    await expect(apiGet('/x')).rejects.toMatchObject({ message: '请求失败，请稍后重试', code: 500 });
  });

  it('does not toast when the caller shows the error itself', async () => {
    replyWith({ status: 400, body: { code: 400, message: 'bad', data: null } });
    await expect(apiGet('/x', { silent: true })).rejects.toMatchObject({ message: 'bad' });
    expect(notices).toEqual([]);
  });

  it('on 401 shows the message, clears the session and goes to the login screen', async () => {
    replyWith({ status: 401, body: { code: 401, message: '登录已过期', data: null } });
    await expect(apiGet('/admin/user/info')).rejects.toMatchObject({ code: 401, kind: 'unauthorized', message: '登录已过期' });
    expect(Cookies.get('token')).toBeUndefined();
    expect(Cookies.get('permission')).toBeUndefined();
    expect(sessionStore.get().token).toBeUndefined();
    expect(window.location.pathname).toBe('/login');
    expect(new URLSearchParams(window.location.search).get('redirect')).toBe('/setting/dashboard?tab=1');
    expect(notices).toEqual([{ severity: 'warn', detail: '登录已过期' }]);
  });

  it('on 401 without a message says "please log in first", once for simultaneous failures', async () => {
    replyWith({ status: 200, body: { code: 401, message: '', data: null } });
    await Promise.allSettled([apiGet('/a'), apiGet('/b'), apiGet('/c')]);
    expect(notices).toEqual([{ severity: 'warn', detail: '请先登录' }]);
  });

  it('passes network failures on as rejections', async () => {
    replyWith(() => Promise.reject(new AxiosError('Network Error', AxiosError.ERR_NETWORK)));
    await expect(apiGet('/x')).rejects.toMatchObject({ kind: 'network', code: 0, message: '网络异常，无法连接服务器' });
    expect(notices).toHaveLength(1);
  });

  it('reports timeouts as such', async () => {
    replyWith(() => Promise.reject(new AxiosError('timeout of 15000ms exceeded', AxiosError.ECONNABORTED)));
    await expect(apiGet('/x')).rejects.toMatchObject({ kind: 'timeout', message: '请求超时，请稍后重试' });
  });
});
