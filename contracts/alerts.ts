// Live delay alerts (issue 11): what raises an alert, who is told, when it clears. One definition
// for the evaluator (backend/src/alerts), the API, the bell and the boards.
//
// Kinds
// - stepOverdue (one per order × process): a step of a shown, open order is past its due date and
//   not done — exactly the step status `delayed` of contracts/production.ts (`stepStatus`): plan
//   > 0, done < plan, due date < today (the server's calendar day). Steps without a plan are
//   never "late".
// - deliveryAtRisk (one per order, processId null): the order will not be finished by the end of
//   its delivery day at its recent pace (see `projectFinish` below).
//
// Projection (deliveryAtRisk), evaluated for shown, not completed orders:
// - remaining = plan − done of the order's end step (the route's end-process step, else its last
//   step): the pieces that still have to leave the line;
// - pace = the slowest started, unfinished step: for every step with 0 < done < plan, the pieces
//   recorded there (scans and correcting entries, by scan time) in the last PACE_WINDOW_DAYS days
//   up to now, ÷ PACE_WINDOW_DAYS → pieces per day; the minimum over those steps. Every piece
//   still has to pass each of them, so the slowest limits the order. Steps not started yet are
//   waiting for earlier ones and say nothing about pace; an order with no started, unfinished
//   step (not begun, or only fully done steps before a step that has not started) has no
//   projection and is never at risk;
// - projected finish = now + remaining ÷ pace days (never, when pace ≤ 0: a stalled order);
// - at risk ⇔ projected finish is after the end of the delivery day (00:00 of delivery + 1,
//   server time). An order already past delivery is therefore at risk until it completes.
//
// Who is told (one notification per user per alert, at the moment it is raised):
// - the order's merchandiser: the sales order's 跟单员 (merchandiser master record) is not a login
//   account, so it maps to the enabled users whose mobile equals the merchandiser's phone (both
//   non-empty), or whose nickname equals the merchandiser's name (trimmed, ignoring case). A
//   production order entered without a sales order has no merchandiser;
// - the leads of the late process (stepOverdue only): enabled users who may execute the process
//   (their process list) and whose effective permissions include `Schedule` — the screen where a
//   lead sees the late step; a worker who only scans is not a lead. Not a lead either: a holder of
//   `Permission` (contracts/users.ts PERMISSION_ADMIN, the built-in `admin` among them). The
//   administrator's process list is every process so that they may scan anything, which says
//   nothing about being answerable for a line; counting them made `admin` the lead of every
//   process and buried their bell. An administrator who wants an order's alerts follows it;
// - the order's followers (`production_order_follower`, POST admin/alerts/follow).
//
// Raised once: an open alert is unique per (kind, order, process) in the database, so two
// evaluations (two instances, a timer and an event at once) never raise it twice. Cleared (marked
// resolved, pushed) when its cause is gone: the step done, its due date moved to today or later,
// the pace sufficient or the delivery date moved, the order completed or hidden. A cause that
// comes back later raises a new alert.

/** Pace window of the projection, in days. */
export const PACE_WINDOW_DAYS = 3;
/** How often every instance re-evaluates for due dates passing with no event (ms). */
export const ALERT_EVALUATE_EVERY_MS = 60_000;

export const ALERT_KINDS = ['stepOverdue', 'deliveryAtRisk'] as const;
export type DelayAlertKind = (typeof ALERT_KINDS)[number];

/** Numbers behind an alert, as they were when it was raised. */
export interface DelayAlertDetail {
  deliveryDate: string;
  /** stepOverdue: the step's due date and numbers. */
  dueDate?: string;
  planned?: number;
  done?: number;
  /** deliveryAtRisk: remaining pieces at the end step, pieces per day, projected finish (ISO, null = never). */
  remaining?: number;
  pacePerDay?: number;
  projectedFinish?: string | null;
}

export interface DelayAlert {
  id: number;
  kind: DelayAlertKind;
  orderId: number;
  orderNo: string;
  processId: number | null;
  processName: string | null;
  raisedAt: string;
  clearedAt: string | null;
  detail: DelayAlertDetail;
}

export interface UserNotification {
  id: number;
  createdAt: string;
  readAt: string | null;
  alert: DelayAlert;
}

/** GET /api/admin/notifications */
export interface NotificationList {
  /** The caller: their bell listens on room `user:<userId>`. */
  userId: number;
  /** Newest first, at most NOTIFICATION_PAGE. */
  items: UserNotification[];
  unread: number;
}

export const NOTIFICATION_PAGE = 50;

/** Event payload of 'alert.cleared'. */
export interface DelayAlertCleared {
  id: number;
  kind: DelayAlertKind;
  orderId: number;
  processId: number | null;
  clearedAt: string;
}

export interface ProjectionInput {
  /** Remaining pieces at the end step. */
  remaining: number;
  /** Pieces per step started and unfinished, recorded in the window. Empty: no projection. */
  windowPieces: number[];
  now: Date;
  /** Instant the delivery day ends (00:00 of the next day, server time). */
  deliveryEnd: Date;
}

export interface Projection {
  pacePerDay: number;
  /** null: never at the current pace. */
  projectedFinish: Date | null;
  atRisk: boolean;
}

/** The projection defined above; null when there is nothing to project from. */
export function projectFinish({ remaining, windowPieces, now, deliveryEnd }: ProjectionInput): Projection | null {
  if (remaining <= 0 || windowPieces.length === 0) return null;
  const pacePerDay = Math.min(...windowPieces) / PACE_WINDOW_DAYS;
  const projectedFinish = pacePerDay > 0 ? new Date(now.getTime() + (remaining / pacePerDay) * 86_400_000) : null;
  return { pacePerDay, projectedFinish, atRisk: projectedFinish === null || projectedFinish.getTime() > deliveryEnd.getTime() };
}
