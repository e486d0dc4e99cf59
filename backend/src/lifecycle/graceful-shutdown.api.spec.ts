import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { connect, type Socket as NetSocket } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { io } from 'socket.io-client';
import { lockBuiltServer } from '../testing/built-server-lock.js';
import { freePort } from '../testing/free-port.js';
import { createScratchDatabase } from '../testing/test-app.js';

// SIGTERM on the built server, as an orchestrator sends it: in-flight requests are answered, a
// request arriving meanwhile gets 503 + Connection: close, idle keep-alive connections and
// sockets are closed, and the process exits 0 within 5 s.
const ROOT = resolve(process.cwd());
const MAIN = join(ROOT, 'dist/backend/src/main.js');
const ADMIN_PASSWORD = 'shutdown-test-pass-1';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));


/** A raw HTTP/1.1 connection: what it received, and when it closed. */
function rawConnection(port: number) {
  const socket: NetSocket = connect(port, '127.0.0.1');
  let received = '';
  socket.on('data', (chunk) => (received += chunk.toString()));
  const closed = new Promise<number>((r) => socket.once('close', () => r(Date.now())));
  socket.on('error', () => undefined);
  const ready = new Promise<void>((r) => socket.once('connect', () => r()));
  return { socket, ready, closed, received: () => received };
}

async function waitFor(condition: () => boolean, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${ms} ms`);
    await sleep(20);
  }
}

describe('graceful shutdown of the built server (SIGTERM)', () => {
  let child: ChildProcess | undefined;
  let dataDir: string | undefined;
  let dropDatabase: (() => Promise<void>) | undefined;
  let output = '';
  let databaseUrl: string | undefined;
  let unlock: (() => void) | undefined;

  beforeAll(async () => {
    // No other run of this checkout rebuilds dist/ while this spec's servers load it.
    unlock = await lockBuiltServer(ROOT);
    // tsc emits even when some other file has a type error; the server only needs to be there.
    spawnSync('npm', ['run', 'build:backend'], { cwd: ROOT, stdio: 'ignore' });
    if (!existsSync(MAIN)) throw new Error(`build failed: ${MAIN} is missing`);
  }, 240_000);
  afterAll(async () => {
    if (child && child.exitCode === null) child.kill('SIGKILL');
    unlock?.();
    await dropDatabase?.();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  /** Starts the built server on a free port (the same database each time) and waits for its banner. */
  async function startServer() {
    output = '';
    const port = await freePort();
    const env: Record<string, string> = {
      ...(process.env as Record<string, string>),
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      ADMIN_PASSWORD,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      FRONTEND_DIST: '/nonexistent',
    };
    delete env.REDIS_URL;
    if (databaseUrl) env.DATABASE_URL = databaseUrl;
    delete env.NODE_OPTIONS;
    if (process.env.DATABASE_URL && !dropDatabase) {
      const scratch = await createScratchDatabase(process.env.DATABASE_URL);
      dropDatabase = scratch.drop;
      databaseUrl = scratch.url;
      env.DATABASE_URL = scratch.url;
    } else if (!process.env.DATABASE_URL) {
      dataDir ??= mkdtempSync(join(tmpdir(), 'sb-shutdown-'));
      delete env.DATABASE_URL;
    }
    if (dataDir) env.DATA_DIR = join(dataDir, 'data');
    child = spawn(process.execPath, [MAIN], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<{ code: number | null; signal: string | null; at: number }>((r) =>
      child!.once('exit', (code, signal) => r({ code, signal, at: Date.now() })),
    );
    await waitFor(() => output.includes('Stitchboard is running') || child!.exitCode !== null, 60_000);
    if (child.exitCode !== null) throw new Error(`the server did not start:\n${output}`);

    return { port, exited, server: child };
  }

  it('answers in-flight requests, refuses new ones with 503, closes connections, exits 0 within 5 s', async () => {
    const { port, exited, server } = await startServer();
    // A board's socket, logged in.
    const login = await fetch(`http://127.0.0.1:${port}/api/admin/login/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Connection: 'close' },
      body: `username=admin&password=${ADMIN_PASSWORD}`,
    });
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    const board = io(`http://127.0.0.1:${port}`, { path: '/socket.io', transports: ['websocket'], reconnection: false, auth: { token } });
    await new Promise<void>((r, reject) => {
      board.once('connect', () => r());
      board.once('connect_error', reject);
    });
    const boardGone = new Promise<string>((r) => board.once('disconnect', (reason) => r(reason)));

    // 1. An idle keep-alive connection (one answered request, then quiet).
    const idle = rawConnection(port);
    await idle.ready;
    idle.socket.write(`GET /api/health HTTP/1.1\r\nHost: x\r\nConnection: keep-alive\r\n\r\n`);
    await waitFor(() => idle.received().includes('"code":200'), 5000);

    // 2. A settings change whose body is still arriving (in flight when the signal comes).
    const body = `refreshType=1&refreshInterval=45`;
    const slow = rawConnection(port);
    await slow.ready;
    slow.socket.write(
      `POST /api/admin/setting/updateDashboardSetting HTTP/1.1\r\nHost: x\r\ntoken: ${token}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 10)}`,
    );

    // 3. A request whose headers are still arriving: it completes after the signal.
    const late = rawConnection(port);
    await late.ready;
    late.socket.write(`GET /api/health HTTP/1.1\r\nHost: x\r\n`);
    await sleep(200);

    const signalled = Date.now();
    server.kill('SIGTERM');
    await sleep(300);
    late.socket.write('Accept-Language: en\r\n\r\n');
    await sleep(700);
    slow.socket.write(body.slice(10));

    const exit = await exited;
    const exitMs = exit.at - signalled;
    console.log(`graceful shutdown: exit ${exit.code} after ${exitMs} ms; idle keep-alive closed after ${(await idle.closed) - signalled} ms`);

    if (!slow.received().startsWith('HTTP/1.1 200')) console.log({ output, slow: slow.received(), late: late.received() });
    expect(exit).toMatchObject({ code: 0, signal: null });
    expect(exitMs).toBeLessThan(5000);
    // The in-flight change was answered, and saved.
    expect(slow.received()).toMatch(/^HTTP\/1\.1 200/);
    expect(slow.received()).toMatch(/"refreshInterval":45/);
    // The request that arrived during the shutdown: 503, told to close, translated.
    expect(late.received()).toMatch(/^HTTP\/1\.1 503/);
    expect(late.received().toLowerCase()).toContain('connection: close');
    expect(late.received()).toContain('This server is restarting');
    // The idle keep-alive connection was closed at once, not at the deadline.
    expect((await idle.closed) - signalled).toBeLessThan(500);
    // The board's socket was closed by the server: it reconnects to another instance.
    // A closed transport, not a server-side disconnect: the client reconnects (to another instance).
    expect(await boardGone).toBe('transport close');
    board.close();
  });

  it('cuts a request that never finishes at the drain limit and still exits 0 within 5 s', async () => {
    const { port, exited, server } = await startServer();
    const stuck = rawConnection(port);
    await stuck.ready;
    stuck.socket.write(`POST /api/admin/login/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 1000\r\n\r\nusername=`);
    await sleep(200);
    const signalled = Date.now();
    server.kill('SIGTERM');
    const exit = await exited;
    const cutAfter = (await stuck.closed) - signalled;
    console.log(`graceful shutdown with a stuck request: connection cut after ${cutAfter} ms, exit ${exit.code} after ${exit.at - signalled} ms`);
    expect(exit).toMatchObject({ code: 0, signal: null });
    expect(exit.at - signalled).toBeLessThan(5000);
    expect(cutAfter).toBeGreaterThanOrEqual(2900); // it had its chance to finish
  });
});
