import type { Request } from 'express';

/**
 * The session token of a request: the `token` header, or else the `token` cookie. Image URLs are
 * loaded by <img> tags, which cannot send headers; the frontend keeps the token in that cookie.
 */
export function sessionTokenOf(request: Request): string | undefined {
  const header = request.headers.token;
  const fromHeader = Array.isArray(header) ? header[0] : header;
  if (fromHeader) return fromHeader;
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const separator = part.indexOf('=');
    if (separator < 0 || part.slice(0, separator).trim() !== 'token') continue;
    const value = part.slice(separator + 1).trim().replace(/^"(.*)"$/, '$1');
    try {
      return decodeURIComponent(value) || undefined;
    } catch {
      return undefined;
    }
  }
  return undefined;
}
