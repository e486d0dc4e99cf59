import { DEFAULT_PRODUCTION_SETTINGS, type ProductionSettings } from '../../../contracts/production.js';
import { cellNumbers, checkScan, stationNumbers } from './scan.rules.js';
import type { RouteStepState } from './scan.repository.js';

// What the station shows must agree with what checkScan accepts: `limit` is exactly the most a
// scan may add, and `ready` ("all remaining") never more than plan − done.
const settings = (patch: Partial<ProductionSettings> = {}): ProductionSettings => ({ ...DEFAULT_PRODUCTION_SETTINGS, scanInOrder: true, overProductionPercent: 5, refuseFlaggedOrders: false, ...patch });

const step = (processId: number, sequence: number, planned: number, done: number, flags: Partial<RouteStepState> = {}): RouteStepState => ({
  processId,
  sequence,
  planned,
  done,
  dueDate: '2026-12-01',
  firstScanAt: null,
  lastScanAt: null,
  processName: `P${processId}`,
  processCode: `P${processId}`,
  endProcess: false,
  warehouseIn: false,
  warehouseOut: false,
  processRate: null,
  cutting: false,
  qc: false,
  reworkRate: null,
  ...flags,
});

const accepts = (route: RouteStepState[], at: RouteStepState, quantity: number, rules: ProductionSettings) => {
  try {
    checkScan({ route, step: at, quantity, settings: rules });
    return true;
  } catch {
    return false;
  }
};

describe('station numbers', () => {
  it('keeps the tolerance out of remaining and ready: 520 planned, 5 %', () => {
    const cut = step(1, 1, 520, 0);
    expect(stationNumbers([cut], cut, settings())).toEqual({ remaining: 520, tolerance: 26, ready: 520, limit: 546 });
    const over = step(1, 1, 520, 530);
    expect(stationNumbers([over], over, settings())).toEqual({ remaining: 0, tolerance: 16, ready: 0, limit: 16 });
  });

  it('caps ready and limit by the previous process with scan in order, and by warehouse-in for warehouse-out', () => {
    const route = [step(1, 1, 100, 30), step(2, 2, 100, 10), step(3, 3, 100, 20, { warehouseIn: true }), step(4, 4, 100, 5, { warehouseOut: true })];
    expect(stationNumbers(route, route[1], settings())).toEqual({ remaining: 90, tolerance: 5, ready: 20, limit: 20 });
    expect(stationNumbers(route, route[1], settings({ scanInOrder: false }))).toEqual({ remaining: 90, tolerance: 5, ready: 90, limit: 95 });
    expect(stationNumbers(route, route[3], settings({ scanInOrder: false }))).toEqual({ remaining: 95, tolerance: 5, ready: 15, limit: 15 });
  });

  it('offers as limit exactly what checkScan accepts', () => {
    for (const scanInOrder of [true, false]) {
      for (const [previousDone, done] of [[0, 0], [50, 10], [100, 100], [105, 101], [60, 0]]) {
        const route = [step(1, 1, 100, previousDone), step(2, 2, 100, done)];
        const { limit } = stationNumbers(route, route[1], settings({ scanInOrder }));
        if (limit > 0) expect(accepts(route, route[1], limit, settings({ scanInOrder }))).toBe(true);
        expect(accepts(route, route[1], limit + 1, settings({ scanInOrder }))).toBe(false);
      }
    }
  });

  it('gives a colour × size cell its own plan and tolerance under the step’s caps', () => {
    const route = [step(1, 1, 100, 100), step(2, 2, 100, 40)];
    const sew = stationNumbers(route, route[1], settings());
    expect(cellNumbers({ planned: 60, done: 20 }, sew, settings())).toEqual({ remaining: 40, tolerance: 3, ready: 40, limit: 43 });
    // The previous process passed on only 50: the step holds the cell to 10.
    const held = stationNumbers([step(1, 1, 100, 50), route[1]], route[1], settings());
    expect(cellNumbers({ planned: 60, done: 20 }, held, settings())).toEqual({ remaining: 40, tolerance: 3, ready: 10, limit: 10 });
  });
});
