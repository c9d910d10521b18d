import type { FieldErrors } from '../../shared/errors';

/** One complaint about one field, as zod reports it (`path`) or as Fastify's validation does (`instancePath`). */
interface Issue {
  path?: readonly PropertyKey[];
  instancePath?: string;
  message?: string;
}

/**
 * zod issues → `{ field: [messages] }` of the API's error body. A nested field is named with
 * dots (`address.city`); an issue about the whole object goes under `_`.
 */
export function fieldErrorsOf(issues: Iterable<Issue>): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = issue.path ? issue.path.map(String).join('.') : (issue.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
    (errors[field || '_'] ??= []).push(issue.message ?? 'Valeur invalide.');
  }
  return errors;
}
