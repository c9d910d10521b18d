import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isDisabledAccount, type Actor } from '../../shared/roles';
import type { Db } from '../db/client';
import { AppError } from '../lib/app-error';
import { findSessionUser, type AuthUser, type SessionRead } from '../lib/sessions';

/** A named rule over the caller, e.g. `canAuthorCourses`; its name appears in the route list. */
export type Policy = (actor: Actor) => boolean;

/**
 * Who may call a route, declared by every `/api` route in `config.access`:
 * - 'public': anyone; `request.user` is set when a valid token comes along, else null;
 * - 'authenticated': any signed-in user;
 * - a policy: a signed-in user the policy accepts (403 otherwise).
 * Ownership ("only their own data") is checked by the service with the same policies.
 */
export type Access = 'public' | 'authenticated' | Policy;

/** One API route and who may call it, as collected at registration (the access matrix test reads it). */
interface ApiRouteInfo {
  method: string;
  url: string;
  access: Access;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** A public route whose answer still carries a token or personal data (login, signup): never cached. */
    personalData?: boolean;
    /** The route's data, read with the session in the same query (see `SessionRead`); its handler takes it from `request.sessionData`. */
    sessionRead?: SessionRead;
  }
  interface FastifyRequest {
    user: AuthUser | null;
    /** What the route's `sessionRead` returned with the caller; undefined when it has none. */
    sessionData: unknown;
  }
  interface FastifyInstance {
    apiRoutes: ApiRouteInfo[];
  }
}

/** The signed-in caller of a route declared 'authenticated' or with a policy. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw AppError.unauthenticated();
  return request.user;
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match ? match[1]! : null;
}

export const authPlugin = fp(async (app: FastifyInstance, { db }: { db: Db }) => {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionData', undefined);
  const apiRoutes: ApiRouteInfo[] = [];
  app.decorate('apiRoutes', apiRoutes);

  // A route that forgets to say who may call it would be open to all: refuse to start instead.
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api')) return;
    if (route.method === 'HEAD' || route.method === 'OPTIONS') return;
    // The OpenAPI documentation (registered by @fastify/swagger-ui) is public reading; it is
    // listed like every other route, so the access matrix covers it too.
    if (route.url.startsWith('/api/docs')) route.config = { ...route.config, access: 'public' };
    if (!route.config?.access) {
      throw new Error(`La route ${String(route.method)} ${route.url} ne déclare pas config.access`);
    }
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD' && method !== 'OPTIONS') apiRoutes.push({ method, url: route.url, access: route.config.access });
    }
  });

  // Before validation: a caller who may not use the route learns nothing from it, not even its rules.
  app.addHook('preValidation', async (request) => {
    // `routeOptions` is a getter that builds a new object on each read: read once.
    const config = request.routeOptions.config;
    const access = config?.access;
    if (!access) return;
    const token = bearerToken(request);
    let user: AuthUser | null = null;
    const sessionRead = config.sessionRead;
    if (token && sessionRead) {
      const read = await sessionRead(db, token);
      user = read?.user ?? null;
      request.sessionData = read?.data;
    } else if (token) {
      user = await findSessionUser(db, token);
    }
    // Revoking deletes the account's sessions, but a login racing the revocation can still write
    // one after it: a disabled account's token therefore counts as no token at all.
    request.user = user && !isDisabledAccount(user) ? user : null;
    if (access === 'public') return;
    if (!request.user) throw AppError.unauthenticated();
    if (access !== 'authenticated' && !access(request.user)) throw AppError.forbidden();
  });

  // One rule for every answer that carries a token or someone's data: signed-in routes, answers to
  // a signed-in caller, and public routes flagged personalData. No browser, proxy or CDN may keep a
  // copy (a shared computer's back button, a cache in front of the API). A route that chose its own
  // Cache-Control (a published course image, a CV download) keeps it.
  // A callback hook: every answer runs it, and an async one costs a promise and a microtask each time.
  app.addHook('onSend', (request, reply, payload, done) => {
    const config = request.routeOptions.config;
    if (config?.access && !reply.hasHeader('cache-control') && (config.access !== 'public' || config.personalData || request.user)) {
      reply.header('Cache-Control', 'no-store');
    }
    done(null, payload);
  });
});
