// What the logs may contain. Request logs never carry a session token, a board key (header
// `boardKey`, or `?key=` on the phone-board link), a cookie, a password field of a body, nor any
// secret of the configuration (passwords inside DATABASE_URL / REDIS_URL, ADMIN_PASSWORD): the
// last line of defence replaces those values in every written line, whatever logged them.
// Request ids are ours (a random UUID per request); a client-sent X-Request-Id is never trusted.
import { randomUUID } from 'node:crypto';
import type { DestinationStream } from 'pino';
import type { Params } from 'nestjs-pino';
import type { AppConfig } from '../../config/app-config.js';

export const REDACTED = '[Redacted]';

/** Header and body paths replaced by pino's redaction. */
export const REDACT_PATHS = [
  'req.headers.token',
  'req.headers.boardkey',
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["proxy-authorization"]',
  'req.query.key',
  'req.query.boardKey',
  'req.query.token',
  'req.body.password',
  'req.body.oldPassword',
  'req.body.newPassword',
  'req.body.currentPassword',
  'res.headers["set-cookie"]',
  '*.password',
];

/** Query parameters that are credentials (phone-board link `?key=`, token in a link). */
const SECRET_QUERY = /([?&](?:key|boardKey|token)=)[^&#]*/gi;

export function withoutSecretQuery(url: string): string {
  return url.replace(SECRET_QUERY, `$1${REDACTED}`);
}

/** The secret strings of the configuration: passwords in connection URLs and ADMIN_PASSWORD. */
export function configSecrets(config: Pick<AppConfig, 'DATABASE_URL' | 'REDIS_URL' | 'ADMIN_PASSWORD'>): string[] {
  const secrets = new Set<string>();
  for (const url of [config.DATABASE_URL, config.REDIS_URL]) {
    if (!url) continue;
    try {
      const parsed = new URL(url);
      if (parsed.password) secrets.add(decodeURIComponent(parsed.password)).add(parsed.password);
    } catch {
      // A malformed URL was refused by the configuration already.
    }
  }
  if (config.ADMIN_PASSWORD) secrets.add(config.ADMIN_PASSWORD);
  // Very short values would blank out ordinary words: those are refused as passwords anyway.
  return [...secrets].filter((secret) => secret.length >= 4);
}

/** Replaces every occurrence of a secret (raw and JSON-escaped) in a written log line. */
export function secretScrubber(secrets: string[]): ((line: string) => string) | undefined {
  const forms = [...new Set(secrets.flatMap((secret) => [secret, JSON.stringify(secret).slice(1, -1)]))].sort((a, b) => b.length - a.length);
  if (!forms.length) return undefined;
  return (line) => {
    let out = line;
    for (const form of forms) if (out.includes(form)) out = out.split(form).join(REDACTED);
    return out;
  };
}

/** Tests capture the log through this destination (set before booting the app). */
export const logCapture: { destination?: DestinationStream } = {};

/** pino-http's options and destination for the app: nestjs-pino's, and the scan's lean path's own instance. */
export function requestLogSettings(config: AppConfig): { options: NonNullable<Params['pinoHttp']> & object; destination?: DestinationStream } {
  const scrub = secretScrubber(configSecrets(config));
  const options: NonNullable<Params['pinoHttp']> = {
    level: config.LOG_LEVEL,
    // Never the client's X-Request-Id: it would let anyone forge or collide log correlation.
    genReqId: () => randomUUID(),
    redact: { paths: REDACT_PATHS, censor: REDACTED },
    serializers: {
      req: (request: { url?: string }) => {
        if (typeof request.url === 'string') request.url = withoutSecretQuery(request.url);
        return request;
      },
    },
    // Absent rather than undefined: pino reads `hooks.logMethod` and crashes on `hooks: undefined`
    // (a deployment without ADMIN_PASSWORD and without a password in its URLs has no secrets).
    ...(scrub ? { hooks: { streamWrite: scrub } } : {}),
    autoLogging: { ignore: (request) => request.url === '/api/health' },
    transport:
      config.NODE_ENV === 'development' && process.stdout.isTTY && !logCapture.destination
        ? { target: 'pino-pretty', options: { singleLine: true, translateTime: 'SYS:HH:MM:ss' } }
        : undefined,
  };
  return { options, destination: logCapture.destination };
}

export function loggerParams(config: AppConfig): Params {
  const { options, destination } = requestLogSettings(config);
  return { pinoHttp: destination ? [options, destination] : options };
}
