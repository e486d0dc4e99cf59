import type { EntityManager } from 'typeorm';

/** The few reads the overview needs that no other module offers. */
export class OrderOverviewRepository {
  /** Every scan and correcting entry of the order: the history on the page may stop at a limit. */
  async scanCount(manager: EntityManager, orderId: number): Promise<number> {
    const rows: { count: number }[] = await manager.query(`SELECT count(*)::int AS count FROM scan WHERE order_id = $1`, [orderId]);
    return rows[0].count;
  }
}
