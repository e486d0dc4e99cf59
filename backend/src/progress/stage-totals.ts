// The order's stage totals (production_order.stage_cut, stage_finished, stage_stock_in,
// stage_stock_out): what the difference statistics count as cut, finished, stocked in and shipped.
// Each is the done of the lowest-sequence step of the route whose process carries the stage's
// flag, null when no step does — the choice of the database's refresh (migration 1764288500000,
// production_order_stage_refresh) and of the report (statistics/difference.repository.ts).
// The scan computes them from the route it read under the order's lock and writes them with its
// counters (migration 1764289400000 says why).
import type { StepNumbers } from './progress-math.js';

export interface StageFlags {
  cutting: boolean;
  endProcess: boolean;
  warehouseIn: boolean;
  warehouseOut: boolean;
}

export interface StageTotals {
  cut: number | null;
  finished: number | null;
  stockIn: number | null;
  stockOut: number | null;
}

const STAGES: [keyof StageTotals, keyof StageFlags][] = [
  ['cut', 'cutting'],
  ['finished', 'endProcess'],
  ['stockIn', 'warehouseIn'],
  ['stockOut', 'warehouseOut'],
];

export function stageTotalsOf(route: readonly (Pick<StepNumbers, 'sequence' | 'done'> & StageFlags)[]): StageTotals {
  const totals: StageTotals = { cut: null, finished: null, stockIn: null, stockOut: null };
  const lowest: Record<keyof StageTotals, number> = { cut: Infinity, finished: Infinity, stockIn: Infinity, stockOut: Infinity };
  for (const step of route) {
    for (const [stage, flag] of STAGES) {
      if (step[flag] && step.sequence < lowest[stage]) {
        lowest[stage] = step.sequence;
        totals[stage] = step.done;
      }
    }
  }
  return totals;
}
