import { bundleSteps, isFinished, whereIs, type DefectLot, type FlowStep } from './bundle-flow.js';

// cut → sew → QC → pack, a bundle of 20.
const route: FlowStep[] = [
  { processId: 1, processName: 'Cut', sequence: 1, cutting: true, qc: false },
  { processId: 2, processName: 'Sew', sequence: 2, cutting: false, qc: false },
  { processId: 3, processName: 'QC', sequence: 3, cutting: false, qc: true },
  { processId: 4, processName: 'Pack', sequence: 4, cutting: false, qc: false },
];
const flow = (done: Record<number, number>, defects: DefectLot[] = [], scanInOrder = true) =>
  bundleSteps({ route, quantity: 20, done: new Map(Object.entries(done).map(([id, n]) => [Number(id), n])), defects, scanInOrder });
const open = (done: Record<number, number>, defects: DefectLot[] = [], scanInOrder = true) => flow(done, defects, scanInOrder).map((step) => step.open);

describe('bundle flow', () => {
  it('opens a process only for what the process before has done', () => {
    expect(open({})).toEqual([20, 0, 0, 0]);
    expect(open({ 1: 20 })).toEqual([0, 20, 0, 0]);
    expect(open({ 1: 20, 2: 12 })).toEqual([0, 8, 12, 0]);
  });

  it('with scan in order off, every process may take the cut pieces', () => {
    expect(open({ 1: 20 }, [], false)).toEqual([0, 20, 20, 20]);
  });

  it('keeps rework pieces out of QC until reworked, then opens them there again', () => {
    const lot: DefectLot = { id: 1, qcProcessId: 3, disposition: 'rework', reworkProcessId: 2, quantity: 3, reworked: 0 };
    expect(flow({ 1: 20, 2: 20, 3: 17 }, [lot]).map((step) => [step.open, step.atRework])).toEqual([[0, 0], [0, 0], [0, 3], [17, 0]]);
    expect(open({ 1: 20, 2: 20, 3: 17 }, [{ ...lot, reworked: 2 }])).toEqual([0, 0, 2, 17]);
  });

  it('takes rejected pieces out of everything downstream', () => {
    const reject: DefectLot = { id: 2, qcProcessId: 3, disposition: 'reject', reworkProcessId: null, quantity: 2, reworked: 0 };
    const steps = flow({ 1: 20, 2: 20, 3: 18, 4: 18 }, [reject]);
    expect(steps.map((step) => step.open)).toEqual([0, 0, 0, 0]);
    expect(steps[2].rejected).toBe(2);
    expect(isFinished(steps)).toBe(true);
    expect(open({ 1: 20 }, [reject], false)).toEqual([0, 20, 18, 18]);
  });

  it('says where the bundle is and whether it is finished', () => {
    expect(whereIs(flow({}))).toBeNull();
    expect(whereIs(flow({ 1: 20, 2: 5 }))?.processName).toBe('Sew');
    expect(isFinished(flow({ 1: 20, 2: 20, 3: 20, 4: 19 }))).toBe(false);
  });

  it('starts at the cutting process and never goes below zero', () => {
    const withPrep: FlowStep[] = [{ processId: 9, processName: 'Prep', sequence: 0, cutting: false, qc: false }, ...route];
    expect(bundleSteps({ route: withPrep, quantity: 20, done: new Map([[1, 20], [2, 25]]), defects: [], scanInOrder: true }).map((step) => step.open)).toEqual([0, 0, 25, 0]);
  });
});
