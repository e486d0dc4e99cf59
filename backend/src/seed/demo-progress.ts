import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import type { AuthenticatedUser } from '../common/http/route-access.decorators.js';
import type { ScanService } from '../scan/scan.service.js';

const DAY = 86_400_000;
const HOUR = 3_600_000;

interface DemoOrder {
  id: number;
  orderDate: string;
  deliveryDate: string;
  steps: { processId: number; planned: number }[];
}

/**
 * Progress for the demo orders, recorded through the scan service (so it obeys every rule):
 * orders on schedule have finished every step that is due, the oldest are complete and
 * shipped, every fifth lags behind (delayed). Scans
 * are dated over the last two weeks, some today, so the console's charts have a history.
 */
export async function seedDemoProgress(manager: EntityManager, scans: ScanService, admin: AuthenticatedUser): Promise<number> {
  const orders: DemoOrder[] = await manager.query(
    `SELECT o.id, to_char(o.order_date, 'YYYY-MM-DD') AS "orderDate", to_char(o.delivery_date, 'YYYY-MM-DD') AS "deliveryDate",
            json_agg(json_build_object('processId', s.process_id, 'planned', s.planned_quantity) ORDER BY s.sequence) AS steps
       FROM production_order o JOIN production_order_step s ON s.order_id = o.id
      WHERE NOT o.hidden GROUP BY o.id ORDER BY o.id`,
  );
  const now = Date.now();
  let count = 0;
  for (const [index, order] of orders.entries()) {
    // Some orders have not started on the floor yet.
    if (index % 7 === 6) continue;
    const start = Date.parse(order.orderDate);
    const span = Math.max(DAY, Date.parse(order.deliveryDate) - start);
    // How far along the order is: elapsed share of its lead time, some orders lagging behind.
    const lag = index % 5 === 3 ? 0.45 : 0;
    const along = Math.min(1.25, (now - start) / span) - lag;
    const steps = order.steps.length;
    for (const [k, step] of order.steps.entries()) {
      // Step k is due at (k + 1) / steps of the lead time (deriveDueDates): an order on schedule
      // has finished every step that is due and is part-way through the next, so only the
      // lagging orders show as delayed.
      const share = Math.max(0, Math.min(1, along * steps - k + 0.2));
      const total = Math.floor(step.planned * share);
      if (total <= 0) break;
      // One or two scans per step (each is a real transaction: the demo must boot quickly).
      const chunks = total > 100 ? [Math.ceil(total * 0.6), total - Math.ceil(total * 0.6)] : [total];
      for (const [c, quantity] of chunks.entries()) {
        if (quantity <= 0) continue;
        const daysBack = Math.max(0, 13 - k * 1.6 - c * 2 - (index % 4));
        const scannedAt = new Date(Math.min(now - HOUR, now - daysBack * DAY - ((index * 7 + c * 3) % 9) * HOUR));
        await scans.record(
          { scanId: randomUUID(), orderId: order.id, processId: step.processId, quantity, deviceId: 'demo', scannedAt: scannedAt.toISOString() },
          admin,
        );
        count++;
      }
    }
  }
  return count;
}
