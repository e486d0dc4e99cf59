import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import { precomputedSecurityHeaders, securityHeaders } from './security-headers.js';

/** A real Node answer (nothing is sent: the headers stay on the object until it is written). */
function answer(): { request: IncomingMessage; response: ServerResponse } {
  const request = new IncomingMessage(new Socket());
  return { request, response: new ServerResponse(request) };
}

describe('precomputed security headers', () => {
  it.each([
    ['over TLS', true],
    ['over plain http', false],
  ])('sets exactly what helmet itself sets on an answer %s', (_case, overTls) => {
    const live = answer();
    let passed = false;
    securityHeaders(overTls)(live.request, live.response, (error?: unknown) => {
      if (error) throw error;
      passed = true;
    });
    expect(passed).toBe(true);

    const precomputed = answer();
    precomputedSecurityHeaders(overTls)(precomputed.response);

    expect(precomputed.response.getHeaders()).toEqual(live.response.getHeaders());
  });

  it('removes what helmet removes (X-Powered-By), and tells the two cases apart', () => {
    const { response } = answer();
    response.setHeader('X-Powered-By', 'Express');
    precomputedSecurityHeaders(false)(response);
    expect(response.hasHeader('x-powered-by')).toBe(false);
    expect(response.hasHeader('strict-transport-security')).toBe(false);
    expect(String(response.getHeader('content-security-policy'))).not.toContain('upgrade-insecure-requests');

    const tls = answer().response;
    precomputedSecurityHeaders(true)(tls);
    expect(tls.getHeader('strict-transport-security')).toBe('max-age=15552000');
    expect(String(tls.getHeader('content-security-policy'))).toContain('upgrade-insecure-requests');
  });
});
