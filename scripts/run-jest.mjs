// What the test entry points share: run a command from the repository root, and run jest on a
// config in band with ES modules enabled (the TypeScript tests run as ES modules).
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('..', import.meta.url));
export const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** Runs a command in the repository root with inherited output; returns its exit code. */
export function run(command, args, env = process.env) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env });
  if (result.error) throw result.error;
  return result.status ?? (result.signal ? 1 : 0);
}

/** Runs jest on `config` (a path from the root) in band, with the extra arguments; returns its exit code. */
export function runJest(config, extraArgs) {
  const nodeOptions = [process.env.NODE_OPTIONS, '--experimental-vm-modules'].filter(Boolean).join(' ');
  return run(process.execPath, [join(root, 'node_modules/jest/bin/jest.js'), '--config', join(root, config), '--runInBand', ...extraArgs], {
    ...process.env,
    NODE_OPTIONS: nodeOptions,
  });
}
