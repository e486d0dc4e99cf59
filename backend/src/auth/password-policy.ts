import type { Localized } from '../../../contracts/master-data.js';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../../contracts/users.js';
import { DomainException } from '../common/errors/domain.exception.js';
import { COMMON_PASSWORDS } from './common-passwords.js';

export type PasswordProblem = 'tooShort' | 'tooLong' | 'common' | 'sameAsUsername' | 'repetitive';

/**
 * Why a new password is refused, or null when it is acceptable: at least PASSWORD_MIN_LENGTH
 * characters, not one of the common passwords, not the username (or the username with a few
 * digits), not one character repeated. Applied to every password a person chooses (create,
 * reset, change, ADMIN_PASSWORD); the built-in demo defaults are exempt and flagged instead.
 */
export function passwordProblem(password: string, username = ''): PasswordProblem | null {
  if (password.length < PASSWORD_MIN_LENGTH) return 'tooShort';
  if (password.length > PASSWORD_MAX_LENGTH) return 'tooLong';
  const lower = password.toLowerCase();
  const name = username.trim().toLowerCase();
  if (name && (lower === name || lower.replace(/[\d\W_]+$/, '') === name || lower.replace(/^[\d\W_]+/, '') === name)) return 'sameAsUsername';
  if (name && lower === [...name].reverse().join('')) return 'sameAsUsername';
  if (COMMON_PASSWORDS.has(lower)) return 'common';
  if (new Set(lower).size <= 2) return 'repetitive';
  return null;
}

const REASONS: Record<PasswordProblem, Localized> = {
  tooShort: { 'zh-CN': `至少需要 ${PASSWORD_MIN_LENGTH} 个字符`, en: `it needs at least ${PASSWORD_MIN_LENGTH} characters` },
  tooLong: { 'zh-CN': `不能超过 ${PASSWORD_MAX_LENGTH} 个字符`, en: `it may have at most ${PASSWORD_MAX_LENGTH} characters` },
  common: { 'zh-CN': '这是常见密码，很容易被猜到', en: 'it is a common password and easy to guess' },
  sameAsUsername: { 'zh-CN': '不能与用户名相同或相近', en: 'it must not be the username or close to it' },
  repetitive: { 'zh-CN': '不能只由重复的字符组成', en: 'it must not be one character repeated' },
};

/** Throws the translated 400 for a password that breaks the rules. */
export function assertPasswordAcceptable(password: string, username = '', field = 'password'): void {
  const problem = passwordProblem(password, username);
  if (problem) throw new DomainException('passwordWeak', { reason: REASONS[problem] }, { field, reason: problem });
}
