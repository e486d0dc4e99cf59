import { DUMMY_PASSWORD_HASH, hashPassword, verifyPassword } from './password-hasher.js';
import { hashSessionToken, newSessionToken } from './session-token.js';

describe('passwords and tokens', () => {
  it('hashes with a random salt and verifies', async () => {
    const first = await hashPassword('s3cret-pass');
    const second = await hashPassword('s3cret-pass');
    expect(first).not.toBe(second);
    expect(first).toMatch(/^scrypt\$16384\$8\$1\$/);
    await expect(verifyPassword('s3cret-pass', first)).resolves.toBe(true);
    await expect(verifyPassword('s3cret-pasS', first)).resolves.toBe(false);
  });

  it('never accepts the dummy hash or a malformed one', async () => {
    await expect(verifyPassword('', DUMMY_PASSWORD_HASH)).resolves.toBe(false);
    await expect(verifyPassword('x', 'plain-text')).resolves.toBe(false);
  });

  it('makes 256-bit tokens and stores a hash of them', () => {
    const token = newSessionToken();
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(hashSessionToken(token)).toMatch(/^[0-9a-f]{64}$/);
    expect(newSessionToken()).not.toBe(token);
  });
});
