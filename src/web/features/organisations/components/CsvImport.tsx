import UploadFileIcon from '../../../components/icons/UploadFileOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useRef, useState } from 'react';
import { IMPORT_MAX_CHARS, IMPORT_MAX_ROWS, organisationMessages, type ImportPreview, type ImportResult, type ImportRow } from '../../../../shared/organisations';
import { FilePicker } from '../../../components/FilePicker';
import { useImportMembers } from '../api/import-members';
import { usePreviewImport } from '../api/preview-import';
import { formatNumber, plural } from '../../../../shared/french-format';
import { rejectedRowsCsv, saveTextFile } from './import-report';


/** UTF-8 when the bytes are, else Windows-1252: what Excel writes for "CSV (séparateur : point-virgule)". */
async function readText(file: File): Promise<string> {
  const bytes = await file.arrayBuffer();
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

const statusChip: Record<ImportRow['status'], { label: string; color: 'success' | 'info' | 'default' | 'error' }> = {
  new: { label: 'À inviter', color: 'success' },
  resend: { label: 'À renvoyer', color: 'info' },
  recent: { label: 'Déjà envoyée', color: 'default' },
  duplicate: { label: 'Doublon fusionné', color: 'default' },
  error: { label: 'Refusée', color: 'error' },
};

/** What the import did, in one French sentence. */
function importSummary(result: ImportResult): string {
  const parts = [
    result.invited > 0 ? plural(result.invited, 'invitation envoyée', 'invitations envoyées') : null,
    result.resent > 0 ? plural(result.resent, 'invitation renvoyée', 'invitations renvoyées') : null,
    result.recent > 0 ? `${plural(result.recent, 'adresse déjà invitée', 'adresses déjà invitées')} il y a moins de 24 heures (aucun nouvel e-mail)` : null,
    result.merged > 0 ? plural(result.merged, 'doublon fusionné', 'doublons fusionnés') : null,
    result.skipped > 0 ? plural(result.skipped, 'ligne refusée non importée', 'lignes refusées non importées') : null,
  ];
  return `${parts.filter(Boolean).join(', ')}.`;
}

/**
 * Invitations from a CSV file: one address per line (a header such as « email » may name the
 * column, « prénom » and « nom » the names). The preview shows each row's fate and French error;
 * nothing is written until « Importer ». A file with refused rows is imported only if the
 * organisation chooses « Importer les N invitations valides » (issue 25), with a report of the
 * refused rows to download; otherwise the import is everything or nothing (decision 025).
 */
export function CsvImport() {
  const previewCall = usePreviewImport();
  const importCall = useImportMembers();
  const [file, setFile] = useState<{ name: string; csv: string } | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const resultRef = useRef<HTMLDivElement>(null);

  async function choose(chosen: File | undefined) {
    setPreview(null);
    setDone(null);
    setError(null);
    if (!chosen) return;
    if (chosen.size > IMPORT_MAX_CHARS) {
      setError(organisationMessages.importTooLarge);
      return;
    }
    const csv = await readText(chosen);
    setFile({ name: chosen.name, csv });
    try {
      setPreview(await previewCall.mutateAsync(csv));
      requestAnimationFrame(() => resultRef.current?.focus());
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : organisationMessages.importEmpty);
    }
  }

  async function confirm(skipInvalid: boolean) {
    if (!file) return;
    try {
      const result = await importCall.mutateAsync(skipInvalid ? { csv: file.csv, skip_invalid: true } : { csv: file.csv });
      setDone(importSummary(result));
      setPreview(null);
      setFile(null);
      requestAnimationFrame(() => resultRef.current?.focus());
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : organisationMessages.importHasErrors);
    }
  }

  function cancel() {
    setPreview(null);
    setFile(null);
    setError(null);
  }

  const counts = preview?.counts;
  const toSend = counts ? counts.new + counts.resend : 0;
  const reportName = file ? `lignes-refusees-${file.name.replace(/\.csv$/i, '')}.csv` : 'lignes-refusees.csv';

  return (
    <Box>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Une adresse e-mail par ligne, {formatNumber(IMPORT_MAX_ROWS)} lignes au plus. Une ligne d'en-tête (« email », « adresse e-mail »…)
        indique la colonne des adresses si le fichier en a plusieurs, « prénom » et « nom » celles des noms. Séparateur « ; » ou « , ».
      </Typography>
      <FilePicker
        label="Fichier CSV des personnes à inviter"
        hint="Fichier .csv, 500 Ko au plus."
        accept=".csv,text/csv"
        buttonText="Choisir un fichier"
        icon={<UploadFileIcon fontSize="large" />}
        disabled={previewCall.isPending || importCall.isPending}
        error={error}
        onChoose={(chosen) => void choose(chosen)}
      />

      <Box ref={resultRef} tabIndex={-1} sx={{ outline: 'none', mt: 2 }}>
        {done && (
          <Alert severity="success" role="status" onClose={() => setDone(null)}>
            {done}
          </Alert>
        )}
        {preview && counts && file && (
          <Box component="section" aria-label="Aperçu de l'import">
            <Typography component="h3" variant="h6" sx={{ mb: 1 }}>
              Aperçu de « {file.name} »
            </Typography>
            <Typography role="status" sx={{ mb: 1.5 }}>
              {plural(counts.new, 'invitation à envoyer', 'invitations à envoyer')}, {plural(counts.resend, 'à renvoyer', 'à renvoyer')}
              {counts.recent > 0 ? `, ${plural(counts.recent, 'déjà envoyée', 'déjà envoyées')} il y a moins de 24 heures` : ''}
              {counts.duplicate > 0 ? `, ${plural(counts.duplicate, 'doublon fusionné', 'doublons fusionnés')}` : ''}, {plural(counts.error, 'ligne refusée', 'lignes refusées')}.
            </Typography>
            {counts.error > 0 && (
              <Alert
                severity="warning"
                sx={{ mb: 1.5 }}
                action={
                  <Button color="inherit" size="small" onClick={() => saveTextFile(rejectedRowsCsv(preview.rows), reportName)}>
                    Télécharger le rapport (CSV)
                  </Button>
                }
              >
                {`${plural(counts.error, 'ligne est refusée', 'lignes sont refusées')} : importez seulement les lignes valides, ou corrigez le fichier puis choisissez-le de nouveau.`}
              </Alert>
            )}
            <TableContainer sx={{ maxHeight: 420, border: 1, borderColor: 'divider', borderRadius: 1 }} tabIndex={0} aria-label="Lignes du fichier">
              <Table size="small" stickyHeader>
                <caption style={{ captionSide: 'top', textAlign: 'left' }}>Lignes du fichier et ce que l'import en fera</caption>
                <TableHead>
                  <TableRow>
                    <TableCell scope="col">Ligne</TableCell>
                    <TableCell scope="col">Adresse e-mail</TableCell>
                    <TableCell scope="col">Nom</TableCell>
                    <TableCell scope="col">Résultat</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {preview.rows.map((row) => (
                    <TableRow key={row.line}>
                      <TableCell>{row.line}</TableCell>
                      <TableCell sx={{ overflowWrap: 'anywhere' }}>{row.email || '(vide)'}</TableCell>
                      <TableCell>{[row.firstname, row.lastname].filter(Boolean).join(' ')}</TableCell>
                      <TableCell>
                        <Chip size="small" label={statusChip[row.status].label} color={statusChip[row.status].color} variant="outlined" sx={{ mr: 1 }} />
                        {row.message}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
            <Box sx={{ display: 'flex', gap: 1.5, mt: 2, flexWrap: 'wrap' }}>
              {counts.error === 0 ? (
                <Button variant="contained" onClick={() => void confirm(false)} disabled={toSend === 0 || importCall.isPending}>
                  {`Importer ${plural(toSend, 'invitation', 'invitations')}`}
                </Button>
              ) : (
                <Button variant="contained" onClick={() => void confirm(true)} disabled={toSend === 0 || importCall.isPending}>
                  {toSend === 1 ? 'Importer l’invitation valide' : `Importer les ${formatNumber(toSend)} invitations valides`}
                </Button>
              )}
              <Button variant="outlined" onClick={cancel}>
                Annuler
              </Button>
            </Box>
          </Box>
        )}
      </Box>
    </Box>
  );
}
