// A bundle's pieces through the route, as pure functions of its scans and defects
// (contracts/bundles.ts "The flow of one bundle's pieces"), so the arithmetic is tested without a
// database and the station, the QC screen, the trace and WIP all read the same numbers.
import type { BundleStep } from '../../../contracts/bundles.js';

/** What the flow needs of one route step (ScanRepository's RouteStepState has it). */
export interface FlowStep {
  processId: number;
  processName: string;
  sequence: number;
  cutting: boolean;
  qc: boolean;
}

/** One QC defect lot of the bundle (bundle_defect). */
export interface DefectLot {
  id: number;
  qcProcessId: number;
  disposition: 'rework' | 'reject';
  reworkProcessId: number | null;
  quantity: number;
  /** Pieces of a rework lot reworked so far. */
  reworked: number;
}

export interface BundleFlowInput {
  /** The route in sequence. */
  route: readonly FlowStep[];
  /** Pieces cut. */
  quantity: number;
  /** Good pieces recorded per process: the sum of the bundle's normal scans there (correcting entries included). */
  done: ReadonlyMap<number, number>;
  defects: readonly DefectLot[];
  /** ProductionSettings.scanInOrder: off, every process may take the bundle's good pieces in any order. */
  scanInOrder: boolean;
}

/**
 * The bundle's numbers per process, from the cutting step on (steps before the cutting process
 * never see bundles; a route without a cutting process starts at its first step).
 *
 * Per process P: input = the cut quantity at the first step, else the good pieces of the step
 * before (with scan in order off: the cut quantity less everything rejected before P); open =
 * input − done − pieces P's inspection has at rework − pieces P's inspection rejected (never
 * below 0: an order-level correction may have left a step behind).
 */
export function bundleSteps({ route, quantity, done, defects, scanInOrder }: BundleFlowInput): BundleStep[] {
  const start = Math.max(0, route.findIndex((step) => step.cutting));
  const steps = route.slice(start);
  const result: BundleStep[] = [];
  let rejectedBefore = 0;
  steps.forEach((step, index) => {
    const lots = defects.filter((lot) => lot.qcProcessId === step.processId);
    const atRework = sum(lots.filter((lot) => lot.disposition === 'rework').map((lot) => lot.quantity - lot.reworked));
    const rejected = sum(lots.filter((lot) => lot.disposition === 'reject').map((lot) => lot.quantity));
    const stepDone = done.get(step.processId) ?? 0;
    const input = index === 0 ? quantity : scanInOrder ? result[index - 1].done : quantity - rejectedBefore;
    result.push({
      processId: step.processId,
      processName: step.processName,
      qc: step.qc,
      done: stepDone,
      open: Math.max(0, input - stepDone - atRework - rejected),
      atRework,
      rejected,
    });
    rejectedBefore += rejected;
  });
  return result;
}

/** The pieces of the bundle at rework now, per rework process. */
export function reworkOpenAt(defects: readonly DefectLot[], processId: number): DefectLot[] {
  return defects.filter((lot) => lot.disposition === 'rework' && lot.reworkProcessId === processId && lot.reworked < lot.quantity);
}

/** The latest step with good pieces recorded (null: none yet). */
export function whereIs(steps: readonly BundleStep[]): BundleStep | null {
  return [...steps].reverse().find((step) => step.done > 0) ?? null;
}

/** Finished when the route's last step has every good piece: nothing open or at rework anywhere, and the last step has pieces. */
export function isFinished(steps: readonly BundleStep[]): boolean {
  const last = steps[steps.length - 1];
  return last !== undefined && last.done > 0 && steps.every((step) => step.open === 0 && step.atRework === 0);
}

function sum(values: number[]): number {
  return values.reduce((total, value) => total + value, 0);
}
