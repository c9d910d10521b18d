import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { errorMessages } from '../../shared/errors';

/**
 * The path as the router understands it: percent-decoded and with repeated slashes merged, so
 * `/%61pi/courses` and `//api/courses` are the API they reach, not something else.
 */
export function normalizedPath(url: string): string {
  const raw = url.split('?', 1)[0]!;
  let decoded = raw;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    // Not valid percent-encoding: the router refuses it anyway (400).
  }
  return decoded.replace(/\/{2,}/g, '/').toLowerCase();
}

function isApi(path: string): boolean {
  return path === '/api' || path.startsWith('/api/');
}

/** Whether maintenance must answer this request: an API route, found by the route served or by the decoded path. */
export function isUnderMaintenance(request: FastifyRequest): boolean {
  const route = request.routeOptions.url;
  // The health checks keep answering: the load balancer and the operator read them.
  if (route === '/api/health' || route === '/api/health/live') return false;
  return (route !== undefined && isApi(route)) || isApi(normalizedPath(request.url));
}

/** MAINTENANCE_MODE: every API call but the health check answers 503, before any work is done. */
export const maintenancePlugin = fp(async (app: FastifyInstance, { enabled }: { enabled: boolean }) => {
  if (!enabled) return;
  app.addHook('onRequest', async (request, reply) => {
    if (isUnderMaintenance(request)) {
      return reply.status(503).send({ error_code: 'maintenance_mode', message: errorMessages.maintenance_mode });
    }
  });
});
