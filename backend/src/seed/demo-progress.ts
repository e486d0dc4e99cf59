import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import type { AuthenticatedUser } from '../common/http/route-access.decorators.js';
import { startOfLocalDay } from '../progress/calendar.js';
import { localDay } from '../progress/progress-math.js';
import type { ScanService } from '../scan/scan.service.js';

const DAY = 86_400_000;
const HOUR = 3_600_000;

interface DemoOrder {
  id: number;
  orderDate: string;
  deliveryDate: string;
  steps: { processId: number; planned: number; dueDate: string }[];
}

/**
 * Progress for the demo orders, recorded through the scan service (so it obeys every rule and
 * stores the piece rates in force): orders on schedule have finished every step that is due, the
 * oldest are complete and shipped, every fifth lags a step or two behind (delayed: only those
 * still in production show it), orders whose first step is not due yet have not started. Scans
 * are credited to the demo workers of each process (a chunk each, some done sub-process by
 * sub-process) and dated over the current month — at least the last two weeks — in working
 * hours, so the appraisal and payroll screens show a believable month. At cutting a few orders are cut over the plan (within the 5 %
 * tolerance); later steps never pass the step before.
 */
export async function seedDemoProgress(
  manager: EntityManager,
  scans: ScanService,
  admin: AuthenticatedUser,
  /** Orders left alone (demo-bundles records their progress through bundles). */
  skip: ReadonlySet<number> = new Set(),
): Promise<number> {
  const orders: DemoOrder[] = await manager.query(
    `SELECT o.id, to_char(o.order_date, 'YYYY-MM-DD') AS "orderDate", to_char(o.delivery_date, 'YYYY-MM-DD') AS "deliveryDate",
            json_agg(json_build_object('processId', s.process_id, 'planned', s.planned_quantity, 'dueDate', to_char(s.due_date, 'YYYY-MM-DD')) ORDER BY s.sequence) AS steps
       FROM production_order o JOIN production_order_step s ON s.order_id = o.id
      WHERE NOT o.hidden GROUP BY o.id ORDER BY o.id`,
  );
  const workers = await workersByProcess(manager, admin.id);
  const stepIds = await stepsByProcess(manager);
  const now = Date.now();
  const today = localDay(new Date(now));
  // This month so far, but never less than two weeks (early in a month) nor the scans' 30-day limit.
  const span = Math.min(28, Math.max(13, Number(localDay().slice(8)) - 1));
  let count = 0;
  for (const [index, order] of orders.entries()) {
    // Orders whose first step is not due yet have not started on the floor (not late either).
    if (order.steps[0].dueDate >= today) continue;
    if (skip.has(order.id)) continue;
    const start = Date.parse(order.orderDate);
    const span0 = Math.max(DAY, Date.parse(order.deliveryDate) - start);
    // How far along the order is: the elapsed share of its lead time. A few orders lag about one
    // and a half steps behind — the handful a real floor is late with; most are on time. A lagging
    // order whose delivery passed in the last three weeks is still in production (delayed, as the
    // console and the boards must be able to show); older ones have caught up and shipped.
    const lag = index % 5 === 3 ? 1.5 / order.steps.length : 0;
    const recentlyDue = now - Date.parse(order.deliveryDate) < 21 * DAY;
    const along = Math.min(lag > 0 && recentlyDue ? 1 : 1.25, (now - start) / span0) - lag;
    const steps = order.steps.length;
    const oldest = Math.max(0, Math.floor((now - start) / DAY));
    let previous = Infinity;
    for (const [k, step] of order.steps.entries()) {
      // Step k is due at (k + 1) / steps of the lead time (deriveDueDates): an order on schedule
      // has finished every step that is due and is part-way through the next, so only the
      // lagging orders show as delayed.
      const share = Math.max(0, Math.min(1, along * steps - k + 0.2));
      let total = Math.floor(step.planned * share);
      // Cut over (within the tolerance). Not cut short: later steps never pass cutting, so such an
      // order could never complete and would show late at every step for ever.
      if (k === 0 && share === 1 && index % 6 === 1) total = Math.floor(step.planned * 1.03);
      total = Math.min(total, previous);
      if (total <= 0) break;
      previous = total;
      // One to three scans per step (each is a real transaction: the demo must boot quickly).
      const parts = total > 240 ? 3 : total > 100 ? 2 : 1;
      const chunks = Array.from({ length: parts }, (_, c) => Math.floor(total / parts) + (c < total % parts ? 1 : 0));
      const crew = workers.get(step.processId) ?? [admin.id];
      const subProcesses = stepIds.get(step.processId) ?? [];
      for (const [c, quantity] of chunks.entries()) {
        // Earlier steps further back; never before the order was placed. A step under way was
        // worked on in the last days: its pace (contracts/alerts.ts) is what the floor does now.
        const daysBack =
          share < 1
            ? Math.min(oldest, c % 2)
            : Math.min(oldest, Math.max(0, Math.round((span * (steps - k)) / steps) - ((index * 3 + c * 2) % 5)));
        const day = localDay(new Date(now - daysBack * DAY));
        const scannedAt = new Date(Math.min(now - (c + 1) * 60_000, startOfLocalDay(day).getTime() + (8 + ((index * 7 + c * 3) % 10)) * HOUR));
        // A chunk is done as a whole (one in three) or sub-process by sub-process, each by the
        // next worker of the crew, a minute apart: only the last sub-process moves the process.
        const named = subProcesses.length > 0 && (index + c) % 3 !== 0 ? subProcesses : [undefined];
        for (const [n, stepId] of named.entries()) {
          await scans.record(
            {
              scanId: randomUUID(),
              orderId: order.id,
              processId: step.processId,
              quantity,
              workerId: crew[(index + c + n) % crew.length],
              stepId,
              deviceId: 'demo',
              scannedAt: new Date(scannedAt.getTime() - (named.length - 1 - n) * 60_000).toISOString(),
            },
            admin,
          );
          count++;
        }
      }
    }
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

async function stepsByProcess(manager: EntityManager): Promise<Map<number, number[]>> {
  const rows: { processId: number; ids: number[] }[] = await manager.query(
    `SELECT process_id AS "processId", array_agg(id ORDER BY sequence) AS ids FROM process_step GROUP BY process_id`,
  );
  return new Map(rows.map((row) => [row.processId, row.ids]));
}
