import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-client';

/** The first message the server gave for each of `fields` (from the `errors` of its answer). */
export function serverFieldMessages<F extends string>(error: unknown, fields: readonly F[]): Partial<Record<F, string>> {
  const found: Partial<Record<F, string>> = {};
  if (!(error instanceof ApiError)) return found;
  for (const [field, messages] of Object.entries(error.fieldErrors ?? {})) {
    const message: unknown = Array.isArray(messages) ? messages[0] : undefined;
    if (typeof message === 'string' && message && (fields as readonly string[]).includes(field)) found[field as F] ??= message;
  }
  return found;
}

/**
 * The one way a form shows the server's field errors: each message under its react-hook-form field
 * (type 'server'), the first one focused when `focus` is set. Returns whether any was placed.
 */
export function setServerErrors<T extends FieldValues>(
  setError: UseFormSetError<T>,
  messages: Partial<Record<Path<T>, string>>,
  { focus = false }: { focus?: boolean } = {},
): boolean {
  const placed = Object.entries(messages).filter((entry): entry is [Path<T>, string] => typeof entry[1] === 'string' && entry[1] !== '');
  placed.forEach(([field, message], index) => setError(field, { type: 'server', message }, { shouldFocus: focus && index === 0 }));
  return placed.length > 0;
}

/**
 * Puts the server's field errors under their fields; returns what is left to show as a general
 * message (null when every error found its field).
 */
export function applyServerErrors<T extends FieldValues>(error: unknown, fields: readonly Path<T>[], setError: UseFormSetError<T>, fallback: string): string | null {
  if (!(error instanceof ApiError)) return fallback;
  const placed = setServerErrors(setError, serverFieldMessages(error, fields));
  return placed ? null : error.status >= 500 || error.status === 0 ? fallback : error.message;
}
