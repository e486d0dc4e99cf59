// Test data through the HTTP API (the screens under test are driven through the browser).
import { baseUrl } from './browser';

interface Envelope<T> {
  code: number;
  message: string;
  data: T;
}

export class ApiClient {
  private constructor(private readonly token: string) {}

  static async login(username: string, password: string): Promise<ApiClient> {
    const response = await fetch(`${baseUrl()}/api/admin/login/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username, password }),
    });
    const body = (await response.json()) as Envelope<{ token: string }>;
    if (body.code !== 200) throw new Error(`login as ${username} failed: ${body.message}`);
    return new ApiClient(body.data.token);
  }

  async post<T = Record<string, unknown>>(path: string, fields: Record<string, string | number | boolean>): Promise<T> {
    const response = await fetch(`${baseUrl()}/api/admin/${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', token: this.token, 'Accept-Language': 'en' },
      body: new URLSearchParams(Object.entries(fields).map(([key, value]) => [key, String(value)])),
    });
    const body = (await response.json()) as Envelope<T>;
    if (body.code !== 200) throw new Error(`POST ${path} failed (${body.code}): ${body.message}`);
    return body.data;
  }

  async get<T = Record<string, unknown>>(path: string, query: Record<string, string | number> = {}): Promise<T> {
    const search = new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)]));
    const response = await fetch(`${baseUrl()}/api/admin/${path}?${search}`, { headers: { token: this.token, 'Accept-Language': 'en' } });
    const body = (await response.json()) as Envelope<T>;
    if (body.code !== 200) throw new Error(`GET ${path} failed (${body.code}): ${body.message}`);
    return body.data;
  }
}

/** A style as goods/detail answers it (the fields the browser tests use). */
export interface GoodsDetail {
  id: number;
  code: string;
  name: string;
  colors: { id: number; code: string }[];
  sizes: { id: number; name: string }[];
}

/** The first demo style (in list order) whose colour × size grid passes `accept`. */
export async function findStyle(api: ApiClient, accept: (style: GoodsDetail) => boolean): Promise<GoodsDetail | undefined> {
  const page = await api.get<{ list: { id: number }[] }>('goods/list', { page: 1, pageSize: 100 });
  for (const row of page.list) {
    const detail = await api.get<GoodsDetail>('goods/detail', { id: row.id });
    if (accept(detail)) return detail;
  }
  return undefined;
}

/** An 8×8 teal PNG, small enough to inline, valid enough for the server to re-encode. */
export const TINY_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAEUlEQVR4nGPgn9KBFTEMLQkAFztKwaLytQEAAAAASUVORK5CYII=', 'base64');
