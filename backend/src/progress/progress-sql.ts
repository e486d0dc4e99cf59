// The rules of progress-math.ts in SQL, for what has to happen in the database over many orders at
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
 * - planned: Σ planned;  done: Σ min(done, planned)          → finishRateOf
 * - late: a step not done (stepStatus ≠ 'done') past its due date → stepStatus 'delayed'
 * - started: any step with pieces                            → orderStatusOf 'partial'
 */
export function stepSummaryJoin(order: string, alias: string, today: string): string {
  return `LEFT JOIN LATERAL (
      SELECT COALESCE(sum(s.planned_quantity), 0)::float8 AS planned,
             COALESCE(sum(LEAST(s.done_quantity, s.planned_quantity)), 0)::float8 AS done,
             COALESCE(bool_or(NOT (s.planned_quantity > 0 AND s.done_quantity >= s.planned_quantity) AND s.due_date < ${today}::date), false) AS late,
             COALESCE(bool_or(s.done_quantity > 0), false) AS started
        FROM production_order_step s
       WHERE s.order_id = ${order}.id) ${alias} ON true`;
}

/** orderStatusOf: done when completed; delayed past delivery or with a late step; partial once started. */
export function orderStatusSql(order: string, summary: string, today: string): string {
  return `CASE WHEN ${order}.completed THEN 'done'
               WHEN ${order}.delivery_date < ${today}::date OR ${summary}.late THEN 'delayed'
               WHEN ${summary}.started THEN 'partial'
               ELSE 'notStarted' END`;
}

/**
 * finishRateOf, 0–100 with one decimal. The same float8 operations in the same order as the
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
