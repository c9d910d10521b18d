import ArrowBackIcon from '../../../components/icons/ArrowBack';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { parseCourseId } from '../../../../shared/courses';
import type { SheetLine } from '../../../../shared/live-sessions';
import { webPaths } from '../../../../shared/web-paths';
import { FormDialog } from '../../../components/FormDialog';
import { QueryStatus } from '../../../components/QueryStatus';
import { usePageTitle } from '../../../lib/page-title';
import { useFirstArrival } from '../../../lib/use-first-arrival';
import { useJustifyAbsence, useSlotSheet } from '../api/get-slot-sheet';
import { useCountersignSlot } from '../api/sign';
import { SignatureInput } from '../components/SignatureInput';
import { slotTimes } from '../components/slot-times';

const time = (iso: string) => new Date(iso).toLocaleTimeString('fr-FR', { hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Paris' });
const stateLabels = { signed: 'Signé', absent: 'Absent', justified: 'Absence justifiée' } as const;

/** /formateur/creneaux/{id}: the live sheet of a slot: who signed, who is missing, the countersignature. */
export default function SlotSheetPage() {
  usePageTitle('Feuille d’émargement');
  const { id: rawId } = useParams();
  const id = parseCourseId(rawId ?? '');
  const sheet = useSlotSheet(id ?? 0);
  const data = useFirstArrival(sheet.data);
  const countersign = useCountersignSlot();
  const [justifying, setJustifying] = useState<SheetLine | null>(null);
  if (id === null) return <Alert severity="error">Créneau introuvable.</Alert>;
  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 6 }, px: { xs: 1.5, sm: 3 } }}>
      <Typography variant="h4" component="h1" sx={{ color: 'primary.dark', mb: 1 }}>
        Feuille d’émargement
      </Typography>
      {!data ? (
        <QueryStatus query={sheet} loadingLabel="Chargement de la feuille" errorMessage="Impossible de charger cette feuille d’émargement." />
      ) : (
        <>
          <Button component={RouterLink} to={webPaths.courseSessions(data.session.course_id)} startIcon={<ArrowBackIcon />} sx={{ mb: 1 }}>
            Sessions du cours
          </Button>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {data.session.course_title} · {data.session.title} · {slotTimes(data.slot)}
          </Typography>
          <Typography sx={{ mb: 2 }} aria-live="polite">
            {data.lines.filter((l) => l.state === 'signed').length} signature(s) sur {data.lines.length} inscrit(s)
          </Typography>
          <Paper variant="outlined" sx={{ overflowX: 'auto', mb: 3 }}>
            <Table size="small">
              <TableHead>
                <TableRow>
                  <TableCell component="th">Apprenant</TableCell>
                  <TableCell component="th">Émargement</TableCell>
                  <TableCell component="th">Action</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {data.lines.map((line) => (
                  <TableRow key={line.user_id}>
                    <TableCell>{line.name}</TableCell>
                    <TableCell>
                      <Chip
                        size="small"
                        color={line.state === 'signed' ? 'success' : line.state === 'absent' ? 'warning' : 'default'}
                        label={line.state === 'signed' ? `Signé à ${time(line.signed_at!)}` : line.state === 'justified' ? `${stateLabels.justified} : ${line.reason}` : stateLabels.absent}
                      />
                    </TableCell>
                    <TableCell>
                      {line.state !== 'signed' && (
                        <Button size="small" onClick={() => setJustifying(line)}>
                          Justifier l’absence de {line.name}
                        </Button>
                      )}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Paper>
          <Paper component="section" aria-labelledby="contresigner" variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
            <Typography id="contresigner" component="h2" variant="h6" sx={{ mb: 2 }}>
              Contresigner le créneau
            </Typography>
            {data.slot.countersigned_at ? (
              <Alert severity="success">Créneau contresigné à {time(data.slot.countersigned_at)}.</Alert>
            ) : (
              <Stack spacing={1}>
                <SignatureInput
                  submitLabel="Contresigner"
                  pending={countersign.isPending}
                  error={countersign.error?.message ?? null}
                  onSubmit={(body) => countersign.mutate({ slotId: id, body })}
                />
              </Stack>
            )}
          </Paper>
        </>
      )}
      {justifying && <JustifyDialog slotId={id} line={justifying} onClose={() => setJustifying(null)} />}
    </Container>
  );
}

function JustifyDialog({ slotId, line, onClose }: { slotId: number; line: SheetLine; onClose: () => void }) {
  const justify = useJustifyAbsence();
  const [reason, setReason] = useState(line.reason ?? '');
  const fieldError = justify.error && 'fieldErrors' in justify.error ? (justify.error as { fieldErrors?: Record<string, string[]> }).fieldErrors?.reason?.[0] : undefined;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    justify.mutate({ slotId, userId: line.user_id, reason }, { onSuccess: onClose });
  };
  return (
    <FormDialog title={`Justifier l’absence de ${line.name}`} submitLabel="Enregistrer" pending={justify.isPending} error={fieldError ? null : (justify.error?.message ?? null)} onSubmit={submit} onClose={onClose}>
      <TextField label="Motif de l’absence" required fullWidth value={reason} onChange={(e) => setReason(e.target.value)} error={Boolean(fieldError)} helperText={fieldError} sx={{ mt: 1 }} />
    </FormDialog>
  );
}
