#!/usr/bin/env node
// Browser tests: build the app when it is missing (or E2E_BUILD=1), then run the e2e jest
// config. Extra arguments go to jest (e.g. `npm run test:e2e -- logout`). Exit code passed on.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

const root = fileURLToPath(new URL('..', import.meta.url));
const serverEntry = join(root, 'dist/backend/src/main.js');
const frontendEntry = join(root, 'frontend/dist/index.html');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function run(command, args, env = process.env) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env });
  if (result.error) throw result.error;
  return result.status ?? (result.signal ? 1 : 0);
}

if (process.env.E2E_BUILD === '1' || !existsSync(serverEntry) || !existsSync(frontendEntry)) {
  console.log('[e2e] building the app (npm run build)…');
  const status = run(npm, ['run', 'build']);
  if (status !== 0) process.exit(status);
}

// Jest runs the TypeScript tests as ES modules, which needs the VM modules flag.
const nodeOptions = [process.env.NODE_OPTIONS, '--experimental-vm-modules'].filter(Boolean).join(' ');
const status = run(
  process.execPath,
  [join(root, 'node_modules/jest/bin/jest.js'), '--config', join(root, 'test/e2e/jest.config.js'), '--runInBand', ...process.argv.slice(2)],
  { ...process.env, NODE_OPTIONS: nodeOptions },
);
process.exit(status);
