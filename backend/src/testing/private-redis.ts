// A redis-server of a test's own, as a child process it can kill and start again: outage tests
// must never stop the shared Redis that other suites use.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { freePort } from './free-port.js';

export const hasRedisServer = spawnSync('redis-server', ['--version']).status === 0;

export interface PrivateRedis {
  readonly port: number;
  readonly url: string;
  /** Starts it (again, empty) on the same port. */
  start(): Promise<void>;
  /** SIGKILL: connections drop at once, as in a crash. */
  kill(): Promise<void>;
}


/** Starts a redis-server on `port` (a free one when omitted) that keeps nothing on disk. */
export async function startPrivateRedis(port?: number): Promise<PrivateRedis> {
  const chosen = port ?? (await freePort());
  let child: ChildProcess | undefined;
  const redis: PrivateRedis = {
    port: chosen,
    url: `redis://127.0.0.1:${chosen}`,
    async start() {
      child = await spawnRedis(chosen);
    },
    async kill() {
      const running = child;
      if (!running || running.exitCode !== null || running.signalCode !== null) return;
      const exited = new Promise((resolve) => running.once('exit', resolve));
      running.kill('SIGKILL');
      await exited;
    },
  };
  await redis.start();
  return redis;
}

async function spawnRedis(port: number): Promise<ChildProcess> {
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await new Promise<void>((resolve, reject) => {
    // A busy 2-core machine can take a while to start a process.
    const timer = setTimeout(() => reject(new Error('redis-server did not start within 20 s')), 20_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('Ready to accept connections')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`redis-server exited (${code}); is port ${port} taken?`));
    });
  });
  return child;
}
