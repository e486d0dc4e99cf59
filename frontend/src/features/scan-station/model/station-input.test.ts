import { encodeTicket } from '@contracts/production';
import { BURST_GAP_MS, classifyQuantityEnter, classifyQuantityKey, classifyStationCode, looksLikeCode, rememberKey, trailingBurst, type KeyStroke } from './station-input';

/** Keys typed `gap` ms apart from `start`; returns the strokes and the time of the next key. */
function typed(text: string, gap: number, start = 1_000): { strokes: KeyStroke[]; next: number } {
  let strokes: KeyStroke[] = [];
  let at = start;
  for (const key of text) {
    strokes = rememberKey(strokes, key, at);
    at += gap;
  }
  return { strokes, next: at };
}

const WEDGE_MS = 8;
const HUMAN_MS = 180;

describe('reading Enter in the quantity field', () => {
  it('keeps digits typed by a person a quantity, however many the field can hold', () => {
    const { strokes, next } = typed('520', HUMAN_MS);
    expect(classifyQuantityEnter(strokes, next)).toEqual({ kind: 'quantity' });
    const six = typed('100000', 120);
    expect(classifyQuantityEnter(six.strokes, six.next)).toEqual({ kind: 'quantity' });
  });

  it('records the preselected remaining when nothing was typed', () => {
    expect(classifyQuantityEnter([], 5_000)).toEqual({ kind: 'quantity' });
  });

  it('reads an all-digit order number typed by a wedge scanner as a scan', () => {
    const { strokes, next } = typed('20261107', WEDGE_MS);
    expect(classifyQuantityEnter(strokes, next)).toEqual({ kind: 'scan', text: '20261107', source: 'burst' });
    // Even a short one, when it arrives as a burst ending in Enter.
    const short = typed('1234', WEDGE_MS);
    expect(classifyQuantityEnter(short.strokes, short.next)).toEqual({ kind: 'scan', text: '1234', source: 'burst' });
  });

  it('takes only the burst: digits a person typed before the scanner fired are dropped', () => {
    const person = typed('12', HUMAN_MS);
    const wedge = typed('88776655', WEDGE_MS, person.next + 400);
    expect(classifyQuantityEnter([...person.strokes, ...wedge.strokes], wedge.next)).toEqual({ kind: 'scan', text: '88776655', source: 'burst' });
  });

  it('does not take a person’s fast rollover of two or three digits for a scanner', () => {
    const rollover = typed('250', 30);
    expect(classifyQuantityEnter(rollover.strokes, rollover.next)).toEqual({ kind: 'quantity' });
    // Four fast keys but a pause before Enter: a person who then looked and pressed Enter.
    const paused = typed('1200', 30);
    expect(classifyQuantityEnter(paused.strokes, paused.next + 400)).toEqual({ kind: 'quantity' });
  });

  it('reads more digits than any quantity as an order number, even typed slowly', () => {
    const slow = typed('2026110001', HUMAN_MS);
    expect(classifyQuantityEnter(slow.strokes, slow.next)).toEqual({ kind: 'scan', text: '2026110001', source: 'format' });
  });

  it('treats gaps up to the threshold as one burst, and a longer one as a pause', () => {
    const edge = typed('PO12', BURST_GAP_MS);
    expect(trailingBurst(edge.strokes, edge.strokes[3].at + BURST_GAP_MS)).toHaveLength(4);
    expect(trailingBurst(edge.strokes, edge.strokes[3].at + BURST_GAP_MS + 1)).toEqual([]);
    const split = typed('12', BURST_GAP_MS + 1);
    expect(trailingBurst(split.strokes, split.strokes[1].at + 5)).toEqual([split.strokes[1]]);
  });
});

describe('reading one key in the quantity field', () => {
  it('lets a digit through', () => {
    expect(classifyQuantityKey([], '7', 10)).toEqual({ kind: 'digit' });
  });

  it('starts a code at the first letter of a ticket', () => {
    expect(classifyQuantityKey([], 'S', 10)).toEqual({ kind: 'code', text: 'S' });
  });

  it('carries the digits of the same burst into the code (an order number like 2026-0001)', () => {
    const { strokes, next } = typed('2026', WEDGE_MS);
    expect(classifyQuantityKey(strokes, '-', next)).toEqual({ kind: 'code', text: '2026-' });
    // Digits a person typed before a pause are not part of it.
    expect(classifyQuantityKey(strokes, 'x', next + 500)).toEqual({ kind: 'code', text: 'x' });
  });

  it('ignores keys that type nothing', () => {
    expect(classifyQuantityKey([], 'Tab', 10)).toEqual({ kind: 'ignore' });
    expect(classifyQuantityKey([], ' ', 10)).toEqual({ kind: 'ignore' });
  });

  it('forgets the keys when a person edits, not when a scanner presses Shift', () => {
    const { strokes } = typed('12', HUMAN_MS);
    expect(rememberKey(strokes, 'Backspace', 5_000)).toEqual([]);
    expect(rememberKey(strokes, 'ArrowLeft', 5_000)).toEqual([]);
    expect(rememberKey(strokes, 'Shift', 5_000)).toEqual(strokes);
  });
});

describe('what cannot be a quantity', () => {
  it('knows tickets, order numbers with letters or separators, and overlong numbers', () => {
    expect(looksLikeCode(encodeTicket({ orderNo: 'PO202611-0001', processCode: 'P02' }))).toBe(true);
    expect(looksLikeCode('PO202611-0001')).toBe(true);
    expect(looksLikeCode('2026-0001')).toBe(true);
    expect(looksLikeCode('1000001')).toBe(true);
    expect(looksLikeCode('100000')).toBe(false);
    expect(looksLikeCode('12')).toBe(false);
    expect(looksLikeCode('  ')).toBe(false);
  });
});

describe('reading a whole code at the station: badge or order', () => {
  it('reads a worker badge, whatever the case and the scanner adds around it', () => {
    expect(classifyStationCode('SBW1:3F9A0C21B7D4E8F6A2C1')).toEqual({ kind: 'badge', badge: 'SBW1:3F9A0C21B7D4E8F6A2C1' });
    // Caps Lock on: the scanner types it lower-case; a CR and spaces around it.
    expect(classifyStationCode(' sbw1:3f9a0c21b7d4e8f6a2c1\r')).toEqual({ kind: 'badge', badge: 'SBW1:3F9A0C21B7D4E8F6A2C1' });
    expect(classifyStationCode('\u001dSBW1:A\u001d')).toEqual({ kind: 'badge', badge: 'SBW1:A' });
  });

  it('leaves tickets, order numbers and near-misses to the order reading', () => {
    for (const text of ['SB1|PO202611-0001|P03', 'PO202611-0001', '20261107', 'SBW1:', 'SBW1:ABC-DEF', 'SBW2:ABC', `SBW1:${'A'.repeat(33)}`, 'xSBW1:ABC', 'SBW1:AB C']) {
      expect(classifyStationCode(text)).toEqual({ kind: 'order', text });
    }
  });

  it('moves a badge typed by a wedge into the quantity field to the scan field at its first letter', () => {
    // The quantity field sees "S" first: not a digit, so the code goes on in the scan field.
    expect(classifyQuantityKey([], 'S', 1_000)).toEqual({ kind: 'code', text: 'S' });
    const { strokes, next } = typed('SBW1:3F9A', WEDGE_MS);
    expect(classifyQuantityEnter(strokes, next)).toEqual({ kind: 'scan', text: 'SBW1:3F9A', source: 'burst' });
    expect(classifyStationCode('SBW1:3F9A').kind).toBe('badge');
  });
});
