import { DomainException } from '../common/errors/domain.exception.js';

export type OrderNumberKind = 'saleOrder' | 'productionOrder';
export const ORDER_NUMBER_KINDS: OrderNumberKind[] = ['saleOrder', 'productionOrder'];

/** Order numbers are stored in varchar(32): a pattern of at most 24 characters stays inside it. */
export const MAX_PATTERN_LENGTH = 24;

const TOKEN = /\{(yyyy|yy|MM|dd|seq:([1-9]))\}/g;
// What may stand between the tokens: letters, digits and a few separators (no spaces, no braces).
const LITERAL = /^[A-Za-z0-9\-_./#]*$/;

/** Refuses a pattern that is too long, has no (or several) {seq:N}, an unknown token or odd characters. */
export function assertValidPattern(pattern: string, field: string): void {
  const invalid = () => new DomainException('orderNumberPatternInvalid', { max: MAX_PATTERN_LENGTH }, { field });
  if (!pattern || pattern.length > MAX_PATTERN_LENGTH) throw invalid();
  const seqTokens = [...pattern.matchAll(TOKEN)].filter((match) => match[1].startsWith('seq'));
  if (seqTokens.length !== 1) throw invalid();
  if (!LITERAL.test(pattern.replace(TOKEN, ''))) throw invalid();
}

const pad = (value: number, width: number) => String(value).padStart(width, '0');

/**
 * Resolves the date tokens of a pattern for `date` (the server's local calendar day). Returns the
 * resolved text with the {seq:N} token kept as a placeholder — the counter's key, so the sequence
 * restarts whenever the date part changes — and a function that formats a sequence number into it.
 */
export function resolvePattern(pattern: string, date: Date): { prefix: string; format: (seq: number) => string } {
  const resolved = pattern.replace(TOKEN, (token, name: string) => {
    switch (name) {
      case 'yyyy':
        return pad(date.getFullYear(), 4);
      case 'yy':
        return pad(date.getFullYear() % 100, 2);
      case 'MM':
        return pad(date.getMonth() + 1, 2);
      case 'dd':
        return pad(date.getDate(), 2);
      default:
        return token;
    }
  });
  return {
    prefix: resolved,
    // A sequence longer than its width is not cut: numbers stay unique.
    format: (seq) => resolved.replace(/\{seq:([1-9])\}/, (_token, width: string) => pad(seq, Number(width))),
  };
}
