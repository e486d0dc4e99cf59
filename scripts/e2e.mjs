#!/usr/bin/env node
// Browser tests: build the app when it is missing (or E2E_BUILD=1), then run the e2e jest
// config. Extra arguments go to jest (e.g. `npm run test:e2e -- logout`). Exit code passed on.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { npm, root, run, runJest } from './run-jest.mjs';

const serverEntry = join(root, 'dist/backend/src/main.js');
const frontendEntry = join(root, 'frontend/dist/index.html');

if (process.env.E2E_BUILD === '1' || !existsSync(serverEntry) || !existsSync(frontendEntry)) {
  console.log('[e2e] building the app (npm run build)…');
  const status = run(npm, ['run', 'build']);
  if (status !== 0) process.exit(status);
}
process.exit(runJest('test/e2e/jest.config.js', process.argv.slice(2)));
