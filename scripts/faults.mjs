#!/usr/bin/env node
// Fault-injection tests (issue 9): builds the backend when it is missing or older than its
// sources (or FAULTS_BUILD=1), then runs the faults jest config in band — the suite owns fixed
// ports (PostgreSQL 5442, Redis 6392). Extra arguments go to jest (`npm run test:faults -- redis`).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const serverEntry = join(root, 'dist/backend/src/main.js');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function run(command, args, env = process.env) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env });
  if (result.error) throw result.error;
  return result.status ?? (result.signal ? 1 : 0);
}

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

// FAULTS_BUILD=0: use dist as it is; =1: always build. FAULTS_APP_ROOT: test another checkout's build.
const outdated = () =>
  !existsSync(serverEntry) ||
  [join(root, 'backend/src'), join(root, 'contracts')].some((dir) => newestMtime(dir) > statSync(serverEntry).mtimeMs);
const stale = !process.env.FAULTS_APP_ROOT && process.env.FAULTS_BUILD !== '0' && (process.env.FAULTS_BUILD === '1' || outdated());
if (stale) {
  console.log('[faults] building the backend (npm run build:backend)…');
  const status = run(npm, ['run', 'build:backend']);
  if (status !== 0) process.exit(status);
}

// Jest runs the TypeScript tests as ES modules, which needs the VM modules flag.
const nodeOptions = [process.env.NODE_OPTIONS, '--experimental-vm-modules'].filter(Boolean).join(' ');
const status = run(
  process.execPath,
  [join(root, 'node_modules/jest/bin/jest.js'), '--config', join(root, 'test/faults/jest.config.js'), '--runInBand', ...process.argv.slice(2)],
  { ...process.env, NODE_OPTIONS: nodeOptions },
);
process.exit(status);
