// Jest set-up for every backend spec (jest.config.js setupFilesAfterEnv).
//
// Code under test runs inside the Jest process, so a library that writes `process.exitCode`
// changes how the whole test run ends. PGlite does: it is PostgreSQL built with Emscripten,
// whose runtime sets `process.exitCode = status` when an embedded database quits with a non-zero
// status. A CI run once ended "903 passed" and exit 1 that way, with nothing printed. Jest's own
// verdict decides whether tests passed (scripts/test.mjs also checks the verdict it wrote); this
// names the spec file after which the exit code was found set, and clears it, so such a write
// shows up as a line in the log instead of a silent CI failure.
import process from 'node:process';

function clearStrayExitCode(when: string): void {
  const code = process.exitCode;
  if (code === undefined || code === null || code === 0) return;
  console.warn(`process.exitCode was set to ${String(code)} ${when} (not by a test assertion); cleared`);
  process.exitCode = undefined;
}

beforeAll(() => clearStrayExitCode('before this spec file, after the previous one ended'));
afterAll(() => clearStrayExitCode(`while ${expect.getState().testPath ?? 'this spec file'} ran`));

// After the last spec file (a database closed at teardown). Registered once per process, before
// Jest's own exit listener, which sets its failure code afterwards when tests failed.
const registered = Symbol.for('stitchboard.exitCodeWatch');
const processFlags = process as unknown as Record<symbol, boolean>;
if (!processFlags[registered]) {
  processFlags[registered] = true;
  process.on('exit', () => {
    const code = process.exitCode;
    if (code === undefined || code === null || code === 0) return;
    process.stderr.write(`[npm test] process.exitCode was set to ${String(code)} after the last spec file; cleared — Jest's verdict decides\n`);
    process.exitCode = undefined;
  });
}
