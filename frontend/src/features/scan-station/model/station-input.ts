// Scanner or human? A keyboard-wedge scanner is a keyboard: it types the ticket's text and
// Enter, wherever the focus is. While a quantity waits to be confirmed the focus is in the
// quantity field, so a second ticket scanned there must be read as a scan, not as a number
// (issue 10: "12" + Enter was read as order number 12). Pure functions of the keys and their
// times, so the decision is tested without a browser.
import { BADGE_PREFIX } from '@contracts/appraisal';
import { MAX_SCAN_QUANTITY, TICKET_PREFIX } from '@contracts/production';

/** One printable key typed into the quantity field, with its time (ms, performance.now()). */
export interface KeyStroke {
  key: string;
  at: number;
}

/**
 * Wedge scanners type a character every 1–20 ms (the slowest USB ones ~30 ms); people type
 * digits 80–250 ms apart and rarely two under 50 ms, never four in a row.
 */
export const BURST_GAP_MS = 50;
/** A burst this long (with its Enter) is a scanner; shorter fast runs are a person's rollover. */
export const MIN_BURST_LENGTH = 4;
/** Digits beyond what the largest quantity has are an order number, however slowly typed. */
const MAX_QUANTITY_DIGITS = String(MAX_SCAN_QUANTITY).length;

/**
 * The keys at the end of `strokes` that arrived as one fast run (each gap ≤ BURST_GAP_MS, and
 * from the last key to `until` — the Enter or the key being classified — too). Empty when the
 * run ends in a pause.
 */
export function trailingBurst(strokes: readonly KeyStroke[], until: number): KeyStroke[] {
  if (strokes.length === 0 || until - strokes[strokes.length - 1].at > BURST_GAP_MS) return [];
  let start = strokes.length - 1;
  while (start > 0 && strokes[start].at - strokes[start - 1].at <= BURST_GAP_MS) start--;
  return strokes.slice(start);
}

const textOf = (strokes: readonly KeyStroke[]) => strokes.map((stroke) => stroke.key).join('');

/** Text that cannot be a quantity: a ticket, letters or separators, or more digits than any quantity. */
export function looksLikeCode(text: string): boolean {
  const value = text.trim();
  if (!value) return false;
  if (value.startsWith(`${TICKET_PREFIX}|`)) return true;
  if (!/^\d+$/.test(value)) return true;
  return value.length > MAX_QUANTITY_DIGITS;
}

/** A single printable key: a digit stays in the quantity field; anything else starts a code. */
export type KeyDecision = { kind: 'digit' } | { kind: 'code'; text: string } | { kind: 'ignore' };

/**
 * A key typed into the quantity field (before it reaches the field). A digit is a digit; any
 * other printable character is the start (or the middle) of a scanned code, and the digits of
 * the same fast run before it belong to that code too (an order number like 2026-0001).
 */
export function classifyQuantityKey(strokes: readonly KeyStroke[], key: string, at: number): KeyDecision {
  if (key.length !== 1) return { kind: 'ignore' };
  if (/\d/.test(key)) return { kind: 'digit' };
  if (/\s/.test(key)) return { kind: 'ignore' };
  return { kind: 'code', text: textOf(trailingBurst(strokes, at)) + key };
}

/** What Enter in the quantity field means. */
export type EnterDecision =
  /** Record the quantity in the field (typed by a person, or the preselected remaining). */
  | { kind: 'quantity' }
  /**
   * A code typed into the quantity field: a new scan; the pending quantity is dropped. `burst`:
   * a scanner's fast run (the keys before it were the person's); `format`: all typed keys.
   */
  | { kind: 'scan'; text: string; source: 'burst' | 'format' };

/**
 * Enter in the quantity field after `strokes` (the keys typed there since it was focused with
 * the remaining selected). A fast run of MIN_BURST_LENGTH keys ending in this Enter, or typed
 * text that cannot be a quantity, is a scan; everything else is the quantity.
 */
export function classifyQuantityEnter(strokes: readonly KeyStroke[], at: number): EnterDecision {
  const burst = trailingBurst(strokes, at);
  if (burst.length >= MIN_BURST_LENGTH) return { kind: 'scan', text: textOf(burst), source: 'burst' };
  const typed = textOf(strokes);
  if (looksLikeCode(typed)) return { kind: 'scan', text: typed.trim(), source: 'format' };
  return { kind: 'quantity' };
}

/** Keys the quantity field remembers: a printable key adds itself, an edit key starts afresh. */
export function rememberKey(strokes: readonly KeyStroke[], key: string, at: number): KeyStroke[] {
  if (key.length === 1) return [...strokes, { key, at }].slice(-64);
  // Shift and friends come between a scanner's characters too; Backspace and arrows are a person editing.
  if (key === 'Shift' || key === 'Control' || key === 'Alt' || key === 'CapsLock' || key === 'Unidentified') return [...strokes];
  return [];
}

/** A worker badge's QR (`SBW1:<code>`, contracts/appraisal.ts): 1–32 letters or digits after the prefix. */
const BADGE_READ = new RegExp(`^${BADGE_PREFIX}:([A-Za-z0-9]{1,32})$`, 'i');

/**
 * What a whole code read at the station is: a worker's badge (switch the worker; a quantity
 * waiting stays pending) or anything else, which goes on to be read as a ticket or an order
 * number. Control characters a scanner adds (CR, GS) and surrounding spaces are dropped; a
 * scanner with Caps Lock on sends the badge lower-case, which still is one.
 */
export type StationCode = { kind: 'badge'; badge: string } | { kind: 'order'; text: string };

export function classifyStationCode(text: string): StationCode {
  // eslint-disable-next-line no-control-regex
  const cleaned = text.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  const badge = BADGE_READ.exec(cleaned);
  return badge ? { kind: 'badge', badge: `${BADGE_PREFIX}:${badge[1].toUpperCase()}` } : { kind: 'order', text };
}
