// PostgreSQL outages on a server of our own (port 5441, a throw-away cluster; the shared server
// is never touched): while the database is stopped or frozen, requests answer 503 with a
// translated "database unavailable" message and Retry-After (never 500, never the client's whole
// 15 s), and once it is back the same requests succeed without restarting the app.
// Needs the PostgreSQL server binaries and runs only with DATABASE_URL set (the PostgreSQL suite).
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bootTestApp, createScratchDatabase, type TestApp } from '../testing/test-app.js';

const BIN = process.env.PG_BIN_DIR ?? '/usr/lib/postgresql/15/bin';
const PORT = Number(process.env.OUTAGE_PG_PORT ?? 5441);
const canRun = Boolean(process.env.DATABASE_URL) && existsSync(join(BIN, 'pg_ctl')) && existsSync(join(BIN, 'initdb'));
if (!canRun) {
  console.warn(`database-outage: skipped (needs DATABASE_URL set and PostgreSQL binaries in ${BIN}; set PG_BIN_DIR)`);
}
const describeOutage = canRun ? describe : describe.skip;

/** Runs a server binary as the postgres user when we are root (initdb refuses root). */
function asPostgres(command: string, args: string[]): string {
  const full = join(BIN, command);
  if (process.getuid?.() === 0) {
    const quoted = [full, ...args].map((part) => `'${part.replace(/'/g, `'\\''`)}'`).join(' ');
    return execFileSync('runuser', ['-u', 'postgres', '--', 'sh', '-c', quoted], { encoding: 'utf8' });
  }
  return execFileSync(full, args, { encoding: 'utf8' });
}

class OwnCluster {
  // Made in init(): a skipped suite still builds its describe block, and must leave nothing behind.
  dir = '';
  data = '';
  readonly url = `postgres://postgres@127.0.0.1:${PORT}/postgres`;

  init(): void {
    this.dir = mkdtempSync(join(tmpdir(), 'sb-outage-'));
    this.data = join(this.dir, 'data');
    if (process.getuid?.() === 0) chownSync(this.dir, Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' })), Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' })));
    asPostgres('initdb', ['-D', this.data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  }

  start(): void {
    const options = `-p ${PORT} -k ${this.dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off`;
    asPostgres('pg_ctl', ['-D', this.data, '-o', options, '-l', join(this.dir, 'server.log'), '-w', '-t', '30', 'start']);
  }

  stop(): void {
    asPostgres('pg_ctl', ['-D', this.data, '-m', 'fast', '-w', 'stop']);
  }

  /** The postmaster and every backend: SIGSTOP freezes them all (sockets stay open, nothing answers). */
  private pids(): number[] {
    const postmaster = Number(readFileSync(join(this.data, 'postmaster.pid'), 'utf8').split('\n')[0]);
    const children = execFileSync('sh', ['-c', `pgrep -P ${postmaster} || true`], { encoding: 'utf8' })
      .split('\n')
      .filter(Boolean)
      .map(Number);
    return [postmaster, ...children];
  }

  freeze(): number[] {
    const pids = this.pids();
    for (const pid of pids) process.kill(pid, 'SIGSTOP');
    return pids;
  }

  thaw(pids: number[]): void {
    for (const pid of pids) {
      try {
        process.kill(pid, 'SIGCONT');
      } catch {
        // gone already
      }
    }
  }

  destroy(): void {
    if (!this.dir) return;
    try {
      this.stop();
    } catch {
      // not running
    }
    rmSync(this.dir, { recursive: true, force: true });
  }
}

const UNAVAILABLE = {
  'zh-CN': '数据库暂时不可用，请稍后重试',
  en: 'The database is temporarily unavailable, please retry shortly',
};

describeOutage('database outage on our own PostgreSQL (API)', () => {
  const cluster = new OwnCluster();
  let t: TestApp;
  let token: string;
  let n = 0;
  /** Figures for the report. */
  const measured: Record<string, number> = {};

  beforeAll(async () => {
    cluster.init();
    cluster.start();
    const scratch = await createScratchDatabase(cluster.url, 'sb_outage');
    t = await bootTestApp({ databaseUrl: scratch.url });
    token = await t.login();
  }, 120_000);

  afterAll(async () => {
    console.log(`database-outage measurements (ms): ${JSON.stringify(measured)}`);
    await t?.close().catch(() => undefined);
    cluster.destroy();
  }, 60_000);

  const write = (language = 'en') =>
    t.http
      .post('/api/admin/color/create')
      .set('token', token)
      .set('Accept-Language', language)
      .type('form')
      .send({ code: `OUT-${++n}`, name: `outage ${n}` });
  const list = (language = 'en') => t.http.get('/api/admin/color/list').set('token', token).set('Accept-Language', language).query({ pageSize: 100 });

  function expectUnavailable(response: { status: number; body: { code: number; message: string; data: { errorKey: string } }; headers: Record<string, string> }, language: 'en' | 'zh-CN'): void {
    expect(response.status).toBe(503);
    expect(response.body).toMatchObject({ code: 503, message: UNAVAILABLE[language], data: { errorKey: 'databaseUnavailable' } });
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    expect(response.headers['cache-control']).toBe('no-store');
  }

  /** Repeats `attempt` until it answers 200, returns the ms it took. */
  async function untilOk(attempt: () => Promise<{ status: number }>, limitMs: number): Promise<number> {
    const started = Date.now();
    let last = 0;
    while (Date.now() - started < limitMs) {
      last = (await attempt()).status;
      if (last === 200) return Date.now() - started;
      expect([200, 503]).toContain(last);
      await new Promise((wake) => setTimeout(wake, 100));
    }
    throw new Error(`no 200 within ${limitMs} ms (last status ${last})`);
  }

  it('works before the outage', async () => {
    expect((await write()).status).toBe(200);
    expect((await list()).body.data.total).toBe(1);
  });

  it('stopped: a write and a list answer 503 "database unavailable" in both languages at once; back: the same requests succeed', async () => {
    cluster.stop();
    const stoppedAt = Date.now();
    const firstWrite = await write('en');
    measured.stopToFirst503 = Date.now() - stoppedAt;
    expectUnavailable(firstWrite, 'en');
    expectUnavailable(await write('zh-CN'), 'zh-CN');
    expectUnavailable(await list('en'), 'en');
    const started = Date.now();
    expectUnavailable(await list('zh-CN'), 'zh-CN');
    measured.stoppedListAnswer = Date.now() - started;
    expect(measured.stopToFirst503).toBeLessThan(5000);
    expect(measured.stoppedListAnswer).toBeLessThan(5000);

    cluster.start();
    measured.restartToFirstSuccess = await untilOk(() => list(), 15_000);
    const afterWrite = await write();
    expect(afterWrite.status).toBe(200);
    // The refused writes left nothing; the accepted ones are there once each.
    const rows = (await list()).body.data.list as { code: string }[];
    expect(rows.map((row) => row.code).sort()).toEqual(['OUT-1', `OUT-${n}`].sort());
  }, 60_000);

  it('frozen: requests answer 503 within the query/connect timeout (not the 15 s of the client), then recover', async () => {
    // A fresh pooled connection first, so the freeze catches idle connections in the pool.
    expect((await list()).status).toBe(200);
    const pids = cluster.freeze();
    try {
      const frozenAt = Date.now();
      const [frozenList, frozenWrite] = await Promise.all([list('zh-CN'), write('en')]);
      measured.freezeTo503 = Date.now() - frozenAt;
      expectUnavailable(frozenList, 'zh-CN');
      expectUnavailable(frozenWrite, 'en');
      expect(measured.freezeTo503).toBeLessThan(9000);
    } finally {
      cluster.thaw(pids);
    }
    const thawedAt = Date.now();
    measured.thawToFirstSuccess = await untilOk(() => list(), 15_000);
    expect(Date.now() - thawedAt).toBeLessThan(15_000);
    expect((await write()).status).toBe(200);
  }, 60_000);

  it('a table lock held past lock_timeout: the write answers 503 "database busy" after ~3 s, not 500 or a hang', async () => {
    // Hold a lock on the colour table from another connection, then ask the app to write.
    const pg = await import('pg');
    const blocker = new pg.default.Client({ connectionString: t.databaseUrl });
    await blocker.connect();
    try {
      await blocker.query('BEGIN');
      await blocker.query('LOCK TABLE color IN ACCESS EXCLUSIVE MODE');
      const started = Date.now();
      const blocked = await write('en');
      measured.lockedWrite503 = Date.now() - started;
      expect(blocked.status).toBe(503);
      expect(blocked.body).toMatchObject({ code: 503, message: 'The database is busy, please retry shortly', data: { errorKey: 'databaseBusy' } });
      expect(blocked.headers['retry-after']).toBeDefined();
      expect(measured.lockedWrite503).toBeLessThan(8000);
    } finally {
      await blocker.query('ROLLBACK').catch(() => undefined);
      await blocker.end();
    }
    expect((await write()).status).toBe(200);
  }, 60_000);
});
