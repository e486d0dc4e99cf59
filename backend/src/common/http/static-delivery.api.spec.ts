// Fast first load (issue 10, item 6) on the booted app with a small built frontend: precompressed
// assets by Accept-Encoding, a year of caching for hashed assets and revalidation for
// index.html, gzip/brotli on API JSON, security headers untouched, Socket.IO polling unharmed.
import { get, type IncomingHttpHeaders } from 'node:http';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync, gunzipSync } from 'node:zlib';
import { io } from 'socket.io-client';
import { bootTestApp, connected, type TestApp } from '../../testing/test-app.js';
import { acceptedEncodings, IMMUTABLE, REVALIDATE } from './static-delivery.js';

const SCRIPT = `export const greeting = ${JSON.stringify('hello '.repeat(400))};\n`;
const STYLE = `.a { color: red; }\n`.repeat(200);

function buildDist(): string {
  const dist = mkdtempSync(join(tmpdir(), 'stitchboard-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), `<!doctype html><html><head><title>t</title></head><body>${'<div></div>'.repeat(200)}</body></html>`);
  writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(join(dist, 'assets/main-abc123.js'), SCRIPT);
  writeFileSync(join(dist, 'assets/main-abc123.js.br'), brotliCompressSync(SCRIPT));
  writeFileSync(join(dist, 'assets/main-abc123.js.gz'), gzipSync(SCRIPT));
  // A stylesheet the build did not precompress: compressed on the fly instead.
  writeFileSync(join(dist, 'assets/style-def456.css'), STYLE);
  return dist;
}

interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** The bytes as they travel (supertest and fetch would decode them first). */
function getRaw(baseUrl: string, path: string, acceptEncoding: string): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    get(`${baseUrl}${path}`, { headers: { 'Accept-Encoding': acceptEncoding } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
    }).on('error', reject);
  });
}

describe('acceptedEncodings', () => {
  it('reads the tokens a browser sends and drops q=0', () => {
    expect([...acceptedEncodings('gzip, deflate, br, zstd')]).toEqual(['gzip', 'deflate', 'br', 'zstd']);
    expect([...acceptedEncodings('br;q=0, gzip;q=0.5')]).toEqual(['gzip']);
    expect([...acceptedEncodings(undefined)]).toEqual([]);
  });
});

describe('static delivery on the booted app (API)', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = buildDist();
    t = await bootTestApp({ env: { FRONTEND_DIST: dist } });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('a hashed script goes out as the build\'s .br to a browser, .gz to a gzip-only client, plain otherwise; cached a year', async () => {
    const br = await getRaw(t.url, '/assets/main-abc123.js', 'gzip, deflate, br, zstd');
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(br.headers['cache-control']).toBe(IMMUTABLE);
    expect(br.headers.vary).toMatch(/Accept-Encoding/i);
    expect(brotliDecompressSync(br.body).toString()).toBe(SCRIPT);

    const gz = await getRaw(t.url, '/assets/main-abc123.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(SCRIPT);

    const plain = await getRaw(t.url, '/assets/main-abc123.js', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['cache-control']).toBe(IMMUTABLE);
    expect(plain.body.toString()).toBe(SCRIPT);
    // Security headers are still there on assets.
    expect(br.headers['x-content-type-options']).toBe('nosniff');
    expect(br.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it('an asset the build did not precompress is compressed on the fly, still cached a year', async () => {
    const response = await getRaw(t.url, '/assets/style-def456.css', 'br');
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe(IMMUTABLE);
    expect(brotliDecompressSync(response.body).toString()).toBe(STYLE);
  });

  it('index.html (directly and as the fallback of a screen path) is revalidated and compressed', async () => {
    for (const path of ['/', '/login', '/production/scan']) {
      const response = await t.http.get(path).set('Accept-Encoding', 'gzip');
      expect(response.status).toBe(200);
      expect(response.headers['cache-control']).toBe(REVALIDATE);
      expect(response.headers['content-encoding']).toBe('gzip');
      expect(response.text).toContain('<title>t</title>');
      expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    }
    const favicon = await t.http.get('/favicon.svg');
    expect(favicon.headers['cache-control']).toBe(REVALIDATE);
  });

  it('a missing hashed asset (an old release\'s chunk) is a 404, not index.html', async () => {
    const response = await t.http.get('/assets/gone-000000.js').set('Accept-Encoding', 'br');
    expect(response.status).toBe(404);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    expect(response.headers['cache-control']).toBe('no-store');
    // A name climbing out of the build folder is never read from disk.
    const traversal = await t.http.get('/assets/..%2f..%2f..%2f..%2f..%2fetc%2fpasswd').set('Accept-Encoding', 'br');
    expect(traversal.text ?? '').not.toContain('root:');
  });

  it('API JSON over 1 KB is compressed and still no-store; small answers go plain', async () => {
    const token = await t.login();
    const big = await t.http.get('/api/docs-json').set('Accept-Encoding', 'br');
    expect(big.headers['content-encoding']).toBe('br');
    expect(big.body.openapi).toBeDefined();
    const list = await t.http.get('/api/admin/user/list').set('token', token).set('Accept-Encoding', 'gzip').query({ pageSize: 100 });
    expect(list.status).toBe(200);
    expect(list.headers['cache-control']).toBe('no-store');
    if (Number(list.headers['content-length'] ?? Infinity) >= 1024) expect(list.headers['content-encoding']).toBe('gzip');
    const health = await t.http.get('/api/health').set('Accept-Encoding', 'gzip');
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(health.body.code).toBe(200);
  });

  it('Socket.IO over long-polling (no websocket) still connects and is not recompressed by Express', async () => {
    const token = await t.login();
    const handshake = await t.http.get('/socket.io/').query({ EIO: '4', transport: 'polling' }).set('Accept-Encoding', 'gzip, br');
    expect(handshake.status).toBe(200);
    expect(handshake.headers['content-encoding']).toBeUndefined();
    const socket = io(t.url, { path: '/socket.io', auth: { token }, transports: ['polling'], reconnection: false, forceNew: true });
    try {
      await connected(socket);
      expect(socket.io.engine.transport.name).toBe('polling');
    } finally {
      socket.disconnect();
    }
  });
});
