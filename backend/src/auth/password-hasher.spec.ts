import { loadConfig, OWASP_SCRYPT_LOG_N } from '../config/app-config.js';
import { costOf, dummyHash, hashPassword, needsRehash, PasswordHasher, verifyPassword } from './password-hasher.js';
import { hashSessionToken, newSessionToken } from './session-token.js';

const CHEAP = costOf(10);

describe('passwords and tokens', () => {
  it('hashes with a random salt and verifies', async () => {
    const first = await hashPassword('s3cret-pass', CHEAP);
    const second = await hashPassword('s3cret-pass', CHEAP);
    expect(first).not.toBe(second);
    expect(first).toMatch(/^scrypt\$1024\$8\$1\$/);
    await expect(verifyPassword('s3cret-pass', first)).resolves.toBe(true);
    await expect(verifyPassword('s3cret-pasS', first)).resolves.toBe(false);
  });

  it('hashes at the OWASP cost by default (N=2^17, r=8, p=1), and still verifies older hashes', async () => {
    const started = performance.now();
    const stored = await hashPassword('s3cret-pass');
    const ms = performance.now() - started;
    expect(stored).toMatch(/^scrypt\$131072\$8\$1\$/);
    // Printed for the record: the cost on this machine.
    console.info(`scrypt N=2^${OWASP_SCRYPT_LOG_N}: ${Math.round(ms)} ms per hash`);
    const old = await hashPassword('s3cret-pass', costOf(14));
    expect(old).toMatch(/^scrypt\$16384\$/);
    await expect(verifyPassword('s3cret-pass', old)).resolves.toBe(true);
    expect(needsRehash(old, costOf(OWASP_SCRYPT_LOG_N))).toBe(true);
    expect(needsRehash(stored, costOf(OWASP_SCRYPT_LOG_N))).toBe(false);
  });

  it('never accepts the dummy hash, a malformed one, or absurd parameters', async () => {
    await expect(verifyPassword('', dummyHash(CHEAP))).resolves.toBe(false);
    await expect(verifyPassword('x', 'plain-text')).resolves.toBe(false);
    await expect(verifyPassword('x', 'scrypt$1099511627776$8$1$AAAA$AAAA')).resolves.toBe(false);
    await expect(verifyPassword('x', 'scrypt$1000$8$1$AAAA$AAAA')).resolves.toBe(false);
  });

  it('uses a dummy hash at the configured cost, and a lower cost only under NODE_ENV=test', () => {
    expect(new PasswordHasher(loadConfig({})).dummyHash).toMatch(/^scrypt\$131072\$8\$1\$/);
    expect(new PasswordHasher(loadConfig({ NODE_ENV: 'test' })).dummyHash).toMatch(/^scrypt\$16384\$/);
    expect(() => loadConfig({ PASSWORD_SCRYPT_LOG_N: '14' })).toThrow(/PASSWORD_SCRYPT_LOG_N: must be at least 17/);
  });

  it('runs at most `concurrency` hashes at once, queues a few, and refuses the rest with 503', async () => {
    const hasher = new PasswordHasher(loadConfig({ NODE_ENV: 'test', PASSWORD_SCRYPT_LOG_N: '12', PASSWORD_HASH_CONCURRENCY: '2', PASSWORD_HASH_QUEUE: '3' }));
    const stored = await hashPassword('right-one', costOf(12));
    hasher.verifications = 0;
    const results = await Promise.allSettled(Array.from({ length: 10 }, () => hasher.verify('wrong-one', stored)));
    const refused = results.filter((r) => r.status === 'rejected');
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(5);
    expect(hasher.verifications).toBe(5);
    expect(refused).toHaveLength(5);
    expect((refused[0] as PromiseRejectedResult).reason).toMatchObject({ error: 'passwordCheckBusy', status: 503 });
    // Slots free again afterwards.
    await expect(hasher.verify('right-one', stored)).resolves.toBe(true);
  });

  it('makes 256-bit tokens and stores a hash of them', () => {
    const token = newSessionToken();
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(hashSessionToken(token)).toMatch(/^[0-9a-f]{64}$/);
    expect(newSessionToken()).not.toBe(token);
  });
});
