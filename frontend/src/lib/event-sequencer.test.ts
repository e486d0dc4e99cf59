import { MAX_POSITION_SEEN } from '@contracts/events';
import { EventSequencer } from './event-sequencer';

const seqs = (events: { seq: number }[]) => events.map((event) => event.seq);

describe('EventSequencer', () => {
  it('has no lastSeq before anything happened', () => {
    expect(new EventSequencer().lastSeq).toBeUndefined();
  });

  it('accepts each seq once', () => {
    const sequencer = new EventSequencer();
    expect(sequencer.accept(5)).toBe(true);
    expect(sequencer.accept(5)).toBe(false);
    expect(sequencer.lastSeq).toBe(5);
  });

  it('orders a replay and drops what was already applied', () => {
    const sequencer = new EventSequencer();
    sequencer.reset(10);
    sequencer.accept(11);
    sequencer.accept(12);
    // The server replays a little before lastSeq (12), out of order, with a duplicate.
    const applied = sequencer.acceptBatch([{ seq: 14 }, { seq: 12 }, { seq: 9 }, { seq: 13 }, { seq: 11 }, { seq: 14 }]);
    expect(seqs(applied)).toEqual([13, 14]);
    expect(sequencer.lastSeq).toBe(14);
  });

  it('treats everything up to a snapshot head as applied', () => {
    const sequencer = new EventSequencer();
    sequencer.reset(20);
    expect(sequencer.accept(20)).toBe(false);
    expect(sequencer.accept(19)).toBe(false);
    expect(sequencer.accept(21)).toBe(true);
    expect(sequencer.lastSeq).toBe(21);
  });

  it('keeps its memory bounded and still refuses old seqs', () => {
    const sequencer = new EventSequencer(3);
    sequencer.reset(0);
    [1, 2, 3, 4, 5].forEach((seq) => sequencer.accept(seq));
    expect(sequencer.accept(1)).toBe(false);
    expect(sequencer.accept(2)).toBe(false);
    expect(sequencer.accept(5)).toBe(false);
    expect(sequencer.accept(6)).toBe(true);
  });

  it('gives its position up instead of growing while the watermark stands still', () => {
    const sequencer = new EventSequencer();
    sequencer.reset(10, '100');
    // A long transaction holds the watermark at 100: every later event stays unsettled.
    for (let seq = 11; seq <= 10 + MAX_POSITION_SEEN; seq++) expect(sequencer.accept(seq, String(200 + seq))).toBe(true);
    expect(sequencer.position()?.seen).toHaveLength(MAX_POSITION_SEEN);
    expect(sequencer.accept(11 + MAX_POSITION_SEEN, '99999')).toBe(true);
    expect(sequencer.position()).toBeUndefined();
    // From here on judged by seq (re-subscription sends lastSeq): nothing applied twice.
    expect(sequencer.accept(12, '212')).toBe(false);
    expect(sequencer.lastSeq).toBe(11 + MAX_POSITION_SEEN);
  });
});
