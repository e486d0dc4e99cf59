// The one HTTP client. It speaks the API's conventions (PRODUCT.md §3): base /api, token
// header, form-encoded POST bodies, the {code, message, data} envelope, 401 → login screen.
import axios, { type AxiosRequestConfig, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { navigate } from 'wouter/use-browser-location';
import { SUCCESS_CODE, UNAUTHORIZED_CODE, type ApiEnvelope } from '@contracts/api';
import { clearSession, getToken } from './session';
import { currentLanguage, t } from './i18n';
import { notify } from './notify';

declare module 'axios' {
  interface AxiosRequestConfig {
    /** The caller shows the error itself (e.g. next to a form): no global toast. */
    silent?: boolean;
  }
}

export const REQUEST_TIMEOUT_MS = 15_000;
export const LOGIN_PATH = '/login';

export type ApiErrorKind = 'api' | 'unauthorized' | 'network' | 'timeout';

/** Every rejection of the client is one of these, with a message fit to show the user. */
export class ApiError extends Error {
  constructor(
    message: string,
    /** The envelope's code (= HTTP status for errors); 0 when no response arrived. */
    readonly code: number,
    readonly kind: ApiErrorKind,
    /** The envelope's `data` of an error: `field` names the offending field, `errorKey` the error. */
    readonly data: ApiErrorData = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface ApiErrorData {
  field?: string;
  errorKey?: string;
  [key: string]: unknown;
}

export type FormValue = string | number | boolean | null | undefined;
export type FormBody = Record<string, FormValue | readonly FormValue[]>;

export const http = axios.create({
  baseURL: '/api',
  withCredentials: true,
  timeout: REQUEST_TIMEOUT_MS,
});

/** Plain objects become x-www-form-urlencoded; FormData (uploads) and strings pass through. */
export function toFormBody(data: unknown): unknown {
  if (data === null || data === undefined) return data;
  if (typeof FormData !== 'undefined' && data instanceof FormData) return data;
  if (data instanceof URLSearchParams || typeof data === 'string') return data;
  if (typeof Blob !== 'undefined' && data instanceof Blob) return data;
  if (typeof data !== 'object' || Array.isArray(data)) return data;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(data as FormBody)) {
    const values = Array.isArray(value) ? value : [value];
    for (const item of values as FormValue[]) {
      // Absent fields stay absent: the server then keeps its default instead of reading "".
      if (item === undefined || item === null) continue;
      params.append(key, String(item));
    }
  }
  return params;
}

function isEnvelope(body: unknown): body is ApiEnvelope {
  return typeof body === 'object' && body !== null && typeof (body as ApiEnvelope).code === 'number';
}

function isBinary(body: unknown): body is Blob {
  return typeof Blob !== 'undefined' && body instanceof Blob;
}

/** A download that failed still answers with an envelope, wrapped in the Blob asked for. */
async function envelopeOfBlob(blob: Blob): Promise<unknown> {
  try {
    return JSON.parse(await blob.text()) as unknown;
  } catch {
    return undefined;
  }
}

function currentPathWithSearch(): string {
  return `${window.location.pathname}${window.location.search}`;
}

let lastUnauthorizedAt = 0;

const refusalListeners = new Map<string, Set<() => void>>();

/**
 * Lets a feature react to one kind of refusal whichever request met it: the account feature
 * switches to the forced password change when any request answers `passwordChangeRequired`
 * (an admin reset the password while this tab was open). Returns the unsubscribe function.
 */
export function onRefusal(errorKey: string, listener: () => void): () => void {
  const listeners = refusalListeners.get(errorKey) ?? new Set();
  listeners.add(listener);
  refusalListeners.set(errorKey, listeners);
  return () => {
    listeners.delete(listener);
  };
}

/** Several requests may fail together with 401; the user sees one message and one redirect. */
function handleUnauthorized(message: string): void {
  clearSession();
  const now = Date.now();
  if (now - lastUnauthorizedAt < 2000) return;
  lastUnauthorizedAt = now;
  notify({ severity: 'warn', detail: message });
  if (window.location.pathname !== LOGIN_PATH) {
    navigate(`${LOGIN_PATH}?redirect=${encodeURIComponent(currentPathWithSearch())}`, { replace: true });
  }
}

function fail(code: number, serverMessage: string | undefined, config: AxiosRequestConfig | undefined, data?: unknown): ApiError {
  if (code === UNAUTHORIZED_CODE) {
    const error = new ApiError(serverMessage || t('common:http.loginFirst'), code, 'unauthorized');
    handleUnauthorized(error.message);
    return error;
  }
  const errorData = typeof data === 'object' && data !== null ? (data as ApiErrorData) : {};
  const error = new ApiError(serverMessage || t('common:http.generic'), code, 'api', errorData);
  if (errorData.errorKey) refusalListeners.get(errorData.errorKey)?.forEach((listener) => listener());
  if (!config?.silent) notify({ severity: 'error', detail: error.message });
  return error;
}

http.interceptors.request.use((config: InternalAxiosRequestConfig) => {
  const token = getToken();
  if (token) config.headers.set('token', token);
  // The server translates its messages by this header.
  config.headers.set('Accept-Language', currentLanguage());
  if (config.method?.toLowerCase() !== 'get') config.data = toFormBody(config.data);
  return config;
});

http.interceptors.response.use(
  (response: AxiosResponse) => {
    const body: unknown = response.data;
    // Files (Excel exports) come as they are; only errors are envelopes.
    if (isBinary(body) && response.status >= 200 && response.status < 300) return response;
    if (!isEnvelope(body)) return Promise.reject(fail(response.status || 500, undefined, response.config));
    if (body.code !== SUCCESS_CODE) return Promise.reject(fail(body.code, body.message, response.config, body.data));
    return response;
  },
  async (error: unknown) => {
    if (axios.isCancel(error)) return Promise.reject(error);
    if (!axios.isAxiosError(error)) return Promise.reject(error);
    const { response, config } = error;
    if (response) {
      const body: unknown = isBinary(response.data) ? await envelopeOfBlob(response.data) : response.data;
      const code = isEnvelope(body) ? body.code : response.status;
      return Promise.reject(fail(code, isEnvelope(body) ? body.message : undefined, config, isEnvelope(body) ? body.data : undefined));
    }
    const timedOut = error.code === 'ECONNABORTED' || error.code === 'ETIMEDOUT';
    const failure = new ApiError(t(timedOut ? 'common:http.timeout' : 'common:http.network'), 0, timedOut ? 'timeout' : 'network');
    if (!config?.silent) notify({ severity: 'error', detail: failure.message });
    return Promise.reject(failure);
  },
);

/** GET and unwrap the envelope. */
export async function apiGet<T>(url: string, config?: AxiosRequestConfig): Promise<T> {
  const response = await http.get<ApiEnvelope<T>>(url, config);
  return response.data.data;
}

/** POST (form-encoded unless FormData) and unwrap the envelope. */
export async function apiPost<T>(url: string, body?: FormBody | FormData, config?: AxiosRequestConfig): Promise<T> {
  const response = await http.post<ApiEnvelope<T>>(url, body, config);
  return response.data.data;
}

export interface DownloadedFile {
  blob: Blob;
  /** From Content-Disposition (the UTF-8 name when given), else the fallback. */
  fileName: string;
}

/** File name of a Content-Disposition header, preferring RFC 5987 `filename*`. */
export function fileNameOf(disposition: string | undefined, fallback: string): string {
  if (!disposition) return fallback;
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (encoded) {
    try {
      return decodeURIComponent(encoded[1].trim());
    } catch {
      // A malformed name: fall through to the plain one.
    }
  }
  const plain = /filename="?([^";]+)"?/i.exec(disposition);
  return plain ? plain[1] : fallback;
}

/** GET a file as a Blob (token and Accept-Language travel as with every request). */
export async function apiDownload(url: string, params: Record<string, string | number>, fallbackName: string): Promise<DownloadedFile> {
  const response = await http.get<Blob>(url, { params, responseType: 'blob', timeout: 60_000 });
  const disposition = response.headers['content-disposition'] as string | undefined;
  return { blob: response.data, fileName: fileNameOf(disposition, fallbackName) };
}

/** Hand a downloaded file to the browser's save mechanism. */
export function saveFile(file: DownloadedFile): void {
  const href = URL.createObjectURL(file.blob);
  const anchor = document.createElement('a');
  anchor.href = href;
  anchor.download = file.fileName;
  document.body.appendChild(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

/** For tests: forget the de-duplication window of the 401 handler. */
export function resetUnauthorizedState(): void {
  lastUnauthorizedAt = 0;
}
