import type { ServerResponse } from 'node:http';

/**
 * Writes a JSON answer on a plain Node response with the Content-Type and length Express's
 * `res.json` sends, for the code that answers before or outside Express (the lean path, the
 * limiter). No ETag: Express computes one for every JSON answer, but these are answers to POSTs
 * or refusals, which nothing caches or revalidates.
 */
export function writeJson(response: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  response.statusCode = status;
  response.setHeader('Content-Type', 'application/json; charset=utf-8');
  response.setHeader('Content-Length', Buffer.byteLength(text));
  response.end(text);
}
