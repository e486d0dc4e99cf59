// Catch-up bookkeeping for one subscription. Events carry a system-wide, increasing seq; after
// a reconnect the server replays what was missed, possibly starting a little before the seq we
// reported, and live pushes may overlap the replay. This decides what to apply, once, in order.
//
// With a server that hands out watermarks (docs/ARCHITECTURE.md, "Catch-up position") it also
// keeps the exact position: the watermark W (every event with tx < W is in the state) and the seqs
// of the events received with tx >= W. Seqs are taken before commit, so a late commit can arrive
// with a seq far below ones already applied: with a tx, an event is judged by the position, not
// by a seq floor, and is applied exactly once however late it comes.
import { MAX_POSITION_SEEN, type CatchUpPosition } from '@contracts/events';

export interface Sequenced {
  seq: number;
  /** The writing transaction (xid8 as a decimal string), from servers that send it. */
  tx?: string;
}

export class EventSequencer {
  /** Everything at or below the floor is known: part of a snapshot, or applied long ago. */
  private floor: number | undefined;
  /** Seqs applied above the floor; bounded, oldest dropped into the floor. */
  private readonly applied = new Set<number>();
  private highest: number | undefined;
  /** Everything at or below the last snapshot's head is in the state (a position replay may repeat some). */
  private snapshotFloor: number | undefined;
  /** The position's watermark; undefined until a server answer gave one (then positions are exact). */
  private watermark: bigint | undefined;
  /** The head read with `watermark`: events above it all have tx >= watermark. */
  private markHead: number | undefined;
  /** Seq → tx of every event received with tx >= watermark (pruned when the watermark moves). */
  private readonly unsettled = new Map<number, bigint>();

  constructor(private readonly capacity = 256) {}

  /** The seq to report on re-subscription; undefined before the first subscription. */
  get lastSeq(): number | undefined {
    return this.highest;
  }

  /** Seqs at or below this count as applied (snapshot, or dropped from the bounded set). */
  get floorSeq(): number | undefined {
    return this.floor;
  }

  /**
   * A snapshot reflecting everything up to `headSeq` replaced the state: start over from it. With
   * the `watermark` the server read with that head, positions are exact from here on; without
   * one (an older server, or a data.reset) they are off until the next answer brings one.
   */
  reset(headSeq: number, watermark?: string): void {
    this.floor = headSeq;
    this.snapshotFloor = headSeq;
    this.highest = Math.max(headSeq, this.highest ?? headSeq);
    for (const seq of [...this.applied]) if (seq <= headSeq) this.applied.delete(seq);
    this.unsettled.clear();
    this.watermark = watermark === undefined ? undefined : BigInt(watermark);
    this.markHead = watermark === undefined ? undefined : headSeq;
  }

  /**
   * A newer watermark from the server (a subscribe answer, once its replay is applied, or a tick)
   * with the head read in the same snapshot. Ignored before the first one: a watermark only
   * holds for a state that was complete below an earlier one.
   */
  noteWatermark(head: number, watermark: string): void {
    if (this.watermark === undefined) return;
    const next = BigInt(watermark);
    if (next <= this.watermark) return;
    this.watermark = next;
    this.markHead = head;
    for (const [seq, tx] of this.unsettled) if (tx < next) this.unsettled.delete(seq);
  }

  /**
   * A replay answer to a lastSeq request (no position was known) brings the first watermark: the
   * replay, judged by seq, then records what it holds at or above it. Ignored when one is known.
   */
  beginPosition(head: number, watermark: string): void {
    if (this.watermark !== undefined) return;
    this.watermark = BigInt(watermark);
    this.markHead = head;
  }

  /**
   * What to send on re-subscription to be replayed exactly what is missing, or undefined when
   * no exact position is known. With `from` (events with seq above it may have been lost, the
   * gap detector or a resume hint said) only a watermark read at or below `from` covers them.
   * Too many unsettled seqs: no position either (the server would refuse it).
   */
  position(from?: number): CatchUpPosition | undefined {
    if (this.watermark === undefined || this.markHead === undefined) return undefined;
    if (from !== undefined && this.markHead > from) return undefined;
    return { watermark: this.watermark.toString(), seen: [...this.unsettled.keys()] };
  }

  private dropPosition(): void {
    this.watermark = undefined;
    this.markHead = undefined;
    this.unsettled.clear();
  }

  isApplied(seq: number): boolean {
    return (this.floor !== undefined && seq <= this.floor) || this.applied.has(seq);
  }

  /**
   * True when the event is new and must be applied; records it as applied. An event with a tx,
   * while a position is known, is judged exactly: covered by the snapshot (seq <= its head) or
   * the watermark (tx < W), or already received; a late commit below the seq floor is new.
   * `bySeqOnly` judges it by seq alone (the replay of a lastSeq request, whose events the
   * watermark may claim while they were lost).
   */
  accept(seq: number, tx?: string, bySeqOnly = false): boolean {
    if (tx !== undefined && this.watermark !== undefined) {
      const id = BigInt(tx);
      const settled = id < this.watermark;
      const known = this.unsettled.has(seq) || (this.snapshotFloor !== undefined && seq <= this.snapshotFloor);
      if (!settled) this.unsettled.set(seq, id);
      // The watermark stands still while a long transaction stays open: past what a position may
      // carry, give the position up (re-subscription falls back to lastSeq) rather than grow for ever.
      if (this.unsettled.size > MAX_POSITION_SEEN) this.dropPosition();
      if (bySeqOnly ? this.isApplied(seq) : settled || known) return false;
      this.record(seq);
      return true;
    }
    if (this.isApplied(seq)) return false;
    this.record(seq);
    return true;
  }

  private record(seq: number): void {
    this.applied.add(seq);
    this.highest = this.highest === undefined ? seq : Math.max(this.highest, seq);
    if (this.applied.size > this.capacity) {
      const oldest = Math.min(...this.applied);
      this.applied.delete(oldest);
      this.floor = Math.max(this.floor ?? oldest, oldest);
    }
  }

  /** Oldest first, each seq once, already applied ones dropped. */
  acceptBatch<E extends Sequenced>(events: readonly E[], bySeqOnly = false): E[] {
    const sorted = [...events].sort((a, b) => a.seq - b.seq);
    return sorted.filter((event) => this.accept(event.seq, event.tx, bySeqOnly));
  }
}
