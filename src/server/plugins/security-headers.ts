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

/** Every answer, API or page, 404 included, carries the same security headers. */
export const securityHeadersPlugin = fp(async (app, options: HelmetOptions) => {
  const headers = securityHeaders(options);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
});
