// Specs that build the backend (npm run build:backend) and run the result as a child process.
//
// CI runs `npm test` twice at once, on PGlite and on PostgreSQL, from one checkout: one run's
// build rewrote dist/ while the other's server was loading it, and that server died on a
// half-written module ("does not provide an export named RealtimeGateway"). Holding this lock
// from the build until the spec's last server has exited keeps the two apart. The lock is a
// directory (mkdir is atomic) holding the owner's pid, so one left by a crashed run is taken over.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const POLL_MS = 200;

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Where the lock of the checkout at `root` lives (one per checkout). */
export function builtServerLockDir(root: string): string {
  return join(tmpdir(), `stitchboard-built-server-${createHash('sha256').update(root).digest('hex').slice(0, 16)}.lock`);
}

/** Waits for the checkout's build lock (at most `timeoutMs`); resolves with its release. */
export async function lockBuiltServer(root: string, timeoutMs = 180_000): Promise<() => void> {
  const dir = builtServerLockDir(root);
  const owner = join(dir, 'pid');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      mkdirSync(dir);
      writeFileSync(owner, String(process.pid));
      return () => rmSync(dir, { recursive: true, force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    let pid = Number.NaN;
    try {
      pid = Number(readFileSync(owner, 'utf8'));
    } catch {
      // Just made by its owner, the pid not written yet: wait like for a live one.
    }
    if (Number.isInteger(pid) && pid > 0 && !alive(pid)) {
      rmSync(dir, { recursive: true, force: true });
      continue;
    }
    if (Date.now() > deadline) throw new Error(`the built server's lock ${dir} was held for over ${timeoutMs} ms (pid ${pid})`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}
