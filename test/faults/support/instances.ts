// An app instance as a real child process: the built backend (dist/backend/src/main.js), its
// output in test-output/faults/<spec>-<name>.log, its exit watched so that a death nobody asked
// for fails the test with the last lines of its log.
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, readFileSync, type WriteStream } from 'node:fs';
import { Agent } from 'node:http';
import { join } from 'node:path';
import { freePort } from '../../../backend/src/testing/free-port';
import { httpRequest } from './http';
import { sleep } from './services';

export const ADMIN_PASSWORD = 'fault-test-admin-pw';


export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
  at: number;
}

export class AppInstance {
  readonly agent = new Agent({ keepAlive: true, maxSockets: 64 });
  private child: ChildProcess | null = null;
  private log: WriteStream | null = null;
  private port = 0;
  exit: Exit | null = null;
  /** Set before the test kills or stops the instance on purpose. */
  private exitExpected = false;
  private exitWaiters: ((exit: Exit) => void)[] = [];

  constructor(
    readonly name: string,
    private readonly repoRoot: string,
    private readonly logFile: string,
    private readonly env: Record<string, string>,
  ) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  get running(): boolean {
    return this.child !== null && this.exit === null;
  }

  async start(timeoutMs = 90_000): Promise<void> {
    const entry = join(this.repoRoot, 'dist/backend/src/main.js');
    if (!existsSync(entry)) throw new Error(`${entry} is missing: run \`npm run build:backend\` (npm run test:faults does)`);
    this.port = await freePort();
    this.exit = null;
    this.exitExpected = false;
    this.log = createWriteStream(this.logFile, { flags: 'a' });
    this.log.write(`\n===== ${new Date().toISOString()} start ${this.name} on port ${this.port}\n`);
    const child = spawn(process.execPath, [entry], {
      cwd: this.repoRoot,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '/tmp',
        PORT: String(this.port),
        HOST: '127.0.0.1',
        NODE_ENV: 'production',
        LOG_LEVEL: 'warn',
        SEED_DEMO: 'false',
        ADMIN_PASSWORD,
        // No frontend: the API and the sockets are what the faults are about.
        FRONTEND_DIST: '/nonexistent-frontend',
        ...this.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    child.stdout?.pipe(this.log, { end: false });
    child.stderr?.pipe(this.log, { end: false });
    child.on('exit', (code, signal) => {
      const exit = { code, signal, at: Date.now() };
      this.exit = exit;
      this.log?.write(`\n===== ${new Date(exit.at).toISOString()} ${this.name} exited: code ${code} signal ${signal}${this.exitExpected ? ' (expected)' : ' (UNEXPECTED)'}\n`);
      for (const waiter of this.exitWaiters.splice(0)) waiter(exit);
    });
    const deadline = Date.now() + timeoutMs;
    let last = 'no answer yet';
    while (Date.now() < deadline) {
      const exit = this.exit as Exit | null;
      if (exit) throw new Error(`instance ${this.name} exited (code ${exit.code}) before it was healthy:\n${this.lastLines()}`);
      const answer = await httpRequest(this.url, 'GET', '/api/health', { timeoutMs: 3000 });
      if (answer.status === 200) return;
      last = `${answer.status ?? answer.error} ${JSON.stringify(answer.body)?.slice(0, 200)}`;
      await sleep(200);
    }
    throw new Error(`instance ${this.name} not healthy within ${timeoutMs} ms (${last}):\n${this.lastLines()}`);
  }

  lastLines(count = 30): string {
    try {
      return readFileSync(this.logFile, 'utf8').trimEnd().split('\n').slice(-count).join('\n');
    } catch {
      return '(no log)';
    }
  }

  /** A failure message when the instance exited without the test asking, else null. */
  deathReport(): string | null {
    if (!this.exit || this.exitExpected) return null;
    return `instance ${this.name} died (code ${this.exit.code}, signal ${this.exit.signal}): ${this.lastLines(25)}`;
  }

  waitExit(): Promise<Exit> {
    if (this.exit) return Promise.resolve(this.exit);
    return new Promise((done) => this.exitWaiters.push(done));
  }

  /** Sends a signal the test means: the exit that follows is not a death. */
  signal(signal: NodeJS.Signals): number {
    this.exitExpected = true;
    const at = Date.now();
    this.log?.write(`\n===== ${new Date(at).toISOString()} test sends ${signal} to ${this.name}\n`);
    this.child?.kill(signal);
    return at;
  }

  /** Ends the instance at teardown: SIGTERM, SIGKILL after 5 s. Never throws. */
  async stop(): Promise<void> {
    if (this.child && !this.exit) {
      this.signal('SIGTERM');
      const timer = setTimeout(() => this.child?.kill('SIGKILL'), 5000);
      await this.waitExit();
      clearTimeout(timer);
    }
    this.agent.destroy();
    await new Promise<void>((done) => (this.log ? this.log.end(done) : done()));
  }
}
