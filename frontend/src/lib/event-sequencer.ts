// Catch-up bookkeeping for one subscription. Events carry a system-wide, increasing seq; after
// a reconnect the server replays what was missed, possibly starting a little before the seq we
// reported, and live pushes may overlap the replay. This decides what to apply, once, in order.

export interface Sequenced {
  seq: number;
}

export class EventSequencer {
  /** Everything at or below the floor is known: part of a snapshot, or applied long ago. */
  private floor: number | undefined;
  /** Seqs applied above the floor; bounded, oldest dropped into the floor. */
  private readonly applied = new Set<number>();
  private highest: number | undefined;

  constructor(private readonly capacity = 256) {}

  /** The seq to report on re-subscription; undefined before the first subscription. */
  get lastSeq(): number | undefined {
    return this.highest;
  }

  /** Seqs at or below this count as applied (snapshot, or dropped from the bounded set). */
  get floorSeq(): number | undefined {
    return this.floor;
  }

  /** A snapshot reflecting everything up to `headSeq` replaced the state: start over from it. */
  reset(headSeq: number): void {
    this.floor = headSeq;
    this.highest = Math.max(headSeq, this.highest ?? headSeq);
    for (const seq of [...this.applied]) if (seq <= headSeq) this.applied.delete(seq);
  }

  isApplied(seq: number): boolean {
    return (this.floor !== undefined && seq <= this.floor) || this.applied.has(seq);
  }

  /** True when the event is new and must be applied; records it as applied. */
  accept(seq: number): boolean {
    if (this.isApplied(seq)) return false;
    this.applied.add(seq);
    this.highest = this.highest === undefined ? seq : Math.max(this.highest, seq);
    if (this.applied.size > this.capacity) {
      const oldest = Math.min(...this.applied);
      this.applied.delete(oldest);
      this.floor = Math.max(this.floor ?? oldest, oldest);
    }
    return true;
  }

  /** Oldest first, each seq once, already applied ones dropped. */
  acceptBatch<E extends Sequenced>(events: readonly E[]): E[] {
    const sorted = [...events].sort((a, b) => a.seq - b.seq);
    return sorted.filter((event) => this.accept(event.seq));
  }
}
