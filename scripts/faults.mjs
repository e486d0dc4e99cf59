#!/usr/bin/env node
// Fault-injection tests (issue 9): builds the backend when it is missing or older than its
// sources (or FAULTS_BUILD=1), then runs the faults jest config in band — the suite owns fixed
// ports (PostgreSQL 5442, Redis 6392). Extra arguments go to jest (`npm run test:faults -- redis`).
import { BACKEND_ENTRY, BACKEND_SOURCES, stale } from './build-if-needed.mjs';
import { npm, root, run, runJest } from './run-jest.mjs';

// FAULTS_BUILD=0: use dist as it is; =1: always build. FAULTS_APP_ROOT: test another checkout's build.
process.chdir(root);
const mustBuild =
  !process.env.FAULTS_APP_ROOT && process.env.FAULTS_BUILD !== '0' && (process.env.FAULTS_BUILD === '1' || stale(BACKEND_ENTRY, BACKEND_SOURCES));
if (mustBuild) {
  console.log('[faults] building the backend (npm run build:backend)…');
  const status = run(npm, ['run', 'build:backend']);
  if (status !== 0) process.exit(status);
}
process.exit(runJest('test/faults/jest.config.js', process.argv.slice(2)));
