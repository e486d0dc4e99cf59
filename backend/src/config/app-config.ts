// One validated configuration object, read once at boot. A bad value stops the app with a
// message naming the variable, instead of failing later in some request.
import { resolve } from 'node:path';
import { IN_MEMORY_DATA_DIR } from '../database/embedded-postgres.js';
import { z } from 'zod';
import { passwordProblem, type PasswordProblem } from '../auth/password-policy.js';

const port = z.coerce.number().int().min(0).max(65535);
/** An on/off variable: true/1 or false/0. */
const flag = (fallback: 'true' | 'false') =>
  z
    .enum(['true', 'false', '1', '0'])
    .default(fallback)
    .transform((value) => value === 'true' || value === '1');
const optionalUrl = (protocols: string[]) =>
  z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value : undefined))
    .refine((value) => value === undefined || protocols.some((p) => value.startsWith(p)), {
      message: `must start with ${protocols.join(' or ')}`,
    });

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: port.default(3000),
  DATABASE_URL: optionalUrl(['postgres://', 'postgresql://']),
  REDIS_URL: optionalUrl(['redis://', 'rediss://']),
  DATA_DIR: z.string().default('./data'),
  /**
   * Tests only (DATA_DIR memory://): a file holding an embedded database with every migration
   * applied. Loaded when present (no initdb, no migrations); written after migrating when not.
   * backend/src/testing/test-app.ts names it after the migrations' source, so a change makes a new one.
   */
  PGLITE_TEMPLATE: z.string().optional(),
  /** Required on the first boot of a deployment (DATABASE_URL set); never printed. */
  ADMIN_PASSWORD: z
    .string()
    .optional()
    .transform((value) => (value ? value : undefined))
    .superRefine((value, ctx) => {
      const problem = value === undefined ? null : passwordProblem(value, 'admin');
      if (problem) ctx.addIssue({ code: 'custom', message: ADMIN_PASSWORD_PROBLEMS[problem] });
    }),
  /** Demo factory and demo accounts: default on for the embedded try-out, off for a deployment. */
  SEED_DEMO: z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((value) => (value === undefined ? undefined : value === 'true' || value === '1')),
  /** scrypt cost as log2(N); 17 is OWASP's (128 MiB, ~0.5 s). Lower only with NODE_ENV=test. */
  PASSWORD_SCRYPT_LOG_N: z.coerce.number().int().min(10).max(20).optional(),
  /** Password hashes computed at once per instance (default: one per core) and how many may wait. */
  PASSWORD_HASH_CONCURRENCY: z.coerce.number().int().positive().optional(),
  PASSWORD_HASH_QUEUE: z.coerce.number().int().min(0).optional(),
  /** How often expired and revoked sessions are deleted (they are kept one day for the record). */
  SESSION_PURGE_MINUTES: z.coerce.number().positive().default(60),
  /** Redis stream the Socket.IO adapter uses between instances. */
  REDIS_STREAM_NAME: z.string().trim().min(1).default('stitchboard:socket.io'),
  /** How often each instance tells its sockets the recent events per room (boards detect a gap and replay). */
  REALTIME_HEAD_TICK_MS: z.coerce.number().int().positive().default(5000),
  /** Board snapshots per minute per caller (session or board key) and address, per instance. */
  BOARD_SNAPSHOTS_PER_MINUTE: z.coerce.number().int().positive().default(60),
  /** Board snapshots per minute through the public board key from all addresses, per instance. */
  BOARD_KEY_SNAPSHOTS_PER_MINUTE: z.coerce.number().int().positive().default(1200),
  /**
   * Live-event batching (realtime/fan-out.ts): a busy room's events are coalesced into one frame
   * per window; the window follows the cost of writing a frame to this instance's sockets, between
   * these bounds (ms). An idle room's event always goes out at once.
   */
  REALTIME_FANOUT_MIN_WINDOW_MS: z.coerce.number().min(0).max(1000).default(2),
  REALTIME_FANOUT_MAX_WINDOW_MS: z.coerce.number().min(0).max(5000).default(50),
  /** How often each instance disconnects sockets whose session expired or was revoked. */
  REALTIME_SESSION_SWEEP_MS: z.coerce.number().int().positive().default(60_000),
  CORS_ORIGINS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((origin) => origin.trim())
        .filter(Boolean),
    ),
  /** Express 'trust proxy': which proxies may set X-Forwarded-For (client address for throttling). */
  TRUST_PROXY: z.string().default('loopback'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** `true`: TLS is always in front (HSTS and upgrade-insecure-requests on every answer); `false`: only on requests that arrived over https (directly or as X-Forwarded-Proto from a trusted proxy). */
  FORCE_HTTPS: flag('false'),
  /** PostgreSQL server limits (ignored by the embedded database): a frozen or locked database answers 503 instead of holding requests. */
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).default(5000),
  DB_LOCK_TIMEOUT_MS: z.coerce.number().int().min(0).default(3000),
  DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: z.coerce.number().int().min(0).default(10000),
  DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().positive().default(3000),
  DB_QUERY_TIMEOUT_MS: z.coerce.number().int().min(0).default(6000),
  DB_POOL_SIZE: z.coerce.number().int().positive().default(10),
  /** Pipelined connections: a scan sends BEGIN, its reads and COMMIT without waiting for each answer (`false` turns it off). */
  DB_PIPELINE: flag('true'),
  /**
   * The scan POST on the lean path, without Express and Nest's per-request machinery
   * (common/http/lean-route.ts; same checks, same answers). `false` serves it like every endpoint.
   */
  SCAN_LEAN_PATH: flag('true'),
  /** Load shedding: API requests served at once per instance, how many may wait, and for how long. */
  MAX_CONCURRENT_REQUESTS: z.coerce.number().int().positive().default(64),
  MAX_QUEUED_REQUESTS: z.coerce.number().int().min(0).default(256),
  QUEUE_TIMEOUT_MS: z.coerce.number().int().positive().default(5000),
  TOKEN_TTL_DAYS: z.coerce.number().positive().default(7),
  /**
   * How long an instance serves a validated session from memory (auth/session-cache.ts). Logout,
   * revocation and access changes clear it on every instance at once (through Redis); the TTL only
   * bounds a lost invalidation. 0 turns the cache off.
   */
  SESSION_CACHE_TTL_MS: z.coerce.number().int().min(0).max(60_000).default(2000),
  /** How long domain events are kept for reconnecting clients to catch up. */
  EVENT_RETENTION_HOURS: z.coerce.number().positive().default(48),
  LOGIN_MAX_ATTEMPTS: z.coerce.number().int().positive().default(5),
  LOGIN_WINDOW_SECONDS: z.coerce.number().int().positive().default(300),
  /**
   * Prometheus GET /metrics needs `Authorization: Bearer <METRICS_TOKEN>`; unset, the endpoint
   * does not exist (404) and nothing is measured. At least 16 characters of no whitespace.
   */
  METRICS_TOKEN: z
    .string()
    .optional()
    .transform((value) => (value ? value : undefined))
    .refine((value) => value === undefined || /^\S{16,256}$/.test(value), { message: 'must be 16 to 256 characters without spaces' }),
});

export type AppConfig = Omit<z.infer<typeof schema>, 'DATA_DIR' | 'SEED_DEMO' | 'PASSWORD_SCRYPT_LOG_N'> & {
  DATA_DIR: string;
  SEED_DEMO: boolean;
  PASSWORD_SCRYPT_LOG_N: number;
  /** True when ADMIN_PASSWORD is the built-in try-out default (embedded database, none set). */
  ADMIN_PASSWORD_IS_DEFAULT: boolean;
  /** The built React app, served by the same process. */
  FRONTEND_DIST: string;
};

export class ConfigError extends Error {}

/** The try-out's published admin password (embedded database only; flagged as a default). */
export const DEFAULT_ADMIN_PASSWORD = 'admin123';
/** OWASP's scrypt cost, and the cheaper one test runs use (hundreds of logins per suite). */
export const OWASP_SCRYPT_LOG_N = 17;
export const TEST_SCRYPT_LOG_N = 14;

const ADMIN_PASSWORD_PROBLEMS: Record<PasswordProblem, string> = {
  tooShort: 'must be at least 8 characters',
  tooLong: 'must be at most 64 characters',
  common: 'is a common password, choose another',
  sameAsUsername: 'must not be the username "admin"',
  repetitive: 'must not be one character repeated',
};

const SECRET_VARIABLES = new Set(['ADMIN_PASSWORD', 'METRICS_TOKEN']);

/** What a refused value was, without echoing secrets into logs. */
function describeValue(name: string, value: string | undefined): string {
  if (SECRET_VARIABLES.has(name) && value !== undefined) return `${value.length} characters, not shown`;
  return JSON.stringify(value);
}

function refineSecurity(value: { NODE_ENV: string; PASSWORD_SCRYPT_LOG_N?: number }, ctx: z.RefinementCtx): void {
  if (value.NODE_ENV !== 'test' && value.PASSWORD_SCRYPT_LOG_N !== undefined && value.PASSWORD_SCRYPT_LOG_N < OWASP_SCRYPT_LOG_N) {
    ctx.addIssue({
      code: 'custom',
      path: ['PASSWORD_SCRYPT_LOG_N'],
      message: `must be at least ${OWASP_SCRYPT_LOG_N} (a lower cost is allowed only with NODE_ENV=test)`,
    });
  }
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = schema.superRefine(refineSecurity).safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues
      .map((issue) => `  ${issue.path.join('.')}: ${issue.message} (got ${describeValue(String(issue.path[0]), env[String(issue.path[0])])})`)
      .join('\n');
    throw new ConfigError(`Invalid configuration:\n${problems}`);
  }
  const deployment = parsed.data.DATABASE_URL !== undefined;
  const adminPasswordIsDefault = parsed.data.ADMIN_PASSWORD === undefined && !deployment;
  return {
    ...parsed.data,
    // A deployment gets no default admin password (SeedService refuses the first boot without
    // one) and no demo accounts unless asked for; the embedded try-out keeps both.
    ADMIN_PASSWORD: adminPasswordIsDefault ? DEFAULT_ADMIN_PASSWORD : parsed.data.ADMIN_PASSWORD,
    ADMIN_PASSWORD_IS_DEFAULT: adminPasswordIsDefault,
    SEED_DEMO: parsed.data.SEED_DEMO ?? !deployment,
    PASSWORD_SCRYPT_LOG_N: parsed.data.PASSWORD_SCRYPT_LOG_N ?? (parsed.data.NODE_ENV === 'test' ? TEST_SCRYPT_LOG_N : OWASP_SCRYPT_LOG_N),
    DATA_DIR: parsed.data.DATA_DIR === IN_MEMORY_DATA_DIR ? IN_MEMORY_DATA_DIR : resolve(parsed.data.DATA_DIR),
    FRONTEND_DIST: resolve(env.FRONTEND_DIST ?? 'frontend/dist'),
  };
}

export const APP_CONFIG = Symbol('APP_CONFIG');
