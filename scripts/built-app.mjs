// Start the built app (dist/) on a free port with a fresh embedded database and the demo
// factory, for scripts that look at it from a browser (screenshots, the web bench).
import { spawn } from 'node:child_process';
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { root } from './run-jest.mjs';

const serverEntry = join(root, 'dist/backend/src/main.js');

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** { baseUrl, port, stop() }: the built app on 0.0.0.0:<port>, healthy. Build first (build-if-needed.mjs). */
export async function startBuiltApp({ env = {}, timeoutMs = 180_000 } = {}) {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'stitchboard-look-'));
  const log = createWriteStream(join(dataDir, 'server.log'));
  const child = spawn(process.execPath, [serverEntry], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: join(dataDir, 'data'), NODE_ENV: 'production', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the app exited (${child.exitCode}); log: ${join(dataDir, 'server.log')}`);
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the app did not become healthy in ${timeoutMs} ms; log: ${join(dataDir, 'server.log')}`);
    }
    await new Promise((wake) => setTimeout(wake, 250));
  }
  return {
    baseUrl,
    port,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((done) => child.once('exit', done));
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
        await exited;
        clearTimeout(timer);
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
