// Which errors mean "the database is not there right now" (answer 503, retry shortly) rather than
// a bug (500). TypeORM wraps driver errors (QueryFailedError.driverError); pg-pool and the pg
// client raise plain Errors with a message only; Node socket errors carry an errno code.

export type DatabaseFailure = 'unavailable' | 'busy';

/** Node socket errors: the server is gone, refuses, or the network to it is broken. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN', 'ECONNABORTED']);

/** SQLSTATEs of a transient overload: the same request is likely to pass a moment later. */
const BUSY_STATES = new Set([
  '57014', // query_canceled: statement_timeout
  '55P03', // lock_not_available: lock_timeout
  '40001', // serialization_failure
  '40P01', // deadlock_detected
  '53300', // too_many_connections
  '53000', // insufficient_resources
]);

/** SQLSTATEs of a server that is shutting down, restarting, or lost the connection. */
const UNAVAILABLE_STATES = new Set([
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up / shutting down / recovery)
  '57P05', // idle_session_timeout
  '25P03', // idle_in_transaction_session_timeout
]);

/** Messages of pg, pg-pool and TypeORM that have no code. */
const UNAVAILABLE_MESSAGES = [
  /connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /query read timeout/i,
  /not queryable/i,
  /terminating connection/i,
  /connection (?:is )?(?:closed|ended)/i,
  /the database system is (?:starting up|shutting down|in recovery mode)/i,
  /server closed the connection unexpectedly/i,
  /driver not connected/i,
  /cannot use a pool after calling end/i,
];

/**
 * TypeORM releases a transaction's query runner when its connection emits an error (the server
 * went away mid-transaction); the next statement or the commit then fails with one of these
 * instead of a pg error. Seen in the fault tests during a PostgreSQL restart under scans.
 */
const RELEASED_RUNNER_ERRORS = new Set(['QueryRunnerAlreadyReleasedError', 'QueryRunnerProviderAlreadyReleasedError']);

interface ErrorLike {
  name?: unknown;
  code?: unknown;
  message?: unknown;
  driverError?: unknown;
  cause?: unknown;
  errors?: unknown;
}

/** 'unavailable' / 'busy' for a database outage or overload, null for anything else. */
export function databaseFailureOf(error: unknown, depth = 0): DatabaseFailure | null {
  if (!error || typeof error !== 'object' || depth > 4) return null;
  const candidate = error as ErrorLike;
  if (typeof candidate.name === 'string' && RELEASED_RUNNER_ERRORS.has(candidate.name)) return 'unavailable';
  const code = typeof candidate.code === 'string' ? candidate.code : undefined;
  if (code) {
    if (BUSY_STATES.has(code)) return 'busy';
    if (UNAVAILABLE_STATES.has(code) || NETWORK_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return 'unavailable';
  }
  for (const inner of [candidate.driverError, candidate.cause]) {
    const found = databaseFailureOf(inner, depth + 1);
    if (found) return found;
  }
  // AggregateError (e.g. ECONNREFUSED on both ::1 and 127.0.0.1).
  if (Array.isArray(candidate.errors)) {
    for (const inner of candidate.errors) {
      const found = databaseFailureOf(inner, depth + 1);
      if (found) return found;
    }
  }
  // Only errors from the database path carry these words; a SQLSTATE error of another class
  // (a constraint, a syntax error) is a bug or a domain case, never an outage.
  if (!code && typeof candidate.message === 'string' && UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(candidate.message as string))) {
    return 'unavailable';
  }
  return null;
}
