// HTTP hygiene on the booted app: security headers that work on a plain-http LAN (no
// upgrade-insecure-requests, no HSTS) and switch on behind TLS from a trusted proxy only;
// Cache-Control: no-store on every API answer; our own request ids; logs without tokens,
// board keys, passwords or configuration secrets. The scan POST, answered on the lean path
// (common/http/lean-route.ts), is checked beside an ordinary endpoint each time.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { bootTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '../../testing/test-app.js';
import { configSecrets, logCapture, secretScrubber, withoutSecretQuery } from './log-options.js';

class LogSink extends Writable {
  text = '';
  override _write(chunk: Buffer, _encoding: string, done: () => void): void {
    this.text += chunk.toString();
    done();
  }
  lines(): Record<string, unknown>[] {
    return this.text
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  }
}

/** The scan POST (lean path) with no token: a 401 that must carry the same headers. */
const SCAN = '/api/admin/scan/record';

describe('HTTP hygiene (API)', () => {
  let t: TestApp;
  const sink = new LogSink();

  beforeAll(async () => {
    logCapture.destination = sink;
    try {
      t = await bootTestApp({ env: { LOG_LEVEL: 'info' } });
    } finally {
      logCapture.destination = undefined;
    }
  });
  afterAll(() => t?.close());

  describe('security headers', () => {
    it('over plain http: a CSP without upgrade-insecure-requests, no HSTS, no COOP', async () => {
      for (const response of [await t.http.get('/api/health'), await t.http.post(SCAN)]) {
        const csp = response.headers['content-security-policy'] as string;
        expect(csp).toContain("default-src 'self'");
        expect(csp).toContain("img-src 'self' data: blob:");
        expect(csp).not.toContain('upgrade-insecure-requests');
        expect(response.headers['strict-transport-security']).toBeUndefined();
        expect(response.headers['cross-origin-opener-policy']).toBeUndefined();
      }
    });

    it('behind a trusted TLS proxy (X-Forwarded-Proto: https from loopback): both present', async () => {
      for (const response of [await t.http.get('/api/health').set('X-Forwarded-Proto', 'https'), await t.http.post(SCAN).set('X-Forwarded-Proto', 'https')]) {
        expect(response.headers['content-security-policy']).toContain('upgrade-insecure-requests');
        expect(response.headers['strict-transport-security']).toMatch(/max-age=\d+/);
      }
    });

    it('X-Forwarded-Proto from an untrusted address is ignored', async () => {
      const untrusted = await bootTestApp({ env: { TRUST_PROXY: '10.9.9.9' } });
      try {
        const health = await untrusted.http.get('/api/health').set('X-Forwarded-Proto', 'https');
        expect(health.status).toBe(200);
        const scan = await untrusted.http.post(SCAN).set('X-Forwarded-Proto', 'https');
        expect(scan.status).toBe(401);
        for (const response of [health, scan]) {
          expect(response.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
          expect(response.headers['strict-transport-security']).toBeUndefined();
        }
      } finally {
        await untrusted.close();
      }
    });
  });

  it('FORCE_HTTPS=true (TLS always in front): HSTS and upgrade-insecure-requests on every answer', async () => {
    const forced = await bootTestApp({ env: { FORCE_HTTPS: 'true' } });
    try {
      for (const response of [await forced.http.get('/api/health'), await forced.http.post(SCAN)]) {
        expect(response.headers['content-security-policy']).toContain('upgrade-insecure-requests');
        expect(response.headers['strict-transport-security']).toMatch(/max-age=\d+/);
      }
    } finally {
      await forced.close();
    }
  });

  describe('Cache-Control', () => {
    it('no-store on success, on errors and on unknown API paths', async () => {
      const token = await t.login();
      const ok = await t.http.get('/api/admin/user/info').set('token', token);
      expect(ok.status).toBe(200);
      const refused = await t.http.get('/api/admin/user/info');
      expect(refused.status).toBe(401);
      const missing = await t.http.get('/api/admin/nothing/here');
      expect(missing.status).toBe(404);
      const badBody = await t.http.post('/api/admin/login/login').set('Content-Type', 'application/json').send('{"username": ');
      expect(badBody.status).toBe(400);
      const badScan = await t.http.post(SCAN).set('token', token).set('Content-Type', 'application/json').send('{"scanId": ');
      expect(badScan.status).toBe(400);
      const refusedScan = await t.http.post(SCAN).type('form').send({ scanId: 'x' });
      expect(refusedScan.status).toBe(401);
      for (const response of [ok, refused, missing, badBody, badScan, refusedScan]) expect(response.headers['cache-control']).toBe('no-store');
    });
  });

  describe('request ids and logs', () => {
    it('does not echo a client X-Request-Id and logs its own id instead', async () => {
      sink.text = '';
      const response = await t.http.get('/api/admin/nothing/forged-id').set('X-Request-Id', 'forged-id-123');
      expect(response.status).toBe(404);
      expect(response.headers['x-request-id']).toBeUndefined();
      const line = sink.lines().find((entry) => (entry.req as { url?: string } | undefined)?.url === '/api/admin/nothing/forged-id');
      expect(line).toBeDefined();
      const id = (line!.req as { id: string }).id;
      expect(id).not.toBe('forged-id-123');
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
    });

    it('never writes the token, board key, cookie, login password or ADMIN_PASSWORD', async () => {
      const token = await t.login();
      const settings = await t.http.get('/api/admin/setting/getDashboardSetting').set('token', token);
      const boardKey = settings.body.data.boardKey as string;
      expect(boardKey.length).toBeGreaterThan(8);
      sink.text = '';

      expect((await t.http.get('/api/board/snapshot').set('boardKey', boardKey)).status).toBe(200);
      // Static pages (the phone-board link /mobile?key=…) are not request-logged; an API URL with
      // the key in its query is.
      await t.http.get(`/api/board/snapshot?key=${boardKey}`);
      await t.http.get(`/api/board/snapshot?boardKey=${boardKey}&token=${token}`);
      await t.http.get('/api/admin/user/info').set('token', token).set('Cookie', `token=${token}`).set('Authorization', `Bearer ${token}`);
      await t.http.post('/api/admin/login/login').type('form').send({ username: 'admin', password: 'wrong-password-xyz' });
      // The scan POST is logged by the lean path's own request log, through the same redaction.
      await t.http.post(SCAN).set('token', token).set('Cookie', `token=${token}`).type('form').send({ scanId: 'lean-path-log-1', quantity: 1 });
      // Anything that ends up in a log line, here the URL, is scrubbed of configuration secrets.
      await t.http.get(`/api/admin/nothing?q=${TEST_ADMIN_PASSWORD}`);

      const lines = sink.lines();
      // The requests above were logged (with their redacted fields), not silently dropped.
      expect(lines.filter((line) => line.req).length).toBeGreaterThanOrEqual(7);
      const scanLine = lines.find((line) => (line.req as { url?: string } | undefined)?.url === SCAN);
      expect(scanLine).toBeDefined();
      expect((scanLine!.req as { headers: Record<string, string> }).headers.token).toBe('[Redacted]');
      expect((scanLine!.res as { statusCode: number }).statusCode).toBe(400);
      expect(sink.text).toContain('[Redacted]');
      const boardLine = lines.find((line) => (line.req as { headers?: Record<string, string> })?.headers?.boardkey);
      expect((boardLine!.req as { headers: Record<string, string> }).headers.boardkey).toBe('[Redacted]');
      const urls = lines.map((line) => (line.req as { url?: string } | undefined)?.url);
      expect(urls).toContain('/api/board/snapshot?key=[Redacted]');
      expect(urls).toContain('/api/board/snapshot?boardKey=[Redacted]&token=[Redacted]');
      for (const secret of [boardKey, token, 'wrong-password-xyz', TEST_ADMIN_PASSWORD]) expect(sink.text).not.toContain(secret);
    });

    it('scrubs passwords of DATABASE_URL and REDIS_URL and ADMIN_PASSWORD from any line', () => {
      const secrets = configSecrets({
        DATABASE_URL: 'postgres://app:s3cret%40db@db:5432/x',
        REDIS_URL: 'redis://:redis-pass-1@redis:6379',
        ADMIN_PASSWORD: 'admin-pass-"q',
      });
      const scrub = secretScrubber(secrets)!;
      const line = JSON.stringify({ msg: 'connect postgres://app:s3cret@db@db failed', redis: 'redis-pass-1', admin: 'admin-pass-"q' });
      const clean = scrub(line);
      expect(clean).not.toContain('s3cret');
      expect(clean).not.toContain('redis-pass-1');
      expect(clean).not.toContain('admin-pass-');
      expect(JSON.parse(clean)).toEqual({ msg: 'connect postgres://app:[Redacted]@db failed', redis: '[Redacted]', admin: '[Redacted]' });
      expect(withoutSecretQuery('/mobile?key=abc&x=1&token=t')).toBe('/mobile?key=[Redacted]&x=1&token=[Redacted]');
    });
  });

  describe('deployment files (docker-compose.yml, deploy/nginx.conf)', () => {
    const root = process.cwd();
    const compose = readFileSync(join(root, 'docker-compose.yml'), 'utf8');
    const nginx = readFileSync(join(root, 'deploy/nginx.conf'), 'utf8');

    it('compose requires ADMIN_PASSWORD (no default) and trusts exactly the proxy\'s fixed address', () => {
      expect(compose).toMatch(/ADMIN_PASSWORD: \$\{ADMIN_PASSWORD:\?[^}]+\}/);
      expect(compose).not.toMatch(/ADMIN_PASSWORD:-/);
      const trusted = /TRUST_PROXY: "([^"]+)"/.exec(compose)?.[1];
      const proxyAddress = /ipv4_address: ([\d.]+)/.exec(compose)?.[1];
      const subnet = /subnet: ([\d.]+)\/24/.exec(compose)?.[1];
      expect(trusted).toBe(proxyAddress);
      expect(proxyAddress!.split('.').slice(0, 3)).toEqual(subnet!.split('.').slice(0, 3));
      expect(compose).toMatch(/stop_grace_period:/);
      expect(compose).toMatch(/api\/health/);
    });

    it('nginx overwrites X-Forwarded-For with the peer address and sends X-Forwarded-Proto in every location', () => {
      expect(nginx).not.toContain('$proxy_add_x_forwarded_for');
      const locations = nginx.split(/\n\s*location /).slice(1);
      expect(locations.length).toBeGreaterThanOrEqual(2);
      for (const location of locations) {
        // A location that proxies nothing (the /metrics refusal) has no headers to overwrite.
        if (!location.includes('proxy_pass')) {
          expect(location).toMatch(/^[^{]*\{\s*deny all;\s*\}/);
          continue;
        }
        expect(location).toContain('proxy_set_header X-Forwarded-For $remote_addr;');
        expect(location).toContain('proxy_set_header X-Forwarded-Proto $scheme;');
        expect(location).toContain('proxy_set_header X-Request-Id "";');
      }
    });

    it('nginx refuses /metrics (Prometheus scrapes the instances directly), in any case and with anything after it', () => {
      expect(nginx).toMatch(/location ~\* \^\/\+metrics \{\s*deny all;\s*\}/);
      const pattern = new RegExp(/location ~\* (\S+) \{\s*deny all;/.exec(nginx)![1], 'i');
      for (const path of ['/metrics', '/METRICS', '/metrics/', '//metrics', '/metrics?x=1']) expect(pattern.test(path)).toBe(true);
      expect(pattern.test('/api/health')).toBe(false);
    });
  });
});
