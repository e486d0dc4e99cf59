// The rules of progress-math.ts and contracts/order-metrics.ts in SQL, for what has to happen in the database over many orders at
// once: filtering the schedule by status, sorting it by finish rate, counting the totals of a whole
// filter and the console's KPIs without loading every order. Rows themselves are always built
// with progress-math (ProgressReadRepository); these expressions must say exactly the same thing.
// Change one, change the other: schedule.api.spec.ts checks that filtering by each status returns
// exactly the rows whose computed status it is.
//
// `today` is a bound parameter holding localDay() (the server's calendar day), never current_date:
// the database session may run in another time zone than the app.

/**
 * Per order `o` (a production_order alias), one row `alias` of step numbers:
 * - planned: Σ planned;  done: Σ min(done, planned)          → orderFinishRate
 * - started: any step with pieces                            → orderStatusOf 'partial'
 * - lastScanAt: the latest scan at any step                  → lastScanOf
 */
export function stepSummaryJoin(order: string, alias: string): string {
  return `LEFT JOIN LATERAL (
      SELECT COALESCE(sum(s.planned_quantity), 0)::float8 AS planned,
             COALESCE(sum(GREATEST(0, LEAST(s.done_quantity, s.planned_quantity))), 0)::float8 AS done,
             COALESCE(bool_or(s.done_quantity > 0), false) AS started,
             max(s.last_scan_at) AS last_scan_at
        FROM production_order_step s
       WHERE s.order_id = ${order}.id) ${alias} ON true`;
}

/** isDelayed (contract): not completed and past delivery. */
export function delayedSql(order: string, today: string): string {
  return `(NOT ${order}.completed AND ${order}.delivery_date < ${today}::date)`;
}

/** isDueThisWeek (contract): not completed, delivery from today to `weekEnd` (dueThisWeekEnd). */
export function dueThisWeekSql(order: string, today: string, weekEnd: string): string {
  return `(NOT ${order}.completed AND ${order}.delivery_date >= ${today}::date AND ${order}.delivery_date <= ${weekEnd}::date)`;
}

/** orderStatusOf: done when completed; delayed past delivery; partial once started. */
export function orderStatusSql(order: string, summary: string, today: string): string {
  return `CASE WHEN ${order}.completed THEN 'done'
               WHEN ${delayedSql(order, today)} THEN 'delayed'
               WHEN ${summary}.started THEN 'partial'
               ELSE 'notStarted' END`;
}

/**
 * orderFinishRate, 0–100 with one decimal. The same float8 operations in the same order as the
 * JavaScript (Math.round(x) = floor(x + 0.5)), so both give the same number.
 */
export function finishRateSql(summary: string): string {
  return `CASE WHEN ${summary}.planned = 0 THEN 0 ELSE floor((${summary}.done / ${summary}.planned) * 1000 + 0.5) / 10 END`;
}

/**
 * The unrounded ratio finishRateOf rounds, for sorting: ordering by it keeps rows whose rounded
 * rates are equal in a stable order and never inverts two different rates.
 */
export function finishRatioSql(summary: string): string {
  return `CASE WHEN ${summary}.planned = 0 THEN 0 ELSE ${summary}.done / ${summary}.planned END`;
}
