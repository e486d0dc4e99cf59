// Starts the built app for the browser tests and stops it again.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, existsSync, createWriteStream } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../../backend/src/testing/free-port';

// Jest loads the global setup as CommonJS: no import.meta here, the repository root is passed in.
export const serverEntryOf = (repoRoot: string): string => join(repoRoot, 'dist/backend/src/main.js');

export interface RunningApp {
  baseUrl: string;
  dataDir: string;
  process: ChildProcess;
}


async function waitForHealth(baseUrl: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let lastError = 'no answer yet';
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the app exited with code ${child.exitCode} before it was healthy`);
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      const body = (await response.json()) as { code?: number };
      if (response.ok && body.code === 200) return;
      lastError = `status ${response.status}`;
    } catch (error) {
      lastError = (error as Error).message;
    }
    await new Promise((wake) => setTimeout(wake, 250));
  }
  throw new Error(`the app did not become healthy within ${timeoutMs} ms (${lastError})`);
}

export async function startApp(repoRoot: string): Promise<RunningApp> {
  const serverEntry = serverEntryOf(repoRoot);
  if (!existsSync(serverEntry)) throw new Error(`${serverEntry} is missing: run \`npm run build\` first`);
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'stitchboard-e2e-'));
  const baseUrl = `http://127.0.0.1:${port}`;
  const log = createWriteStream(join(dataDir, 'server.log'));
  const child = spawn(process.execPath, [serverEntry], {
    cwd: repoRoot,
    env: { ...process.env, PORT: String(port), DATA_DIR: join(dataDir, 'data'), NODE_ENV: 'test' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  try {
    // The first boot creates the demo factory with two weeks of progress (real scans): give a
    // loaded machine time.
    await waitForHealth(baseUrl, child, 180_000);
  } catch (error) {
    child.kill('SIGTERM');
    throw new Error(`${(error as Error).message}; server log: ${join(dataDir, 'server.log')}`, { cause: error });
  }
  return { baseUrl, dataDir, process: child };
}

export async function stopApp(app: RunningApp): Promise<void> {
  if (app.process.exitCode === null) {
    const exited = new Promise((done) => app.process.once('exit', done));
    app.process.kill('SIGTERM');
    const timer = setTimeout(() => app.process.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(timer);
  }
  if (!process.env.E2E_KEEP_DATA) rmSync(app.dataDir, { recursive: true, force: true });
}
