// One validated configuration object, read once at boot. A bad value stops the app with a
// message naming the variable, instead of failing later in some request.
import { resolve } from 'node:path';
import { IN_MEMORY_DATA_DIR } from '../database/embedded-postgres.js';
import { z } from 'zod';

const port = z.coerce.number().int().min(0).max(65535);
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
  ADMIN_PASSWORD: z.string().min(6, 'must be at least 6 characters').default('admin123'),
  SEED_DEMO: z
    .enum(['true', 'false', '1', '0'])
    .default('true')
    .transform((value) => value === 'true' || value === '1'),
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
  FORCE_HTTPS: z
    .enum(['true', 'false', '1', '0'])
    .default('false')
    .transform((value) => value === 'true' || value === '1'),
  /** PostgreSQL server limits (ignored by the embedded database): a frozen or locked database answers 503 instead of holding requests. */
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).default(5000),
  DB_LOCK_TIMEOUT_MS: z.coerce.number().int().min(0).default(3000),
  DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: z.coerce.number().int().min(0).default(10000),
  DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().positive().default(3000),
  DB_QUERY_TIMEOUT_MS: z.coerce.number().int().min(0).default(6000),
  DB_POOL_SIZE: z.coerce.number().int().positive().default(10),
  /** Load shedding: API requests served at once per instance, how many may wait, and for how long. */
  MAX_CONCURRENT_REQUESTS: z.coerce.number().int().positive().default(64),
  MAX_QUEUED_REQUESTS: z.coerce.number().int().min(0).default(256),
  QUEUE_TIMEOUT_MS: z.coerce.number().int().positive().default(5000),
  TOKEN_TTL_DAYS: z.coerce.number().positive().default(7),
  /** How long domain events are kept for reconnecting clients to catch up. */
  EVENT_RETENTION_HOURS: z.coerce.number().positive().default(48),
  LOGIN_MAX_ATTEMPTS: z.coerce.number().int().positive().default(5),
  LOGIN_WINDOW_SECONDS: z.coerce.number().int().positive().default(300),
});

export type AppConfig = Omit<z.infer<typeof schema>, 'DATA_DIR'> & {
  DATA_DIR: string;
  /** The built React app, served by the same process. */
  FRONTEND_DIST: string;
};

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues
      .map((issue) => `  ${issue.path.join('.')}: ${issue.message} (got ${JSON.stringify(env[String(issue.path[0])])})`)
      .join('\n');
    throw new ConfigError(`Invalid configuration:\n${problems}`);
  }
  return {
    ...parsed.data,
    DATA_DIR: parsed.data.DATA_DIR === IN_MEMORY_DATA_DIR ? IN_MEMORY_DATA_DIR : resolve(parsed.data.DATA_DIR),
    FRONTEND_DIST: resolve(env.FRONTEND_DIST ?? 'frontend/dist'),
  };
}

export const APP_CONFIG = Symbol('APP_CONFIG');
