// `npm start`: builds what is missing, then runs the app on the embedded database (or on
// DATABASE_URL when set) and prints the URL and the login.
import { spawn } from 'node:child_process';
import { buildIfNeeded } from './build-if-needed.mjs';
import { ensureDependencies } from './ensure-dependencies.mjs';

ensureDependencies();
buildIfNeeded();
const child = spawn(process.execPath, ['dist/backend/src/main.js'], {
  stdio: 'inherit',
  env: { NODE_ENV: 'production', LOG_LEVEL: 'warn', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
