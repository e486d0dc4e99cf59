import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { builtServerLockDir, lockBuiltServer } from './built-server-lock.js';

describe('the built server lock', () => {
  it('lets a second holder in only after the first releases it', async () => {
    const root = `/checkout-${randomUUID()}`;
    const releaseFirst = await lockBuiltServer(root);
    let secondIn = false;
    const second = lockBuiltServer(root).then((release) => {
      secondIn = true;
      return release;
    });
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(secondIn).toBe(false);
    releaseFirst();
    const releaseSecond = await second;
    expect(secondIn).toBe(true);
    releaseSecond();
  });

  it('takes over a lock whose owner is gone, and gives up on a live one after its timeout', async () => {
    const root = `/checkout-${randomUUID()}`;
    const dir = builtServerLockDir(root);
    mkdirSync(dir);
    writeFileSync(join(dir, 'pid'), '2147483646'); // no such process
    const release = await lockBuiltServer(root, 2000);
    release();

    const held = await lockBuiltServer(root);
    await expect(lockBuiltServer(root, 500)).rejects.toThrow(/held for over 500 ms/);
    held();
  });
});
