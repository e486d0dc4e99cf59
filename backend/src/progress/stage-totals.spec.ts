import { stageTotalsOf } from './stage-totals.js';

const step = (sequence: number, done: number, flags: Partial<Record<'cutting' | 'endProcess' | 'warehouseIn' | 'warehouseOut', boolean>> = {}) => ({
  sequence,
  done,
  cutting: false,
  endProcess: false,
  warehouseIn: false,
  warehouseOut: false,
  ...flags,
});

describe('stageTotalsOf', () => {
  it('takes the done of the lowest-sequence step carrying each flag, in any order of the route', () => {
    const route = [step(3, 40, { endProcess: true, warehouseIn: true }), step(1, 100, { cutting: true }), step(2, 70), step(4, 10, { warehouseOut: true })];
    expect(stageTotalsOf(route)).toEqual({ cut: 100, finished: 40, stockIn: 40, stockOut: 10 });
  });

  it('picks the first of two steps with one flag, and null for a stage no step carries', () => {
    expect(stageTotalsOf([step(5, 3, { cutting: true }), step(2, 9, { cutting: true }), step(6, 1)])).toEqual({ cut: 9, finished: null, stockIn: null, stockOut: null });
    expect(stageTotalsOf([])).toEqual({ cut: null, finished: null, stockIn: null, stockOut: null });
  });

  it('counts a stage at zero as zero, not as missing', () => {
    expect(stageTotalsOf([step(1, 0, { cutting: true })]).cut).toBe(0);
  });
});
