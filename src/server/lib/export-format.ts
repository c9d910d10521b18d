import path from 'node:path';
import { sanitizeFileName } from './storage';

/** A date as the data export writes it: ISO 8601 in UTC, or null. */
export const iso = (value: Date | null | undefined): string | null => (value ? value.toISOString() : null);

/** A name for a file in the export's ZIP: no path, no control characters, and never empty. */
export function zipName(name: string | null | undefined, fallback: string): string {
  return sanitizeFileName(name ?? '', fallback).replace(/\//g, '_');
}

/** The extension of a stored name (`3f…9a.pdf` → `pdf`), for files that keep no original name. */
export const extOf = (storedName: string) => path.extname(storedName).slice(1) || 'bin';
