// On a fresh clone the first command installs the dependencies from the lockfile.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export function ensureDependencies() {
  if (existsSync('node_modules/.package-lock.json')) return;
  console.log('Installing dependencies (npm ci)…');
  execSync('npm ci --no-audit --no-fund', { stdio: 'inherit' });
}
