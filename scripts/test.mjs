// `npm test`: every test that needs no browser, on PGlite, or on DATABASE_URL when set.
import { spawnSync } from 'node:child_process';
import { ensureDependencies } from './ensure-dependencies.mjs';

ensureDependencies();
const result = spawnSync(process.execPath, ['node_modules/jest/bin/jest.js', '--runInBand', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, NODE_OPTIONS: [process.env.NODE_OPTIONS, '--experimental-vm-modules', '--no-warnings=ExperimentalWarning'].filter(Boolean).join(' ') },
});
process.exit(result.status ?? 1);
