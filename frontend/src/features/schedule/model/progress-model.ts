// Pure functions of the schedule: status colours, a cell's numbers, and how a live
// 'production.progressed' event changes a page of the schedule in place.
import type { ProgressRecorded } from '@contracts/events';
import { applyProgressToRow, type ProgressColumn, type ProgressRow, type ScheduleList, type StepProgress } from '@contracts/production';

/** 0–100: how much of the plan is done, capped at 100 (over-production shows full). */
export function stepPercent(step: Pick<StepProgress, 'planned' | 'done'>): number {
  if (step.planned <= 0) return step.done > 0 ? 100 : 0;
  return Math.max(0, Math.min(100, (step.done / step.planned) * 100));
}

/** Pieces still to do at a process (never negative). */
export function stepRemaining(step: Pick<StepProgress, 'planned' | 'done'>): number {
  return Math.max(0, step.planned - step.done);
}

/**
 * What the "rest" shortcut of the record form offers: the rest of the plan, but no more than the
 * previous step of the route has passed on (with scan-in-order on the server refuses more, and
 * warehouse-out never exceeds warehouse-in).
 */
export function stepAvailable(step: Pick<StepProgress, 'planned' | 'done'>, previousDone: number | undefined): number {
  const rest = stepRemaining(step);
  return previousDone === undefined ? rest : Math.max(0, Math.min(rest, previousDone - step.done));
}

/** The route of one order: its steps in sequence, each with its process column when known. */
export function routeSteps(row: Pick<ProgressRow, 'steps'>, columns: readonly ProgressColumn[]): { step: StepProgress; column: ProgressColumn | undefined }[] {
  const byId = new Map(columns.map((column) => [column.id, column]));
  return Object.values(row.steps)
    .sort((a, b) => a.sequence - b.sequence || a.processId - b.processId)
    .map((step) => ({ step, column: byId.get(step.processId) }));
}

const time = (value: string | null | undefined): number => {
  const parsed = value ? Date.parse(value) : NaN;
  return Number.isNaN(parsed) ? -Infinity : parsed;
};

/**
 * Events carry absolute numbers, so applying one twice is harmless; applying an old one after
 * a newer snapshot is not. A step is replaced unless the row's step is provably newer (a later
 * last scan); the order's summary likewise by its last activity.
 */
export function applyNewerProgress(row: ProgressRow, payload: ProgressRecorded): ProgressRow {
  const existing = row.steps[String(payload.processId)];
  const stepIsOlder = existing !== undefined && time(payload.step.lastScanAt) < time(existing.lastScanAt);
  const orderIsOlder = time(payload.order.lastActivityAt) < time(row.lastActivityAt);
  return applyProgressToRow(row, payload, { step: !stepIsOlder, order: !orderIsOlder });
}

export type ApplyOutcome =
  /** The order is on the page and was updated. */
  | 'applied'
  /** The order is not on this page (it may belong on it now, or on another page). */
  | 'absent'
  /** The page already holds newer numbers for it. */
  | 'stale';

export interface ApplyResult {
  list: ScheduleList;
  outcome: ApplyOutcome;
  /**
   * The order's status or completion changed: the totals and possibly the filter's membership
   * (status filter, completed orders hidden) changed with it, so the page should be refetched.
   */
  summaryChanged: boolean;
}

/** Apply one live event to a page of the schedule, without touching other rows. */
export function applyProgressEvent(list: ScheduleList, payload: ProgressRecorded): ApplyResult {
  const index = list.rows.findIndex((row) => row.id === payload.orderId);
  if (index < 0) return { list, outcome: 'absent', summaryChanged: false };
  const before = list.rows[index];
  const after = applyNewerProgress(before, payload);
  if (after === before) return { list, outcome: 'stale', summaryChanged: false };
  const rows = list.rows.slice();
  rows[index] = after;
  return {
    list: { ...list, rows },
    outcome: 'applied',
    summaryChanged: before.status !== after.status || before.completed !== after.completed,
  };
}
