import { toCsv } from '../../../../shared/csv';
import type { ImportRow } from '../../../../shared/organisations';
import { saveBlob } from '../../../lib/api-client';

/** The rejected rows of an import preview, as a CSV the organisation corrects and imports again (same format as the exports). */
export function rejectedRowsCsv(rows: readonly ImportRow[]): string {
  return toCsv(
    ['Ligne', 'E-mail', 'Prénom', 'Nom', 'Erreur'],
    rows.filter((row) => row.status === 'error').map((row) => [row.line, row.email, row.firstname ?? '', row.lastname ?? '', row.message ?? '']),
  );
}

/** Saves text as a file from the browser (no request: the preview already holds the rows). */
export function saveTextFile(text: string, fileName: string, type = 'text/csv;charset=utf-8'): void {
  saveBlob(new Blob([text], { type }), fileName);
}
