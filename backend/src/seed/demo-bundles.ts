import type { EntityManager } from 'typeorm';
import type { BundleScanService } from '../bundle/bundle-scan.service.js';
import type { CuttingService } from '../bundle/cutting.service.js';
import type { QualityService } from '../bundle/quality/quality.service.js';
import type { AuthenticatedUser } from '../common/http/route-access.decorators.js';
import type { MasterDataService } from '../master-data/master-data.service.js';
import { localDay } from '../progress/progress-math.js';
import type { RouteStepState, ScanRepository } from '../scan/scan.repository.js';

const DAY = 86_400_000;
const HOUR = 3_600_000;
/** Pieces per bundle: a cell of the demo grid (20–80 pieces) makes one or two bundles. */
const BUNDLE_SIZE = 60;
/** How many orders in production are cut into bundles (their progress comes from bundles only). */
const BUNDLED_ORDERS = 4;

export const DEMO_DEFECT_TYPES = [
  { code: 'D01', name: '跳线 Skipped stitch' },
  { code: 'D02', name: '污渍 Stain' },
  { code: 'D03', name: '尺寸不符 Out of measurement' },
  { code: 'D04', name: '破洞 Hole' },
];

export interface DemoBundleServices {
  cutting: CuttingService;
  bundles: BundleScanService;
  quality: QualityService;
  scanRepository: ScanRepository;
  defectTypes: MasterDataService;
}

interface Candidate {
  id: number;
  orderDate: string;
  deliveryDate: string;
  firstDue: string;
}

/** One bundle's way through the route in the demo: the steps after cutting it is recorded at. */
interface Plan {
  code: string;
  quantity: number;
  depth: number;
  /** When its last move happened (its scans are spread between the lay and this). */
  lastAt: number;
  partial: boolean;
  defect: 'reworked' | 'atRework' | 'reject' | null;
}

/**
 * The orders the demo cuts into bundles: a few in production, part-way through their lead time
 * (not the lagging nor the cut-over ones of demo-progress: its numbers for the others stay as
 * they were). Chosen before demo-progress runs, which leaves them alone.
 */
export async function demoBundledOrders(manager: EntityManager): Promise<number[]> {
  const orders: Candidate[] = await manager.query(
    `SELECT o.id, to_char(o.order_date, 'YYYY-MM-DD') AS "orderDate", to_char(o.delivery_date, 'YYYY-MM-DD') AS "deliveryDate",
            (SELECT to_char(min(s.due_date), 'YYYY-MM-DD') FROM production_order_step s WHERE s.order_id = o.id) AS "firstDue"
       FROM production_order o WHERE NOT o.hidden ORDER BY o.id`,
  );
  const now = Date.now();
  const today = localDay(new Date(now));
  const chosen: number[] = [];
  // Same index as demo-progress (non-hidden orders by id): every fifth lags, every sixth is cut over.
  for (const [index, order] of orders.entries()) {
    if (chosen.length === BUNDLED_ORDERS) break;
    if (index % 5 === 3 || index % 6 === 1 || !order.firstDue || order.firstDue >= today) continue;
    const start = Date.parse(order.orderDate);
    const along = (now - start) / Math.max(DAY, Date.parse(order.deliveryDate) - start);
    if (along >= 0.15 && along <= 0.5) chosen.push(order.id);
  }
  return chosen;
}

/**
 * Cut lays and bundles for the chosen orders, through the services the screens use: each colour
 * is cut in two lays (the cutting scans credited to the demo cutters), the bundles of the earlier
 * lays have gone further down the route (scanned by the demo workers of each process, a couple
 * of them part-way), inspected at QC with a few defects (rework, reworked by a sewer, and one
 * reject), and two bundles have not moved for longer than the stuck time. Dated over the last
 * two or three weeks, the latest moves in the last hours. Returns the scans recorded.
 */
export async function seedDemoBundles(manager: EntityManager, services: DemoBundleServices, admin: AuthenticatedUser, orderIds: number[]): Promise<number> {
  if (orderIds.length === 0) return 0;
  const [{ count: typeCount }] = await manager.query(`SELECT count(*)::int AS count FROM defect_type`);
  if (typeCount === 0) for (const type of DEMO_DEFECT_TYPES) await services.defectTypes.create(type);
  const defectTypes: number[] = (await manager.query(`SELECT id FROM defect_type ORDER BY code`)).map((row: { id: number }) => row.id);
  const workers = await workersByProcess(manager, admin.id);
  const now = Date.now();
  let scans = 0;
  let stuckLeft = 2;
  const defects: Plan['defect'][] = ['reworked', 'reject', 'atRework', 'reworked'];
  let partialLeft = 3;

  for (const [o, orderId] of orderIds.entries()) {
    const route = await services.scanRepository.route(manager, orderId);
    const cut = route.findIndex((step) => step.cutting);
    if (cut < 0) continue;
    const later = route.slice(cut + 1);
    const qcAt = later.findIndex((step) => step.qc);
    const cutting = await services.cutting.orderCutting(orderId);
    const [{ orderDate }] = await manager.query(`SELECT order_date AS "orderDate" FROM production_order WHERE id = $1`, [orderId]);
    // The steps after cutting that are due: every bundle has passed them (the order is on time).
    const [{ due }] = await manager.query(
      `SELECT count(*)::int AS due FROM production_order_step WHERE order_id = $1 AND due_date < $2::date AND process_id = ANY ($3::int[])`,
      [orderId, localDay(new Date(now)), later.map((step) => step.processId)],
    );
    // The first colour in two lays (its first sizes, then the rest), each other colour in one.
    const lays: { colorId: number; sizes: { sizeId: number; quantity: number }[] }[] = [];
    for (const [c, color] of cutting.colors.entries()) {
      const cells = cutting.cells.filter((cell) => cell.colorId === color.id && cell.ordered > 0);
      const half = c === 0 ? Math.ceil(cells.length / 2) : cells.length;
      for (const part of [cells.slice(0, half), cells.slice(half)]) {
        if (part.length > 0) lays.push({ colorId: color.id, sizes: part.map((cell) => ({ sizeId: cell.sizeId, quantity: cell.ordered })) });
      }
    }
    const m = lays.length;
    // The first lay two to three weeks back (never before the order was reviewed, nor past the scans' 30-day limit), the last a few hours ago.
    const earliest = Math.max(new Date(orderDate).getTime() + 3 * DAY, now - 24 * DAY);
    const first = Math.max(earliest, now - (14 + o * 2) * DAY);
    const gap = m > 1 ? (now - 4 * HOUR - first) / (m - 1) : 0;
    const cutters = workers.get(route[cut].processId) ?? [admin.id];
    for (const [j, lay] of lays.entries()) {
      const layAt = j === m - 1 ? now - 4 * HOUR : first + j * gap;
      const record = await services.cutting.create(
        { orderId, colorId: lay.colorId, plies: 1, sizes: lay.sizes, bundleSize: BUNDLE_SIZE, cutterId: cutters[(o + j) % cutters.length], note: '' },
        admin,
        new Date(layAt),
      );
      scans += record.bundleCount;
      const bundles: { code: string; quantity: number }[] = await manager.query(
        `SELECT code, quantity FROM bundle WHERE lay_id = $1 AND NOT voided ORDER BY bundle_no`,
        [record.id],
      );
      await manager.query(`UPDATE cut_lay SET created_at = $2, updated_at = $2 WHERE id = $1`, [record.id, new Date(layAt)]);
      await manager.query(`UPDATE bundle SET created_at = $2 WHERE lay_id = $1`, [record.id, new Date(layAt)]);
      // Earlier lays further down the route: the first one up to warehouse-in (the oldest order's
      // first lay finished), the last one just cut or at its first step.
      const reach = Math.min(later.length - 1, j === m - 1 ? due + 1 : Math.max(due + 2, 2 + 2 * (m - 2 - j) + (o === 0 && j === 0 ? 1 : 0)));
      for (const [b, bundle] of bundles.entries()) {
        const stuck = j === 0 && m > 1 && b === bundles.length - 1 && stuckLeft > 0;
        let depth = Math.max(0, reach - (b % 3 === 2 ? 1 : 0) - (stuck ? 1 : 0));
        if (j === m - 1) depth = b % 2 === 0 ? due + 1 : due;
        if (stuck) stuckLeft--;
        depth = Math.min(later.length - 1, Math.max(due, stuck ? 1 : 0, depth));
        const passesQc = qcAt >= 0 && depth > qcAt;
        const stopsAtQc = qcAt >= 0 && depth === qcAt + 1;
        // The defects go to the first bundles that fit them: open rework on one stopped at QC.
        const fits = passesQc && qcAt >= due && bundle.quantity >= 10 ? defects.findIndex((kind) => (kind === 'atRework') === stopsAtQc) : -1;
        const defect: Plan['defect'] = fits >= 0 ? defects.splice(fits, 1)[0] : null;
        const partial = !defect && !stuck && depth > due && depth !== qcAt + 1 && b % 4 === 1 && partialLeft-- > 0;
        const plan: Plan = {
          ...bundle,
          depth,
          lastAt: stuck ? now - (30 + 8 * o) * HOUR : now - (0.5 + ((o * 7 + j * 3 + b * 5) % 17)) * HOUR,
          partial,
          defect,
        };
        if (depth > 0) scans += await moveBundle(services, admin, workers, later, plan, layAt, defectTypes, o + b);
      }
    }
  }
  return scans;
}

/** Records one bundle at its steps after cutting, evenly spread between the lay and its last move. */
async function moveBundle(
  services: DemoBundleServices,
  admin: AuthenticatedUser,
  workers: Map<number, number[]>,
  later: RouteStepState[],
  plan: Plan,
  layAt: number,
  defectTypes: number[],
  seed: number,
): Promise<number> {
  // One slot per step, two more for a rework and its second inspection.
  const slots = plan.depth + (plan.defect === 'reworked' ? 2 : 0);
  const lastAt = Math.max(plan.lastAt, layAt + slots * 60_000);
  const step = (lastAt - layAt) / slots;
  let slot = 0;
  const next = () => new Date(layAt + ++slot * step);
  const crew = (processId: number) => workers.get(processId) ?? [admin.id];
  const sewing = later[0];
  let open = plan.quantity;
  let count = 0;
  for (let k = 0; k < plan.depth; k++) {
    const at = later[k];
    const worker = crew(at.processId)[(seed + k) % crew(at.processId).length];
    const scanId = `demo-${plan.code}-${at.processCode}`;
    const last = k === plan.depth - 1;
    if (at.qc) {
      const defectType = defectTypes[(seed + k) % defectTypes.length];
      if (plan.defect === 'reject') {
        await services.quality.inspect({ scanId, code: plan.code, processId: at.processId, passed: open - 1, defects: [{ defectTypeId: defectType, quantity: 1, disposition: 'reject' }], workerId: worker, deviceId: 'demo' }, admin, next());
        open -= 1;
        count++;
      } else if (plan.defect === 'reworked' || plan.defect === 'atRework') {
        const sent = plan.defect === 'reworked' ? 2 : 3;
        const defect = { defectTypeId: defectType, quantity: sent, disposition: 'rework' as const, reworkProcessId: sewing.processId };
        await services.quality.inspect({ scanId, code: plan.code, processId: at.processId, passed: open - sent, defects: [defect], workerId: worker, deviceId: 'demo' }, admin, next());
        count++;
        if (plan.defect === 'reworked') {
          // Reworked by another sewer than the one charged, then passed at the second look.
          const sewers = crew(sewing.processId);
          await services.quality.rework({ scanId: `${scanId}-rw`, code: plan.code, processId: sewing.processId, workerId: sewers[(seed + 1) % sewers.length], deviceId: 'demo' }, admin, next());
          await services.quality.inspect({ scanId: `${scanId}-2`, code: plan.code, processId: at.processId, passed: sent, defects: [], workerId: worker, deviceId: 'demo' }, admin, next());
          count += 2;
        } else {
          open -= sent;
        }
      } else {
        await services.quality.inspect({ scanId, code: plan.code, processId: at.processId, passed: open, defects: [], workerId: worker, deviceId: 'demo' }, admin, next());
        count++;
      }
      continue;
    }
    // A partial bundle: half of it recorded at its last step, the rest still open there.
    const quantity = last && plan.partial ? Math.ceil(open / 2) : open;
    await services.bundles.scan({ scanId, code: plan.code, processId: at.processId, quantity, workerId: worker, deviceId: 'demo', scannedAt: next().toISOString() }, admin);
    count++;
  }
  return count;
}

/** The enabled users (besides the administrator) who may execute each process. */
async function workersByProcess(manager: EntityManager, adminId: number): Promise<Map<number, number[]>> {
  const rows: { processId: number; ids: number[] }[] = await manager.query(
    `SELECT p.id AS "processId", array_agg(u.id ORDER BY u.id) AS ids
       FROM process p JOIN app_user u ON p.id = ANY (u.process_ids) AND u.enabled AND u.id <> $1
      GROUP BY p.id`,
    [adminId],
  );
  return new Map(rows.map((row) => [row.processId, row.ids]));
}
