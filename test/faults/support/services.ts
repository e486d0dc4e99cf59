// The fault suite's own Redis and PostgreSQL: never the shared ones on 6379/5432, which other
// suites use. Both are child processes of the test so they can be killed, stopped and restarted.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { chownSync, copyFileSync, createWriteStream, existsSync, mkdtempSync, readFileSync, rmSync, type WriteStream } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

export const REDIS_PORT = 6392;
export const POSTGRES_PORT = 5442;
const PG_BIN = process.env.FAULTS_PG_BIN ?? '/usr/lib/postgresql/15/bin';

/** Resolves after `ms`, or at once when `signal` aborts (so no timer keeps Jest alive). */
export const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((wake) => {
    const timer = setTimeout(wake, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      wake();
    });
  });

/** True when something accepts TCP connections on 127.0.0.1:port. */
export function portOpen(port: number): Promise<boolean> {
  return new Promise((answer) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      answer(true);
    });
    socket.once('error', () => answer(false));
  });
}

function run(command: string, args: string[], timeoutMs = 60_000): Promise<string> {
  return new Promise((done, fail) => {
    execFile(command, args, { timeout: timeoutMs }, (error, stdout, stderr) => {
      if (error) fail(new Error(`${command} ${args.join(' ')} failed: ${error.message}\n${stdout}\n${stderr}`));
      else done(stdout);
    });
  });
}

/** A redis-server on port 6392, no persistence: a restart comes back empty, like a lost cache. */
export class PrivateRedis {
  readonly port = REDIS_PORT;
  readonly url = `redis://127.0.0.1:${REDIS_PORT}`;
  private child: ChildProcess | null = null;
  private readonly log: WriteStream;

  constructor(logFile: string) {
    this.log = createWriteStream(logFile, { flags: 'a' });
  }

  async start(): Promise<void> {
    if (await portOpen(this.port)) {
      throw new Error(`port ${this.port} is already in use (a Redis left over from an earlier fault run?): stop it, the fault suite needs its own Redis there`);
    }
    const child = spawn('redis-server', ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.on('error', (error) => this.log.write(`spawn error: ${error.message}\n`));
    child.stdout?.pipe(this.log, { end: false });
    child.stderr?.pipe(this.log, { end: false });
    this.child = child;
    const deadline = Date.now() + 10_000;
    while (!(await this.ping())) {
      if (child.exitCode !== null || Date.now() > deadline) throw new Error('redis-server did not start (is it installed? apt-get install redis-server)');
      await sleep(50);
    }
  }

  /** SIGKILL: the server vanishes mid-conversation, as in a crash. */
  async kill(): Promise<void> {
    const child = this.child;
    this.child = null;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((done) => child.once('exit', done));
    child.kill('SIGKILL');
    await exited;
  }

  ping(): Promise<boolean> {
    return new Promise((answer) => {
      const socket = connect({ host: '127.0.0.1', port: this.port });
      let reply = '';
      const finish = (ok: boolean) => {
        socket.destroy();
        answer(ok);
      };
      socket.setTimeout(1000, () => finish(false));
      socket.once('connect', () => socket.write('PING\r\n'));
      socket.on('data', (chunk) => {
        reply += chunk.toString();
        if (reply.includes('\r\n')) finish(reply.startsWith('+PONG'));
      });
      socket.once('error', () => finish(false));
    });
  }

  async stop(): Promise<void> {
    await this.kill();
    this.log.end();
  }
}

/**
 * A PostgreSQL 15 cluster of its own: initdb into a temporary folder, port 5442, trust auth,
 * managed with pg_ctl. As root, the server runs as the postgres user (initdb refuses root).
 */
export class PrivatePostgres {
  readonly port = POSTGRES_PORT;
  readonly url = `postgres://postgres@127.0.0.1:${POSTGRES_PORT}/faults`;
  private readonly dir: string;
  private readonly dataDir: string;
  private readonly logFile: string;
  private started = false;

  /** `logCopy`: where the server log is copied on destroy (the server writes it as postgres). */
  constructor(private readonly logCopy: string) {
    for (const binary of ['initdb', 'pg_ctl', 'postgres']) {
      if (!existsSync(join(PG_BIN, binary))) {
        throw new Error(
          `PostgreSQL server binaries are missing: ${join(PG_BIN, binary)} not found (apt-get install postgresql-15, or set FAULTS_PG_BIN). The fault suite runs its own cluster on port ${POSTGRES_PORT}.`,
        );
      }
    }
    this.dir = mkdtempSync(join(tmpdir(), 'stitchboard-faults-pg-'));
    this.dataDir = join(this.dir, 'data');
    this.logFile = join(this.dir, 'postgres.log');
  }

  private get asRoot(): boolean {
    return process.getuid?.() === 0;
  }

  /** Runs a PostgreSQL binary, as the postgres user when we are root. */
  private pgCommand(binary: string, args: string[], timeoutMs?: number): Promise<string> {
    const command = join(PG_BIN, binary);
    if (!this.asRoot) return run(command, args, timeoutMs);
    const quoted = [command, ...args].map((part) => `'${part.replaceAll("'", `'\\''`)}'`).join(' ');
    return run('su', ['postgres', '-s', '/bin/sh', '-c', quoted], timeoutMs);
  }

  async init(): Promise<void> {
    if (await portOpen(this.port)) {
      throw new Error(`port ${this.port} is already in use (a cluster left over from an earlier fault run?): stop it, the fault suite needs its own PostgreSQL there`);
    }
    if (this.asRoot) chownSync(this.dir, Number(await run('id', ['-u', 'postgres'])), Number(await run('id', ['-g', 'postgres'])));
    await this.pgCommand('initdb', ['-D', this.dataDir, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync']);
    await this.start();
    const client = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${this.port}/postgres` });
    await client.connect();
    await client.query('CREATE DATABASE faults');
    await client.end();
  }

  private options(): string {
    // fsync off: a test cluster, nothing to keep; the restart semantics are the same.
    return `-p ${this.port} -k ${this.dir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off -c max_connections=100`;
  }

  async start(): Promise<void> {
    await this.pgCommand('pg_ctl', ['-D', this.dataDir, '-o', this.options(), '-l', this.logFile, '-w', '-t', '60', 'start']);
    this.started = true;
  }

  async stop(mode: 'fast' | 'immediate' = 'fast'): Promise<void> {
    await this.pgCommand('pg_ctl', ['-D', this.dataDir, '-m', mode, '-w', '-t', '60', 'stop']);
    this.started = false;
  }

  async restart(mode: 'fast' | 'immediate' = 'fast'): Promise<void> {
    await this.pgCommand('pg_ctl', ['-D', this.dataDir, '-o', this.options(), '-l', this.logFile, '-m', mode, '-w', '-t', '60', 'restart']);
    this.started = true;
  }

  private frozen: number[] = [];

  /**
   * Freezes the server (SIGSTOP to the postmaster and its backends): connections stay open,
   * nothing answers — a hung disk or VM pause. Only this cluster's processes, by pid.
   */
  async freeze(): Promise<void> {
    const postmaster = Number(readFileSync(join(this.dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    const children = (await run('ps', ['-o', 'pid=', '--ppid', String(postmaster)])).split('\n').map(Number).filter((pid) => pid > 0);
    this.frozen = [postmaster, ...children];
    for (const pid of this.frozen) process.kill(pid, 'SIGSTOP');
  }

  /** Lets a frozen server run again. */
  thaw(): void {
    for (const pid of this.frozen.splice(0)) {
      try {
        process.kill(pid, 'SIGCONT');
      } catch {
        // Gone meanwhile.
      }
    }
  }

  /** A short-lived client for the test's own reads (truth from the database). */
  async query<R extends pg.QueryResultRow = Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<R[]> {
    const client = new pg.Client({ connectionString: this.url });
    await client.connect();
    try {
      return (await client.query<R>(sql, params)).rows;
    } finally {
      await client.end();
    }
  }

  /** Stops the server (immediately: nothing to keep) and removes the folder. Never throws. */
  async destroy(): Promise<void> {
    this.thaw();
    try {
      if (this.started || existsSync(join(this.dataDir, 'postmaster.pid'))) await this.stop('immediate');
    } catch {
      // Already stopped, or the folder is gone: the folder goes next anyway.
    }
    try {
      if (existsSync(this.logFile)) copyFileSync(this.logFile, this.logCopy);
    } catch {
      // Diagnosis only.
    }
    rmSync(this.dir, { recursive: true, force: true });
  }
}
