import type { IncomingMessage, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The headers helmet would set, worked out once. Helmet's middleware is pure configuration (no
 * nonce here), and @fastify/helmet rebuilt it, CSP parsing included, on every request: about a
 * tenth of the API's CPU on a small authenticated read (issue 16, goal 2).
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    // Named in lower case, as Fastify stores them: `reply.header` lower-cases every name it is given,
    // and a name already in lower case comes back as the same string instead of a new one per request.
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    // Helmet removes X-Powered-By, which Fastify never sets.
    removeHeader: () => {},
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, () => {});
  return headers;
}

/**
 * The headers of an answer that is data, not a document: the set the OWASP REST Security Cheat
 * Sheet gives for API responses (Cache-Control is the auth plugin's). Nothing in JSON is run or
 * rendered, so the page's policy (scripts, styles, frames, referrer) has nothing to govern there;
 * should one be opened as a document, `default-src 'none'` and `frame-ancestors 'none'` are stricter
 * than the page's. The page's 800 bytes of headers, on every API answer, cost about a tenth of a
 * small authenticated read (decision 084).
 */
function apiSecurityHeaders(pageHeaders: Record<string, string>): Record<string, string> {
  return {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'cross-origin-resource-policy': 'same-origin',
    'strict-transport-security': pageHeaders['strict-transport-security']!,
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
  };
}

/** Whether an answer is data: JSON, or no body at all. Every other answer (a page, a file, a stream) may be rendered or framed. */
function isData(contentType: string | number | string[] | undefined): boolean {
  return contentType === undefined || String(contentType).startsWith('application/json');
}

/**
 * Every answer, API or page, 404 and errors included, carries security headers: the API's set when it
 * is data, helmet's full set otherwise. Chosen when the answer is sent, once its type is known; a
 * header the route set itself (a file's sandboxing CSP, a token page's referrer policy) is kept.
 */
export const securityHeadersPlugin = fp(async (app, options: HelmetOptions) => {
  const pageHeaders = securityHeaders(options);
  const apiHeaders = apiSecurityHeaders(pageHeaders);
  // A callback hook: every answer runs it, and an async one costs a promise and a microtask each time.
  app.addHook('onSend', (_request, reply, payload, done) => {
    const headers = isData(reply.getHeader('content-type')) ? apiHeaders : pageHeaders;
    for (const name in headers) if (!reply.hasHeader(name)) reply.header(name, headers[name]);
    done(null, payload);
  });
});
