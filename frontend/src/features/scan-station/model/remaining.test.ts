import type { ScanLookup, ScanResult, StepProgress } from '@contracts/production';
import { applyScanResult, remainingOf, startingQuantity } from './remaining';

const step = (done: number, planned = 520): StepProgress => ({ processId: 2, sequence: 1, dueDate: '2026-12-01', planned, done, status: done ? 'partial' : 'notStarted', firstScanAt: null, lastScanAt: null });

/** 520 planned, 5 % tolerance (26): the order. */
function lookup(done = 0): ScanLookup {
  return {
    row: { id: 9, orderNo: 'PO-520', steps: { '2': step(done) }, completed: false, finishRate: 0 } as unknown as ScanLookup['row'],
    columns: [],
    processId: 2,
    remaining: 520 - done,
    tolerance: 26,
    ready: 520 - done,
    limit: 546 - done,
    colors: [{ id: 11, name: 'White' }],
    sizes: [{ id: 21, name: 'M' }, { id: 22, name: 'L' }],
    cells: [
      { colorId: 11, sizeId: 21, planned: 300, done: 0, remaining: 300, tolerance: 15, ready: 300, limit: 315 },
      { colorId: 11, sizeId: 22, planned: 220, done: 0, remaining: 220, tolerance: 11, ready: 220, limit: 231 },
    ],
    warnings: [],
  };
}

const answer = (done: number): ScanResult => ({
  scan: {} as ScanResult['scan'],
  step: step(done),
  order: { id: 9, orderNo: 'PO-520', completed: false, finishRate: 50 },
  warnings: [],
});

describe('remaining at the station', () => {
  it('is plan − done for the order at the process, tolerance apart, and all remaining records it', () => {
    const numbers = remainingOf(lookup(), null, null);
    expect(numbers).toEqual({ remaining: 520, tolerance: 26, ready: 520, limit: 546, cell: false });
    expect(startingQuantity(numbers, 30)).toBe(520);
  });

  it('is the cell’s when colour and size are both chosen, the order’s otherwise', () => {
    expect(remainingOf(lookup(), 11, 22)).toEqual({ remaining: 220, tolerance: 11, ready: 220, limit: 231, cell: true });
    expect(remainingOf(lookup(), 11, null)).toMatchObject({ remaining: 520, cell: false });
  });

  it('falls back to the last quantity used when nothing is known (offline)', () => {
    expect(remainingOf(null, null, null)).toBeNull();
    expect(startingQuantity(null, 12)).toBe(12);
    expect(startingQuantity(null, null)).toBe(0);
  });

  it('reads an older lookup without the new numbers as remaining with unknown tolerance', () => {
    const old = { ...lookup(), tolerance: undefined, ready: undefined, limit: undefined, cells: undefined };
    expect(remainingOf(old, 11, 21)).toEqual({ remaining: 520, tolerance: null, ready: 520, limit: null, cell: false });
  });

  it('moves with a recorded scan: remaining shrinks, the tolerance is untouched until the plan is passed', () => {
    const afterAll = applyScanResult(lookup(), answer(520));
    expect(remainingOf(afterAll, null, null)).toEqual({ remaining: 0, tolerance: 26, ready: 0, limit: 26, cell: false });
    const over = applyScanResult(afterAll, answer(540));
    expect(remainingOf(over, null, null)).toEqual({ remaining: 0, tolerance: 6, ready: 0, limit: 6, cell: false });
    // Taken back: room again.
    const back = applyScanResult(over, answer(500));
    expect(remainingOf(back, null, null)).toEqual({ remaining: 20, tolerance: 26, ready: 20, limit: 46, cell: false });
  });

  it('moves the scanned cell, and holds every cell to what the step has left', () => {
    const next = applyScanResult(lookup(), answer(300), { colorId: 11, sizeId: 21 });
    expect(remainingOf(next, 11, 21)).toEqual({ remaining: 0, tolerance: 15, ready: 0, limit: 15, cell: true });
    expect(remainingOf(next, 11, 22)).toEqual({ remaining: 220, tolerance: 11, ready: 220, limit: 231, cell: true });
    expect(next.cells![0].done).toBe(300);
    const nearlyFull = applyScanResult(lookup(), answer(530));
    expect(remainingOf(nearlyFull, 11, 22)).toMatchObject({ ready: 0, limit: 16 });
  });

  it('leaves the numbers alone for a scan at another process', () => {
    const other: ScanResult = { ...answer(10), step: { ...step(10), processId: 3 } };
    expect(remainingOf(applyScanResult(lookup(), other), null, null)).toMatchObject({ remaining: 520 });
  });

  it('has an earlier sub-process count its own pieces and limit; the last one is the process', () => {
    const withSteps: ScanLookup = {
      ...lookup(100),
      subProcesses: [
        { id: 71, sequence: 1, name: 'Collar', pieceRate: 0.8, last: false, done: 300, remaining: 220, limit: 200 },
        { id: 72, sequence: 2, name: 'Side seams', pieceRate: 2.5, last: true, done: 100, remaining: 420, limit: 446 },
      ],
    };
    // Held by cutting (200 more): "all remaining" records what may be recorded now.
    expect(remainingOf(withSteps, null, null, 71)).toEqual({ remaining: 220, tolerance: null, ready: 200, limit: 200, cell: false, subProcess: 'Collar' });
    expect(remainingOf(withSteps, null, null, 72)).toEqual(remainingOf(withSteps, null, null, null));

    // A scan at the collar: the process stays, the collar moves.
    const collar: ScanResult = { ...answer(100), scan: { stepId: 71, quantity: 50, countsProgress: false } as ScanResult['scan'] };
    const next = applyScanResult(withSteps, collar);
    expect(remainingOf(next, null, null, 71)).toMatchObject({ remaining: 170, ready: 150, limit: 150 });
    expect(next.remaining).toBe(420);
    expect(next.subProcesses![1]).toEqual(withSteps.subProcesses![1]);
  });
});
