// Adaptive batching of committed events to this instance's sockets (issue 13, item 1).
//
// Why: emitting every event to its rooms one by one costs one socket write per (event, socket).
// With 1,000 boards at 100 scans/s that is 100,000 writes a second on the loop that also answers
// the scans' HTTP requests, and both fell seconds behind. Here:
//
// - Idle rooms send at once: an event whose rooms have had no frame within the current window
//   goes out on the next turn of the loop (setImmediate, so the HTTP answer that committed it is
//   written first), not after a window.
// - Busy rooms coalesce: an event for a room that had a frame less than one window ago waits for
//   the window's end and goes out with every other event of that window, ONE frame per socket.
// - The window adapts to load: a flush's recent cost divided by the share of the loop fan-out may
//   take (shareOfLoop), between `minWindowMs` and `maxWindowMs`. That share is what the loop's
//   other work (answering scans, everything else) leaves, less a headroom, within LOOP_SHARE's
//   bounds: a quiet server gives fan-out up to half of the loop (short windows, boards close
//   behind the scans), a server busy answering scans gives it a twentieth (long windows: fewer,
//   fuller frames, and the scans' answers are not held up). Few sockets: frames are cheap and the
//   window stays near its minimum whatever the load.
// - Each socket gets each event exactly once per frame, in seq order. Socket.IO's `to([a, b])`
//   dedups a socket that is in both rooms; per-room frames could not (a socket in `board` and
//   `order:5` would get an event of both twice). So a flush groups this instance's sockets by
//   the set of the frame's rooms they are in; each group gets one frame holding the events of
//   any of its rooms, encoded once, written to each socket of the group.
// - Writing never holds the loop for long: sockets are written in slices of `sliceSize`, with
//   setImmediate between slices so HTTP requests (and their answers) are served in between.
//   Frames are written in order: a flush waits until the previous one is fully written.
//
// The fan-out is local to the instance: with Redis, the gateway forwards committed events to the
// other instances (serverSideEmit) and each batches for its own sockets.
import { performance } from 'node:perf_hooks';
import type { DomainEventEnvelope } from '../../../contracts/events.js';

/** What the fan-out needs from Socket.IO: the gateway adapts its server, the spec fakes it. */
export interface FanOutTarget<Frame = unknown> {
  /** Ids of this instance's sockets in `room` (undefined or empty: none). */
  members(room: string): Iterable<string> | undefined;
  /** One frame holding `events` (seq order), encoded once for all its sockets. */
  encode(events: readonly DomainEventEnvelope[]): Frame;
  /** Writes the encoded frame to one socket (one that has gone since is skipped). */
  write(frame: Frame, socketId: string): void;
}

export interface FanOutOptions {
  /** The window never shrinks below this (ms). 0: idle-only batching. */
  minWindowMs: number;
  /** …nor grows beyond this (ms): the most an event of a busy room waits before its frame starts. */
  maxWindowMs: number;
  /** Socket writes per slice before yielding to the loop. */
  sliceSize: number;
  /** Time in ms (tests inject a fake clock); performance.now by default. */
  now?: () => number;
  /**
   * The event loop's busy time so far in ms (performance.eventLoopUtilization().active by
   * default; tests inject one that goes with their clock): what the rest of the loop's work is.
   */
  loopActiveMs?: () => number;
}

export const DEFAULT_FAN_OUT: FanOutOptions = { minWindowMs: 2, maxWindowMs: 50, sliceSize: 128 };
/**
 * The share of the event loop fan-out may take while rooms are busy: what the rest of the loop's
 * work leaves (1 − its load), less `headroom` for bursts, never more than `max` (HTTP answers keep
 * at least half of a quiet loop) nor less than `min` (on a saturated one boards still get a frame
 * every 20 flush costs, at most `maxWindowMs` apart; the scans' answers, which are what saturates
 * it, get the rest). Measured (scan bench, 2-core machine): at 1,000 boards a flush cost
 * 12 ms; a fixed third of the loop made the window 36 ms even with the scans taking a tenth of it,
 * and at 100 boards and 600 scans/s fan-out took a third of a saturated loop (0.5 ms of CPU per
 * scan) for frames a few ms apart.
 */
export const LOOP_SHARE = { min: 0.05, max: 0.5, headroom: 0.3 };

/** Fan-out's share of the loop when the rest of its work keeps it busy `otherLoad` (0–1) of the time. */
export function shareOfLoop(otherLoad: number): number {
  return Math.min(LOOP_SHARE.max, Math.max(LOOP_SHARE.min, 1 - otherLoad - LOOP_SHARE.headroom));
}

/** Weight of the newest flush in the cost and load averages. */
const COST_SMOOTHING = 0.2;
/** The loop's load is measured over at least this long (ms) between flushes. */
const LOAD_SAMPLE_MS = 5;

/** Counters for operators and the bench (read at scrape time; the fan-out only adds). */
export interface FanOutStats {
  /** Events handed to the fan-out. */
  events: number;
  /** Frames encoded (one per socket group per flush). */
  frames: number;
  /** Frames written to sockets. */
  writes: number;
  /** Flushes sent at once (idle rooms) and at a window's end (busy rooms). */
  immediateFlushes: number;
  windowFlushes: number;
  /** The current window (ms) and the smoothed cost of a flush's synchronous work (ms). */
  windowMs: number;
  flushCostMs: number;
  /** The smoothed share of the loop's time spent on everything but fan-out (0–1), and fan-out's share from it. */
  otherLoad: number;
  loopShare: number;
  /** From an event's arrival here to the end of its frame's writing, last flush (ms). */
  lastLagMs: number;
}

interface Pending {
  events: DomainEventEnvelope[];
  /** When the first of them arrived (for the lag figure). */
  since: number;
  /** When they are due to go out. */
  due: number;
}

interface Write {
  frame: unknown;
  ids: string[];
}

export class FanOut {
  readonly stats: FanOutStats;
  private readonly options: FanOutOptions;
  private readonly now: () => number;
  private readonly loopActiveMs: () => number;
  /** The loop's busy time at the last load sample (ms, both clocks). */
  private loadSample: { at: number; active: number } | null = null;
  /** Fan-out's own synchronous work since that sample (ms). */
  private costSinceSample = 0;
  /** Room → until when it counts as busy (a frame went to it less than a window before). */
  private readonly busyUntil = new Map<string, number>();
  /** Events of idle rooms, sent on the next turn of the loop. */
  private immediate: Pending | null = null;
  /** Events of busy rooms, sent at the window's end. */
  private windowed: Pending | null = null;
  private windowTimer: ReturnType<typeof setTimeout> | null = null;
  private immediateTimer: ReturnType<typeof setImmediate> | null = null;
  /** A flush is being written slice by slice: the next waits for it (frames stay in order). */
  private writing = false;
  private flushAfterWriting = false;
  private closed = false;

  constructor(
    private readonly target: FanOutTarget,
    options: Partial<FanOutOptions> = {},
  ) {
    this.options = { ...DEFAULT_FAN_OUT, ...options };
    if (!(this.options.minWindowMs >= 0) || !(this.options.maxWindowMs >= this.options.minWindowMs) || !(this.options.sliceSize >= 1)) {
      throw new Error('fan-out: need 0 ≤ minWindowMs ≤ maxWindowMs and sliceSize ≥ 1');
    }
    this.now = options.now ?? (() => performance.now());
    this.loopActiveMs = options.loopActiveMs ?? (() => performance.eventLoopUtilization().active);
    this.stats = {
      events: 0,
      frames: 0,
      writes: 0,
      immediateFlushes: 0,
      windowFlushes: 0,
      windowMs: this.options.minWindowMs,
      flushCostMs: 0,
      otherLoad: 0,
      loopShare: shareOfLoop(0),
      lastLagMs: 0,
    };
  }

  /** Committed events (seq order not required) for this instance's sockets in their rooms. */
  push(events: readonly DomainEventEnvelope[]): void {
    if (this.closed) return;
    const now = this.now();
    for (const event of events) {
      if (event.rooms.length === 0) continue;
      this.stats.events++;
      let busyUntil = -Infinity;
      for (const room of event.rooms) busyUntil = Math.max(busyUntil, this.busyUntil.get(room) ?? -Infinity);
      if (busyUntil > now) {
        // A frame went to one of its rooms less than a window ago: wait until the window ends.
        this.windowed ??= { events: [], since: now, due: busyUntil };
        this.windowed.events.push(event);
      } else {
        this.immediate ??= { events: [], since: now, due: now };
        this.immediate.events.push(event);
        // Busy from now on: another event for these rooms before the flush joins it, one after
        // waits for the window.
        for (const room of event.rooms) this.busyUntil.set(room, now + this.stats.windowMs);
      }
    }
    if (this.immediate && !this.immediateTimer) {
      this.immediateTimer = setImmediate(() => {
        this.immediateTimer = null;
        this.flush('immediate');
      });
    }
    // While a flush is being written the window waits for it (armed when it is done).
    if (this.windowed && !this.windowTimer && !this.writing) this.armWindow(this.windowed.due - now);
  }

  private armWindow(delayMs: number): void {
    this.windowTimer = setTimeout(
      () => {
        this.windowTimer = null;
        this.flush('window');
      },
      Math.min(this.stats.windowMs, Math.max(0, delayMs)),
    );
  }

  /** Stops the timers; what is pending is dropped (boards catch up from the event log). */
  close(): void {
    this.closed = true;
    if (this.windowTimer) clearTimeout(this.windowTimer);
    if (this.immediateTimer) clearImmediate(this.immediateTimer);
    this.windowTimer = this.immediateTimer = null;
    this.immediate = this.windowed = null;
  }

  private flush(kind: 'immediate' | 'window'): void {
    if (this.closed) return;
    if (this.writing) {
      // Written after the frames in progress; the window timer is not re-armed meanwhile.
      this.flushAfterWriting = true;
      return;
    }
    // Everything pending goes in this flush: an immediate flush also takes a window's events that
    // are due (and vice versa) — one frame per socket, rather than two a few ms apart.
    const parts = [this.immediate, this.windowed].filter((part): part is Pending => part !== null);
    this.immediate = this.windowed = null;
    if (this.windowTimer) clearTimeout(this.windowTimer);
    if (this.immediateTimer) clearImmediate(this.immediateTimer);
    this.windowTimer = this.immediateTimer = null;
    if (parts.length === 0) return;
    if (kind === 'immediate') this.stats.immediateFlushes++;
    else this.stats.windowFlushes++;

    const started = this.now();
    const since = Math.min(...parts.map((part) => part.since));
    const events = parts.flatMap((part) => part.events).sort((a, b) => a.seq - b.seq);
    const writes = this.plan(events);
    // The flushed rooms are busy for one window from now: frames to a room at most once a window.
    this.pruneBusy(started);
    const until = started + this.stats.windowMs;
    for (const event of events) for (const room of event.rooms) this.busyUntil.set(room, until);
    this.writing = true;
    this.writeSlices(writes, 0, 0, since, this.now() - started);
  }

  /** One frame per group of sockets that are in the same of the frame's rooms. */
  private plan(events: DomainEventEnvelope[]): Write[] {
    // The rooms in order of first appearance: every socket lists its rooms in this same order,
    // so equal sets give equal keys.
    const rooms: string[] = [];
    const seenRoom = new Set<string>();
    for (const event of events) {
      for (const room of event.rooms) {
        if (seenRoom.has(room)) continue;
        seenRoom.add(room);
        rooms.push(room);
      }
    }
    const roomsOf = new Map<string, string[]>();
    for (const room of rooms) {
      const members = this.target.members(room);
      if (!members) continue;
      for (const id of members) {
        const list = roomsOf.get(id);
        if (list) list.push(room);
        else roomsOf.set(id, [room]);
      }
    }
    const groups = new Map<string, { rooms: string[]; ids: string[] }>();
    for (const [id, list] of roomsOf) {
      const key = list.length === 1 ? list[0] : list.join('\u0000');
      const group = groups.get(key);
      if (group) group.ids.push(id);
      else groups.set(key, { rooms: list, ids: [id] });
    }
    const writes: Write[] = [];
    for (const group of groups.values()) {
      const wanted = new Set(group.rooms);
      const subset = events.length === 1 ? events : events.filter((event) => event.rooms.some((room) => wanted.has(room)));
      writes.push({ frame: this.target.encode(subset), ids: group.ids });
      this.stats.frames++;
    }
    return writes;
  }

  /** Writes the frames a slice at a time, yielding to the loop between slices. */
  private writeSlices(writes: Write[], index: number, offset: number, since: number, costMs: number): void {
    if (this.closed) return;
    const started = this.now();
    let budget = this.options.sliceSize;
    while (index < writes.length && budget > 0) {
      const { frame, ids } = writes[index];
      const end = Math.min(ids.length, offset + budget);
      for (let i = offset; i < end; i++) {
        try {
          this.target.write(frame, ids[i]);
        } catch {
          // One socket's failure (closed mid-write) must not stop the others.
        }
      }
      this.stats.writes += end - offset;
      budget -= end - offset;
      if (end < ids.length) offset = end;
      else {
        index++;
        offset = 0;
      }
    }
    const spent = costMs + (this.now() - started);
    if (index < writes.length) {
      setImmediate(() => this.writeSlices(writes, index, offset, since, spent));
      return;
    }
    this.finished(spent, since);
  }

  private finished(costMs: number, since: number): void {
    this.writing = false;
    this.stats.lastLagMs = this.now() - since;
    this.stats.flushCostMs = this.stats.flushCostMs === 0 ? costMs : this.stats.flushCostMs + COST_SMOOTHING * (costMs - this.stats.flushCostMs);
    this.sampleLoad(costMs);
    const { minWindowMs, maxWindowMs } = this.options;
    this.stats.windowMs = Math.min(maxWindowMs, Math.max(minWindowMs, this.stats.flushCostMs / this.stats.loopShare));
    // What came while writing: idle rooms' events (or a window that ended meanwhile) go now,
    // a window still running gets its timer.
    const now = this.flushAfterWriting || this.immediate !== null;
    this.flushAfterWriting = false;
    if (now) this.flush(this.immediate ? 'immediate' : 'window');
    else if (this.windowed && !this.windowTimer) this.armWindow(this.windowed.due - this.now());
  }

  /**
   * The loop's load without fan-out since the last sample: its busy time less fan-out's own work,
   * over the time passed (sampled at the end of flushes, at least LOAD_SAMPLE_MS apart).
   */
  private sampleLoad(costMs: number): void {
    this.costSinceSample += costMs;
    const at = this.now();
    const active = this.loopActiveMs();
    if (!this.loadSample) {
      this.loadSample = { at, active };
      this.costSinceSample = 0;
      return;
    }
    const elapsed = at - this.loadSample.at;
    if (elapsed < LOAD_SAMPLE_MS) return;
    const other = Math.min(1, Math.max(0, (active - this.loadSample.active - this.costSinceSample) / elapsed));
    this.stats.otherLoad += COST_SMOOTHING * (other - this.stats.otherLoad);
    this.stats.loopShare = shareOfLoop(this.stats.otherLoad);
    this.loadSample = { at, active };
    this.costSinceSample = 0;
  }

  private pruneBusy(now: number): void {
    for (const [room, until] of this.busyUntil) if (until <= now) this.busyUntil.delete(room);
  }
}
