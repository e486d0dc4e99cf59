/**
 * The orders whose stored stage totals (production_order.stage_*: written by the scans, refreshed
 * by route and flag changes; progress/stage-totals.ts) differ from a fresh aggregate of their
 * steps — the done of the lowest-sequence step whose process carries each flag. Empty when they
 * all agree. Plain SQL with no imports: the API specs and the fault tests (on their own cluster)
 * both run it.
 */
export const STALE_STAGE_TOTALS_SQL = `SELECT o.order_no FROM production_order o
  LEFT JOIN LATERAL (
    SELECT (min((s.sequence::int8 << 32) | s.done_quantity) FILTER (WHERE pr.cutting) & 4294967295)::int AS cut,
           (min((s.sequence::int8 << 32) | s.done_quantity) FILTER (WHERE pr.end_process) & 4294967295)::int AS finished,
           (min((s.sequence::int8 << 32) | s.done_quantity) FILTER (WHERE pr.warehouse_in) & 4294967295)::int AS stock_in,
           (min((s.sequence::int8 << 32) | s.done_quantity) FILTER (WHERE pr.warehouse_out) & 4294967295)::int AS stock_out
      FROM production_order_step s JOIN process pr ON pr.id = s.process_id WHERE s.order_id = o.id) m ON true
 WHERE (o.stage_cut, o.stage_finished, o.stage_stock_in, o.stage_stock_out) IS DISTINCT FROM (m.cut, m.finished, m.stock_in, m.stock_out)`;
