// `npm run dev`: backend recompiled and restarted on change, Vite dev server with hot reload
// proxying /api and /socket.io to it. Open the Vite URL it prints.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';

const children = [];
function run(command, args, env = {}) {
  const child = spawn(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  children.push(child);
  return child;
}

const backendPort = process.env.PORT ?? '3000';
run('npx', ['tsc', '-p', 'backend/tsconfig.build.json', '--watch', '--preserveWatchOutput']);
// Wait for the first compile before starting node --watch on its output.
const started = Date.now();
while (!existsSync('dist/backend/src/main.js') && Date.now() - started < 60_000) await new Promise((r) => setTimeout(r, 300));
run(process.execPath, ['--watch', 'dist/backend/src/main.js'], { PORT: backendPort, NODE_ENV: 'development' });
run('npx', ['vite', '--config', 'frontend/vite.config.ts'], { BACKEND_PORT: backendPort });

const stop = () => {
  for (const child of children) child.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
