import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '../../../lib/api-client';

/**
 * Puts the server's field errors under their fields; returns what is left to show as a general
 * message (null when every error found its field).
 */
export function applyServerErrors<T extends FieldValues>(error: unknown, fields: readonly Path<T>[], setError: UseFormSetError<T>, fallback: string): string | null {
  if (!(error instanceof ApiError)) return fallback;
  const errors = error.fieldErrors ?? {};
  let placed = false;
  for (const field of fields) {
    const message = errors[field]?.[0];
    if (message) {
      setError(field, { type: 'server', message });
      placed = true;
    }
  }
  return placed ? null : error.status >= 500 || error.status === 0 ? fallback : error.message;
}
