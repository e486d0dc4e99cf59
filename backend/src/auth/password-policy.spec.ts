import { COMMON_PASSWORDS } from './common-passwords.js';
import { assertPasswordAcceptable, passwordProblem } from './password-policy.js';

describe('password rules', () => {
  it('ships a few thousand common passwords', () => {
    expect(COMMON_PASSWORDS.size).toBeGreaterThan(3000);
    for (const common of ['password', 'password1', '12345678', 'qwerty123', 'admin123', 'iloveyou', 'woaini1314', '1qaz2wsx', 'Password123']) {
      expect(passwordProblem(common)).toBe(common.length < 8 ? 'tooShort' : 'common');
    }
  });

  it.each([
    ['short1', 'tooShort'],
    ['x'.repeat(65), 'tooLong'],
    ['lin.wei', 'tooShort'],
    ['lin.wei2024', 'sameAsUsername'],
    ['LIN.WEI.', 'sameAsUsername'],
    ['aaaaaaaaaa', 'repetitive'],
    ['abababab', 'repetitive'],
  ])('refuses %s (%s)', (password, problem) => {
    expect(passwordProblem(password, 'lin.wei')).toBe(problem);
  });

  it.each(['secret-1', 'test-admin-pass', 'Tailor-Shop-42', '裁床车间主任2号'])('accepts %s', (password) => {
    expect(passwordProblem(password, 'lin.wei')).toBeNull();
  });

  it('throws a translated 400 naming the field and the reason', () => {
    expect(() => assertPasswordAcceptable('password1', 'x', 'newPassword')).toThrow(expect.objectContaining({ status: 400, data: { field: 'newPassword', reason: 'common' } }));
  });
});
