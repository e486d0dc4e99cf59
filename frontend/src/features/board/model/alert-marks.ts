// Open delay alerts per order, for the small marker on a board row (contracts/alerts.ts). An
// order's entry keeps its identity until one of its alerts changes, so only that row re-renders.
import type { DelayAlert, DelayAlertCleared, DelayAlertKind } from '@contracts/alerts';

/** order id → (alert id → kind) of its open alerts. */
export type AlertMarks = ReadonlyMap<number, ReadonlyMap<number, DelayAlertKind>>;

export const NO_MARKS: AlertMarks = new Map();

/** The open alerts as read from the API, less those a push already said were cleared. */
export function marksOf(alerts: readonly DelayAlert[], clearedIds: ReadonlySet<number> = new Set()): AlertMarks {
  const marks = new Map<number, Map<number, DelayAlertKind>>();
  for (const alert of alerts) {
    if (alert.clearedAt || clearedIds.has(alert.id)) continue;
    const order = marks.get(alert.orderId) ?? new Map<number, DelayAlertKind>();
    order.set(alert.id, alert.kind);
    marks.set(alert.orderId, order);
  }
  return marks;
}

export function withRaised(marks: AlertMarks, alert: DelayAlert): AlertMarks {
  if (marks.get(alert.orderId)?.has(alert.id)) return marks;
  const next = new Map(marks);
  next.set(alert.orderId, new Map(marks.get(alert.orderId)).set(alert.id, alert.kind));
  return next;
}

export function withCleared(marks: AlertMarks, cleared: DelayAlertCleared): AlertMarks {
  const order = marks.get(cleared.orderId);
  if (!order?.has(cleared.id)) return marks;
  const next = new Map(marks);
  const rest = new Map(order);
  rest.delete(cleared.id);
  if (rest.size === 0) next.delete(cleared.orderId);
  else next.set(cleared.orderId, rest);
  return next;
}

/** The kinds of an order's open alerts, each once, in a stable order. */
export function kindsOf(order: ReadonlyMap<number, DelayAlertKind> | undefined): DelayAlertKind[] {
  if (!order) return [];
  return (['stepOverdue', 'deliveryAtRisk'] as const).filter((kind) => [...order.values()].includes(kind));
}
