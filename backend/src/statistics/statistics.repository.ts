import type { EntityManager } from 'typeorm';

/**
 * Scan sums and completion counts of the console; time windows are instants the caller computed.
 * Output counts the scans that moved progress: a piece sewn in three sub-processes is one piece
 * sewn (scan.counts_progress).
 */
export class StatisticsRepository {
  /** Pieces scanned (net of correcting entries) per process of the flow, zero for idle ones. */
  scannedByProcess(manager: EntityManager, from: Date, to: Date): Promise<{ processId: number; name: string; quantity: number }[]> {
    return manager.query(
      `SELECT pr.id AS "processId", pr.name, COALESCE(sum(s.quantity), 0)::int AS quantity
         FROM process pr
         LEFT JOIN scan s ON s.process_id = pr.id AND s.scanned_at >= $1 AND s.scanned_at < $2 AND s.counts_progress
        GROUP BY pr.id
        ORDER BY pr.sort_order, pr.id`,
      [from, to],
    );
  }

  /**
   * Pieces scanned per day, for consecutive days given by their start instants (plus the end of
   * the last): every day appears, with zero when nothing was scanned.
   */
  async scannedPerDay(manager: EntityManager, days: string[], starts: Date[]): Promise<{ date: string; quantity: number }[]> {
    const rows: { date: string; quantity: number }[] = await manager.query(
      `SELECT d.day AS date, COALESCE(sum(s.quantity), 0)::int AS quantity
         FROM unnest($1::text[], $2::timestamptz[], $3::timestamptz[]) WITH ORDINALITY AS d (day, starts_at, ends_at, n)
         LEFT JOIN scan s ON s.scanned_at >= d.starts_at AND s.scanned_at < d.ends_at AND s.counts_progress
        GROUP BY d.day, d.n
        ORDER BY d.n`,
      [days, starts.slice(0, -1), starts.slice(1)],
    );
    return rows;
  }

  /** Shown orders completed within [from, to). */
  async completedBetween(manager: EntityManager, from: Date, to: Date): Promise<number> {
    const rows: { count: number }[] = await manager.query(
      `SELECT count(*)::int AS count FROM production_order WHERE NOT hidden AND completed AND completed_at >= $1 AND completed_at < $2`,
      [from, to],
    );
    return rows[0].count;
  }
}
