// The rules a scan obeys (PRODUCT.md §4 "Progress"), as pure functions of the locked route, so
// each rule and its message is tested without a database.
import type { ProductionSettings } from '../../../contracts/production.js';
import { DomainException } from '../common/errors/domain.exception.js';
import type { RouteStepState } from './scan.repository.js';

/** The most pieces a step (or cell) may reach: the plan plus the over-production tolerance. */
export function allowedTotal(planned: number, settings: Pick<ProductionSettings, 'overProductionPercent'>): number {
  return Math.floor((planned * (100 + settings.overProductionPercent)) / 100);
}

interface ScanCheck {
  route: RouteStepState[];
  step: RouteStepState;
  /** Pieces the scan adds (positive). */
  quantity: number;
  settings: ProductionSettings;
}

/**
 * A scan adding `quantity` pieces at `step`:
 * - never beyond the plan plus tolerance;
 * - with "scan in order", never beyond what the previous step of the route has done (a bundle
 *   cannot be sewn before it is cut) — for a whole-order scan this is "previous process not
 *   finished", and it lets bundles flow instead of waiting for the whole order;
 * - warehouse-out never beyond warehouse-in ("order not in stock"), whatever the setting.
 */
export function checkScan({ route, step, quantity, settings }: ScanCheck): void {
  const total = step.done + quantity;
  const limit = allowedTotal(step.planned, settings);
  if (total > limit) {
    throw new DomainException('overPlanned', { planned: step.planned, percent: settings.overProductionPercent, remaining: Math.max(0, limit - step.done) }, { field: 'quantity' });
  }
  if (settings.scanInOrder) {
    const previous = previousOf(route, step);
    if (previous && total > previous.done) {
      throw new DomainException('previousProcessNotFinished', { previous: previous.processName, done: previous.done }, { field: 'quantity' });
    }
  }
  if (step.warehouseOut) {
    const warehouseIn = route.find((candidate) => candidate.warehouseIn);
    const inStock = warehouseIn?.done ?? 0;
    if (total > inStock) throw new DomainException('orderNotInStock', { inStock, out: step.done }, { field: 'quantity' });
  }
}

/**
 * Taking back `quantity` pieces at `step` must leave the later steps consistent: with "scan in
 * order", the next step may not have more than this one will; warehouse-in may not drop below
 * what already left the warehouse.
 */
export function checkReversal({ route, step, quantity, settings }: ScanCheck): void {
  const total = step.done - quantity;
  if (settings.scanInOrder) {
    const next = route.find((candidate) => candidate.sequence > step.sequence);
    if (next && next.done > total) throw new DomainException('laterProcessAhead', { next: next.processName, done: next.done });
  }
  if (step.warehouseIn) {
    const out = route.find((candidate) => candidate.warehouseOut)?.done ?? 0;
    if (out > total) throw new DomainException('orderNotInStock', { inStock: total, out });
  }
}

/**
 * The order is complete when its end process is done: the route's step flagged as end process,
 * or the last step when the route has none.
 */
export function completionOf(route: readonly RouteStepState[]): boolean {
  const end = route.find((step) => step.endProcess) ?? route[route.length - 1];
  return end !== undefined && end.planned > 0 && end.done >= end.planned;
}

/** What roomLeft needs of a step. */
type StepLimits = Pick<RouteStepState, 'processId' | 'sequence' | 'planned' | 'done' | 'warehouseIn' | 'warehouseOut'>;

/**
 * The most pieces a scan at `step` may still add under the same rules as checkScan: the plan
 * plus tolerance, the previous step (with scan in order), and warehouse-in for warehouse-out.
 * The scan station shows it as the limit; "all remaining" is stationNumbers().ready.
 */
export function roomLeft(route: readonly StepLimits[], step: StepLimits, settings: ProductionSettings): number {
  let room = allowedTotal(step.planned, settings) - step.done;
  const previous = previousOf(route, step);
  if (settings.scanInOrder && previous) room = Math.min(room, previous.done - step.done);
  if (step.warehouseOut) room = Math.min(room, (route.find((candidate) => candidate.warehouseIn)?.done ?? 0) - step.done);
  return Math.max(0, room);
}

/** What the scan station shows for a step or a cell: see ScanLookup in contracts/production.ts. */
export interface StationNumbers {
  /** planned − done (never below 0): what is still to do, tolerance not included. */
  remaining: number;
  /** What the tolerance still allows beyond the plan ("may exceed by N"). */
  tolerance: number;
  /** What "all remaining" records: `remaining` under the rules' caps, never the tolerance. */
  ready: number;
  /** The most a scan may add now (the same limit checkScan enforces). */
  limit: number;
}

/** The step's numbers for the station; `limit` is roomLeft, the rest never counts the tolerance. */
export function stationNumbers(route: readonly StepLimits[], step: StepLimits, settings: ProductionSettings): StationNumbers {
  const remaining = Math.max(0, step.planned - step.done);
  const limit = roomLeft(route, step, settings);
  const tolerance = Math.max(0, allowedTotal(step.planned, settings) - Math.max(step.planned, step.done));
  // The rules' caps apply to the rest of the plan just as to the tolerance.
  return { remaining, tolerance, ready: Math.min(remaining, limit), limit };
}

/**
 * A colour × size cell at a step: the cell's own plan and tolerance (checked by the scan too),
 * and the step's caps — a cell scan also moves the step.
 */
export function cellNumbers(cell: { planned: number; done: number }, stepNumbers: StationNumbers, settings: ProductionSettings): StationNumbers {
  const remaining = Math.max(0, cell.planned - cell.done);
  const limit = Math.max(0, Math.min(allowedTotal(cell.planned, settings) - cell.done, stepNumbers.limit));
  const tolerance = Math.max(0, allowedTotal(cell.planned, settings) - Math.max(cell.planned, cell.done));
  return { remaining, tolerance, ready: Math.min(remaining, stepNumbers.ready, limit), limit };
}

function previousOf<T extends Pick<RouteStepState, 'sequence'>>(route: readonly T[], step: T): T | undefined {
  let previous: T | undefined;
  for (const candidate of route) if (candidate.sequence < step.sequence) previous = candidate;
  return previous;
}
