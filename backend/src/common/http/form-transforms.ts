import { Transform } from 'class-transformer';

// Form-encoded bodies carry every value as a string; these turn them into the declared type and
// leave anything unconvertible as it is, so the validator names the field instead of guessing.

export const ToInteger = () =>
  Transform(({ value }) => {
    if (typeof value === 'string' && /^\s*-?\d+\s*$/.test(value)) return Number(value);
    return value as unknown;
  });

const TRUE_WORDS = new Set(['true', '1', 'on', 'yes']);
const FALSE_WORDS = new Set(['false', '0', 'off', 'no']);

export const ToBoolean = () =>
  Transform(({ value }) => {
    if (typeof value === 'boolean') return value;
    if (typeof value === 'number' && (value === 0 || value === 1)) return value === 1;
    if (typeof value === 'string') {
      const word = value.trim().toLowerCase();
      if (TRUE_WORDS.has(word)) return true;
      if (FALSE_WORDS.has(word)) return false;
    }
    return value as unknown;
  });

export const Trim = () => Transform(({ value }) => (typeof value === 'string' ? value.trim() : (value as unknown)));
