// Builds the backend and/or the frontend when their output is missing or older than a source.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

/** True when `output` is missing or older than any file under `sources`. */
export function stale(output, sources) {
  if (!existsSync(output)) return true;
  const built = statSync(output).mtimeMs;
  return sources.some((source) => newestMtime(source) > built);
}

export const BACKEND_ENTRY = 'dist/backend/src/main.js';
export const BACKEND_SOURCES = ['backend/src', 'contracts'];

export function buildIfNeeded({ log = console.log } = {}) {
  if (stale(BACKEND_ENTRY, BACKEND_SOURCES)) {
    log('Building the backend…');
    execSync('npm run --silent build:backend', { stdio: 'inherit' });
  }
  if (stale('frontend/dist/index.html', ['frontend/src', 'contracts'])) {
    log('Building the frontend…');
    execSync('npm run --silent build:frontend', { stdio: 'inherit' });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) buildIfNeeded();
