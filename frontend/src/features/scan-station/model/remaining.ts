// The numbers the station shows for the scanned order at its process (or one colour × size
// cell of it): remaining = plan − done; the over-production tolerance apart ("may exceed by N");
// `ready` is what "all remaining" records; `limit` is what the server accepts at most.
import type { ScanLookup, ScanLookupCell, ScanLookupSubProcess, ScanResult } from '@contracts/production';

export interface RemainingNumbers {
  remaining: number;
  /** Null when the server did not say (an older lookup kept offline). */
  tolerance: number | null;
  ready: number;
  /** Null when unknown: the station then does not warn before sending. */
  limit: number | null;
  /** The numbers are a colour × size cell's. */
  cell: boolean;
  /** The numbers are an earlier sub-process's (its name): its pieces do not move the process. */
  subProcess?: string;
}

/** The chosen sub-process of the looked-up process, if it still has it. */
export function subProcessOf(lookup: ScanLookup | null, subProcessId: number | null): ScanLookupSubProcess | undefined {
  return subProcessId === null ? undefined : lookup?.subProcesses?.find((candidate) => candidate.id === subProcessId);
}

const stepOf = (lookup: ScanLookup) => (lookup.processId === null ? undefined : lookup.row.steps[String(lookup.processId)]);

/**
 * The numbers at the looked-up process, or at the chosen cell when colour and size are both
 * chosen, or at the chosen sub-process when it is an earlier one (it has its own count and
 * limit; its cells are checked by the server). The last sub-process's numbers are the process's.
 */
export function remainingOf(lookup: ScanLookup | null, colorId: number | null, sizeId: number | null, subProcessId: number | null = null): RemainingNumbers | null {
  if (!lookup || lookup.remaining === null) return null;
  const sub = subProcessOf(lookup, subProcessId);
  if (sub && !sub.last) return { remaining: sub.remaining, tolerance: null, ready: Math.min(sub.remaining, sub.limit), limit: sub.limit, cell: false, subProcess: sub.name };
  if (colorId !== null && sizeId !== null) {
    const cell = lookup.cells?.find((candidate) => candidate.colorId === colorId && candidate.sizeId === sizeId);
    if (cell) return { remaining: cell.remaining, tolerance: cell.tolerance, ready: cell.ready, limit: cell.limit, cell: true };
  }
  return {
    remaining: lookup.remaining,
    tolerance: lookup.tolerance ?? null,
    ready: lookup.ready ?? lookup.remaining,
    limit: lookup.limit ?? null,
    cell: false,
  };
}

/** Numbers of a step or cell after its done moved by `shift` (negative for a take-back). */
function shifted<T extends { remaining: number; tolerance: number; ready: number; limit: number }>(numbers: T, planned: number, doneBefore: number, shift: number): T {
  const done = doneBefore + shift;
  // The ceiling (plan + tolerance) does not move; what is left of it beyond the plan does.
  const ceiling = Math.max(planned, doneBefore) + numbers.tolerance;
  const remaining = Math.max(0, planned - done);
  const limit = Math.max(0, numbers.limit - shift);
  return {
    ...numbers,
    remaining,
    tolerance: Math.max(0, ceiling - Math.max(planned, done)),
    limit,
    ready: Math.max(0, Math.min(remaining, limit, numbers.ready - shift)),
  };
}

/**
 * The lookup after a scan (or take-back) at `processId` answered: the step takes the server's
 * numbers, remaining/tolerance/ready/limit move with it (the next lookup brings exact ones).
 */
export function applyScanResult(lookup: ScanLookup, result: ScanResult, cell: { colorId: number | null; sizeId: number | null } = { colorId: null, sizeId: null }): ScanLookup {
  const key = String(result.step.processId);
  const before = lookup.row.steps[key];
  const next: ScanLookup = {
    ...lookup,
    row: { ...lookup.row, steps: { ...lookup.row.steps, [key]: result.step }, completed: result.order.completed, finishRate: result.order.finishRate },
    warnings: result.warnings,
  };
  // The sub-process the scan named: its own count moves whether or not the process's did.
  const subProcessId = result.scan.stepId;
  if (lookup.subProcesses && subProcessId !== null && result.step.processId === lookup.processId) {
    next.subProcesses = lookup.subProcesses.map((sub) => {
      if (sub.id !== subProcessId) return sub;
      const done = sub.done + result.scan.quantity;
      return { ...sub, done, remaining: Math.max(0, result.step.planned - done), limit: Math.max(0, sub.limit - result.scan.quantity) };
    });
  }
  const step = stepOf(lookup);
  if (!step || result.step.processId !== lookup.processId || lookup.remaining === null || !before) return next;
  const shift = result.step.done - before.done;
  const stepNumbers = shifted(
    { remaining: lookup.remaining, tolerance: lookup.tolerance ?? 0, ready: lookup.ready ?? lookup.remaining, limit: lookup.limit ?? Number.MAX_SAFE_INTEGER },
    result.step.planned,
    before.done,
    shift,
  );
  next.remaining = stepNumbers.remaining;
  if (lookup.tolerance != null) next.tolerance = stepNumbers.tolerance;
  next.ready = stepNumbers.ready;
  if (lookup.limit != null) next.limit = stepNumbers.limit;
  if (lookup.cells) {
    next.cells = lookup.cells.map((item): ScanLookupCell => {
      const own = item.colorId === cell.colorId && item.sizeId === cell.sizeId;
      const moved = own ? { ...shifted(item, item.planned, item.done, shift), done: item.done + shift } : item;
      // Every cell is also held by the step's caps.
      const limit = Math.min(moved.limit, stepNumbers.limit);
      return { ...moved, limit, ready: Math.min(moved.ready, stepNumbers.ready, limit) };
    });
  }
  return next;
}

/** What the quantity field starts at after a scan: what "all remaining" records (the last quantity used when offline). */
export function startingQuantity(numbers: RemainingNumbers | null, lastUsed: number | null): number {
  if (numbers) return numbers.ready;
  return lastUsed && lastUsed > 0 ? lastUsed : 0;
}
