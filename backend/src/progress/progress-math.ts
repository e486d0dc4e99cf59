// The arithmetic of progress on the server: the scan service (answers and events), the schedule,
// the boards and the console all derive statuses, finish rates and delays with these functions,
// which apply the definitions of contracts/order-metrics.ts (shared with the client), so a number
// never differs between two screens.
import { daysLate, isDelayed, orderFinishRate } from '../../../contracts/order-metrics.js';
import { stepStatus, type StepProgress, type StepStatus } from '../../../contracts/production.js';

/** The factory's calendar day (server time zone), YYYY-MM-DD. */
export function localDay(at: Date = new Date()): string {
  const y = at.getFullYear();
  const m = String(at.getMonth() + 1).padStart(2, '0');
  const d = String(at.getDate()).padStart(2, '0');
  return `${y}-${m}-${d}`;
}

export { daysBetween } from '../../../contracts/order-metrics.js';

/** What the database holds for one step; the status is derived. */
export interface StepNumbers {
  processId: number;
  sequence: number;
  dueDate: string;
  planned: number;
  done: number;
  firstScanAt: string | null;
  lastScanAt: string | null;
}

/** Exactly the StepProgress fields (callers pass richer objects; events must not carry them). */
export function toStepProgress(step: StepNumbers, today: string): StepProgress {
  const { processId, sequence, dueDate, planned, done, firstScanAt, lastScanAt } = step;
  return { processId, sequence, dueDate, planned, done, status: stepStatus(planned, done, dueDate, today), firstScanAt, lastScanAt };
}

/** The contract's finish rate of an order (contracts/order-metrics.ts). */
export function finishRateOf(steps: readonly Pick<StepNumbers, 'planned' | 'done'>[]): number {
  return orderFinishRate(steps);
}

/** The contract's days late: days past delivery of an order not completed, else 0. */
export function delayDaysOf(order: { completed: boolean; deliveryDate: string }, today: string): number {
  return daysLate(order, today);
}

/**
 * An order's status: done when completed; delayed exactly when the contract says so (not
 * completed and past delivery — a late step alone shows in that step's cell, not here, so the
 * "Delayed orders" count, the delayed status and the days-late column agree); partial once any
 * step has pieces; else not started.
 */
export function orderStatusOf(order: { completed: boolean; deliveryDate: string }, steps: readonly StepProgress[], today: string): StepStatus {
  if (order.completed) return 'done';
  if (isDelayed(order, today)) return 'delayed';
  return steps.some((step) => step.done > 0) ? 'partial' : 'notStarted';
}
