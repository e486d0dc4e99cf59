// The security headers of every answer (helmet), chosen per request by whether it came over TLS.
//
// Factory LANs open the app as http://<ip-or-name>:<port>: helmet's default CSP has
// `upgrade-insecure-requests`, which would make the browser fetch every script over https (a
// blank page), and HSTS would pin the name to https. Both only when TLS is in front: the request
// came over https (directly, or X-Forwarded-Proto from a trusted proxy) or FORCE_HTTPS is set.
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';

/** Helmet for answers over TLS (HSTS, upgrade-insecure-requests) or over plain http (neither). */
export function securityHeaders(overTls: boolean) {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        // Same-origin app; websockets to our own host are covered by 'self'. Images: uploads,
        // QR codes (data:) and previews of picked files (blob:).
        'img-src': ["'self'", 'data:', 'blob:'],
        'connect-src': ["'self'"],
        'upgrade-insecure-requests': overTls ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
    // Browsers ignore (and warn about) COOP on a plain-http origin other than localhost.
    crossOriginOpenerPolicy: overTls,
    strictTransportSecurity: overTls ? { maxAge: 15_552_000, includeSubDomains: false } : false,
  });
}

/** Sets a precomputed set of security headers on an answer. */
export type SecurityHeaderSetter = (response: ServerResponse) => void;

/**
 * Helmet's answer for one of the two cases, computed once: with this configuration (no nonces)
 * helmet sets the same headers on every answer, and running its dozen middlewares per request
 * cost about 2 % of a scan's server CPU. The headers are recorded from helmet itself, so they
 * follow its version and the configuration above; a spec compares them with helmet's live output.
 */
export function precomputedSecurityHeaders(overTls: boolean): SecurityHeaderSetter {
  const set: [string, string | number | readonly string[]][] = [];
  const removed: string[] = [];
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      set.push([name, value]);
      return recorder;
    },
    removeHeader: (name: string) => {
      removed.push(name);
    },
    getHeader: () => undefined,
  };
  let finished = false;
  securityHeaders(overTls)({ headers: {} } as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
    finished = true;
  });
  // Helmet's middlewares are synchronous; one that no longer is would leave headers unrecorded.
  if (!finished) throw new Error('helmet did not finish synchronously: its headers cannot be precomputed');
  return (response) => {
    for (const name of removed) response.removeHeader(name);
    for (const [name, value] of set) response.setHeader(name, value);
  };
}
