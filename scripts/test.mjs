// `npm test`: every test that needs no browser, on PGlite, or on DATABASE_URL when set.
//
// Jest writes its verdict to a JSON file as well as the screen, and that verdict decides: exit 0
// without a passing verdict fails; a non-zero exit with a passing verdict is explained (code
// under test writing process.exitCode — see backend/src/testing/exit-code-watch.ts). Jest under
// --experimental-vm-modules is known to crash in node's own teardown now and then (a signal
// after the summary, nodejs/node#43083, jestjs/jest#10662); spawnSync then reports no exit
// status and the run used to end with a bare exit 1 after "all passed". Now the cause is printed,
// and the verdict Jest wrote before the crash decides: a crash before Jest finished still fails.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureDependencies } from './ensure-dependencies.mjs';

ensureDependencies();
const verdictDir = mkdtempSync(join(tmpdir(), 'stitchboard-jest-'));
const verdictFile = join(verdictDir, 'verdict.json');
const result = spawnSync(
  process.execPath,
  // One test file at a time, in one worker process that jest replaces once it holds more than
  // 1 GB after a file: in a single long-lived process (--runInBand) every file's ES modules stay
  // in memory (jest's vm-modules loader), and the full suite reached node's 4 GB heap limit and
  // spent its last minutes in garbage collection before dying.
  ['node_modules/jest/bin/jest.js', '--maxWorkers=1', '--workerIdleMemoryLimit=1GB', '--json', `--outputFile=${verdictFile}`, ...process.argv.slice(2)],
  {
    stdio: 'inherit',
    env: { ...process.env, NODE_OPTIONS: [process.env.NODE_OPTIONS, '--experimental-vm-modules', '--no-warnings=ExperimentalWarning'].filter(Boolean).join(' ') },
  },
);

function readVerdict() {
  if (!existsSync(verdictFile)) return null;
  try {
    return JSON.parse(readFileSync(verdictFile, 'utf8'));
  } catch {
    return null;
  }
}

const verdict = readVerdict();
rmSync(verdictDir, { recursive: true, force: true });
if (result.error) console.error(`npm test: jest could not run: ${result.error.message}`);
if (result.status === 0 && verdict?.success !== true) {
  // An exit code cleared by the backend's exit-code watch must not hide a run that never finished.
  console.error('npm test: jest exited with 0 but wrote no passing verdict; the run fails.');
  process.exit(1);
}
if (result.status !== null) {
  if (result.status !== 0 && verdict?.success === true) {
    // Say why, rather than leave a bare exit code under a summary that reads "all passed".
    const snapshot = verdict.snapshot ?? {};
    console.error(
      `npm test: jest exited with ${result.status} although its verdict says success ` +
        `(${verdict.numPassedTests} passed, open handles ${verdict.openHandles?.length ?? 0}, ` +
        `unchecked snapshots ${snapshot.filesRemoved ?? 0}/${snapshot.unchecked ?? 0}, wasInterrupted ${verdict.wasInterrupted})`,
    );
  }
  process.exit(result.status);
}

// Killed by a signal: say so, and trust only a verdict Jest finished writing.
console.error(`npm test: jest ended by signal ${result.signal ?? 'unknown'}`);
if (verdict?.success === true && verdict.numFailedTests === 0 && verdict.numRuntimeErrorTestSuites === 0) {
  console.error(
    `npm test: jest had already written its verdict — ${verdict.numPassedTests} passed, ${verdict.numFailedTests} failed — ` +
      'so the signal came during node teardown, after every test had finished; counting the run as passed.',
  );
  process.exit(0);
}
console.error('npm test: no complete passing verdict was written before the signal; the run fails.');
process.exit(1);
