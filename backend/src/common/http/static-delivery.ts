// How the built frontend and every other text answer travel (issue 10, item 6: fast first load).
//
// - Hashed build output (/assets/<name>-<hash>.<ext>) never changes under its name: browsers
//   keep it a year without asking again. Everything else (index.html, favicon) is revalidated on
//   each visit, so a new release is picked up at the next page load.
// - The build writes each text asset precompressed (.br at brotli's highest quality, .gz at
//   gzip -9; see frontend/vite.config.ts). `precompressedAssets` answers with those files, so the
//   server spends no CPU per request and the bytes are ~15 % smaller than on-the-fly brotli.
// - `compressResponses` compresses what is produced per request (API JSON, index.html, Swagger),
//   but never Socket.IO's polling transport (engine.io has its own compression) nor streamed
//   event responses, which a compressor would hold back until its buffer fills.
import { existsSync } from 'node:fs';
import { join, normalize, sep } from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import compression from 'compression';
import type { NextFunction, Request, Response } from 'express';

export const ASSETS_PREFIX = '/assets/';
export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';

/** `serveStaticOptions.setHeaders`: a year for hashed assets, revalidation for the rest. */
export function staticCacheHeaders(response: ServerResponse, filePath: string): void {
  const hashed = normalize(filePath).includes(`${sep}assets${sep}`);
  response.setHeader('Cache-Control', hashed ? IMMUTABLE : REVALIDATE);
}

/** Content types of the assets the build precompresses (the .br file must not be sent as octet-stream). */
const PRECOMPRESSED_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.ttf': 'font/ttf',
  '.eot': 'application/vnd.ms-fontobject',
};

const ENCODINGS = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const;

/** The encodings the client accepts (q > 0), from Accept-Encoding. */
export function acceptedEncodings(header: string | undefined): Set<string> {
  const accepted = new Set<string>();
  for (const part of (header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    if (q && !(Number(q.slice(2)) > 0)) continue;
    accepted.add(name);
  }
  return accepted;
}

/**
 * Serves `/assets/x.js` from `x.js.br` (or `.gz`) when the client accepts it and the build wrote
 * it, by pointing the request at that file before the static server sees it.
 */
export function precompressedAssets(distDir: string) {
  // No built frontend (development, API specs): the assets are not this server's business.
  if (!existsSync(join(distDir, 'index.html'))) return (_request: Request, _response: Response, next: NextFunction) => next();
  const assetsDir = join(distDir, 'assets');
  // The build output does not change while the server runs: files found are remembered (misses
  // are not, so made-up names cannot grow the map).
  const found = new Set<string>();
  const exists = (path: string) => {
    if (found.has(path)) return true;
    if (!existsSync(path)) return false;
    found.add(path);
    return true;
  };
  return (request: Request, response: Response, next: NextFunction): void => {
    if ((request.method !== 'GET' && request.method !== 'HEAD') || !request.path.startsWith(ASSETS_PREFIX)) return next();
    let relative: string;
    try {
      relative = normalize(decodeURIComponent(request.path.slice(ASSETS_PREFIX.length)));
    } catch {
      return next();
    }
    if (relative.startsWith('..') || relative.includes(`${sep}..`) || relative.includes('\0')) return next();
    const file = join(assetsDir, relative);
    if (!exists(file)) {
      // A chunk of an older release (a tab open across a deploy) must fail as a chunk, not be
      // answered with index.html (the SPA fallback), which the browser would refuse as a script.
      response.setHeader('Cache-Control', 'no-store');
      response.status(404).type('text/plain').send('Not found');
      return;
    }
    const extension = /\.[a-z0-9]+$/i.exec(relative)?.[0].toLowerCase() ?? '';
    const type = PRECOMPRESSED_TYPES[extension];
    if (!type) return next();
    // Caches must keep the variants apart even when this client gets the plain file.
    response.vary('Accept-Encoding');
    const accepted = acceptedEncodings(request.headers['accept-encoding']);
    const encoding = ENCODINGS.find((candidate) => accepted.has(candidate.name) && exists(file + candidate.suffix));
    if (!encoding) return next();
    response.setHeader('Content-Encoding', encoding.name);
    response.setHeader('Content-Type', type);
    const query = request.url.indexOf('?');
    request.url = `${request.path}${encoding.suffix}${query >= 0 ? request.url.slice(query) : ''}`;
    next();
  };
}

/**
 * Responses that must reach the client as they are written, or that engine.io already handles.
 * Reads the URL rather than Express's request.path: mounted at the root, a path starts with the
 * prefix exactly when the URL does, and a plain Node request (the HTTP adapter bench's Fastify
 * hook) has a URL too.
 */
function mustNotCompress(request: IncomingMessage, response: ServerResponse): boolean {
  if (request.url?.startsWith('/socket.io/')) return true;
  const type = String(response.getHeader('Content-Type') ?? '');
  return type.startsWith('text/event-stream');
}

/** gzip/brotli for per-request answers above 1 KB; brotli at quality 4 (fast, still ~gzip -9 size). */
export function compressResponses() {
  return compression({
    threshold: 1024,
    filter: (request, response) => !mustNotCompress(request, response) && compression.filter(request, response),
  });
}
