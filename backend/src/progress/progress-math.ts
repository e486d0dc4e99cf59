// The arithmetic of progress, in one place: the scan service (answers and events), the schedule,
// the boards and the console all derive statuses, finish rates and delays with these functions,
// so a number never differs between two screens.
import { stepStatus, type StepProgress, type StepStatus } from '../../../contracts/production.js';

const DAY_MS = 86_400_000;

/** The factory's calendar day (server time zone), YYYY-MM-DD. */
export function localDay(at: Date = new Date()): string {
  const y = at.getFullYear();
  const m = String(at.getMonth() + 1).padStart(2, '0');
  const d = String(at.getDate()).padStart(2, '0');
  return `${y}-${m}-${d}`;
}

/** Whole days from `from` to `to` (both YYYY-MM-DD); negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

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

/** 0–100, one decimal: done over planned summed over the steps; a step counts at most its plan. */
export function finishRateOf(steps: readonly Pick<StepNumbers, 'planned' | 'done'>[]): number {
  const planned = steps.reduce((sum, step) => sum + step.planned, 0);
  if (planned === 0) return 0;
  const done = steps.reduce((sum, step) => sum + Math.min(step.done, step.planned), 0);
  return Math.round((done / planned) * 1000) / 10;
}

/** Days past delivery of an order not completed (0 when on time or completed). */
export function delayDaysOf(order: { completed: boolean; deliveryDate: string }, today: string): number {
  if (order.completed) return 0;
  return Math.max(0, daysBetween(order.deliveryDate, today));
}

/**
 * An order's status: done when completed; delayed when past delivery or a step is past its due
 * date unfinished; partial once any step has pieces; else not started.
 */
export function orderStatusOf(order: { completed: boolean; deliveryDate: string }, steps: readonly StepProgress[], today: string): StepStatus {
  if (order.completed) return 'done';
  if (order.deliveryDate < today || steps.some((step) => step.status === 'delayed')) return 'delayed';
  return steps.some((step) => step.done > 0) ? 'partial' : 'notStarted';
}
