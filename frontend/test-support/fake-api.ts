// A fake backend for component tests: axios is replaced at the adapter level, so the real
// HTTP client (interceptors, envelope handling) runs. Routes map "METHOD /path" to a reply.
import { AxiosError, type AxiosAdapter, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { http } from '../src/lib/http-client';

export interface FakeReply {
  status?: number;
  code?: number;
  message?: string;
  data?: unknown;
}

export type FakeRoutes = Record<string, FakeReply | ((request: InternalAxiosRequestConfig) => FakeReply)>;

export interface FakeApi {
  requests: InternalAxiosRequestConfig[];
  /** Form fields of the requests to one path. */
  bodiesOf(path: string): URLSearchParams[];
}

export function installFakeApi(routes: FakeRoutes): FakeApi {
  const requests: InternalAxiosRequestConfig[] = [];
  const adapter: AxiosAdapter = async (config) => {
    requests.push(config);
    const key = `${(config.method ?? 'get').toUpperCase()} ${config.url}`;
    const route = routes[key];
    const reply: FakeReply = typeof route === 'function' ? route(config) : (route ?? { status: 404, code: 404, message: `no fake for ${key}` });
    const status = reply.status ?? 200;
    const response: AxiosResponse = {
      data: { code: reply.code ?? status, message: reply.message ?? '', data: reply.data ?? null },
      status,
      statusText: String(status),
      headers: {},
      config,
    };
    if (status >= 200 && status < 300) return response;
    throw new AxiosError(`Request failed with status code ${status}`, AxiosError.ERR_BAD_REQUEST, config, null, response);
  };
  http.defaults.adapter = adapter;
  return {
    requests,
    bodiesOf: (path) => requests.filter((request) => request.url === path).map((request) => new URLSearchParams(String(request.data ?? ''))),
  };
}
