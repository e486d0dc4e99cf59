import { jest } from '@jest/globals';
import type { DomainEventEnvelope } from '../../../contracts/events.js';
import { FanOut, LOOP_SHARE, shareOfLoop, type FanOutOptions, type FanOutTarget } from './fan-out.js';

const event = (seq: number, rooms: string[]): DomainEventEnvelope =>
  ({ seq, name: 'settings.dashboardUpdated', rooms, at: '2026-01-01T00:00:00.000Z', payload: { refreshType: seq } }) as unknown as DomainEventEnvelope;

/**
 * A Socket.IO stand-in: rooms of socket ids; records each encode and each socket's frames. Its
 * clock runs with jest's fake timers plus the writes' cost; the loop's busy time is the writes'
 * cost plus `load.other` of the time passed in `advance` (the rest of the server's work).
 */
function fakeTarget(rooms: Record<string, string[]>, costPerWrite = 0) {
  const encoded: number[][] = [];
  const frames = new Map<string, number[][]>();
  const log: string[] = [];
  let spent = 0;
  let otherBusy = 0;
  const cost = { perWrite: costPerWrite };
  const load = { other: 0 };
  const advance = (ms: number) => {
    otherBusy += ms * load.other;
    jest.advanceTimersByTime(ms);
  };
  const target: FanOutTarget<number[]> = {
    members: (room) => rooms[room],
    encode(events) {
      const seqs = events.map((e) => e.seq);
      encoded.push(seqs);
      return seqs;
    },
    write(frame, id) {
      spent += cost.perWrite;
      log.push(`write ${id} [${frame.join(',')}]`);
      frames.set(id, [...(frames.get(id) ?? []), frame]);
    },
  };
  return { target, encoded, frames, log, cost, load, advance, clock: () => Date.now() + spent, loopActiveMs: () => spent + otherBusy };
}

function fanOut(target: ReturnType<typeof fakeTarget>, options: Partial<FanOutOptions> = {}) {
  return new FanOut(target.target, { minWindowMs: 20, maxWindowMs: 20, sliceSize: 1000, now: target.clock, loopActiveMs: target.loopActiveMs, ...options });
}

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('fan-out batching', () => {
  it('sends a lone event in an idle room on the next turn of the loop, not after a window', () => {
    const t = fakeTarget({ board: ['s1', 's2'] });
    const out = fanOut(t);
    out.push([event(1, ['board'])]);
    // Not inside push: the HTTP answer that committed it is written first.
    expect(t.frames.size).toBe(0);
    jest.advanceTimersByTime(0);
    expect(t.frames.get('s1')).toEqual([[1]]);
    expect(t.frames.get('s2')).toEqual([[1]]);
    expect(out.stats).toMatchObject({ immediateFlushes: 1, windowFlushes: 0, frames: 1, writes: 2 });
  });

  it('coalesces a busy room into one frame per window, in seq order, each event once', () => {
    const t = fakeTarget({ board: ['s1'] });
    const out = fanOut(t);
    out.push([event(1, ['board'])]);
    jest.advanceTimersByTime(0);
    // Within the window (and out of seq order, as commits may be).
    for (const seq of [3, 2, 5, 4]) {
      jest.advanceTimersByTime(3);
      out.push([event(seq, ['board'])]);
    }
    expect(t.frames.get('s1')).toEqual([[1]]);
    jest.advanceTimersByTime(20 - 12 - 1);
    expect(t.frames.get('s1')).toEqual([[1]]);
    jest.advanceTimersByTime(1);
    expect(t.frames.get('s1')).toEqual([[1], [2, 3, 4, 5]]);
    // The room stays busy one window after that frame: the next event waits for its end too.
    jest.advanceTimersByTime(5);
    out.push([event(6, ['board'])]);
    jest.advanceTimersByTime(14);
    expect(t.frames.get('s1')).toHaveLength(2);
    jest.advanceTimersByTime(1);
    expect(t.frames.get('s1')).toEqual([[1], [2, 3, 4, 5], [6]]);
    // Idle again after a quiet window: at once.
    jest.advanceTimersByTime(50);
    out.push([event(7, ['board'])]);
    jest.advanceTimersByTime(0);
    expect(t.frames.get('s1')!.at(-1)).toEqual([7]);
    expect(out.stats.events).toBe(7);
  });

  it('a transaction’s events for an idle room go out together, at once', () => {
    const t = fakeTarget({ board: ['s1'] });
    const out = fanOut(t);
    out.push([event(1, ['board']), event(2, ['board']), event(3, ['board'])]);
    jest.advanceTimersByTime(0);
    expect(t.frames.get('s1')).toEqual([[1, 2, 3]]);
  });

  it('gives a socket in several rooms each event once, one frame per socket, encoded once per group', () => {
    const t = fakeTarget({ a: ['s1', 's2'], b: ['s2', 's3'], c: ['s4'] });
    const out = fanOut(t);
    out.push([event(1, ['a']), event(2, ['b']), event(3, ['a', 'b']), event(4, ['b', 'nobody'])]);
    jest.advanceTimersByTime(0);
    expect(t.frames.get('s1')).toEqual([[1, 3]]);
    expect(t.frames.get('s2')).toEqual([[1, 2, 3, 4]]);
    expect(t.frames.get('s3')).toEqual([[2, 3, 4]]);
    expect(t.frames.has('s4')).toBe(false);
    // Three groups of sockets ({a}, {a,b}, {b}): three encodings for four writes.
    expect(t.encoded).toHaveLength(3);
    expect(out.stats).toMatchObject({ frames: 3, writes: 3 });
  });

  // These two on the real event loop: what runs between slices is the point.
  it('encodes a frame once for a thousand sockets and writes it in slices, yielding to the loop between them', async () => {
    jest.useRealTimers();
    const ids = Array.from({ length: 1000 }, (_, i) => `s${i}`);
    const t = fakeTarget({ board: ids });
    const out = new FanOut(t.target, { minWindowMs: 20, maxWindowMs: 20, sliceSize: 300 });
    out.push([event(1, ['board'])]);
    // A request's callback queued now runs after the first slice, not after the whole frame.
    setImmediate(() => t.log.push('http'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(t.encoded).toEqual([[1]]);
    expect(t.log.filter((line) => line.startsWith('write'))).toHaveLength(1000);
    expect(t.log.indexOf('http')).toBe(300);
  });

  it('writes frames in order: a flush due while a frame is being written waits for it', async () => {
    jest.useRealTimers();
    const ids = Array.from({ length: 10 }, (_, i) => `s${i}`);
    const t = fakeTarget({ board: ids });
    const out = new FanOut(t.target, { sliceSize: 3, minWindowMs: 0, maxWindowMs: 0 });
    out.push([event(1, ['board'])]);
    setImmediate(() => out.push([event(2, ['board'])])); // after the first slice of [1]
    await new Promise((resolve) => setTimeout(resolve, 50));
    for (const id of ids) expect(t.frames.get(id)).toEqual([[1], [2]]);
    // Every write of the first frame came before any of the second.
    const lastOfFirst = t.log.findLastIndex((line) => line.endsWith('[1]'));
    const firstOfSecond = t.log.findIndex((line) => line.endsWith('[2]'));
    expect(lastOfFirst).toBeLessThan(firstOfSecond);
    expect(out.stats).toMatchObject({ frames: 2, writes: 20 });
  });

  it('grows the window with the cost of writing, within its bounds, and shrinks it again', () => {
    const many = Array.from({ length: 100 }, (_, i) => `s${i}`);
    // 0.05 ms per write: 5 ms per flush of 100 sockets; a quiet loop gives fan-out half of it → a 10 ms window.
    const t = fakeTarget({ board: many }, 0.05);
    const out = fanOut(t, { minWindowMs: 2, maxWindowMs: 50 });
    expect(out.stats.windowMs).toBe(2);
    for (let i = 0; i < 30; i++) {
      out.push([event(i + 1, ['board'])]);
      t.advance(60);
    }
    expect(out.stats.flushCostMs).toBeCloseTo(5, 1);
    expect(out.stats.loopShare).toBe(LOOP_SHARE.max);
    expect(out.stats.windowMs).toBeCloseTo(5 / LOOP_SHARE.max, 1);
    // Ten times slower writes: the window stops at its bound.
    t.cost.perWrite = 0.5;
    for (let i = 30; i < 45; i++) {
      out.push([event(i + 1, ['board'])]);
      t.advance(60);
    }
    expect(out.stats.windowMs).toBe(50);

    // Writing got cheap (sockets gone, a quieter machine): the window comes back down.
    t.cost.perWrite = 0.001;
    for (let i = 45; i < 90; i++) {
      out.push([event(i + 1, ['board'])]);
      t.advance(60);
    }
    expect(out.stats.windowMs).toBe(2);
    expect(out.stats.flushCostMs / out.stats.loopShare).toBeLessThan(2);
  });

  it('takes less of a loop that is busy with other work (longer windows), and more once it is quiet again', () => {
    const many = Array.from({ length: 100 }, (_, i) => `s${i}`);
    // 0.02 ms per write: 2 ms per flush.
    const t = fakeTarget({ board: many }, 0.02);
    const out = fanOut(t, { minWindowMs: 1, maxWindowMs: 50 });
    const run = (events: number) => {
      for (let i = 0; i < events; i++) {
        out.push([event(out.stats.events + 1, ['board'])]);
        t.advance(30);
      }
    };
    run(40);
    expect(out.stats.otherLoad).toBeLessThan(0.05);
    expect(out.stats.windowMs).toBeCloseTo(2 / LOOP_SHARE.max, 0);

    // The scans' answers keep the loop busy 60 % of each 30 ms (the flush's own 2 ms on top): fan-out
    // gets what that leaves, less the headroom.
    t.load.other = 0.6;
    run(60);
    const load = (0.6 * 30) / 32;
    expect(out.stats.otherLoad).toBeCloseTo(load, 2);
    expect(out.stats.loopShare).toBeCloseTo(shareOfLoop(load), 2);
    expect(out.stats.windowMs).toBeCloseTo(2 / shareOfLoop(load), 1);

    // Saturated: fan-out keeps its floor, a frame every 1 / LOOP_SHARE.min flush costs.
    t.load.other = 0.95;
    run(60);
    expect(out.stats.loopShare).toBe(LOOP_SHARE.min);
    expect(out.stats.windowMs).toBeCloseTo(2 / LOOP_SHARE.min, 0);

    t.load.other = 0;
    run(60);
    expect(out.stats.loopShare).toBe(LOOP_SHARE.max);
  });

  it('shareOfLoop: what the other work leaves less the headroom, within its bounds', () => {
    expect(shareOfLoop(0)).toBe(LOOP_SHARE.max);
    expect(shareOfLoop(0.5)).toBeCloseTo(1 - 0.5 - LOOP_SHARE.headroom, 5);
    expect(shareOfLoop(1)).toBe(LOOP_SHARE.min);
  });

  it('writes nothing for rooms without sockets, survives a failing socket, and drops what is pending on close', () => {
    const t = fakeTarget({ board: ['s1', 'bad', 's2'] });
    const write = t.target.write;
    t.target.write = (frame, id) => {
      if (id === 'bad') throw new Error('socket closed');
      write(frame, id);
    };
    const out = fanOut(t);
    out.push([event(1, ['empty'])]);
    jest.advanceTimersByTime(0);
    expect(t.encoded).toEqual([]);
    out.push([event(2, ['board'])]);
    jest.advanceTimersByTime(0);
    expect(t.frames.get('s2')).toEqual([[2]]);
    out.push([event(3, ['board'])]); // busy: waits for the window
    out.close();
    jest.runAllTimers();
    expect(t.frames.get('s2')).toEqual([[2]]);
  });

  it('refuses impossible bounds', () => {
    const t = fakeTarget({});
    expect(() => new FanOut(t.target, { minWindowMs: 30, maxWindowMs: 10 })).toThrow();
    expect(() => new FanOut(t.target, { sliceSize: 0 })).toThrow();
  });
});
