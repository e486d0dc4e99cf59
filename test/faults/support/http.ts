// A small HTTP client on node:http with a keep-alive agent per instance (what a load balancer or
// a browser holds open), so the tests see exactly how a connection ended: an answer with a
// status, or ECONNREFUSED / ECONNRESET / "socket hang up" / a client timeout. Never throws.
import { Agent, request } from 'node:http';

export interface HttpAnswer {
  /** HTTP status; null when no answer came. */
  status: number | null;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
  /** Why no answer came (error code or message), or null. */
  error: string | null;
  startedAt: number;
  /** When the request was fully handed to the socket (null if it never was). */
  writtenAt: number | null;
  endedAt: number;
  /** The Idempotent-Replayed header of a scan answer. */
  replayed: boolean;
}

export interface RequestOptions {
  token?: string;
  form?: Record<string, string | number | boolean>;
  timeoutMs?: number;
  agent?: Agent;
  language?: string;
  /** Called when the request has been handed to the socket in full. */
  onWritten?: () => void;
}

/** What the web client waits for an answer (frontend REQUEST_TIMEOUT_MS). */
export const CLIENT_TIMEOUT_MS = 15_000;

export function httpRequest(baseUrl: string, method: 'GET' | 'POST', path: string, options: RequestOptions = {}): Promise<HttpAnswer> {
  const startedAt = Date.now();
  const body = options.form ? new URLSearchParams(Object.entries(options.form).map(([key, value]) => [key, String(value)])).toString() : undefined;
  const url = new URL(path, baseUrl);
  return new Promise((answer) => {
    let writtenAt: number | null = null;
    let settled = false;
    const finish = (partial: Pick<HttpAnswer, 'status' | 'body' | 'error' | 'replayed'>) => {
      if (settled) return;
      settled = true;
      answer({ ...partial, startedAt, writtenAt, endedAt: Date.now() });
    };
    const req = request(
      url,
      {
        method,
        agent: options.agent,
        headers: {
          'Accept-Language': options.language ?? 'en',
          ...(options.token ? { token: options.token } : {}),
          ...(body !== undefined ? { 'Content-Type': 'application/x-www-form-urlencoded', 'Content-Length': Buffer.byteLength(body) } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', (error) => finish({ status: res.statusCode ?? null, body: null, error: `response: ${error.message}`, replayed: false }));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString();
          let parsed: unknown = text;
          try {
            parsed = JSON.parse(text);
          } catch {
            // Not JSON: kept as text for the report.
          }
          finish({ status: res.statusCode ?? null, body: parsed, error: null, replayed: res.headers['idempotent-replayed'] === 'true' });
        });
      },
    );
    req.setTimeout(options.timeoutMs ?? CLIENT_TIMEOUT_MS, () => {
      req.destroy(new Error('client timeout'));
    });
    req.on('finish', () => {
      writtenAt = Date.now();
      options.onWritten?.();
    });
    req.on('error', (error: NodeJS.ErrnoException) => finish({ status: null, body: null, error: error.code ?? error.message, replayed: false }));
    req.end(body);
  });
}

/** The envelope's data of a 200 answer, or an error naming the request. */
export async function data<T>(promise: Promise<HttpAnswer>, what: string): Promise<T> {
  const answer = await promise;
  if (answer.status !== 200 || answer.body?.code !== 200) {
    throw new Error(`${what}: ${answer.status ?? answer.error} ${JSON.stringify(answer.body)?.slice(0, 500)}`);
  }
  return answer.body.data as T;
}
