import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error';

export const NUL_CHARACTER_MESSAGE = 'Ce champ contient des caractères non autorisés.';
/** Deeper than any payload of the API; zod refuses such shapes anyway. */
const MAX_DEPTH = 32;

/** Where the first string holding U+0000 is in a parsed body, query or params ('_' for the root), or null. */
function nulCharacterPath(value: unknown, path: string[] = [], depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path.join('.') || '_' : null;
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return null;
  for (const [key, child] of Object.entries(value)) {
    const found = key.includes('\u0000') ? [...path, key].join('.') : nulCharacterPath(child, [...path, key], depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * PostgreSQL text cannot hold U+0000: a string carrying one would fail in the database (a 500).
 * No real input contains it, so it is refused up front with 422, after the access check (a caller
 * who may not use a route still gets 401/403 first).
 */
export const inputGuardPlugin = fp(async (app: FastifyInstance) => {
  // A callback hook rather than an async one: every request runs it, and a promise per request is
  // a microtask more for nothing to wait on.
  app.addHook('preValidation', (request, _reply, done) => {
    const field = nulCharacterPath(request.params) ?? nulCharacterPath(request.query) ?? nulCharacterPath(request.body);
    done(field ? AppError.validation({ [field]: [NUL_CHARACTER_MESSAGE] }) : undefined);
  });
});
